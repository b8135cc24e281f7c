/**
 * The manga promotion (SPEC §4, §5, §6, §8; issue "Manga promotion") as pure rules: the event window, the
 * claim response mapping and the state reducer. The island in `themes/classic/islands/` only gathers facts
 * from the browser, sends the request and renders; every decision lives here so it can be tested without one.
 */

/** The promotion the claim request names in its JSON body. */
export const MANGA_PROMOTION_ID = 'manga';

/** localStorage key remembering a successful claim (value: ISO time), so a reload shows it without a request. */
export const CLAIM_STORAGE_KEY = 'quire.promo.manga.claimed';

const DAY_MS = 86_400_000;

/** When the Pro days of a claim end: they start with the claim itself (the page's small print says so). */
export function proUntil(claimedAt: number, days: number): number {
  return claimedAt + days * DAY_MS;
}

/** Where `now` lies relative to the configured event window: before, inside or after it. */
export type WindowPhase = 'upcoming' | 'open' | 'ended';

/**
 * The event window rule: open from `start` (inclusive) until `end` (exclusive), both ISO dates from
 * `promotions.manga`. Decided in the browser with the real clock, never at build time.
 */
export function windowPhase(now: number, range: { start: string; end: string }): WindowPhase {
  if (now < Date.parse(range.start)) return 'upcoming';
  if (now >= Date.parse(range.end)) return 'ended';
  return 'open';
}

/** What a finished claim request means for the visitor. */
export type ClaimOutcome = 'claimed' | 'alreadyClaimed' | 'loggedOut' | 'ended' | 'error';

/**
 * Maps the claim endpoint's answer: 200 claimed; 409 already claimed; 403 with `reason: "not_new_user"` is
 * the not-a-new-user case, which the visitor sees like "already claimed"; 401 the session is gone; 410 the
 * event is over; anything else (and a network error, which has no status) lets the visitor retry.
 */
export function claimOutcome(status: number | undefined, body?: unknown): ClaimOutcome {
  switch (status) {
    case 200:
      return 'claimed';
    case 409:
      return 'alreadyClaimed';
    case 403:
      return isRecord(body) && body.reason === 'not_new_user' ? 'alreadyClaimed' : 'error';
    case 401:
      return 'loggedOut';
    case 410:
      return 'ended';
    default:
      return 'error';
  }
}

/** The JSON body of the claim request. */
export function claimRequestBody(): { promotion: string } {
  return { promotion: MANGA_PROMOTION_ID };
}

export type PromoStatus =
  | 'outdatedBrowser'
  | 'upcoming'
  | 'ended'
  | 'loggedOut'
  | 'noExtension'
  | 'ready'
  | 'claiming'
  | 'claimed'
  | 'claimedBefore'
  | 'alreadyClaimed'
  | 'error';

/**
 * What the widget shows. `noExtension` has two steps: first the install prompt, then, once the extension
 * has marked the page while the visitor was away installing it, the prompt to reload (SPEC §8). A claim
 * is shown as `claimed` once, right after the request; every later visit in that browser shows
 * `claimedBefore`, so the visitor is not told again that their days "start now". Both carry the end of
 * the Pro days (epoch ms); `over` says it has passed.
 */
export type PromoState =
  | { status: 'noExtension'; reloadNeeded: boolean }
  | { status: 'claimed'; until: number }
  | { status: 'claimedBefore'; until: number; over: boolean }
  | { status: Exclude<PromoStatus, 'noExtension' | 'claimed' | 'claimedBefore'> };

/** What the browser knows about the visitor at one moment. */
export interface PromoFacts {
  window: WindowPhase;
  /** The visitor's Chromium engine is below `promotions.minChromeVersion`. */
  isOutdatedBrowser: boolean;
  /** The end of the Pro days of a claim this browser remembers (epoch ms), if it remembers one. */
  claimedUntil: number | undefined;
  /** The page's clock (epoch ms), to tell whether those days are over. */
  now: number;
  /** The session cookie `{product}_token` exists. */
  hasToken: boolean;
  /** The extension has marked the page (`<html data-bilingo-extension="…">`). */
  hasExtension: boolean;
  /** The visitor has left the tab (blur or hidden) since the page loaded. */
  hasLeftPage: boolean;
}

export type PromoEvent =
  /** The island hydrated: decide from the facts. */
  | { type: 'loaded'; facts: PromoFacts }
  /** The visitor came back to the tab, or the extension's mark changed: decide again where that is safe. */
  | { type: 'rechecked'; facts: PromoFacts }
  /** The visitor pressed the claim (or retry) button. */
  | { type: 'claim' }
  /** The claim request succeeded; `until` is the end of the Pro days it started. */
  | { type: 'claimFinished'; outcome: 'claimed'; until: number }
  /** The claim request finished otherwise. */
  | { type: 'claimFinished'; outcome: Exclude<ClaimOutcome, 'claimed'> };

/** The state the server renders and hydration starts from: without JavaScript the visitor is asked to log in. */
export const initialPromoState: PromoState = { status: 'loggedOut' };

/**
 * The decision for a fresh look at the facts, in order: the browser check comes first, then a claim this
 * browser remembers, then the event window, then the log-in and the extension prompts.
 */
export function decidePromo(facts: Omit<PromoFacts, 'hasLeftPage'>): PromoState {
  if (facts.isOutdatedBrowser) return { status: 'outdatedBrowser' };
  if (facts.claimedUntil !== undefined)
    return { status: 'claimedBefore', until: facts.claimedUntil, over: facts.now >= facts.claimedUntil };
  if (facts.window === 'upcoming') return { status: 'upcoming' };
  if (facts.window === 'ended') return { status: 'ended' };
  if (!facts.hasToken) return { status: 'loggedOut' };
  if (!facts.hasExtension) return { status: 'noExtension', reloadNeeded: false };
  return { status: 'ready' };
}

/** States that depend only on the facts, so a recheck may replace them; the others are results or in flight. */
const RECHECKABLE = new Set<PromoStatus>(['upcoming', 'loggedOut', 'noExtension', 'ready']);

/** True when a claim request may start: from the claim button or from retry after an error. */
export function canClaim(state: PromoState): boolean {
  return state.status === 'ready' || state.status === 'error';
}

export function reducePromo(state: PromoState, event: PromoEvent): PromoState {
  switch (event.type) {
    case 'loaded':
      return decidePromo(event.facts);
    case 'rechecked': {
      if (!RECHECKABLE.has(state.status)) return state;
      const next = decidePromo(event.facts);
      if (state.status === 'noExtension' && next.status === 'ready') {
        // A mark that shows up while the visitor never left is the extension's content script running late:
        // it works on this page. One that appeared while they were away comes from a fresh install, which
        // wants a reload before the extension is fully active here.
        return state.reloadNeeded || event.facts.hasLeftPage ? { status: 'noExtension', reloadNeeded: true } : next;
      }
      return next;
    }
    case 'claim':
      return canClaim(state) ? { status: 'claiming' } : state;
    case 'claimFinished':
      if (state.status !== 'claiming') return state;
      return event.outcome === 'claimed' ? { status: 'claimed', until: event.until } : { status: event.outcome };
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}
