import { storage, type ClientConfig } from './config.ts';
import { atPageEnd, onScroll } from './scroll.ts';
import { SEARCH_ACTIVE_CLASS } from '../shared/search.ts';

const searchIsOpen = () => document.body.classList.contains(SEARCH_ACTIVE_CLASS);

/** Keys shared with the pre-paint script in render/inline-scripts.ts. */
const ANNOUNCEMENT_ID = 'quire.announcement.id';
const ANNOUNCEMENT_DISMISS = 'quire.announcement.dismiss';
const CURRENCY = 'quire.currency';
const THEME = 'theme';

/** Announcement bar: a new id shows the bar again; close remembers the dismissal for that id. */
export function setupAnnouncement(config: ClientConfig): void {
  const bar = document.querySelector<HTMLElement>('.announcement');
  if (!bar || !config.announcementId) return;
  if (storage.get(ANNOUNCEMENT_ID) !== config.announcementId) {
    storage.set(ANNOUNCEMENT_ID, config.announcementId);
    storage.set(ANNOUNCEMENT_DISMISS, 'false');
    document.documentElement.setAttribute('data-announcement-dismissed', 'false');
  }
  bar.querySelector('[data-announcement-close]')?.addEventListener('click', () => {
    storage.set(ANNOUNCEMENT_DISMISS, 'true');
    document.documentElement.setAttribute('data-announcement-dismissed', 'true');
    // The button disappears with the bar: the focus goes on to the header instead of being dropped.
    if (bar.contains(document.activeElement)) document.querySelector<HTMLElement>('.navbar .navbar__brand')?.focus();
  });
}

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
  const hadFocus = menu.contains(document.activeElement);
  const slot = menu.querySelector<HTMLElement>('[data-mobile-docs]');
  const sidebar = document.querySelector<HTMLElement>('.doc-sidebar');
  const home = document.querySelector<HTMLElement>('.doc-layout__sidebar');
  if (slot && sidebar && home) (open ? slot : home).appendChild(sidebar);
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

export function isMobileMenuOpen(): boolean {
  return mobileParts().menu?.classList.contains('is-open') ?? false;
}

/** Per page: the toggle and close controls (without JavaScript they work through :target). */
export function setupMobileMenu(): void {
  const { menu, toggle } = mobileParts();
  if (!menu || !toggle) return;
  toggle.addEventListener('click', (e) => {
    e.preventDefault();
    setMobileMenu(!isMobileMenuOpen());
  });
  pressWithSpace(toggle);
  menu.querySelectorAll<HTMLElement>('[data-mobile-show]').forEach((button) => {
    button.addEventListener('click', () => showMenuPanel(menu, button.dataset.mobileShow!));
  });
  document.querySelectorAll<HTMLElement>('[data-mobile-close]').forEach((el) => {
    el.addEventListener('click', (e) => {
      e.preventDefault();
      setMobileMenu(false);
    });
    pressWithSpace(el);
  });
}

/**
 * The menu's controls are links (they work through :target without JavaScript) that say they are buttons
 * (`role="button"`), so they answer to Space as buttons do, instead of the page scrolling.
 */
function pressWithSpace(control: HTMLElement): void {
  control.addEventListener('keydown', (e) => {
    if (e.key !== ' ' || e.repeat) return;
    e.preventDefault();
    control.click();
  });
}

/** Once: Escape closes the menu, focus stays inside it while open, growing past 996 px closes it. */
export function setupMobileMenuKeys(): void {
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

/** Currency box in the footer: remembered, applied as `html[data-currency]` for the price tables. */
export function setupCurrency(): void {
  const select = document.querySelector<HTMLSelectElement>('[data-currency-select]');
  const saved = storage.get(CURRENCY);
  if (saved) document.documentElement.setAttribute('data-currency', saved);
  if (!select) return;
  if (saved && [...select.options].some((o) => o.value === saved)) select.value = saved;
  select.addEventListener('change', () => {
    storage.set(CURRENCY, select.value);
    document.documentElement.setAttribute('data-currency', select.value);
  });
}

/**
 * Dropdowns: click, Enter or Space toggle; arrows move through the entries; Escape closes. From here on a
 * menu opens only when asked (`html[data-dropdowns]` turns off CSS's open-on-focus, which serves pages
 * without JavaScript): a closed menu keeps its entries out of the Tab order, and Escape really closes it.
 */
export function setupDropdowns(): void {
  document.documentElement.setAttribute('data-dropdowns', '');
  document.querySelectorAll<HTMLElement>('[data-dropdown]').forEach((dropdown) => {
    const button = dropdown.querySelector<HTMLButtonElement>('button');
    const links = () => [...dropdown.querySelectorAll<HTMLAnchorElement>('.dropdown__menu a')];
    if (!button) return;
    const setOpen = (open: boolean) => {
      dropdown.classList.toggle('dropdown--open', open);
      button.setAttribute('aria-expanded', String(open));
    };
    button.addEventListener('click', () => setOpen(!dropdown.classList.contains('dropdown--open')));
    dropdown.addEventListener('mouseenter', () => button.setAttribute('aria-expanded', 'true'));
    dropdown.addEventListener('mouseleave', () => setOpen(false));
    dropdown.addEventListener('keydown', (e) => {
      const items = links();
      const i = items.indexOf(document.activeElement as HTMLAnchorElement);
      if (e.key === 'Escape') {
        setOpen(false);
        button.focus();
      } else if (e.key === 'ArrowDown') {
        e.preventDefault();
        setOpen(true);
        items[(i + 1) % items.length]?.focus();
      } else if (e.key === 'ArrowUp') {
        e.preventDefault();
        setOpen(true);
        items[(i - 1 + items.length) % items.length]?.focus();
      }
    });
    dropdown.addEventListener('focusout', (e) => {
      if (!dropdown.contains(e.relatedTarget as Node)) setOpen(false);
    });
  });
}

/** Navbar hides when scrolling down past its height, shows when scrolling up or near the top (when enabled). */
export function setupHideOnScroll(): void {
  onScroll((y, last) => {
    const nav = document.querySelector<HTMLElement>('.navbar[data-hide-on-scroll]');
    if (!nav) return;
    const height = nav.offsetHeight;
    if (y < height) nav.classList.remove('navbar--hidden');
    else if (y > last) nav.classList.add('navbar--hidden');
    else if (!atPageEnd(y, height)) nav.classList.remove('navbar--hidden');
  });
}

/**
 * Colour mode when the switch is enabled: a toggle stores `theme`; without a stored choice and with
 * system-preference respect on, the page follows `prefers-color-scheme` live.
 */
export function setupColorMode(config: ClientConfig): void {
  if (config.colorMode.disableSwitch) return;
  const apply = (mode: string) => {
    document.documentElement.setAttribute('data-theme', mode);
    document
      .querySelectorAll<HTMLElement>('[data-color-mode-toggle]')
      .forEach((b) => b.setAttribute('aria-pressed', String(mode === 'dark')));
  };
  document.querySelectorAll<HTMLElement>('[data-color-mode-toggle]').forEach((button) => {
    button.removeAttribute('disabled');
    button.addEventListener('click', () => {
      const next = document.documentElement.getAttribute('data-theme') === 'dark' ? 'light' : 'dark';
      storage.set(THEME, next);
      document.documentElement.setAttribute('data-theme-choice', next);
      apply(next);
    });
  });
  apply(document.documentElement.getAttribute('data-theme') ?? config.colorMode.defaultMode);
}

let watchingScheme = false;
export function followSystemColorScheme(getConfig: () => ClientConfig | undefined): void {
  if (watchingScheme || typeof matchMedia === 'undefined') return;
  watchingScheme = true;
  matchMedia('(prefers-color-scheme: dark)').addEventListener('change', (e) => {
    const config = getConfig();
    if (!config || config.colorMode.disableSwitch || !config.colorMode.respectPrefersColorScheme) return;
    const stored = storage.get(THEME);
    if (stored === 'dark' || stored === 'light') return;
    document.documentElement.setAttribute('data-theme', e.matches ? 'dark' : 'light');
    document.documentElement.setAttribute('data-theme-choice', 'system');
  });
}
