/**
 * The mobile menu once it is asked for (chrome.ts loads this module on the toggle's first use): opening and
 * closing, the docs and site panels, the focus trap, Escape, and closing when the window grows past the
 * breakpoint. Helpers come from the page's script rather than imports, so this module shares no chunk with it.
 */
export interface MenuHelpers {
  searchIsOpen(): boolean;
  pressWithSpace(control: HTMLElement): void;
}

let helpers: MenuHelpers = { searchIsOpen: () => false, pressWithSpace: () => undefined };
/** Menus (one per page shown) whose close and panel controls are wired. */
const wired = new WeakSet<HTMLElement>();

const isMobileMenuOpen = () => mobileParts().menu?.classList.contains('is-open') ?? false;
const searchIsOpen = () => helpers.searchIsOpen();

const FOCUSABLE = 'a[href], button:not([disabled]), input, select, textarea, summary, [tabindex]:not([tabindex="-1"])';

/**
 * The elements of `root` that Tab really reaches, in order. Matching FOCUSABLE is not enough: a link inside a
 * closed `<details>` (the menu's "Versionen" group) still has layout boxes, but takes no focus, so a trap
 * that aimed at it let Shift+Tab walk out behind the backdrop.
 */
function tabbableIn(root: ParentNode): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.tabIndex >= 0 && !isInClosedDetails(el) && isRendered(el));
}

/** Inside a closed `<details>`, only its own summary shows; everything else is out of reach. */
function isInClosedDetails(el: HTMLElement): boolean {
  for (let details = el.parentElement?.closest('details'); details; details = details.parentElement?.closest('details')) {
    const isOwnSummary = el.tagName === 'SUMMARY' && el.parentElement === details;
    if (!details.open && !isOwnSummary) return true;
  }
  return false;
}

/** Shown and not `visibility: hidden`; browsers without checkVisibility() (before 2023) measure instead. */
function isRendered(el: HTMLElement): boolean {
  if (typeof el.checkVisibility === 'function') return el.checkVisibility({ visibilityProperty: true });
  return el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden';
}

/** Focuses the first element of `candidates` that takes the focus; false when none does. */
function focusFirstOf(candidates: HTMLElement[]): boolean {
  for (const el of candidates) {
    el.focus();
    if (document.activeElement === el) return true;
  }
  return false;
}

function mobileParts() {
  const menu = document.querySelector<HTMLElement>('[data-mobile-menu]');
  const toggle = document.querySelector<HTMLElement>('[data-mobile-toggle]');
  return { menu, toggle };
}

/** Opens or closes the mobile menu; the docs sidebar moves into it while it is open. */
export function setMobileMenu(open: boolean, restoreFocus = true): void {
  const { menu, toggle } = mobileParts();
  if (!menu || !toggle) return;
  wire(menu);
  const hadFocus = menu.contains(document.activeElement);
  const slot = menu.querySelector<HTMLElement>('[data-mobile-docs]');
  const sidebar = document.querySelector<HTMLElement>('.doc-sidebar');
  const home = document.querySelector<HTMLElement>('.doc-layout__sidebar');
  // Back in first place: after it in its column may come the hide controls (docs.sidebar.hideable).
  if (slot && sidebar && home) {
    if (open) slot.appendChild(sidebar);
    else home.prepend(sidebar);
  }
  // Each opening starts on the docs sidebar where the page has one (REFERENCE §3: shown again on each reopen).
  if (open && slot?.contains(sidebar)) menu.dataset.panel = 'docs';
  else delete menu.dataset.panel;
  menu.classList.toggle('is-open', open);
  toggle.setAttribute('aria-expanded', String(open));
  document.body.style.overflow = open ? 'hidden' : '';
  if (open) focusWhenVisible(menu.querySelector<HTMLElement>(FOCUSABLE));
  else if (restoreFocus && hadFocus) toggle.focus();
  // A page deep in a long sidebar: its own entry in sight, not the sidebar's first rows.
  if (menu.dataset.panel === 'docs') slot?.querySelector('[aria-current="page"]')?.scrollIntoView({ block: 'center' });
}

/**
 * Shows one panel of the open menu ("docs" or "main") and puts the focus on its first control, the switch
 * back: the button that had it is gone with the other panel, and the focus would otherwise drop to the page.
 */
function showMenuPanel(menu: HTMLElement, panel: string): void {
  menu.dataset.panel = panel;
  const first = menu.querySelector<HTMLElement>(`[data-mobile-panel="${panel}"]`);
  if (first) focusFirstOf(tabbableIn(first));
}

/**
 * An element still hidden (a panel whose visibility is transitioning in) cannot take focus:
 * try on each frame until it does, for about half a second.
 */
function focusWhenVisible(element: HTMLElement | null, frames = 30): void {
  if (!element) return;
  element.focus();
  if (document.activeElement !== element && frames > 0) requestAnimationFrame(() => focusWhenVisible(element, frames - 1));
}

/** The menu's close controls and panel switches, once per menu. */
function wire(menu: HTMLElement): void {
  if (wired.has(menu)) return;
  wired.add(menu);
  menu.querySelectorAll<HTMLElement>('[data-mobile-show]').forEach((button) => {
    button.addEventListener('click', () => showMenuPanel(menu, button.dataset.mobileShow!));
  });
  document.querySelectorAll<HTMLElement>('[data-mobile-close]').forEach((el) => {
    el.addEventListener('click', (e) => {
      e.preventDefault();
      setMobileMenu(false);
    });
    helpers.pressWithSpace(el);
  });
}

/** Once, when the module loads: Escape closes the menu, focus stays inside it while open, growing past 996 px closes it. */
export function startMobileMenu(pageHelpers: MenuHelpers): void {
  helpers = pageHelpers;
  let backwards = false;
  document.addEventListener('keydown', (e) => {
    if (e.key === 'Tab') {
      backwards = e.shiftKey;
      wrapTab(e);
    }
    // Escape in the search dialog opened over the menu closes the dialog only (it takes the key first).
    if (e.key === 'Escape' && !e.defaultPrevented && isMobileMenuOpen() && !searchIsOpen()) setMobileMenu(false);
  });
  // Whatever else moved focus out (a click on the page behind, a focus from script), bring it back to the end
  // it left by; but the search dialog, opened over the menu with its shortcut, keeps the focus it takes.
  document.addEventListener('focusin', (e) => {
    const menu = mobileParts().menu;
    if (!menu || !isMobileMenuOpen() || menu.contains(e.target as Node) || searchIsOpen()) return;
    const items = tabbableIn(menu);
    focusFirstOf(backwards ? items.reverse() : items);
  });
  window.addEventListener('resize', () => {
    if (window.innerWidth > 996 && isMobileMenuOpen()) setMobileMenu(false, false);
  });
}

/**
 * Tab on the menu's last element goes to its first, Shift+Tab on the first to its last, before the browser
 * moves the focus at all: past the end of the document it would otherwise go to the browser's own controls,
 * where no focus event can bring it back.
 */
function wrapTab(e: KeyboardEvent): void {
  const menu = mobileParts().menu;
  if (e.defaultPrevented || !menu || !isMobileMenuOpen() || searchIsOpen()) return;
  const active = document.activeElement as HTMLElement | null;
  const items = tabbableIn(menu);
  const at = active ? items.indexOf(active) : -1;
  // Inside the menu on an element Tab does not stop at (a panel focused by script): the browser knows the way.
  if (at < 0 && active && menu.contains(active)) return;
  const isAtEdge = e.shiftKey ? at <= 0 : at < 0 || at === items.length - 1;
  if (!isAtEdge) return;
  // From outside the menu (at < 0), Tab starts at its first element and Shift+Tab at its last.
  if (focusFirstOf(e.shiftKey ? items.reverse() : items)) e.preventDefault();
}
