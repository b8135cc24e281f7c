/**
 * The docs sidebar's own controls where the site turns them on (`docs.sidebar`), loaded by reading.ts on the docs
 * pages that have them, so the page's script, which every page runs, carries none of it.
 */

/** sessionStorage key of a hidden docs sidebar; src/render/inline-scripts.ts (STORAGE_KEYS) reads it before paint. */
const SIDEBAR_HIDDEN = 'quire.docs.sidebar.hidden';

/**
 * The docs sidebar's controls on every page shown, by one click listener on the document (a soft navigation
 * replaces the body; `html[data-doc-sidebar]` stays, so a hidden sidebar stays hidden on the next page):
 * - `docs.sidebar.hideable`: the hide button and the show bar (the theme's SidebarHideControls);
 * - `docs.sidebar.autoCollapseCategories` (`nav[data-auto-collapse]`): a category the visitor opens closes its
 *   open siblings. Clicks only (a summary's keys click it too): a category opened by the page itself, as the
 *   trail to the current page is, closes nothing.
 */
export function setupSidebarControls(): void {
  // Said on the document, which soft navigations keep, as is the listener (browser tests wait for it).
  document.documentElement.dataset.sidebarControls = 'ready';
  document.addEventListener('click', (e) => {
    if (e.defaultPrevented || !(e.target instanceof Element)) return;
    const control = e.target.closest<HTMLElement>('[data-sidebar-hide], [data-sidebar-show]');
    if (control) {
      hideSidebar(control.hasAttribute('data-sidebar-hide'), control);
      return;
    }
    const summary = e.target.closest('summary');
    const details = summary?.parentElement;
    // The summary's click opens its details after this listener: closed now means opening.
    if (details instanceof HTMLDetailsElement && !details.open && summary?.closest('[data-auto-collapse]')) closeSiblings(details);
  });
}

/** Hides or shows the sidebar, remembered for the tab; the focus moves to the control that takes the pressed one's place. */
function hideSidebar(hidden: boolean, pressed: HTMLElement): void {
  document.documentElement.setAttribute('data-doc-sidebar', hidden ? 'hidden' : 'shown');
  try {
    if (hidden) sessionStorage.setItem(SIDEBAR_HIDDEN, 'true');
    else sessionStorage.removeItem(SIDEBAR_HIDDEN);
  } catch {
    // storage unavailable: the choice lasts for this page view only
  }
  // Only when the pressed control had the focus (a click in Safari does not focus a button).
  if (document.activeElement === pressed)
    document.querySelector<HTMLElement>(hidden ? '[data-sidebar-show]' : '[data-sidebar-hide]')?.focus();
}

/** Closes the open categories beside `details` in its list (their own open categories stay as they are). */
function closeSiblings(details: HTMLDetailsElement): void {
  const item = details.parentElement;
  for (const sibling of item?.parentElement?.children ?? []) {
    if (sibling === item) continue;
    for (const open of sibling.querySelectorAll<HTMLDetailsElement>(':scope > details[open]')) open.open = false;
  }
}
