import { useEffect, useRef, useState } from 'react';
import { normalizeQuery } from '../../../src/shared/search-query.ts';
import type { SearchResponse } from '../../../src/shared/search.ts';
import type { SearchProvider } from './provider.ts';

export type SearchState =
  | { status: 'idle'; query: '' }
  | { status: 'loading'; query: string; previous?: SearchResponse }
  | { status: 'done'; query: string; response: SearchResponse }
  | { status: 'error'; query: string; error: unknown };

/** `value`, once it has stopped changing for `ms` (results as you type without a request per key). */
export function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    if (ms <= 0) {
      setSettled(value);
      return;
    }
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * Runs `query` against the provider. A newer query cancels the older one and an answer that arrives
 * after a newer query started is dropped, so results never jump back to a stale query. While a query
 * runs, the previous results stay visible. A new `attempt` runs the same query again (Retry after a failure);
 * the failure's own error goes to the console, the screen says it in the visitor's language.
 */
export function useSearch(
  provider: SearchProvider | null,
  rawQuery: string,
  options: { limit: number; perPage: number },
  attempt = 0,
): SearchState {
  const query = normalizeQuery(rawQuery);
  const [state, setState] = useState<SearchState>({ status: 'idle', query: '' });
  const latest = useRef(0);
  const { limit, perPage } = options;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new `attempt` runs the same query again (Retry).
  useEffect(() => {
    const id = ++latest.current;
    if (!query || !provider) {
      setState({ status: 'idle', query: '' });
      return;
    }
    const controller = new AbortController();
    setState((s) => ({
      status: 'loading',
      query,
      previous: s.status === 'done' ? s.response : s.status === 'loading' ? s.previous : undefined,
    }));
    provider.search(query, { limit, perPage, signal: controller.signal }).then(
      (response) => {
        if (id === latest.current) setState({ status: 'done', query, response });
      },
      (error: unknown) => {
        if (id !== latest.current || controller.signal.aborted) return;
        console.error(error);
        setState({ status: 'error', query, error });
      },
    );
    return () => controller.abort();
  }, [provider, query, limit, perPage, attempt]);
  return state;
}
