import { setupBackToTop } from './back-to-top.ts';
import { showPromoBanner } from './banner.ts';
import { checkBrowser } from './browser-check.ts';
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
import { addCopyButtons, setupCodeCopy, type CopyLabels } from './code-copy.ts';
import { enhanceConsent, setupConsent } from './consent.ts';
import { readConfig, readMessages, type ClientConfig } from './config.ts';
import { applyHeader, startHeaderScript } from './header.ts';
import { setupIslands } from './islands.ts';
import { setupNavigation } from './navigation.ts';
import { setupPrefetch } from './prefetch.ts';
import { setupTocHighlight } from './toc.ts';
import { setupLazySidebar } from './sidebar.ts';
import { setupSearch } from './search.ts';
import { restoreTabs, setupTabGroups } from './tabs.ts';
import { watchTables } from './tables.ts';

/**
 * Entry of the browser bundle. Plain TypeScript, no React: React islands load on demand.
 * `enhancePage` runs on every page shown (first load and each soft navigation); the rest runs once.
 */
let config: ClientConfig | undefined;
let copyLabels: CopyLabels = { copy: 'Copy code', copied: 'Copied' };

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
  const messages = readMessages();
  showPromoBanner(config.promotions.banner, config.locale, config.baseUrl, messages['promoBanner.close'] ?? 'Close');
  checkBrowser(config.promotions.minChromeVersion, messages['browser.outdated'] ?? 'Please update your browser.');
  setupLazySidebar({
    toggle: (label) => (messages['docs.toggleCategory'] ?? '{label}').replace('{label}', label),
    newTab: messages['link.newTab'] ?? ' (opens in a new tab)',
  });
  copyLabels = { copy: messages['code.copy'] ?? copyLabels.copy, copied: messages['code.copied'] ?? copyLabels.copied };
  addCopyButtons(copyLabels);
  watchTables(messages['table.scrollLabel'] ?? 'Table');
  restoreTabs();
  setupTocHighlight();
  // The cancellation form's script loads only on its page; should it fail to load, the form still posts itself.
  const cancelForm = document.querySelector<HTMLFormElement>('[data-cancel-form]');
  if (cancelForm) import('./cancellation.ts').then((m) => m.setupCancellation(cancelForm)).catch(() => undefined);
  if (/Mac|iPhone|iPad/.test(navigator.platform)) showAppleShortcuts();
}

/**
 * Apple keyboards print ⌘ where others print Ctrl (Strg), and search opens with it: the key hint, the search
 * button's tooltip and its aria-keyshortcuts say so. Safe to run again on a page it has changed.
 */
function showAppleShortcuts(): void {
  document.querySelectorAll<HTMLElement>('[data-modifier-key]').forEach((key) => {
    const control = key.textContent ?? '';
    key.textContent = '⌘';
    const button = key.closest<HTMLElement>('[data-search-open]');
    if (!button) return;
    if (control) button.title = button.title.replace(control, '⌘');
    button.setAttribute('aria-keyshortcuts', (button.getAttribute('aria-keyshortcuts') ?? '').replace('Control+', 'Meta+'));
  });
}

function start(): void {
  enhancePage();
  if (!config) return;
  setupConsent(config);
  setupMobileMenuKeys();
  setupCodeCopy(() => copyLabels);
  setupTabGroups();
  const search = setupSearch(() => config); // before setupNavigation: it claims the search page's own Back/Forward first
  setupHideOnScroll();
  setupBackToTop();
  followSystemColorScheme(() => config);
  startHeaderScript(() => config);
  setupNavigation(config.baseUrl, {
    beforeSwap: () => {
      if (isMobileMenuOpen()) setMobileMenu(false, false);
    },
    onSwap: () => {
      search.afterSwap();
      enhancePage();
      enhanceConsent();
      if (config) applyHeader(config);
    },
  });
}

start();
