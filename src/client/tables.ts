/**
 * Tables that are wider than their box (`.table-scroll`, see the compiler's tables plugin) scroll
 * sideways. While a box scrolls, it is a named region the keyboard can reach (Tab, then the arrow keys);
 * a box that fits stays a plain box, so it is no Tab stop.
 */
export function markScrollable(box: HTMLElement, label: string): void {
  const scrolls = box.scrollWidth > box.clientWidth + 1;
  if (scrolls === box.hasAttribute('tabindex')) return;
  if (scrolls) {
    box.setAttribute('tabindex', '0');
    box.setAttribute('role', 'region');
    box.setAttribute('aria-label', box.querySelector('caption')?.textContent?.trim() || label);
  } else {
    for (const name of ['tabindex', 'role', 'aria-label']) box.removeAttribute(name);
  }
}

let observer: ResizeObserver | undefined;

/**
 * Per page: watches each table box's own size, so a box is checked whenever it can change from fitting
 * to scrolling: on the first layout, when the window resizes, and when a tab or `<details>` around it
 * opens (a hidden box measures nothing).
 */
export function watchTables(label: string): void {
  observer?.disconnect();
  observer = new ResizeObserver((entries) => {
    for (const entry of entries) markScrollable(entry.target as HTMLElement, label);
  });
  for (const box of document.querySelectorAll<HTMLElement>('.table-scroll')) observer.observe(box);
}
