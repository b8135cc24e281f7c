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
let resize: ResizeObserver | undefined;
const root = document.documentElement;
const banner = () => document.querySelector<HTMLElement>('[data-consent-banner]');

/** Once per document: applies a stored choice (loading the container it allows) and listens for the banner's buttons. */
export function setupConsent(config: ClientConfig): void {
  settings = config.consent;
  if (!settings) return;
  const choice = stored();
  // The pre-paint script has set it already: written again only if that script did not run, as a write restyles the page.
  const state = choice ? 'set' : 'ask';
  if (root.getAttribute('data-consent') !== state) root.setAttribute('data-consent', state);
  if (choice) apply(choice, undefined);
  document.addEventListener('click', onClick);
  document.addEventListener('keydown', (e) => {
    if (e.key === 'Escape' && banner()?.classList.contains('is-open')) bannerLoaded?.close();
  });
  const warm = (e: Event) => (e.target as Element | null)?.closest?.(CONTROLS) && void loadBanner().catch(() => undefined);
  for (const type of ['pointerover', 'touchstart', 'focusin'] as const) document.addEventListener(type, warm, { passive: true });
  enhanceConsent();
}

/** The elements that keep room for the banner (Consent.css): the page's end below it, the docs' back-to-top button above it. */
const ROOM = 'body, [data-back-to-top]';
let height = 0;

/** Gives the elements of ROOM the banner's height: only they restyle, as the property is not inherited (Consent.css). */
function reserve(elements: Iterable<HTMLElement>): void {
  for (const element of elements) {
    if (height) element.style.setProperty('--consent-height', `${height}px`);
    else element.style.removeProperty('--consent-height');
  }
}

/** On every page shown (soft navigations bring a new banner): keeps the room below the page as tall as the banner. */
export function enhanceConsent(): void {
  const element = banner();
  resize?.disconnect();
  if (!element || typeof ResizeObserver === 'undefined') return;
  // A new page's back-to-top button takes the room the banner has now.
  if (height) reserve(document.querySelectorAll<HTMLElement>('[data-back-to-top]'));
  // Set only when the height really changes (a hidden banner, as on every visit after the first, measures 0, the
  // stylesheet's default), in the frame that measured it, so a position restored at load already has the room.
  resize = new ResizeObserver(() => {
    if (element.offsetHeight === height) return;
    height = element.offsetHeight;
    reserve(document.querySelectorAll<HTMLElement>(ROOM));
  });
  resize.observe(element);
}

const stored = (): ConsentChoice | undefined => (settings ? parseChoice(storage.get(CONSENT_KEY), settings.version) : undefined);

/** What the banner's buttons do (consent-banner.ts): loaded when a pointer, a touch or the focus comes to one. */
let bannerCode: Promise<typeof import('./consent-banner.ts')> | undefined;
let bannerLoaded: typeof import('./consent-banner.ts') | undefined;
const CONTROLS = '[data-consent-open], [data-consent-action]';

function loadBanner(): Promise<typeof import('./consent-banner.ts')> {
  bannerCode ??= import('./consent-banner.ts').then(
    (m) => (bannerLoaded = m),
    (error: unknown) => {
      bannerCode = undefined;
      throw error;
    },
  );
  return bannerCode;
}

function onClick(e: MouseEvent): void {
  const control = (e.target as Element | null)?.closest?.<HTMLElement>(CONTROLS);
  if (!control || !settings) return;
  loadBanner().then(
    (m) => m.press(control, { stored, choose, main: () => document.getElementById(MAIN_ID) }),
    (error: unknown) => console.error(error),
  );
}

/** Makes, keeps and applies the visitor's choice from the banner's boxes. */
function choose(action: ConsentAction, picked: Record<string, boolean>): void {
  if (!settings) return;
  const before = stored();
  const choice = makeChoice(action, settings.categories, settings.version, picked, new Date());
  storage.set(CONSENT_KEY, JSON.stringify(choice));
  root.setAttribute('data-consent', 'set');
  apply(choice, before);
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
