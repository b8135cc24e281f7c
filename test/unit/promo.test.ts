import { describe, expect, it } from 'vitest';
import {
  canClaim,
  claimOutcome,
  claimRequestBody,
  decidePromo,
  initialPromoState,
  proUntil,
  reducePromo,
  windowPhase,
  type ClaimOutcome,
  type PromoFacts,
  type PromoState,
} from '../../src/shared/promo.ts';
import { hasCookie } from '../../src/shared/rules.ts';

const RANGE = { start: '2025-05-06T16:00:00Z', end: '2025-06-30T16:00:00Z' };
const at = (iso: string) => Date.parse(iso);

/** A logged-in visitor with the extension, inside the window, on a current browser. */
const READY: PromoFacts = {
  window: 'open',
  isOutdatedBrowser: false,
  claimedUntil: undefined,
  now: at('2025-06-01T12:00:00Z'),
  hasToken: true,
  hasExtension: true,
  hasLeftPage: false,
};
const facts = (over: Partial<PromoFacts> = {}): PromoFacts => ({ ...READY, ...over });

/** The end of the Pro days of a claim made at READY's clock. */
const UNTIL = at('2025-06-04T12:00:00Z');
const CLAIMED: PromoState = { status: 'claimed', until: UNTIL };
const INSTALL: PromoState = { status: 'noExtension', reloadNeeded: false };
const RELOAD: PromoState = { status: 'noExtension', reloadNeeded: true };
const ALL_STATES: PromoState[] = [
  { status: 'outdatedBrowser' },
  { status: 'upcoming' },
  { status: 'ended' },
  { status: 'loggedOut' },
  INSTALL,
  RELOAD,
  { status: 'ready' },
  { status: 'claiming' },
  CLAIMED,
  { status: 'claimedBefore', until: UNTIL, over: false },
  { status: 'alreadyClaimed' },
  { status: 'error' },
];

describe('promo: the event window', () => {
  it('promo: should be upcoming until the start, open from the start, ended from the end', () => {
    expect(windowPhase(at('2025-05-06T15:59:59.999Z'), RANGE)).toBe('upcoming');
    expect(windowPhase(at('2025-05-06T16:00:00Z'), RANGE)).toBe('open');
    expect(windowPhase(at('2025-06-01T00:00:00Z'), RANGE)).toBe('open');
    expect(windowPhase(at('2025-06-30T15:59:59.999Z'), RANGE)).toBe('open');
    expect(windowPhase(at('2025-06-30T16:00:00Z'), RANGE)).toBe('ended');
    expect(windowPhase(at('2026-01-01T00:00:00Z'), RANGE)).toBe('ended');
  });

  it('promo: should compare instants, whatever offset the config writes', () => {
    expect(windowPhase(at('2025-05-06T16:00:00Z'), { start: '2025-05-07T00:00:00+08:00', end: RANGE.end })).toBe('open');
    expect(windowPhase(at('2025-05-06T15:00:00Z'), { start: '2025-05-07T00:00:00+08:00', end: RANGE.end })).toBe('upcoming');
  });
});

describe('promo: the session cookie', () => {
  it('promo: should find the token cookie by exact name only', () => {
    expect(hasCookie('bilingo_token=abc', 'bilingo_token')).toBe(true);
    expect(hasCookie('theme=light; bilingo_token=abc; x=1', 'bilingo_token')).toBe(true);
    expect(hasCookie('bilingo_token=', 'bilingo_token')).toBe(false);
    expect(hasCookie('', 'bilingo_token')).toBe(false);
    expect(hasCookie('old_bilingo_token=abc; bilingo_token_x=1', 'bilingo_token')).toBe(false);
    expect(hasCookie('x=bilingo_token', 'bilingo_token')).toBe(false);
  });
});

describe('promo: the claim response', () => {
  it('promo: should map each status the issue names', () => {
    expect(claimOutcome(200, { ok: true })).toBe('claimed');
    expect(claimOutcome(409)).toBe('alreadyClaimed');
    expect(claimOutcome(403, { reason: 'not_new_user' })).toBe('alreadyClaimed');
    expect(claimOutcome(401)).toBe('loggedOut');
    expect(claimOutcome(410)).toBe('ended');
  });

  it('promo: should treat every other answer and a network error as a retryable error', () => {
    expect(claimOutcome(403, { reason: 'banned' })).toBe('error');
    expect(claimOutcome(403)).toBe('error');
    expect(claimOutcome(403, 'not_new_user')).toBe('error');
    expect(claimOutcome(403, null)).toBe('error');
    for (const status of [201, 204, 301, 400, 404, 429, 500, 502, 503]) expect(claimOutcome(status)).toBe('error');
    expect(claimOutcome(undefined)).toBe('error');
  });

  it('promo: should name the promotion in the request body', () => {
    expect(claimRequestBody()).toEqual({ promotion: 'manga' });
  });
});

describe('promo: the decision at load', () => {
  it('promo: should start from the log-in prompt the server renders', () => {
    expect(initialPromoState).toEqual({ status: 'loggedOut' });
  });

  it('promo: should show each first state for its facts', () => {
    expect(reducePromo(initialPromoState, { type: 'loaded', facts: facts({ hasToken: false }) })).toEqual({ status: 'loggedOut' });
    expect(reducePromo(initialPromoState, { type: 'loaded', facts: facts({ hasExtension: false }) })).toEqual(INSTALL);
    expect(reducePromo(initialPromoState, { type: 'loaded', facts: facts() })).toEqual({ status: 'ready' });
    expect(reducePromo(initialPromoState, { type: 'loaded', facts: facts({ claimedUntil: UNTIL }) })).toEqual({
      status: 'claimedBefore',
      until: UNTIL,
      over: false,
    });
    expect(reducePromo(initialPromoState, { type: 'loaded', facts: facts({ window: 'ended' }) })).toEqual({ status: 'ended' });
    expect(reducePromo(initialPromoState, { type: 'loaded', facts: facts({ window: 'upcoming' }) })).toEqual({ status: 'upcoming' });
    expect(reducePromo(initialPromoState, { type: 'loaded', facts: facts({ isOutdatedBrowser: true }) })).toEqual({
      status: 'outdatedBrowser',
    });
  });

  it('promo: should check the browser first, then a remembered claim, the window, the login and the extension', () => {
    const nothing = { hasToken: false, hasExtension: false };
    expect(decidePromo(facts({ ...nothing, isOutdatedBrowser: true, claimedUntil: UNTIL, window: 'ended' })).status).toBe(
      'outdatedBrowser',
    );
    expect(decidePromo(facts({ ...nothing, claimedUntil: UNTIL, window: 'ended' })).status).toBe('claimedBefore');
    expect(decidePromo(facts({ ...nothing, window: 'ended' })).status).toBe('ended');
    expect(decidePromo(facts({ ...nothing, window: 'upcoming' })).status).toBe('upcoming');
    expect(decidePromo(facts(nothing)).status).toBe('loggedOut');
    expect(decidePromo(facts({ hasExtension: false })).status).toBe('noExtension');
  });

  it('promo: should show a remembered claim as claimed before, with its end, over from that instant', () => {
    expect(proUntil(at('2025-06-01T12:00:00Z'), 3)).toBe(UNTIL);
    expect(decidePromo(facts({ claimedUntil: UNTIL, now: UNTIL - 1 }))).toEqual({ status: 'claimedBefore', until: UNTIL, over: false });
    expect(decidePromo(facts({ claimedUntil: UNTIL, now: UNTIL }))).toEqual({ status: 'claimedBefore', until: UNTIL, over: true });
  });

  it('promo: should decide afresh at load from whatever state came before', () => {
    for (const state of ALL_STATES) expect(reducePromo(state, { type: 'loaded', facts: facts() })).toEqual({ status: 'ready' });
  });
});

describe('promo: rechecks when the visitor comes back or the extension marks the page', () => {
  const recheck = (state: PromoState, over: Partial<PromoFacts>) => reducePromo(state, { type: 'rechecked', facts: facts(over) });

  it('promo: should ask for a reload when the extension appeared while the visitor was away installing it', () => {
    expect(recheck(INSTALL, { hasLeftPage: true })).toEqual(RELOAD);
  });

  it('promo: should go straight to the claim when the mark came late while the visitor stayed', () => {
    expect(recheck(INSTALL, { hasLeftPage: false })).toEqual({ status: 'ready' });
  });

  it('promo: should keep the reload prompt until the page reloads, and drop it when the extension goes away', () => {
    expect(recheck(RELOAD, { hasLeftPage: false })).toEqual(RELOAD);
    expect(recheck(RELOAD, { hasLeftPage: true })).toEqual(RELOAD);
    expect(recheck(RELOAD, { hasExtension: false })).toEqual(INSTALL);
  });

  it('promo: should stay on the install prompt while there is no extension', () => {
    expect(recheck(INSTALL, { hasExtension: false, hasLeftPage: true })).toEqual(INSTALL);
  });

  it('promo: should follow a log-in in another tab and the end of the window', () => {
    expect(recheck({ status: 'loggedOut' }, { hasLeftPage: true })).toEqual({ status: 'ready' });
    expect(recheck({ status: 'loggedOut' }, { hasExtension: false, hasLeftPage: true })).toEqual(INSTALL);
    expect(recheck({ status: 'ready' }, { hasToken: false })).toEqual({ status: 'loggedOut' });
    expect(recheck({ status: 'ready' }, { hasExtension: false })).toEqual(INSTALL);
    expect(recheck({ status: 'ready' }, { window: 'ended' })).toEqual({ status: 'ended' });
    expect(recheck({ status: 'upcoming' }, {})).toEqual({ status: 'ready' });
  });

  it('promo: should keep results, the browser check and a request in flight', () => {
    const kept: PromoState[] = [
      { status: 'outdatedBrowser' },
      { status: 'ended' },
      { status: 'claiming' },
      CLAIMED,
      { status: 'claimedBefore', until: UNTIL, over: false },
      { status: 'alreadyClaimed' },
      { status: 'error' },
    ];
    for (const state of kept) {
      expect(recheck(state, { hasToken: false, hasLeftPage: true })).toBe(state);
      expect(recheck(state, {})).toBe(state);
    }
  });
});

describe('promo: claiming', () => {
  it('promo: should start a claim from the claim button and from retry after an error', () => {
    expect(reducePromo({ status: 'ready' }, { type: 'claim' })).toEqual({ status: 'claiming' });
    expect(reducePromo({ status: 'error' }, { type: 'claim' })).toEqual({ status: 'claiming' });
    expect(canClaim({ status: 'ready' })).toBe(true);
    expect(canClaim({ status: 'error' })).toBe(true);
  });

  it('promo: should ignore a second claim while one is in flight, and claims from every other state', () => {
    expect(canClaim({ status: 'claiming' })).toBe(false);
    for (const state of ALL_STATES.filter((s) => s.status !== 'ready' && s.status !== 'error')) {
      expect(reducePromo(state, { type: 'claim' })).toBe(state);
      expect(canClaim(state)).toBe(false);
    }
  });

  it('promo: should show the outcome of the request', () => {
    const outcomes: Exclude<ClaimOutcome, 'claimed'>[] = ['alreadyClaimed', 'loggedOut', 'ended', 'error'];
    for (const outcome of outcomes)
      expect(reducePromo({ status: 'claiming' }, { type: 'claimFinished', outcome })).toEqual({ status: outcome });
    expect(reducePromo({ status: 'claiming' }, { type: 'claimFinished', outcome: 'claimed', until: UNTIL })).toEqual(CLAIMED);
  });

  it('promo: should ignore an outcome when no claim is in flight', () => {
    for (const state of ALL_STATES.filter((s) => s.status !== 'claiming'))
      expect(reducePromo(state, { type: 'claimFinished', outcome: 'claimed', until: UNTIL })).toBe(state);
  });

  it('promo: should walk a visitor from an error through retry to success', () => {
    let state = reducePromo(initialPromoState, { type: 'loaded', facts: facts() });
    state = reducePromo(state, { type: 'claim' });
    const failed = claimOutcome(500);
    expect(failed).toBe('error');
    state = reducePromo(state, { type: 'claimFinished', outcome: 'error' });
    expect(state).toEqual({ status: 'error' });
    state = reducePromo(state, { type: 'claim' });
    expect(claimOutcome(200)).toBe('claimed');
    state = reducePromo(state, { type: 'claimFinished', outcome: 'claimed', until: UNTIL });
    expect(state).toEqual(CLAIMED);
  });
});
