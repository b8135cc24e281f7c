import { normalizePath } from '../shared/route-match.ts';
import {
  SEARCH_ACTIVE_CLASS,
  SEARCH_CLOSE_EVENT,
  SEARCH_LOCATION_EVENT,
  SEARCH_OPEN_EVENT,
  type SearchSettings,
} from '../shared/search.ts';
import { readMessages, type ClientConfig } from './config.ts';
import { loadIsland, loadJson, setupIslands, type IslandModule } from './islands.ts';

/**
 * The page side of search (SPEC §2, issue 5), a few hundred bytes on every page: the shortcuts
 * (Ctrl/Cmd+K, `/`), the navbar button, prefetch on hover or focus, loading the SearchModal island
 * with its settings (one JSON file per build, named by the button's `data-search-settings`) on first use,
 * and the search page's Back/Forward between queries. Until then a page downloads no search code, no
 * settings and no index. The search button is a link to the results page, so without JavaScript (or
 * with a modifier key) it still leads somewhere.
 */

/** The modal island's module: `mount` (islands.ts) plus a prefetch of the index. */
interface SearchModalModule extends IslandModule {
  prefetch?(settings: SearchSettings): Promise<void>;
}

const TRIGGER = '[data-search-open]';

/** What soft navigation tells search. */
export interface SearchNavigationHooks {
  /**
   * The page's body was just replaced (soft navigation), and with it the modal's host. A modal the visitor opened
   * (or asked for while its code loads) while the next page was on its way stays: its element goes into the new
   * body, still open, with its query and its focus trap (which takes focus back from the new page). Dropping it
   * would leave the page locked for scrolling behind an invisible dialog.
   */
  afterSwap(): void;
}

/** Wires search once per document; `getConfig` gives the current page's config (soft navigation). */
export function setupSearch(getConfig: () => ClientConfig | undefined): SearchNavigationHooks {
  let host: HTMLElement | undefined;
  let prefetched = false;

  const settingsUrl = () => document.querySelector<HTMLElement>(`${TRIGGER}[data-search-settings]`)?.dataset.searchSettings;
  const moduleUrl = () => getConfig()?.islands.SearchModal;
  const isOpen = () => document.body.classList.contains(SEARCH_ACTIVE_CLASS);

  const prefetch = () => {
    const url = moduleUrl();
    const settings = settingsUrl();
    if (prefetched || !url || !settings) return;
    prefetched = true;
    Promise.all([loadIsland(url), loadJson(settings)])
      .then(([mod, json]) => (mod as SearchModalModule).prefetch?.(json as SearchSettings))
      .catch(() => {
        // A failed prefetch is retried by the real open, which shows the failure.
        prefetched = false;
      });
  };

  /** Opens the modal, loading its island the first time (islands.ts shows loading, Retry and crash states). */
  const open = (query = ''): boolean => {
    const config = getConfig();
    const settings = settingsUrl();
    if (!config?.islands.SearchModal || !settings) return false;
    // A modal carried over from the previous page (see afterSwap) searches with that page's settings
    // (its contextual filters): once closed, the next open starts one for this page.
    if (host?.isConnected && host.dataset.islandState !== 'failed' && host.dataset.propsSrc === settings) {
      host.dataset.searchWanted = '1';
      host.dispatchEvent(new CustomEvent(SEARCH_OPEN_EVENT, { detail: { query } }));
      return true;
    }
    // First use on this page (a soft navigation replaces the body, and with it an earlier host), or
    // a new try after the island failed to load.
    host?.parentElement?.remove();
    const wrapper = document.createElement('div');
    wrapper.className = 'search-host';
    host = document.createElement('div');
    host.dataset.island = 'SearchModal';
    host.dataset.hydrate = 'load';
    host.dataset.searchWanted = '1';
    // Should the modal's code, its settings or a chunk they share fail to load, the page's own script shows the
    // error box (islands.ts): in the page's words, with the focus on Retry, as the answer to the key just pressed.
    const messages = readMessages();
    host.dataset.lazyError = [messages['lazy.searchError'], messages['search.errorHelp']].filter(Boolean).join(' ');
    host.dataset.lazyFocus = '';
    // The settings come from their file (islands.ts loads it beside the modal's code); the query typed so far on top.
    host.dataset.propsSrc = settings;
    host.dataset.props = JSON.stringify({ initialQuery: query });
    wrapper.append(host);
    // The backdrop behind the error box (search.css) is the wrapper's own: a tap on it closes the box.
    wrapper.addEventListener('click', (e) => {
      if (e.target === wrapper && host?.dataset.islandState === 'failed') close();
    });
    document.body.append(wrapper);
    setupIslands(config.islands, wrapper);
    return true;
  };

  const close = () => {
    if (!host) return;
    host.dataset.searchWanted = '0';
    host.dispatchEvent(new CustomEvent(SEARCH_CLOSE_EVENT));
    // An island that failed to load shows its Retry box in the host: Escape removes it.
    if (host.dataset.islandState === 'failed') {
      host.parentElement?.remove();
      host = undefined;
    }
  };

  listen(open, close, isOpen, settingsUrl, prefetch, () => host, getConfig);

  return {
    afterSwap: () => {
      const wrapper = host?.parentElement;
      if (!host || !wrapper || host.isConnected) return;
      if (isOpen() || host.dataset.searchWanted === '1') document.body.append(wrapper);
    },
  };
}

/** The shortcuts, the button, typing on the button, the search page's Back/Forward and prefetch on approach. */
function listen(
  open: (query?: string) => boolean,
  close: () => void,
  isOpen: () => boolean,
  settingsUrl: () => string | undefined,
  prefetch: () => void,
  /** The modal's host element, while it has one. */
  host: () => HTMLElement | undefined,
  getConfig: () => ClientConfig | undefined,
): void {
  window.addEventListener('keydown', (e) => {
    if (e.isComposing) return;
    const key = e.key.toLowerCase();
    if (key === 'k' && (e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey) {
      if (!settingsUrl()) return;
      e.preventDefault();
      if (isOpen()) close();
      else open();
    } else if (e.key === '/' && !e.ctrlKey && !e.metaKey && !e.altKey && !isOpen() && !isEditable(e.target)) {
      if (open()) e.preventDefault();
    } else if (e.key === 'Escape' && !isOpen() && host()?.dataset.islandState !== 'hydrated') {
      close();
    }
  });

  // Capture phase: ahead of soft navigation, which would otherwise follow the button's link.
  document.addEventListener(
    'click',
    (e) => {
      const trigger = (e.target as Element | null)?.closest?.(TRIGGER);
      if (!trigger || e.button !== 0 || e.ctrlKey || e.metaKey || e.shiftKey || e.altKey) return;
      if (open()) e.preventDefault();
    },
    true,
  );

  // A letter or digit typed on the focused button starts the search with it (as DocSearch does).
  document.addEventListener('keydown', (e) => {
    const trigger = (e.target as Element | null)?.closest?.(TRIGGER);
    if (!trigger || e.ctrlKey || e.metaKey || e.altKey || e.key.length !== 1 || !/[\p{L}\p{N}]/u.test(e.key)) return;
    if (open(e.key)) e.preventDefault();
  });

  // The search page keeps its query in `?q=` with its own history entries. Back/Forward between two of
  // them is the page's business, not a page load: registered before soft navigation, this listener
  // claims such a popstate and lets the SearchPage island show the query from the address.
  window.addEventListener('popstate', (e) => {
    const config = getConfig();
    if (document.documentElement.dataset.routeKind !== 'search' || !config) return;
    if (normalizePath(location.pathname) !== normalizePath(config.baseUrl + config.path.slice(1))) return;
    e.stopImmediatePropagation();
    window.dispatchEvent(new Event(SEARCH_LOCATION_EVENT));
  });

  for (const type of ['pointerover', 'focusin', 'touchstart'] as const) {
    document.addEventListener(type, (e) => (e.target as Element | null)?.closest?.(TRIGGER) && prefetch(), { passive: true });
  }
}

/** Where `/` is text, not a shortcut. */
function isEditable(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}
