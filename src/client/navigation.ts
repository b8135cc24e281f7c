import { MAIN_ID } from '../shared/html.ts';
import { idOfHash, normalizePath } from '../shared/route-match.ts';
import { showCrash } from './failures.ts';
import { isInternalPage, isSamePage } from './links.ts';

/**
 * Soft navigation (SPEC §2 "Route behaviour"): internal links load the next page's HTML and swap it in
 * without a full reload; history and scroll positions are kept; a failing load falls back to a real one.
 */

interface HistoryState {
  quire: true;
  scrollY: number;
}

export interface NavigationHooks {
  /** Re-runs the page behaviours on the new content. */
  onSwap(): void;
  /** Before the old content goes (close menus). */
  beforeSwap(): void;
}

/** The code that shows the next page (page-swap.ts): loaded when a navigation comes near, kept after. */
let swapper: Promise<typeof import('./page-swap.ts')> | undefined;

function loadSwapper(): Promise<typeof import('./page-swap.ts')> {
  swapper ??= import('./page-swap.ts');
  swapper.catch(() => (swapper = undefined));
  return swapper;
}
let baseUrl = '/';
let hooks: NavigationHooks;
let current = 0;
/** Set when the page must be left for real: every later navigation loads its document anew. */
let fullLoads = false;

/**
 * From now on links and Back/Forward load pages for real instead of swapping them in: consent withdrawn while
 * the tag manager runs in this document, which only a new document is rid of.
 */
export function requireFullLoads(): void {
  fullLoads = true;
}

export function setupNavigation(base: string, navigationHooks: NavigationHooks): void {
  baseUrl = base;
  hooks = navigationHooks;
  restoreScroll((history.state as Partial<HistoryState> | null)?.scrollY);
  history.replaceState({ ...(history.state as object), quire: true, scrollY: window.scrollY } satisfies HistoryState, '');
  // Remember where the reader was, so back/forward returns there.
  let saving: ReturnType<typeof setTimeout> | undefined;
  const save = () => history.replaceState({ ...(history.state as object), quire: true, scrollY: window.scrollY }, '');
  window.addEventListener(
    'scroll',
    () => {
      clearTimeout(saving);
      saving = setTimeout(save, 100);
    },
    { passive: true },
  );
  // Leaving the document (a reload, a link loaded for real) within those 100 ms keeps the last position too.
  window.addEventListener('pagehide', () => {
    clearTimeout(saving);
    save();
  });
  document.addEventListener('click', onClick);
  // A pointer on a link, a touch or the keyboard on one: the code that swaps pages in loads before the click.
  const warm = (e: Event) => {
    const a = (e.target as Element | null)?.closest?.('a');
    if (a && isInternalPage(a, baseUrl)) void loadSwapper().catch(() => undefined);
  };
  for (const type of ['pointerover', 'touchstart', 'focusin'] as const) document.addEventListener(type, warm, { passive: true });
  window.addEventListener('popstate', (e) => {
    const state = e.state as HistoryState | null;
    const url = new URL(location.href);
    if (fullLoads && loadedPath !== normalizePath(url.pathname) + url.search) {
      location.reload();
      return;
    }
    if (loadedPath === normalizePath(url.pathname) + url.search) {
      // Only the hash changed.
      scrollToTarget(url.hash, state?.scrollY);
      return;
    }
    void navigate(url, { push: false, scrollY: state?.scrollY });
  });
}

let loadedPath = normalizePath(location.pathname) + location.search;

/**
 * Scroll positions are this script's to restore (soft navigations swap the page under the browser), so the
 * browser restores none, not even on a reload or on Back to this page from another document: there the
 * position saved in the history entry is restored here, or the section the address names when none was
 * saved. Once now, and once more when images have loaded if the page was too short then (and the reader has
 * not scrolled meanwhile).
 */
function restoreScroll(saved: number | undefined): void {
  history.scrollRestoration = 'manual';
  if (window.scrollY !== 0) return;
  // No position saved (an entry made before this script ran): at the section the address names, if any.
  if (typeof saved !== 'number') {
    if (location.hash.length > 1) scrollToTarget(location.hash);
    return;
  }
  if (saved <= 0) return;
  window.scrollTo(0, saved);
  const reached = window.scrollY;
  if (reached < saved && document.readyState !== 'complete') {
    window.addEventListener('load', () => window.scrollY === reached && window.scrollTo(0, saved), { once: true });
  }
}

function onClick(e: MouseEvent): void {
  if (fullLoads || e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
  const a = (e.target as Element | null)?.closest?.('a');
  if (!a || !isInternalPage(a, baseUrl)) return;
  const url = new URL(a.href);
  // A link within the page (skip link, table of contents, heading anchors) is the browser's: besides
  // scrolling, it moves the keyboard focus to the target, so the next Tab continues from there.
  if (isSamePage(url)) return;
  e.preventDefault();
  void navigate(url, { push: true });
}

/** Loads `url` and shows it; a page that cannot be loaded or swapped in (or the code that does it) loads for real. */
export async function navigate(url: URL, { push, scrollY }: { push: boolean; scrollY?: number }): Promise<void> {
  const id = ++current;
  let page: typeof import('./page-swap.ts');
  let html: string;
  try {
    page = await loadSwapper();
  } catch {
    if (id === current) location.assign(url.href);
    return;
  }
  page.progress.start();
  try {
    html = await page.fetchPage(url);
  } catch {
    page.progress.done();
    if (id === current) location.assign(url.href);
    return;
  }
  if (id !== current) return; // a newer navigation won
  try {
    if (push) {
      history.replaceState({ ...(history.state as object), quire: true, scrollY: window.scrollY }, '');
      history.pushState({ quire: true, scrollY: 0 } satisfies HistoryState, '', url);
    }
    page.swap(html, hooks);
    loadedPath = normalizePath(url.pathname) + url.search;
    page.progress.done();
    scrollToTarget(url.hash, scrollY);
    // The keyboard goes on from the section the address names, as after a full load, else from the content.
    focusFrom(url.hash.length > 1 ? document.getElementById(idOfHash(url.hash)) : null);
  } catch (error) {
    page.progress.done();
    showCrash(error, () => location.reload());
  }
}

/** Focuses the element (focusable from script only, if need be), or the page's main content, without scrolling. */
function focusFrom(target: HTMLElement | null): void {
  const element = target ?? document.getElementById(MAIN_ID);
  if (!element) return;
  if (element.tabIndex < 0 && !element.hasAttribute('tabindex')) element.setAttribute('tabindex', '-1');
  element.focus({ preventScroll: true });
}

/** After a route change: the hash target, or the top; a restored position on back/forward. */
export function scrollToTarget(hash: string, scrollY?: number): void {
  if (scrollY !== undefined) {
    window.scrollTo(0, scrollY);
    return;
  }
  if (hash.length > 1) {
    const target = document.getElementById(idOfHash(hash));
    if (target) {
      target.scrollIntoView();
      return;
    }
  }
  window.scrollTo(0, 0);
}
