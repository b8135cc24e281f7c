import type { NavigationHooks } from './navigation.ts';
import { createProgressBar } from './progress.ts';

/**
 * The part of soft navigation that runs only once a visitor follows a link (navigation.ts loads it when a
 * pointer, a touch or the focus comes to one): loading the next page with a progress bar for slow loads, and
 * swapping it in. It imports nothing the page's script has, so it shares no chunk with it.
 */
export const progress = createProgressBar();

/** The next page's HTML; rejects when it must be loaded for real instead (a failure, or not a page). */
export async function fetchPage(url: URL): Promise<string> {
  const response = await fetch(url.pathname + url.search, { credentials: 'same-origin', headers: { accept: 'text/html' } });
  // A missing page answers with the not-found page; any other failure loads the address for real.
  if (!response.ok && response.status !== 404) throw new Error(`HTTP ${response.status}`);
  if (!(response.headers.get('content-type') ?? '').includes('text/html')) throw new Error('not a page');
  return response.text();
}

/** Replaces title, the page's head tags and the body with those of the next document. */
export function swap(html: string, hooks: NavigationHooks): void {
  const next = new DOMParser().parseFromString(html, 'text/html');
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
