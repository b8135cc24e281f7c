import { MAIN_ID } from '../shared/html.ts';
import {
  allowsContainer,
  CONSENT_KEY,
  consentModeOf,
  cookieDomains,
  cookiesToRemove,
  makeChoice,
  parseChoice,
  type ConsentAction,
  type ConsentChoice,
} from '../shared/consent.ts';
import { storage, type ClientConfig } from './config.ts';
import { requireFullLoads } from './navigation.ts';

/**
 * The consent banner's behaviour (README "Going live in Germany"): the choice is stored with the config's
 * consent version and applied at once, without a reload; the tag-manager container is injected only after
 * consent to statistics or marketing; withdrawing deletes its cookies, and the next page loads for real, so a
 * container already running in this document is gone there. The footer's button reopens the banner.
 */

type Settings = NonNullable<ClientConfig['consent']>;
type Gtag = (...args: unknown[]) => void;

let settings: Settings | null = null;
/** The control that reopened the banner: the focus goes back there when it closes. */
let opener: HTMLElement | null = null;
let resize: ResizeObserver | undefined;
const root = document.documentElement;
const banner = () => document.querySelector<HTMLElement>('[data-consent-banner]');

/** Once per document: applies a stored choice (loading the container it allows) and listens for the banner's buttons. */
export function setupConsent(config: ClientConfig): void {
  settings = config.consent;
  if (!settings) return;
  const choice = stored();
  root.setAttribute('data-consent', choice ? 'set' : 'ask');
  if (choice) apply(choice, undefined);
  document.addEventListener('click', onClick);
  document.addEventListener('keydown', (e) => {
    if (e.key === 'Escape' && banner()?.classList.contains('is-open')) close();
  });
  enhanceConsent();
}

/** On every page shown (soft navigations bring a new banner): keeps the room below the page as tall as the banner. */
export function enhanceConsent(): void {
  const element = banner();
  resize?.disconnect();
  if (!element || typeof ResizeObserver === 'undefined') return;
  resize = new ResizeObserver(() => root.style.setProperty('--consent-height', `${element.offsetHeight}px`));
  resize.observe(element);
}

const stored = (): ConsentChoice | undefined => (settings ? parseChoice(storage.get(CONSENT_KEY), settings.version) : undefined);

function onClick(e: MouseEvent): void {
  const target = e.target as Element | null;
  const reopen = target?.closest?.<HTMLElement>('[data-consent-open]');
  if (reopen) {
    open(reopen);
    return;
  }
  const button = target?.closest?.<HTMLElement>('[data-consent-action]');
  const element = banner();
  if (!button || !element || !settings) return;
  const action = button.dataset.consentAction;
  if (action === 'settings') {
    showDetails(element, true);
    element.querySelector<HTMLElement>('input[data-consent-category]:not([disabled])')?.focus();
    return;
  }
  const picked: Record<string, boolean> = {};
  element
    .querySelectorAll<HTMLInputElement>('input[data-consent-category]')
    .forEach((box) => (picked[box.dataset.consentCategory ?? ''] = box.checked));
  const before = stored();
  const choice = makeChoice(action as ConsentAction, settings.categories, settings.version, picked, new Date());
  storage.set(CONSENT_KEY, JSON.stringify(choice));
  root.setAttribute('data-consent', 'set');
  apply(choice, before);
  close();
  const status = document.querySelector<HTMLElement>('[data-consent-status]');
  if (status) status.textContent = status.dataset.saved ?? '';
}

/** Makes the choice true in this document: cookies it does not allow go, Consent Mode hears it, the container loads if allowed. */
function apply(choice: ConsentChoice, before: ConsentChoice | undefined): void {
  for (const name of cookiesToRemove(document.cookie, choice)) {
    for (const domain of cookieDomains(location.hostname)) {
      // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in Firefox and Safari, which must lose the cookies too.
      document.cookie = `${name}=; Max-Age=0; Path=/${domain ? `; Domain=${domain}` : ''}`;
    }
  }
  const gtm = settings?.gtm;
  if (!gtm) return;
  const w = window as unknown as { dataLayer?: unknown[]; gtag?: Gtag };
  const dataLayer = (w.dataLayer ??= []);
  // The pre-paint script defines gtag with the Consent Mode defaults; this is the same function should it be missing.
  w.gtag ??= function () {
    // Google's tag reads a gtag command only as an `arguments` object, not as an array.
    // biome-ignore lint/complexity/noArguments: see above.
    dataLayer.push(arguments);
  };
  w.gtag('consent', 'update', consentModeOf(choice));
  const running = !!document.querySelector('script[data-quire-gtm]');
  if (allowsContainer(choice) && !running) {
    dataLayer.push({ 'gtm.start': Date.now(), event: 'gtm.js' });
    const script = document.createElement('script');
    script.async = true;
    script.src = `${gtm.origin}/gtm.js?id=${encodeURIComponent(gtm.id)}`;
    script.dataset.quireGtm = '';
    document.head.append(script);
  } else if (running && before && Object.keys(before.c).some((id) => before.c[id] && !choice.c[id])) {
    requireFullLoads();
  }
}

/** Reopens the banner with the categories open and the stored choice ticked, and moves the focus into it. */
function open(from: HTMLElement): void {
  const element = banner();
  if (!element) return;
  opener = from;
  const choice = stored();
  element
    .querySelectorAll<HTMLInputElement>('input[data-consent-category]:not([disabled])')
    .forEach((box) => (box.checked = choice?.c[box.dataset.consentCategory ?? ''] === true));
  element.classList.add('is-open');
  showDetails(element, true);
  element.querySelector<HTMLElement>('#consent-title')?.focus();
}

function close(): void {
  const element = banner();
  if (!element) return;
  const hadFocus = element.contains(document.activeElement);
  element.classList.remove('is-open');
  showDetails(element, false);
  const back = opener?.isConnected ? opener : document.getElementById(MAIN_ID);
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
