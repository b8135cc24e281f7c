import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { readQueryParam, searchPageHref } from '../../../src/shared/search-paths.ts';
import { normalizeQuery, parseMarked, QUERY_MAX_LENGTH } from '../../../src/shared/search-query.ts';
import { groupHits, SEARCH_LOCATION_EVENT, type SearchSettings } from '../../../src/shared/search.ts';
import type { SearchProvider } from './provider.ts';
import { HitLabel, hitHref, Marked, PoweredBy, t, Title } from './Results.tsx';
import { useDebounced, useSearch } from './use-search.ts';

/** Pages per step of the results page, and sections shown per page. */
const PAGE_STEP = 20;
const PAGE_SECTIONS = 3;

/**
 * The results page `/search/?q=` (SPEC §2): server-rendered with an empty query (the form works
 * without JavaScript); once hydrated it reads `q`, shows every result grouped by page with highlights,
 * keeps `q` in the address as the query changes and follows the back and forward buttons.
 * History: the first change after arriving (or after Back/Forward or a submit) adds an entry; further
 * typing replaces it, so Back goes to the previous search, not to every keystroke.
 */
// biome-ignore lint/complexity/noExcessiveLinesPerFunction: a React component whose hooks and handlers share its query and history state.
export function SearchPageView({ settings, provider = null }: { settings: SearchSettings; provider?: SearchProvider | null }) {
  const [query, setQuery] = useState('');
  const [committed, setCommitted] = useState('');
  // "More results" raises the limit for the query it was pressed on; a new query starts over.
  const [more, setMore] = useState({ query: '', limit: PAGE_STEP });
  const pushNext = useRef(true);
  const pushAfterCommit = useRef(false);
  const debounced = useDebounced(query, 300);

  // Declared before the effect that reads the address, so on the first render (empty query, `ready`
  // still false) neither overwrites the query from `?q=` nor rewrites the address.
  const ready = useRef(false);
  // Only a settled value the input still shows: Back or Forward set the query at once, and a typing timer
  // that fired just before (while React had not yet rendered the new query) would otherwise commit the old
  // text again and push it as a new history entry, cutting off the visitor's forward history.
  useEffect(() => {
    if (ready.current && debounced === query) setCommitted(normalizeQuery(debounced));
  }, [debounced, query]);
  useEffect(() => {
    if (!ready.current || normalizeQuery(readQueryParam(location.search)) === committed) return;
    const url = searchPageHref(location.pathname, committed);
    if (pushNext.current) history.pushState(null, '', url);
    else history.replaceState(null, '', url);
    pushNext.current = pushAfterCommit.current;
    pushAfterCommit.current = false;
  }, [committed]);

  useEffect(() => {
    const fromUrl = () => {
      const q = normalizeQuery(readQueryParam(location.search));
      setQuery(q);
      setCommitted(q);
      pushNext.current = true;
    };
    fromUrl();
    ready.current = true;
    // Back/Forward between this page's own entries: the page script (src/client/search.ts) claims the
    // popstate ahead of soft navigation and tells this view; plain popstate covers a page without it.
    window.addEventListener('popstate', fromUrl);
    window.addEventListener(SEARCH_LOCATION_EVENT, fromUrl);
    return () => {
      window.removeEventListener('popstate', fromUrl);
      window.removeEventListener(SEARCH_LOCATION_EVENT, fromUrl);
    };
  }, []);

  // The tab's title says what was searched, as the heading does; the site name after it stays.
  const heading = committed ? t(settings, 'search.page.titleWithQuery', { query: committed }) : t(settings, 'search.page.title');
  const titleSuffix = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (titleSuffix.current === undefined) {
      const base = t(settings, 'search.page.title');
      titleSuffix.current = document.title.startsWith(base) ? document.title.slice(base.length) : '';
    }
    document.title = heading + titleSuffix.current;
  }, [heading, settings]);

  const limit = more.query === committed ? more.limit : PAGE_STEP;
  const [attempt, setAttempt] = useState(0);
  const state = useSearch(provider, committed, { limit, perPage: PAGE_SECTIONS }, attempt);
  const response = state.status === 'done' ? state.response : state.status === 'loading' ? state.previous : undefined;
  const groups = useMemo(() => (response && committed ? groupHits(response.hits, PAGE_SECTIONS) : []), [response, committed]);

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const q = normalizeQuery(query);
    if (q === committed) pushNext.current = true;
    else {
      pushAfterCommit.current = true;
      setCommitted(q);
    }
  };

  return (
    <div className="search-page__inner">
      <h1>{heading}</h1>
      <form className="search-page__form" role="search" method="get" action={settings.searchPageUrl} onSubmit={onSubmit}>
        <label htmlFor="search-page-input" className="visually-hidden">
          {t(settings, 'search.page.inputLabel')}
        </label>
        <input
          id="search-page-input"
          name="q"
          type="search"
          placeholder={t(settings, 'search.page.inputLabel')}
          autoComplete="off"
          maxLength={QUERY_MAX_LENGTH}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
        <button type="submit" className="button button--primary">
          {t(settings, 'search.page.submit')}
        </button>
      </form>
      <div
        className="search-page__results"
        aria-busy={state.status === 'loading'}
        data-search-status={state.status}
        data-search-query={state.query}
      >
        {/* The live region is the status line only (always there, so its changes are announced): a live region
            around the list would read every result out at each change. Failures are alerts of their own. */}
        <div className="search-page__status" role="status">
          {!committed || state.status === 'error' ? null : state.status === 'done' && !groups.length ? (
            <div className="search-page__message">
              <p className="search-page__message-title">{t(settings, 'search.noResultsFor', { query: committed })}</p>
            </div>
          ) : response ? (
            <p className="search-page__count">
              {response.total === 1 ? t(settings, 'search.page.countOne') : t(settings, 'search.page.countMany', { count: response.total })}
            </p>
          ) : (
            <p className="search-page__message">{t(settings, 'search.loading')}</p>
          )}
        </div>
        {committed && state.status === 'error' ? (
          <div className="search-page__message" role="alert">
            <p className="search-page__message-title">{t(settings, 'search.errorTitle')}</p>
            <p>{t(settings, 'search.errorHelp')}</p>
            <button type="button" className="button" onClick={() => setAttempt((a) => a + 1)}>
              {t(settings, 'search.retry')}
            </button>
          </div>
        ) : null}
        {committed && state.status !== 'error' && groups.length > 0 && response ? (
          <>
            <ol className="search-page__list">
              {groups.map((group) => (
                <li className="search-page__group" key={group.page}>
                  <h2 className="search-page__page">
                    <a href={hitHref({ url: group.page }, settings)}>
                      <Title text={group.pageTitle} query={committed} />
                    </a>
                  </h2>
                  <ul className="search-page__hits">
                    {group.hits.map((hit) => (
                      <li className="search-page__hit" key={hit.id}>
                        {hit.section.length ? (
                          <a className="search-page__hit-title" href={hitHref(hit, settings)}>
                            <HitLabel hit={hit} query={committed} />
                          </a>
                        ) : null}
                        {hit.excerpt ? (
                          <p className="search-page__excerpt">
                            <Marked segments={parseMarked(hit.excerpt)} />
                          </p>
                        ) : null}
                      </li>
                    ))}
                  </ul>
                </li>
              ))}
            </ol>
            {limit < response.total ? (
              <button
                type="button"
                className="button search-page__more"
                onClick={() => setMore({ query: committed, limit: limit + PAGE_STEP })}
              >
                {t(settings, 'search.page.more')}
              </button>
            ) : null}
          </>
        ) : null}
      </div>
      <PoweredBy settings={settings} className="search-page__powered" />
    </div>
  );
}
