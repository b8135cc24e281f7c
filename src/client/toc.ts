import type { ReadingHelpers } from './reading.ts';

/**
 * The desktop table of contents marks the section being read: the last of its headings whose top has passed
 * the upper third of the window (none above the first). Checked once per frame while the page scrolls.
 */
let links: { link: HTMLAnchorElement; heading: HTMLElement }[] = [];
let active: HTMLAnchorElement | undefined;
let queued = false;
let started = false;

function update(): void {
  queued = false;
  const line = window.innerHeight / 3;
  let current: HTMLAnchorElement | undefined;
  for (const { link, heading } of links) {
    if (heading.getBoundingClientRect().top > line) break;
    current = link;
  }
  if (current === active) return;
  active?.classList.remove('toc__link--active');
  active?.removeAttribute('aria-current');
  current?.classList.add('toc__link--active');
  current?.setAttribute('aria-current', 'location');
  active = current;
}

/** Finds the page's table of contents (again after a soft navigation) and starts following the scroll once. */
export function setupTocHighlight({ onScroll, idOfHash }: ReadingHelpers): void {
  if (!started) {
    started = true;
    onScroll(() => {
      if (queued) return;
      queued = true;
      requestAnimationFrame(update);
    });
  }
  active = undefined;
  links = [];
  for (const link of document.querySelectorAll<HTMLAnchorElement>('.toc--desktop a.toc__link[href^="#"]')) {
    const heading = document.getElementById(idOfHash(link.hash));
    if (heading) links.push({ link, heading });
  }
  update();
}
