import { escapeRegExp } from './text.ts';
/**
 * Pure decisions of the browser runtime (SPEC §4, §6), shared so they can be unit-tested without a DOM.
 */

export interface UserInfo {
  subscription?: { subscriptionStatus?: string } | null;
}

/** SPEC §6: a subscriber has `subscription.subscriptionStatus === 'active'` in the locally stored user info. */
export function isSubscriber(userInfo: unknown): boolean {
  return (userInfo as UserInfo | null | undefined)?.subscription?.subscriptionStatus === 'active';
}

/** Parses the stored user info; anything unreadable counts as "no user info". */
export function parseUserInfo(raw: string | null): UserInfo | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    return value && typeof value === 'object' ? (value as UserInfo) : null;
  } catch {
    return null;
  }
}

/** True when a cookie string (`a=1; b=2`, as the browser exposes it) holds a cookie `name` with a value. */
export function hasCookie(cookies: string, name: string): boolean {
  return cookies.split(';').some((part) => {
    const [key, ...value] = part.trim().split('=');
    return key === name && value.join('=').length > 0;
  });
}

/** SPEC §6: the session cookie is `{product}_token`. */
export function hasSessionCookie(cookies: string, product: string): boolean {
  return hasCookie(cookies, `${product}_token`);
}

export interface HeaderInput {
  /** location.pathname */
  pathname: string;
  baseUrl: string;
  hasToken: boolean;
  subscriber: boolean;
  /** Viewport width in CSS pixels. */
  width: number;
  /** SPEC §9: the own script's breakpoint, 997 px. */
  mobileBreakpoint: number;
  signInUrl: string;
}

export interface HeaderDecision {
  profileHref: string;
  showProTag: boolean;
  showPremiumTag: boolean;
  showPrice: boolean;
}

/**
 * The own header script's rules (SPEC §4, §6): profile link target, Pro tag, Premium tag, price elements.
 * The pricing page is `<base>pricing/` with or without `index.html`.
 */
export function decideHeader(input: HeaderInput): HeaderDecision {
  const onPricing = new RegExp(`^${escapeRegExp(input.baseUrl)}pricing(/|/index\\.html|\\.html)?$`).test(input.pathname);
  const narrow = input.width < input.mobileBreakpoint;
  // SPEC §6 hides the pro tag on the pricing page and for subscribers; price elements follow the subscription
  // only (SPEC §4: browser and subscription state), so the pricing page keeps its own link, marked current.
  // On narrow screens the Pro badge has no room in the bar; the mobile menu keeps the link to the prices.
  const showPrice = !input.subscriber;
  return {
    profileHref: input.hasToken ? '/profile/' : input.signInUrl,
    showProTag: showPrice && !onPricing && !narrow,
    showPremiumTag: input.subscriber,
    showPrice,
  };
}

export interface BannerWindow {
  start: string;
  end: string;
  locales: string[];
}

/**
 * SPEC §4: the promotional banner shows on the configured (Chinese) locales inside its window,
 * or with `?preview=1` on any page before the window ends. Decided at view time from the real clock.
 */
export function isBannerVisible(banner: BannerWindow, locale: string, now: Date, search: string): boolean {
  const start = Date.parse(banner.start);
  const end = Date.parse(banner.end);
  const t = now.getTime();
  if (t >= end) return false;
  if (new URLSearchParams(search).get('preview') === '1') return true;
  return banner.locales.includes(locale) && t >= start;
}

/** SPEC §2: no prefetching on 2g connections or with data saver on. */
export function mayPrefetch(connection: { saveData?: boolean; effectiveType?: string } | undefined): boolean {
  if (!connection) return true;
  return !connection.saveData && !(connection.effectiveType ?? '').includes('2g');
}
