import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { idOfHash } from '../../../src/shared/route-match.ts';
import { searchPageHref } from '../../../src/shared/search-paths.ts';
import { QUERY_MAX_LENGTH } from '../../../src/shared/search-query.ts';
import {
  addRecent,
  groupHits,
  removeRecent,
  SEARCH_ACTIVE_CLASS,
  SEARCH_CLOSE_EVENT,
  SEARCH_OPEN_EVENT,
  type RecentSearch,
  type SearchHit,
  type SearchSettings,
} from '../../../src/shared/search.ts';
import type { SearchProvider } from './provider.ts';
import { loadRecent, saveRecent } from './recent.ts';
import { HitLabel, hitHref, HitOption, PoweredBy, ResultList, t } from './Results.tsx';
import { useDebounced, useSearch } from './use-search.ts';

/** What the page script sends with SEARCH_OPEN_EVENT: an initial query (a key typed on the button). */
export interface OpenDetail {
  query?: string;
}

export interface SearchModalProps {
  settings: SearchSettings;
  provider: SearchProvider;
  /** The island's element: the page script talks to the modal through events on it. */
  host: HTMLElement;
  initialQuery?: string;
}

/** Pages shown in the modal, and sections per page (REFERENCE §9: 5 per group). */
const MODAL_PAGES = 8;
const MODAL_SECTIONS = 4;
const ID = 'search-modal';

/**
 * The search modal (SPEC §2, issue 5): a dialog with a combobox input, results as you type grouped by
 * page, keyboard selection, recent searches when the input is empty, and the no-results and failure
 * screens of SPEC §8. Focus is trapped inside while it is open and goes back where it was on close.
 */
// biome-ignore lint/complexity/noExcessiveLinesPerFunction: a React component whose hooks and handlers share its state; split, the state would be threaded through props.
export function SearchModal({ settings, provider, host, initialQuery = '' }: SearchModalProps) {
  const [isOpen, setOpen] = useState(() => host.dataset.searchWanted !== '0');
  const [query, setQuery] = useState(initialQuery);
  const [active, setActive] = useState(0);
  const [recent, setRecent] = useState<RecentSearch[]>(() => loadRecent(settings));
  const returnFocus = useRef<Element | null>(typeof document === 'undefined' ? null : document.activeElement);
  const dialog = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLInputElement>(null);

  const settled = useDebounced(query, 120);
  const [attempt, setAttempt] = useState(0);
  const state = useSearch(isOpen ? provider : null, settled, { limit: MODAL_PAGES, perPage: MODAL_SECTIONS }, attempt);
  const response = state.status === 'done' ? state.response : state.status === 'loading' ? state.previous : undefined;
  const groups = useMemo(() => (response && query.trim() ? groupHits(response.hits, MODAL_SECTIONS) : []), [response, query]);
  const hits = useMemo(() => groups.flatMap((g) => g.hits), [groups]);
  const showRecent = !query.trim();
  const options: (SearchHit | RecentSearch)[] = showRecent ? recent : hits;

  // Whether closing gives the focus back (see the layout effect below, which does it once the trap is gone).
  const restoreOnClose = useRef(false);
  const close = useCallback(
    (restoreFocus = true) => {
      setOpen(false);
      host.dataset.searchWanted = '0';
      restoreOnClose.current = restoreFocus;
    },
    [host],
  );

  // The page script opens and closes the modal through events on the island's element.
  useEffect(() => {
    const onOpen = (e: Event) => {
      returnFocus.current = document.activeElement;
      setQuery((e as CustomEvent<OpenDetail>).detail?.query ?? '');
      setActive(0);
      setRecent(loadRecent(settings));
      setOpen(true);
      host.dataset.searchWanted = '1';
    };
    const onClose = () => close();
    host.addEventListener(SEARCH_OPEN_EVENT, onOpen);
    host.addEventListener(SEARCH_CLOSE_EVENT, onClose);
    return () => {
      host.removeEventListener(SEARCH_OPEN_EVENT, onOpen);
      host.removeEventListener(SEARCH_CLOSE_EVENT, onClose);
    };
  }, [host, settings, close]);

  // While open: body marked (scroll lock, shortcuts toggle), input focused, focus kept inside. A layout
  // effect, so the mark comes and goes in the same commit as the dialog and a shortcut pressed right
  // after closing is never taken for one pressed while open.
  useLayoutEffect(() => {
    if (!isOpen) return;
    document.body.classList.add(SEARCH_ACTIVE_CLASS);
    input.current?.focus();
    const keepFocus = (e: FocusEvent) => {
      if (dialog.current && e.target instanceof Node && !dialog.current.contains(e.target)) input.current?.focus();
    };
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (e.key === 'Escape' && !e.defaultPrevented) {
        e.preventDefault();
        close();
      }
    };
    document.addEventListener('focusin', keepFocus);
    document.addEventListener('keydown', onKey);
    return () => {
      document.body.classList.remove(SEARCH_ACTIVE_CLASS);
      document.removeEventListener('focusin', keepFocus);
      document.removeEventListener('keydown', onKey);
      // Back where the visitor was (if that element is gone, to the search button), in the same commit that
      // closes the dialog: given any earlier, the trap above would take the focus back to the input, which
      // then goes away with the dialog and leaves the focus on nothing.
      if (!restoreOnClose.current) return;
      restoreOnClose.current = false;
      const target = returnFocus.current;
      const fallback = document.querySelector<HTMLElement>('[data-search-open]');
      ((target instanceof HTMLElement && target.isConnected ? target : fallback) ?? undefined)?.focus();
    };
  }, [isOpen, close]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the first option is active again whenever the list changes.
  useEffect(() => setActive(0), [options.length, settled, showRecent]);

  useEffect(() => {
    document.getElementById(`${ID}-option-${active}`)?.scrollIntoView({ block: 'nearest' });
  }, [active]);

  const remember = (hit: SearchHit | RecentSearch) => {
    const next = addRecent(recent, hit);
    setRecent(next);
    saveRecent(settings, next);
  };

  const forget = (id: string) => {
    const next = removeRecent(recent, id);
    setRecent(next);
    saveRecent(settings, next);
    input.current?.focus();
  };

  /** A click on a result: remembered, then the link's own navigation (new tab with a modifier). */
  const onOpenHit = (hit: SearchHit | RecentSearch, e: MouseEvent<HTMLAnchorElement>) => {
    remember(hit);
    if (e.ctrlKey || e.metaKey || e.shiftKey || e.button !== 0) return;
    close(false);
    const url = new URL(e.currentTarget.href);
    if (url.pathname !== location.pathname || url.search !== location.search || !url.hash) return;
    // A section of the page already shown: the dialog's link is gone once it closes, so the jump is made
    // here, and the focus goes to the section (it would otherwise be left on nothing) once the dialog and
    // its focus trap are gone.
    e.preventDefault();
    location.hash = url.hash;
    requestAnimationFrame(() => focusSection(url.hash));
  };

  const onInputKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (!options.length) return;
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((a) => (a + step + options.length) % options.length);
    } else if (e.key === 'Enter') {
      e.preventDefault();
      const option = options[active];
      const link = document.getElementById(`${ID}-option-${active}`) as HTMLAnchorElement | null;
      if (!option || !link) return;
      if (e.ctrlKey || e.metaKey || e.shiftKey) {
        remember(option);
        window.open(link.href, '_blank', e.shiftKey ? 'noopener,popup' : 'noopener');
      } else link.click(); // through the link, so its click handling (remember, close, navigation) applies
    }
  };

  /** Tab and Shift+Tab cycle through the dialog's controls only. */
  const onDialogKey = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      close();
      return;
    }
    if (e.key !== 'Tab' || !dialog.current) return;
    const focusables = [...dialog.current.querySelectorAll<HTMLElement>('input, button:not([disabled]), a[href]:not([tabindex="-1"])')];
    if (!focusables.length) return;
    const first = focusables[0];
    const last = focusables[focusables.length - 1];
    if (e.shiftKey && document.activeElement === first) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault();
      first.focus();
    }
  };

  if (!isOpen) return null;
  const activeId = options.length ? `${ID}-option-${active}` : undefined;
  const trimmed = query.trim();
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: a press beside the dialog closes it; the keyboard has Escape.
    <div
      className="search-modal"
      onMouseDown={(e) => {
        if (e.target !== e.currentTarget) return;
        // A press beside the dialog would move the focus to the page's body after it is given back.
        e.preventDefault();
        close();
      }}
    >
      <div
        className="search-modal__dialog"
        role="dialog"
        aria-modal="true"
        aria-label={t(settings, 'search.dialogLabel')}
        ref={dialog}
        onKeyDown={onDialogKey}
      >
        <form
          className="search-modal__form"
          role="search"
          onSubmit={(e) => e.preventDefault()}
          onReset={() => (setQuery(''), input.current?.focus())}
        >
          <svg className="search-modal__icon" width="20" height="20" viewBox="0 0 20 20" aria-hidden="true">
            <path d="M14.4 13l4.3 4.3-1.4 1.4-4.3-4.3a7.5 7.5 0 111.4-1.4zM8.5 14a5.5 5.5 0 100-11 5.5 5.5 0 000 11z" fill="currentColor" />
          </svg>
          <input
            ref={input}
            className="search-modal__input"
            type="search"
            role="combobox"
            aria-expanded={options.length > 0}
            aria-controls={options.length ? `${ID}-list` : undefined}
            aria-activedescendant={activeId}
            aria-autocomplete="list"
            aria-label={t(settings, 'search.placeholder')}
            placeholder={t(settings, 'search.placeholder')}
            maxLength={QUERY_MAX_LENGTH}
            autoComplete="off"
            autoCorrect="off"
            autoCapitalize="off"
            spellCheck={false}
            enterKeyHint="go"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            onKeyDown={onInputKey}
          />
          {query ? (
            <button
              type="reset"
              className="search-modal__clear"
              aria-label={t(settings, 'search.clear')}
              title={t(settings, 'search.clear')}
            >
              <svg width="14" height="14" viewBox="0 0 15 15" aria-hidden="true">
                <path d="M1 1l13 13M14 1L1 14" stroke="currentColor" strokeWidth="2" />
              </svg>
            </button>
          ) : null}
          {/* Named by what it shows (WCAG 2.5.3, speech input says what it sees): the Esc key and, for screen
              readers, what it does on desktops; "Cancel" on touch screens, which have no Escape key. */}
          <button type="button" className="search-modal__close" onClick={() => close()}>
            <kbd>Esc</kbd>
            <span className="search-modal__close-name visually-hidden"> {t(settings, 'search.close')}</span>
            <span className="search-modal__cancel">{t(settings, 'search.cancel')}</span>
          </button>
        </form>
        {/* Not a Tab stop, as Chromium makes a scrolling box without focusable content: the arrow keys in the
            input move through the results and scroll them into view. */}
        <div
          className="search-modal__body"
          tabIndex={-1}
          aria-busy={state.status === 'loading'}
          data-search-status={state.status}
          data-search-query={state.query}
        >
          {showRecent ? (
            <RecentList recent={recent} settings={settings} active={active} onActivate={setActive} onOpen={onOpenHit} onRemove={forget} />
          ) : state.status === 'error' ? (
            <div className="search-modal__screen" role="alert">
              <p className="search-modal__screen-title">{t(settings, 'search.errorTitle')}</p>
              <p className="search-modal__screen-help">{t(settings, 'search.errorHelp')}</p>
              {/* The button goes with the failure: the focus goes back to the input first, not to nothing. */}
              <button
                type="button"
                className="button search-modal__retry"
                onClick={() => {
                  input.current?.focus();
                  setAttempt((a) => a + 1);
                }}
              >
                {t(settings, 'search.retry')}
              </button>
            </div>
          ) : state.status === 'done' && !hits.length ? (
            <div className="search-modal__screen" role="status">
              <p className="search-modal__screen-title">{t(settings, 'search.noResultsFor', { query: trimmed })}</p>
            </div>
          ) : groups.length ? (
            <ResultList
              groups={groups}
              query={settled}
              settings={settings}
              active={active}
              idPrefix={ID}
              onActivate={setActive}
              onOpen={onOpenHit}
            />
          ) : (
            <p className="search-modal__screen search-modal__loading" role="status">
              {t(settings, 'search.loading')}
            </p>
          )}
        </div>
        {/* A <div>: a <footer> here would be a second contentinfo landmark beside the page's own. */}
        <div className="search-modal__footer">
          {response && trimmed && hits.length ? (
            <a className="search-modal__all" href={searchPageHref(settings.searchPageUrl, trimmed)} onClick={() => close(false)}>
              {t(settings, 'search.seeAll', { count: response.total })}
            </a>
          ) : (
            <span />
          )}
          <ul className="search-modal__keys" aria-hidden="true">
            <li>
              <kbd>↵</kbd> {t(settings, 'search.footer.select')}
            </li>
            <li>
              <kbd>↑</kbd>
              <kbd>↓</kbd> {t(settings, 'search.footer.navigate')}
            </li>
            <li>
              <kbd>Esc</kbd> {t(settings, 'search.footer.close')}
            </li>
          </ul>
          <PoweredBy settings={settings} className="search-modal__powered" />
        </div>
      </div>
    </div>
  );
}

/**
 * Recent searches: a listbox of options only (ARIA allows nothing else in it), and beside it, row by row, a
 * list of remove buttons that Tab and the mouse reach. Each button is described by its entry.
 */
function RecentList({
  recent,
  settings,
  active,
  onActivate,
  onOpen,
  onRemove,
}: {
  recent: RecentSearch[];
  settings: SearchSettings;
  active: number;
  onActivate(index: number): void;
  onOpen(hit: RecentSearch, e: MouseEvent<HTMLAnchorElement>): void;
  onRemove(id: string): void;
}) {
  if (!recent.length) return <p className="search-modal__screen search-modal__empty">{t(settings, 'search.noRecent')}</p>;
  const remove = t(settings, 'search.removeRecent');
  return (
    <div className="search-results">
      <div className="search-results__page" id={`${ID}-recent-label`}>
        {t(settings, 'search.recent')}
      </div>
      {/* One grid row per entry (the inline style spans them), so each button sits beside its option. */}
      <div className="search-recent" style={{ ['--recent-rows' as string]: recent.length }}>
        <div className="search-recent__options" role="listbox" id={`${ID}-list`} aria-labelledby={`${ID}-recent-label`}>
          {recent.map((r, i) => (
            <HitOption
              key={r.id}
              id={`${ID}-option-${i}`}
              active={i === active}
              href={hitHref(r, settings)}
              icon="↺"
              title={<HitLabel hit={{ ...r, excerpt: '' }} query="" />}
              detail={r.section.length ? r.pageTitle : null}
              onActivate={() => i !== active && onActivate(i)}
              onOpen={(e) => onOpen(r, e)}
            />
          ))}
        </div>
        <ul className="search-recent__removes">
          {recent.map((r, i) => (
            <li key={r.id}>
              <button
                type="button"
                className="search-recent__remove"
                aria-label={remove}
                aria-describedby={`${ID}-option-${i}`}
                title={remove}
                onClick={() => onRemove(r.id)}
              >
                <svg width="12" height="12" viewBox="0 0 15 15" aria-hidden="true">
                  <path d="M1 1l13 13M14 1L1 14" stroke="currentColor" strokeWidth="2" />
                </svg>
              </button>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}

/** Puts the keyboard focus on the element a fragment names (focusable from script only, if need be). */
function focusSection(hash: string): void {
  const target = document.getElementById(idOfHash(hash));
  if (!target) return;
  if (target.tabIndex < 0 && !target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
  target.focus({ preventScroll: true });
}
