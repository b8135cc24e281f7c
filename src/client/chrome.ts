import { storage, type ClientConfig } from './config.ts';
import { atPageEnd, onScroll } from './scroll.ts';
import { SEARCH_ACTIVE_CLASS } from '../shared/search.ts';

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

/** The open menu's code (mobile-menu.ts): loaded the first time the menu is asked for. */
let menuCode: Promise<typeof import('./mobile-menu.ts')> | undefined;
/** The same once loaded: the menu is open only through it, so closing it before a page swap needs no wait. */
let menuLoaded: typeof import('./mobile-menu.ts') | undefined;

function loadMenu(): Promise<typeof import('./mobile-menu.ts')> {
  menuCode ??= import('./mobile-menu.ts').then(
    (m) => {
      m.startMobileMenu({ searchIsOpen: () => document.body.classList.contains(SEARCH_ACTIVE_CLASS), pressWithSpace });
      menuLoaded = m;
      return m;
    },
    (error: unknown) => {
      menuCode = undefined;
      throw error;
    },
  );
  return menuCode;
}

export function isMobileMenuOpen(): boolean {
  return document.querySelector('[data-mobile-menu]')?.classList.contains('is-open') ?? false;
}

/** Closes the open menu at once, without moving the focus (before a soft navigation swaps the page). */
export function closeMobileMenu(): void {
  if (isMobileMenuOpen()) menuLoaded?.setMobileMenu(false, false);
}

/**
 * Per page: the toggle opens the menu. Its code, with the panels, the focus trap and the close controls, is
 * only needed from then on: it loads when a finger or pointer comes down on the toggle (or the keyboard
 * reaches it), so it is there by the click. Should it fail to load, the toggle does what it does without
 * JavaScript: its link opens the menu through :target.
 */
export function setupMobileMenu(): void {
  const menu = document.querySelector<HTMLElement>('[data-mobile-menu]');
  const toggle = document.querySelector<HTMLAnchorElement>('[data-mobile-toggle]');
  if (!menu || !toggle) return;
  const prepare = () => void loadMenu().catch(() => undefined);
  toggle.addEventListener('pointerdown', prepare, { passive: true });
  toggle.addEventListener('focus', prepare);
  toggle.addEventListener('click', (e) => {
    e.preventDefault();
    loadMenu().then(
      (m) => m.setMobileMenu(!isMobileMenuOpen()),
      (error: unknown) => {
        console.error(error);
        location.hash = toggle.hash;
      },
    );
  });
  pressWithSpace(toggle);
}

/**
 * The menu's controls are links (they work through :target without JavaScript) that say they are buttons
 * (`role="button"`), so they answer to Space as buttons do, instead of the page scrolling.
 */
export function pressWithSpace(control: HTMLElement): void {
  control.addEventListener('keydown', (e) => {
    if (e.key !== ' ' || e.repeat) return;
    e.preventDefault();
    control.click();
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
