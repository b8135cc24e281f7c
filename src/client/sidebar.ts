import { showLazyError } from './failures.ts';

/** Texts of the entries the client renders, from the page's messages. */
export interface SidebarLabels {
  /** The caret's name: `docs.toggleCategory` with the category's label. */
  toggle(label: string): string;
  /** Said after an external link's text: `link.newTab`. */
  newTab: string;
}

let started = false;

/**
 * Large sidebars render only the open branch; a collapsed category carries `data-items`, the URL of a small
 * JSON file with its entries, loaded the first time it opens (ARCHITECTURE: no site-wide lists per page).
 * One listener, once, for every such category of every page shown (`toggle` does not bubble, so it listens
 * in the capture phase); the code that renders the entries (sidebar-items.ts) comes with the first one opened.
 */
export function setupLazySidebar(labels: () => SidebarLabels): void {
  if (started) return;
  started = true;
  document.addEventListener(
    'toggle',
    (e) => {
      const details = e.target;
      if (details instanceof HTMLDetailsElement && details.open && details.dataset.items && !details.dataset.loaded) {
        open(details, labels);
      }
    },
    true,
  );
}

/** Loads and shows a category's entries; a failure (of the code or of the entries) shows Retry in its place. */
function open(details: HTMLDetailsElement, labels: () => SidebarLabels): void {
  details.dataset.loaded = 'loading';
  import('./sidebar-items.ts')
    .then((m) => m.renderCategory(details, labels()))
    .then(
      () => {
        details.dataset.loaded = 'true';
      },
      (error: unknown) => {
        delete details.dataset.loaded;
        showLazyError(details, error, () => open(details, labels));
      },
    );
}
