import type { ConsentAction, ConsentChoice } from '../shared/consent.ts';

/**
 * The consent banner's buttons (consent.ts loads this module when a visitor comes near one): accept, reject,
 * the categories and saving them, and the footer's button that reopens the banner. The choice itself is made,
 * kept and applied by consent.ts, which hands over what is needed here: this module shares no chunk with it.
 */
export interface ConsentPage {
  stored(): ConsentChoice | undefined;
  choose(action: ConsentAction, picked: Record<string, boolean>): void;
  /** The page's main content: the focus goes there when the banner closes and its opener is gone. */
  main(): HTMLElement | null;
}

/** The control that reopened the banner: the focus goes back there when it closes. */
let opener: HTMLElement | null = null;
/** The page's side, from the last press: Escape closes the banner without one. */
let current: ConsentPage | undefined;
const banner = () => document.querySelector<HTMLElement>('[data-consent-banner]');

/** What a click on one of the banner's controls, or on the footer's reopen button, does. */
export function press(control: HTMLElement, page: ConsentPage): void {
  current = page;
  if (control.matches('[data-consent-open]')) {
    open(control, page);
    return;
  }
  const element = banner();
  if (!element) return;
  const action = control.dataset.consentAction;
  if (action === 'settings') {
    showDetails(element, true);
    element.querySelector<HTMLElement>('input[data-consent-category]:not([disabled])')?.focus();
    return;
  }
  const picked: Record<string, boolean> = {};
  element
    .querySelectorAll<HTMLInputElement>('input[data-consent-category]')
    .forEach((box) => (picked[box.dataset.consentCategory ?? ''] = box.checked));
  page.choose(action as ConsentAction, picked);
  close(page);
  const status = document.querySelector<HTMLElement>('[data-consent-status]');
  if (status) status.textContent = status.dataset.saved ?? '';
}

/** Reopens the banner with the categories open and the stored choice ticked, and moves the focus into it. */
function open(from: HTMLElement, page: ConsentPage): void {
  const element = banner();
  if (!element) return;
  opener = from;
  const choice = page.stored();
  element
    .querySelectorAll<HTMLInputElement>('input[data-consent-category]:not([disabled])')
    .forEach((box) => (box.checked = choice?.c[box.dataset.consentCategory ?? ''] === true));
  element.classList.add('is-open');
  showDetails(element, true);
  element.querySelector<HTMLElement>('#consent-title')?.focus();
}

/** Closes the reopened banner; the focus, if it was inside, goes back to its opener (or the main content). */
export function close(page: ConsentPage | undefined = current): void {
  const element = banner();
  if (!element) return;
  const hadFocus = element.contains(document.activeElement);
  element.classList.remove('is-open');
  showDetails(element, false);
  const back = opener?.isConnected ? opener : page?.main();
  opener = null;
  if (!hadFocus || !back) return;
  if (back.tabIndex < 0 && !back.hasAttribute('tabindex')) back.setAttribute('tabindex', '-1');
  back.focus({ preventScroll: true });
}

/** The categories, and "Auswahl speichern" in the place of "Einstellungen", or the short banner. */
function showDetails(element: HTMLElement, shown: boolean): void {
  const details = element.querySelector<HTMLElement>('[data-consent-details]');
  const toggle = element.querySelector<HTMLElement>('[data-consent-action="settings"]');
  const save = element.querySelector<HTMLElement>('[data-consent-action="save"]');
  if (details) details.hidden = !shown;
  if (toggle) {
    toggle.hidden = shown;
    toggle.setAttribute('aria-expanded', String(shown));
  }
  if (save) save.hidden = !shown;
}
