import { mayPrefetch } from '../shared/rules.ts';
import { isInternalPage } from './links.ts';

interface NetworkInformation {
  saveData?: boolean;
  effectiveType?: string;
}

const done = new Set<string>();

/** Prefetches one page once: `<link rel="prefetch">` where supported, else a low-priority fetch. */
export function prefetch(url: string): void {
  const key = url.split('#')[0];
  if (done.has(key) || !mayPrefetch((navigator as Navigator & { connection?: NetworkInformation }).connection)) return;
  done.add(key);
  const link = document.createElement('link');
  if (link.relList?.supports?.('prefetch')) {
    link.rel = 'prefetch';
    link.href = key;
    document.head.append(link);
  } else {
    fetch(key, { credentials: 'same-origin' }).catch(() => undefined);
  }
}

let observer: IntersectionObserver | undefined;
/** Links of the page still to be watched, and links that came into view, still to be prefetched. */
const unwatched: HTMLAnchorElement[] = [];
const visible: HTMLAnchorElement[] = [];

/** Links are prefetched on hover, on touch, and once they are visible (SPEC §2). */
export function setupPrefetch(baseUrl: string): void {
  const consider = (target: EventTarget | null) => {
    const a = (target as Element | null)?.closest?.('a');
    if (a && isInternalPage(a, baseUrl)) prefetch(a.href);
  };
  if (!observer) {
    document.addEventListener('mouseover', (e) => consider(e.target), { passive: true });
    document.addEventListener('touchstart', (e) => consider(e.target), { passive: true });
    if (typeof IntersectionObserver !== 'undefined') {
      observer = new IntersectionObserver((entries) => {
        for (const entry of entries) {
          if (!entry.isIntersecting) continue;
          observer!.unobserve(entry.target);
          visible.push(entry.target as HTMLAnchorElement);
        }
        inIdleSlices(visible, 4, consider);
      });
    }
  }
  // Every link of the page, navbar and footer included (a hidden one, in the closed mobile menu, is not
  // visible until the menu opens). After a soft navigation the links of the page before are let go.
  // Watched and prefetched in idle time, in slices: on a slow phone the first check of a few hundred links,
  // and the start of a dozen requests, were each a long task, and the pages they lead to are not needed
  // before this one is shown and answers.
  observer?.disconnect();
  visible.length = 0;
  unwatched.splice(0, unwatched.length, ...document.querySelectorAll<HTMLAnchorElement>('a[href]'));
  inIdleSlices(unwatched, 50, (a) => {
    if (isInternalPage(a, baseUrl)) observer?.observe(a);
  });
}

const draining = new Set<unknown[]>();

/**
 * Takes the items off the front of `queue`, `size` at a time, and runs `each` on them in the browser's idle time,
 * each slice a short task of its own. Items added meanwhile join the same run.
 */
function inIdleSlices<T>(queue: T[], size: number, each: (item: T) => void): void {
  if (draining.has(queue)) return;
  draining.add(queue);
  const slice = () => {
    for (const item of queue.splice(0, size)) each(item);
    if (queue.length > 0) whenIdle(slice);
    else draining.delete(queue);
  };
  whenIdle(slice);
}

/** requestIdleCallback where there is one (Safari has none), a timeout after the load otherwise. */
function whenIdle(run: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(run, { timeout: 2000 });
  else setTimeout(run, 200);
}
