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
/** Counts the pages shown: a banner whose code arrives after the visitor moved on is not drawn on the next page. */
let shown = 0;

/**
 * The promotional banner (SPEC §4): shown on the configured locales inside its window, or with ?preview=1
 * before the end, decided now from the visitor's clock, until closed for this promotion. The code that draws
 * it (banner-view.ts) loads only where it shows.
 */
export function showPromoBanner(banner: BannerConfig | undefined, locale: string, baseUrl: string, closeLabel: string): void {
  const page = ++shown;
  document.querySelector('.promo-banner')?.remove();
  if (!banner || !isBannerVisible(banner, locale, new Date(), location.search)) return;
  if (storage.get(DISMISS_KEY) === banner.end) return;
  import('./banner-view.ts')
    .then((m) => page === shown && m.drawPromoBanner(banner, baseUrl, closeLabel, () => storage.set(DISMISS_KEY, banner.end)))
    .catch((error: unknown) => console.error(error));
}
