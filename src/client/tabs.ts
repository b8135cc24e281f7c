/** The page's storage that never throws (config.ts), handed over so this chunk shares none with the page's script. */
export interface TabStorage {
  get(key: string): string | null;
  set(key: string, value: string): void;
}

let storage: TabStorage;
let listening = false;

/**
 * Tab sets with a `groupId` (see the theme's Tabs): choosing a tab shows it in every set of that group on the
 * page and keeps the choice (by its label) for later pages; each page shown starts from the kept choice. The
 * tabs themselves are radio groups that work without this.
 */
const key = (group: string) => `quire.tab.${group}`;

function sets(group?: string): HTMLElement[] {
  return [...document.querySelectorAll<HTMLElement>('.tabs[data-tab-group]')].filter(
    (set) => group === undefined || set.dataset.tabGroup === group,
  );
}

/** Checks the tab labelled `label` in `set`, if it has one (a set's own tabs, not those of sets inside it). */
function choose(set: HTMLElement, label: string): void {
  for (const radio of set.querySelectorAll<HTMLInputElement>(':scope > .tabs__tab > .tabs__radio')) {
    if (radio.value === label) radio.checked = true;
  }
}

/**
 * Loaded only by pages with grouped tab sets: on every page shown from then on, shows the kept tab in each set,
 * and listens for choices once.
 */
export function enhanceTabs(pageStorage: TabStorage): void {
  storage = pageStorage;
  if (!listening) {
    listening = true;
    setupTabGroups();
  }
  restoreTabs();
}

/** Shows the kept tab in each grouped set of the page (first load and after each soft navigation). */
function restoreTabs(): void {
  for (const set of sets()) {
    const kept = storage.get(key(set.dataset.tabGroup!));
    if (kept) choose(set, kept);
  }
}

/** One change handler for all grouped tab sets, present and future. */
function setupTabGroups(): void {
  document.addEventListener('change', (event) => {
    const radio = event.target;
    if (!(radio instanceof HTMLInputElement) || !radio.classList.contains('tabs__radio')) return;
    const set = radio.closest<HTMLElement>('.tabs');
    const group = set?.dataset.tabGroup;
    if (!set || !group) return;
    storage.set(key(group), radio.value);
    for (const other of sets(group)) if (other !== set) choose(other, radio.value);
  });
}
