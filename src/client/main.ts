import { showPromoBanner } from './banner.ts';
import {
  followSystemColorScheme,
  isMobileMenuOpen,
  setMobileMenu,
  setupAnnouncement,
  setupColorMode,
  setupCurrency,
  setupDropdowns,
  setupHideOnScroll,
  setupMobileMenu,
  setupMobileMenuKeys,
} from './chrome.ts';
import { readConfig, readMessages, type ClientConfig } from './config.ts';
import { applyHeader, startHeaderScript } from './header.ts';
import { setupIslands } from './islands.ts';
import { setupNavigation } from './navigation.ts';
import { setupPrefetch } from './prefetch.ts';

/**
 * Entry of the browser bundle. Plain TypeScript, no React: React islands load on demand.
 * `enhancePage` runs on every page shown (first load and each soft navigation); the rest runs once.
 */
let config: ClientConfig | undefined;

function enhancePage(): void {
  config = readConfig();
  if (!config) return;
  setupAnnouncement(config);
  setupMobileMenu();
  setupCurrency();
  setupDropdowns();
  setupColorMode(config);
  setupIslands(config.islands);
  setupPrefetch(config.baseUrl);
  showPromoBanner(config.promotions.banner, config.locale, config.baseUrl, readMessages()['promoBanner.close'] ?? 'Close');
  if (/Mac|iPhone|iPad/.test(navigator.platform)) {
    document.querySelectorAll('[data-modifier-key]').forEach((k) => (k.textContent = '⌘'));
  }
}

function start(): void {
  enhancePage();
  if (!config) return;
  setupMobileMenuKeys();
  setupHideOnScroll();
  followSystemColorScheme(() => config);
  startHeaderScript(() => config);
  setupNavigation(config.baseUrl, {
    beforeSwap: () => {
      if (isMobileMenuOpen()) setMobileMenu(false, false);
    },
    onSwap: () => {
      enhancePage();
      if (config) applyHeader(config);
    },
  });
}

start();
