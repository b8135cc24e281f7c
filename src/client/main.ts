import { showPromoBanner } from './banner.ts';
import { checkBrowser } from './browser-check.ts';
import {
  followSystemColorScheme,
  closeMobileMenu,
  setupAnnouncement,
  setupColorMode,
  setupCurrency,
  setupDropdowns,
  setupHideOnScroll,
  setupMobileMenu,
} from './chrome.ts';
import type { CopyLabels } from './code-copy.ts';
import { enhanceConsent, setupConsent } from './consent.ts';
import { readConfig, readMessages, storage, type ClientConfig } from './config.ts';
import { applyHeader, startHeaderScript } from './header.ts';
import { setupIslands } from './islands.ts';
import { setupNavigation } from './navigation.ts';
import { setupPrefetch } from './prefetch.ts';
import { setupLazySidebar, type SidebarLabels } from './sidebar.ts';
import { setupSearch } from './search.ts';
import { watchTables } from './tables.ts';
import type { ReadingHelpers } from './reading.ts';
import { atPageEnd, onScroll } from './scroll.ts';
import { idOfHash } from '../shared/route-match.ts';
import { MAIN_ID } from '../shared/html.ts';

/**
 * Entry of the browser bundle. Plain TypeScript, no React: React islands load on demand.
 * `enhancePage` runs on every page shown (first load and each soft navigation); the rest runs once.
 */
let config: ClientConfig | undefined;
let copyLabels: CopyLabels = { copy: 'Copy code', copied: 'Copied' };
let sidebarLabels: SidebarLabels = { toggle: (label) => label, newTab: ' (opens in a new tab)' };

/**
 * A module only some pages need: imported on the first page shown that has its elements, then run on every
 * page shown after it (so it can let go of the page before). Where it cannot be loaded, the page stays as
 * the server made it (the content is there, only the enhancement is missing) and the next page tries again.
 */
function forPagesWith<M>(selector: string, load: () => Promise<M>): (run: (m: M) => void) => void {
  let module: Promise<M> | undefined;
  return (run) => {
    if (!module && !document.querySelector(selector)) return;
    module ??= load();
    module.then(run, (error: unknown) => {
      module = undefined;
      console.error(error);
    });
  };
}

const codeBlocks = forPagesWith('figure.code-block', () => import('./code-copy.ts'));
// Grouped sets and sets with a query string (tabs.ts's TAB_SETS).
const tabSets = forPagesWith('.tabs[data-tab-group], .tabs[data-query-string]', () => import('./tabs.ts'));
const readingAids = forPagesWith('.toc--desktop, [data-back-to-top]', () => import('./reading.ts'));
const readingHelpers: ReadingHelpers = { onScroll, atPageEnd, idOfHash, main: () => document.getElementById(MAIN_ID) };

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
  sidebarLabels = {
    toggle: (label) => (messages['docs.toggleCategory'] ?? '{label}').replace('{label}', label),
    newTab: messages['link.newTab'] ?? sidebarLabels.newTab,
  };
  copyLabels = { copy: messages['code.copy'] ?? copyLabels.copy, copied: messages['code.copied'] ?? copyLabels.copied };
  codeBlocks((m) => m.addCopyButtons(() => copyLabels));
  const tableLabel = messages['table.scrollLabel'] ?? 'Table';
  // In the page's script, not loaded after it: a table box that scrolls must be a keyboard stop from the start.
  watchTables(tableLabel);
  tabSets((m) => m.enhanceTabs(storage));
  readingAids((m) => m.enhanceReading(readingHelpers));
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
  setupLazySidebar(() => sidebarLabels);
  const search = setupSearch(() => config); // before setupNavigation: it claims the search page's own Back/Forward first
  setupHideOnScroll();
  followSystemColorScheme(() => config);
  startHeaderScript(() => config);
  setupNavigation(config.baseUrl, {
    beforeSwap: closeMobileMenu,
    onSwap: () => {
      search.afterSwap();
      enhancePage();
      enhanceConsent();
      if (config) applyHeader(config);
    },
  });
}

start();
