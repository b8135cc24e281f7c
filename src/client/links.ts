import { normalizePath } from '../shared/route-match.ts';

/** A link the soft navigation may handle: same origin, under the base path, a page (not a file), same tab. */
export function isInternalPage(a: HTMLAnchorElement, baseUrl: string): boolean {
  if (!a.href || a.hasAttribute('download') || (a.target && a.target !== '_self') || a.dataset.noSoftNav !== undefined) return false;
  if (a.hasAttribute('target')) return false;
  const url = new URL(a.href, location.href);
  if (url.origin !== location.origin || !url.pathname.startsWith(baseUrl)) return false;
  const last = url.pathname.split('/').pop() ?? '';
  return !last.includes('.') || last.endsWith('.html');
}

/** Same page apart from the hash: only scroll. */
export function isSamePage(url: URL): boolean {
  return normalizePath(url.pathname) === normalizePath(location.pathname) && url.search === location.search;
}
