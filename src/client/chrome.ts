import { storage, type ClientConfig } from './config.ts';

/** Keys shared with the pre-paint script in render/inline-scripts.ts. */
const ANNOUNCEMENT_ID = 'quire.announcement.id';
const ANNOUNCEMENT_DISMISS = 'quire.announcement.dismiss';
const CURRENCY = 'quire.currency';

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
  });
}

/** Mobile menu: the toggle opens a panel (without JavaScript it works through :target). */
export function setupMobileMenu(): void {
  const menu = document.querySelector<HTMLElement>('[data-mobile-menu]');
  const toggle = document.querySelector<HTMLElement>('[data-mobile-toggle]');
  if (!menu || !toggle) return;
  // The docs sidebar exists once per page: it moves into the menu while the menu is open.
  const docsSlot = menu.querySelector<HTMLElement>('[data-mobile-docs]');
  const sidebar = document.querySelector<HTMLElement>('.doc-sidebar');
  const sidebarHome = sidebar?.parentElement ?? null;
  const setOpen = (open: boolean) => {
    if (docsSlot && sidebar && sidebarHome) (open ? docsSlot : sidebarHome).appendChild(sidebar);
    menu.classList.toggle('is-open', open);
    toggle.setAttribute('aria-expanded', String(open));
    document.body.style.overflow = open ? 'hidden' : '';
    if (open) menu.querySelector<HTMLElement>('a, button, summary')?.focus();
    else toggle.focus();
  };
  toggle.addEventListener('click', (e) => {
    e.preventDefault();
    setOpen(!menu.classList.contains('is-open'));
  });
  document.querySelectorAll('[data-mobile-close]').forEach((el) =>
    el.addEventListener('click', (e) => {
      e.preventDefault();
      setOpen(false);
    }),
  );
  document.addEventListener('keydown', (e) => {
    if (e.key === 'Escape' && menu.classList.contains('is-open')) setOpen(false);
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

/** Dropdowns: Escape closes, ArrowDown moves into the menu, aria-expanded follows. */
export function setupDropdowns(): void {
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
