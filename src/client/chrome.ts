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
  menu.classList.toggle('is-open', open);
  toggle.setAttribute('aria-expanded', String(open));
  document.body.style.overflow = open ? 'hidden' : '';
  if (open) focusWhenVisible(menu.querySelector<HTMLElement>(FOCUSABLE));
  else if (restoreFocus && hadFocus) toggle.focus();
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
    if (e.key === 'Tab') backwards = e.shiftKey;
    // Escape in the search dialog opened over the menu closes the dialog only (it takes the key first).
    if (e.key === 'Escape' && !e.defaultPrevented && isMobileMenuOpen() && !searchIsOpen()) setMobileMenu(false);
  });
  // Whatever moved focus out (Tab past the end, Shift+Tab past the start), bring it back to the other end;
  // but the search dialog, opened over the menu with its shortcut, keeps the focus it takes.
  document.addEventListener('focusin', (e) => {
    const menu = mobileParts().menu;
    if (!menu || !isMobileMenuOpen() || menu.contains(e.target as Node) || searchIsOpen()) return;
    const items = [...menu.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.getClientRects().length > 0);
    (backwards ? items[items.length - 1] : items[0])?.focus();
  });
  window.addEventListener('resize', () => {
    if (window.innerWidth > 996 && isMobileMenuOpen()) setMobileMenu(false, false);
  });
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
    document.querySelectorAll<HTMLElement>('[data-color-mode-toggle]').forEach((b) => b.setAttribute('aria-pressed', String(mode === 'dark')));
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
