import { createRoot, type Root } from 'react-dom/client';
import type { SearchSettings } from '../../../src/shared/search.ts';
import { createProvider, type SearchProvider } from '../search/provider.ts';
import { SearchModal } from '../search/SearchModal.tsx';

/** Props the page script gives the modal island: the page's search settings and an optional first query. */
export interface SearchModalIslandProps extends SearchSettings {
  initialQuery?: string;
}

let provider: SearchProvider | undefined;
const providerFor = (settings: SearchSettings) => (provider ??= createProvider(settings));
let mounted: { root: Root; element: HTMLElement } | undefined;

/** Client-only UI (nothing is server-rendered for a closed modal), so a fresh root, not hydration. */
export function mount(element: HTMLElement, props: SearchModalIslandProps): void {
  // A soft navigation replaced the body and with it the previous modal: release that one first.
  if (mounted && !mounted.element.isConnected) mounted.root.unmount();
  const root = createRoot(element);
  mounted = { root, element };
  root.render(<SearchModal settings={props} provider={providerFor(props)} host={element} initialQuery={props.initialQuery ?? ''} />);
}

/** Hover or focus on the search button: load the index ahead of the first query. */
export function prefetch(props: SearchSettings): Promise<void> {
  return providerFor(props).prefetch();
}
