import { isBannerVisible } from '../shared/rules.ts';
import { storage } from './config.ts';

export interface BannerConfig {
  start: string;
  end: string;
  locales: string[];
  content: string;
  href?: string;
}

const DISMISS_KEY = 'quire.promoBanner.dismissed';

/**
 * The promotional banner (SPEC §4): shown on the configured locales inside its window, or with ?preview=1
 * before the end, decided now from the visitor's clock. Its text is plain text from the config.
 */
export function showPromoBanner(banner: BannerConfig | undefined, locale: string, baseUrl: string, closeLabel: string): void {
  document.querySelector('.promo-banner')?.remove();
  if (!banner || !isBannerVisible(banner, locale, new Date(), location.search)) return;
  if (storage.get(DISMISS_KEY) === banner.end) return;
  const bar = document.createElement('div');
  bar.className = 'promo-banner';
  bar.setAttribute('role', 'region');
  bar.setAttribute('aria-label', banner.content);
  const text = document.createElement(banner.href ? 'a' : 'span');
  text.textContent = banner.content;
  if (text instanceof HTMLAnchorElement && banner.href)
    text.href = /^https?:/.test(banner.href) ? banner.href : baseUrl + banner.href.replace(/^\//, '');
  const close = document.createElement('button');
  close.type = 'button';
  close.className = 'promo-banner__close';
  close.setAttribute('aria-label', closeLabel);
  close.textContent = '×';
  close.addEventListener('click', () => {
    storage.set(DISMISS_KEY, banner.end);
    bar.remove();
  });
  bar.append(text, close);
  document.body.prepend(bar);
}
