import { MAIN_ID } from '../shared/html.ts';
import { idOfHash, normalizePath } from '../shared/route-match.ts';
import { showCrash } from './failures.ts';
import { isInternalPage, isSamePage } from './links.ts';
import { ProgressBar } from './progress.ts';

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

const progress = new ProgressBar();
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

/** Loads `url` and shows it. */
export async function navigate(url: URL, { push, scrollY }: { push: boolean; scrollY?: number }): Promise<void> {
  const id = ++current;
  progress.start();
  let response: Response;
  let html: string;
  try {
    response = await fetch(url.pathname + url.search, { credentials: 'same-origin', headers: { accept: 'text/html' } });
    // A missing page answers with the not-found page; any other failure loads the address for real.
    if (!response.ok && response.status !== 404) throw new Error(`HTTP ${response.status}`);
    if (!(response.headers.get('content-type') ?? '').includes('text/html')) throw new Error('not a page');
    html = await response.text();
  } catch {
    progress.done();
    if (id === current) location.assign(url.href);
    return;
  }
  if (id !== current) return; // a newer navigation won
  try {
    if (push) {
      history.replaceState({ ...(history.state as object), quire: true, scrollY: window.scrollY }, '');
      history.pushState({ quire: true, scrollY: 0 } satisfies HistoryState, '', url);
    }
    swap(new DOMParser().parseFromString(html, 'text/html'));
    loadedPath = normalizePath(url.pathname) + url.search;
    progress.done();
    scrollToTarget(url.hash, scrollY);
    // The keyboard goes on from the section the address names, as after a full load, else from the content.
    focusFrom(url.hash.length > 1 ? document.getElementById(idOfHash(url.hash)) : null);
  } catch (error) {
    progress.done();
    showCrash(error, () => location.reload());
  }
}

/** Replaces title, the page's head tags and the body with those of the next document. */
function swap(next: Document): void {
  hooks.beforeSwap();
  document.title = next.title;
  const managed = 'meta[name]:not([name="viewport"]), meta[property], link[rel="canonical"], link[rel="alternate"]';
  document.head.querySelectorAll(managed).forEach((el) => el.remove());
  const anchor = document.head.querySelector('link[rel="stylesheet"]');
  next.head.querySelectorAll(managed).forEach((el) => document.head.insertBefore(document.importNode(el, true), anchor));
  for (const attr of ['lang', 'dir', 'data-route-kind']) {
    const value = next.documentElement.getAttribute(attr);
    if (value !== null) document.documentElement.setAttribute(attr, value);
  }
  document.body.replaceChildren(...[...next.body.childNodes].map((n) => document.importNode(n, true)));
  hooks.onSwap();
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
