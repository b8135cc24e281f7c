/** What the page does as it scrolls: each handler gets the new and the previous scroll position. */
type ScrollHandler = (y: number, previous: number) => void;

const handlers: ScrollHandler[] = [];
let previous = 0;

/** Calls `handler` on every scroll, from one passive listener shared by all handlers. */
export function onScroll(handler: ScrollHandler): void {
  if (handlers.length === 0) {
    previous = window.scrollY;
    window.addEventListener(
      'scroll',
      () => {
        const y = window.scrollY;
        for (const h of handlers) h(y, previous);
        previous = y;
      },
      { passive: true },
    );
  }
  handlers.push(handler);
}

/** True when the bottom of the page is in view. */
export function atPageEnd(y: number, margin = 1): boolean {
  return y + window.innerHeight >= document.documentElement.scrollHeight - margin;
}
