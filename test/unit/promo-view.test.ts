import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { PromoState } from '../../src/shared/promo.ts';
import de from '../../locales/de.json' with { type: 'json' };
import { MangaPromoView, PROMO_MESSAGE_IDS, type MangaPromoProps } from '../../themes/classic/islands/MangaPromo.tsx';

const messages: Record<string, string> = Object.fromEntries(PROMO_MESSAGE_IDS.map((id) => [id, (de as Record<string, string>)[id]]));
const props: MangaPromoProps = {
  start: '2025-05-06T16:00:00Z',
  end: '2025-06-30T16:00:00Z',
  claimUrl: 'https://api.example.test/claim',
  days: 3,
  extensionAttribute: 'data-bilingo-extension',
  minChromeVersion: 88,
  tokenCookie: 'bilingo_token',
  signInUrl: 'https://app.example.test/login',
  installUrl: '/de/download/',
  pricingUrl: '/de/pricing/',
  lang: 'de-DE',
  messages,
};
/** The end of three Pro days claimed on 1 June 2025 at noon UTC (its hour depends on the test machine's zone). */
const UNTIL = Date.parse('2025-06-04T12:00:00Z');
const view = (state: PromoState, handlers: { onClaim?: () => void; onReload?: () => void } = {}) =>
  renderToStaticMarkup(createElement(MangaPromoView, { props, state, ...handlers }));

describe('promo view', () => {
  it('promo view: should have German text for every message it shows', () => {
    for (const id of PROMO_MESSAGE_IDS) expect(messages[id], id).toBeTruthy();
  });

  it('promo view: should show each state with its text and action', () => {
    const cases: [PromoState, string[], string[]][] = [
      [{ status: 'loggedOut' }, ['Bitte melden Sie sich an', 'href="https://app.example.test/login"', 'Anmelden'], ['<button']],
      [
        { status: 'noExtension', reloadNeeded: false },
        ['Die Erweiterung ist nicht installiert', 'href="/de/download/"', 'nach der Installation neu'],
        ['<button'],
      ],
      [
        { status: 'noExtension', reloadNeeded: true },
        ['Erweiterung wurde erkannt', '<button', 'Seite neu laden', 'data-promo-step="reload"'],
        ['href='],
      ],
      [{ status: 'ready' }, ['Sie können jetzt 3 Tage Pro kostenlos einlösen.', 'Jetzt einlösen'], ['disabled']],
      [{ status: 'claiming' }, ['Wird eingelöst', 'disabled', 'aria-busy="true"'], ['Jetzt einlösen']],
      [{ status: 'claimed', until: UNTIL }, ['Erfolgreich eingelöst! Ihre 3 Tage Pro laufen bis zum 4. Juni 2025 um'], ['<button', '<a ']],
      [
        { status: 'claimedBefore', until: UNTIL, over: false },
        ['Bereits eingelöst: Ihre Pro-Tage laufen noch bis zum 4. Juni 2025 um'],
        ['<button', '<a ', 'beginnen jetzt'],
      ],
      [
        { status: 'claimedBefore', until: UNTIL, over: true },
        ['Bereits eingelöst: Ihre Pro-Tage sind am 4. Juni 2025 um', 'abgelaufen', 'href="/de/pricing/"'],
        ['<button'],
      ],
      [{ status: 'alreadyClaimed' }, ['nur für neue Nutzerinnen und Nutzer und nur einmal', 'href="/de/pricing/"'], ['<button']],
      [{ status: 'ended' }, ['Die Aktion ist beendet', 'beim nächsten Mal'], ['<button', '<a ']],
      [{ status: 'error' }, ['Das Einlösen hat nicht geklappt', 'Erneut versuchen'], ['<a ']],
      [{ status: 'outdatedBrowser' }, ['Chrome-Kernversion Ihres Browsers ist zu alt'], ['<button', '<a ']],
      [{ status: 'upcoming' }, ['Die Aktion beginnt am 6. Mai 2025'], ['<button', '<a ']],
    ];
    for (const [state, present, absent] of cases) {
      const html = view(state);
      expect(html, state.status).toContain(`data-promo-state="${state.status}"`);
      for (const text of present) expect(html, `${state.status}: ${text}`).toContain(text);
      for (const text of absent) expect(html, `${state.status} without ${text}`).not.toContain(text);
    }
  });

  it('promo view: should render the same markup with and without handlers, so hydration matches the server', () => {
    for (const state of [{ status: 'ready' }, { status: 'error' }, { status: 'noExtension', reloadNeeded: true }] as PromoState[]) {
      expect(view(state, { onClaim: () => {}, onReload: () => {} })).toBe(view(state));
    }
  });
});
