import { describe, expect, it } from 'vitest';
import { decideHeader, hasSessionCookie, isBannerVisible, isSubscriber, mayPrefetch, parseUserInfo } from '../../src/shared/rules.ts';

const base = { baseUrl: '/de/', width: 1280, mobileBreakpoint: 997, signInUrl: 'https://app.bilingo.app/login' };

describe('rules', () => {
  it('rules: should treat only subscriptionStatus "active" as a subscriber', () => {
    expect(isSubscriber({ subscription: { subscriptionStatus: 'active' } })).toBe(true);
    expect(isSubscriber({ subscription: { subscriptionStatus: 'canceled' } })).toBe(false);
    expect(isSubscriber({ subscription: null })).toBe(false);
    expect(isSubscriber(null)).toBe(false);
    expect(parseUserInfo('{not json')).toBeNull();
    expect(parseUserInfo('"text"')).toBeNull();
    expect(isSubscriber(parseUserInfo('{"subscription":{"subscriptionStatus":"active"}}'))).toBe(true);
  });

  it('rules: should find the {product}_token cookie only with a value', () => {
    expect(hasSessionCookie('a=1; bilingo_token=abc; b=2', 'bilingo')).toBe(true);
    expect(hasSessionCookie('bilingo_token=', 'bilingo')).toBe(false);
    expect(hasSessionCookie('xbilingo_token=abc', 'bilingo')).toBe(false);
    expect(hasSessionCookie('', 'bilingo')).toBe(false);
  });

  it('rules: should point the profile link to /profile/ with the cookie, else to sign-in', () => {
    expect(decideHeader({ ...base, pathname: '/de/', hasToken: true, subscriber: false }).profileHref).toBe('/profile/');
    expect(decideHeader({ ...base, pathname: '/de/', hasToken: false, subscriber: false }).profileHref).toBe(
      'https://app.bilingo.app/login',
    );
  });

  it('rules: should decide the four cookie/subscription cases on pricing and other pages', () => {
    const cases = [
      // [pathname, hasToken, subscriber] → [pro, premium, price]
      ['/de/docs/', false, false, true, false, true],
      ['/de/docs/', true, false, true, false, true],
      ['/de/docs/', true, true, false, true, false],
      ['/de/docs/', false, true, false, true, false],
      ['/de/pricing/', false, false, false, false, true],
      ['/de/pricing/index.html', true, false, false, false, true],
      ['/de/pricing/', true, true, false, true, false],
      ['/de/pricing/', false, true, false, true, false],
    ] as const;
    for (const [pathname, hasToken, subscriber, pro, premium, price] of cases) {
      expect(decideHeader({ ...base, pathname, hasToken, subscriber }), `${pathname} ${hasToken} ${subscriber}`).toMatchObject({
        showProTag: pro,
        showPremiumTag: premium,
        showPrice: price,
      });
    }
  });

  it('rules: should hide the pro tag below 997 px, and keep the prices for the mobile menu', () => {
    expect(decideHeader({ ...base, pathname: '/de/', hasToken: false, subscriber: false, width: 996 })).toMatchObject({
      showProTag: false,
      showPrice: true,
    });
    expect(decideHeader({ ...base, pathname: '/de/pricing/', hasToken: false, subscriber: false, width: 996 })).toMatchObject({
      showProTag: false,
      showPrice: true,
    });
    expect(decideHeader({ ...base, pathname: '/de/', hasToken: false, subscriber: false, width: 997 })).toMatchObject({
      showProTag: true,
      showPrice: true,
    });
  });

  it('rules: should show the banner on Chinese pages exactly inside its window', () => {
    const w = { start: '2025-05-06T16:00:00Z', end: '2025-06-30T16:00:00Z', locales: ['zh', 'zh-Hans', 'zh-TW'] };
    const at = (iso: string) => new Date(iso);
    expect(isBannerVisible(w, 'zh', at('2025-05-06T15:59:59.999Z'), '')).toBe(false);
    expect(isBannerVisible(w, 'zh', at('2025-05-06T16:00:00Z'), '')).toBe(true);
    expect(isBannerVisible(w, 'zh-TW', at('2025-06-30T15:59:59.999Z'), '')).toBe(true);
    expect(isBannerVisible(w, 'zh', at('2025-06-30T16:00:00Z'), '')).toBe(false);
    expect(isBannerVisible(w, 'de', at('2025-06-01T00:00:00Z'), '')).toBe(false);
  });

  it('rules: should show the banner with ?preview=1 anywhere until the end date', () => {
    const w = { start: '2025-05-06T16:00:00Z', end: '2025-06-30T16:00:00Z', locales: ['zh'] };
    expect(isBannerVisible(w, 'de', new Date('2025-01-01T00:00:00Z'), '?preview=1')).toBe(true);
    expect(isBannerVisible(w, 'de', new Date('2025-06-30T16:00:00Z'), '?preview=1')).toBe(false);
    expect(isBannerVisible(w, 'de', new Date('2025-06-01T00:00:00Z'), '?preview=0')).toBe(false);
  });

  it('rules: should not prefetch on 2g or with data saver', () => {
    expect(mayPrefetch(undefined)).toBe(true);
    expect(mayPrefetch({ effectiveType: '4g' })).toBe(true);
    expect(mayPrefetch({ effectiveType: 'slow-2g' })).toBe(false);
    expect(mayPrefetch({ effectiveType: '2g' })).toBe(false);
    expect(mayPrefetch({ saveData: true, effectiveType: '4g' })).toBe(false);
  });
});
