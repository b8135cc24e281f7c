import { decideHeader, hasSessionCookie, isSubscriber, parseUserInfo } from '../shared/rules.ts';
import { storage, type ClientConfig } from './config.ts';

/**
 * The own header script (SPEC §4, §6): profile link, Pro tag, Premium tag and price elements follow the
 * session cookie, the stored subscription and the page. It starts 1,200 ms after load and then checks every
 * 1,000 ms whether the address changed; soft navigation also applies it right after each swap.
 */
export function applyHeader(config: ClientConfig): void {
  const decision = decideHeader({
    pathname: location.pathname,
    baseUrl: config.baseUrl,
    hasToken: hasSessionCookie(document.cookie, config.product),
    subscriber: isSubscriber(parseUserInfo(storage.get(config.header.userInfoKey))),
    width: window.innerWidth,
    mobileBreakpoint: config.header.mobileBreakpoint,
    signInUrl: config.header.signInUrl,
  });
  document.querySelectorAll<HTMLAnchorElement>('[data-profile-link]').forEach((a) => (a.href = decision.profileHref));
  document.querySelectorAll<HTMLElement>('[data-pro-tag]').forEach((el) => (el.hidden = !decision.showProTag));
  document.querySelectorAll<HTMLElement>('[data-premium-tag]').forEach((el) => (el.hidden = !decision.showPremiumTag));
  document.querySelectorAll<HTMLElement>('.price-link').forEach((el) => {
    const item = el.closest<HTMLElement>('.navbar__item') ?? el;
    item.hidden = !decision.showPrice;
  });
}

let started = false;

export function startHeaderScript(getConfig: () => ClientConfig | undefined): void {
  if (started) return;
  started = true;
  setTimeout(() => {
    let last = '';
    const tick = () => {
      const config = getConfig();
      if (config && location.href !== last) {
        last = location.href;
        applyHeader(config);
      }
    };
    tick();
    setInterval(tick, getConfig()?.header.pollMs ?? 1000);
    window.addEventListener('resize', () => {
      const config = getConfig();
      if (config) applyHeader(config);
    });
  }, getConfig()?.header.startDelayMs ?? 1200);
}
