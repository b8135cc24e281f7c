import { hydrateRoot } from 'react-dom/client';
import type { SearchSettings } from '../../../src/shared/search.ts';
import { createProvider } from '../search/provider.ts';
import { SearchPageView } from '../search/SearchPageView.tsx';

/** Hydrates the server-rendered search page shell; from then on it searches as the query changes. */
export function mount(element: HTMLElement, props: SearchSettings): void {
  hydrateRoot(element, <SearchPageView settings={props} provider={createProvider(props)} />);
}
