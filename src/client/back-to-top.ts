import type { ReadingHelpers } from './reading.ts';

const THRESHOLD = 300;
const SHOWN = 'back-to-top--shown';

/**
 * The docs pages' "back to top" button (the theme renders it hidden): shown while the visitor scrolls up more
 * than THRESHOLD px down the page and not at its very end, hidden when scrolling down or near the top, as in
 * the seed site. A click scrolls to the top (at once with reduced motion) and puts the focus on the main
 * content, as the button itself disappears there.
 */
export function setupBackToTop({ onScroll, atPageEnd, main }: ReadingHelpers): void {
  onScroll((y, last) => {
    document.querySelector('[data-back-to-top]')?.classList.toggle(SHOWN, y >= THRESHOLD && y < last && !atPageEnd(y));
  });
  document.addEventListener('click', (event) => {
    const button = (event.target as Element | null)?.closest?.<HTMLElement>('[data-back-to-top]');
    if (!button) return;
    const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    window.scrollTo({ top: 0, behavior: reduced ? 'auto' : 'smooth' });
    button.classList.remove(SHOWN);
    main()?.focus({ preventScroll: true });
  });
}
