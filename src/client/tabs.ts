/** The page's storage that never throws (config.ts), handed over so this chunk shares none with the page's script. */
export interface TabStorage {
  get(key: string): string | null;
  set(key: string, value: string): void;
}

let storage: TabStorage;
let listening = false;

/**
 * Tab sets with a `groupId` or a `queryString` (see the theme's Tabs). Choosing a tab in a group shows it in every
 * set of that group on the page and keeps the choice (by the tab's value) for later pages; a set with a query
 * string writes the choice into the address (`?os=mac`) and starts from it, before any kept choice, as Docusaurus
 * does. The tabs themselves are radio groups that work without this.
 */
// The theme's Tabs (CHOOSE_TAB) reads the same key before the first paint.
const key = (group: string) => `quire.tab.${group}`;

/** The sets this module serves (main.ts names them too, to load it only for pages that have one). */
const TAB_SETS = '.tabs[data-tab-group], .tabs[data-query-string]';

function sets(group?: string): HTMLElement[] {
  return [...document.querySelectorAll<HTMLElement>(TAB_SETS)].filter((set) => group === undefined || set.dataset.tabGroup === group);
}

/** Checks the tab whose value is `value`, if the set has one (its own tabs, not those of sets inside it). */
function choose(set: HTMLElement, value: string): boolean {
  let found = false;
  for (const radio of set.querySelectorAll<HTMLInputElement>(':scope > .tabs__tab > .tabs__radio')) {
    if (radio.value === value) found = radio.checked = true;
  }
  return found;
}

/**
 * Loaded only by pages with grouped tab sets or sets with a query string: on every page shown from then on, shows
 * the tab the address or the kept choice names in each set, and listens for choices once.
 */
export function enhanceTabs(pageStorage: TabStorage): void {
  storage = pageStorage;
  if (!listening) {
    listening = true;
    setupTabGroups();
  }
  restoreTabs();
}

/** Shows the tab the address or the kept choice names in each set of the page (first load and after each soft navigation). */
function restoreTabs(): void {
  const query = new URLSearchParams(location.search);
  for (const set of sets()) {
    const named = set.dataset.queryString && query.get(set.dataset.queryString);
    if (named && choose(set, named)) continue;
    const kept = set.dataset.tabGroup && storage.get(key(set.dataset.tabGroup));
    if (kept) choose(set, kept);
  }
}

/** One change handler for all grouped tab sets, present and future. */
function setupTabGroups(): void {
  document.addEventListener('change', (event) => {
    const radio = event.target;
    if (!(radio instanceof HTMLInputElement) || !radio.classList.contains('tabs__radio')) return;
    const set = radio.closest<HTMLElement>('.tabs');
    if (!set) return;
    const { tabGroup: group, queryString: parameter } = set.dataset;
    if (parameter) {
      const url = new URL(location.href);
      url.searchParams.set(parameter, radio.value);
      history.replaceState(history.state, '', url);
    }
    if (!group) return;
    storage.set(key(group), radio.value);
    for (const other of sets(group)) if (other !== set) choose(other, radio.value);
  });
}
