/**
 * Tables that are wider than their box (`.table-scroll`, see the compiler's tables plugin) scroll
 * sideways. While a box scrolls, it is a named region the keyboard can reach (Tab, then the arrow keys);
 * a box that fits stays a plain box, so it is no Tab stop. Checked per page and when the window resizes.
 */
export function markScrollableTables(label: string): void {
  for (const box of document.querySelectorAll<HTMLElement>('.table-scroll')) {
    const scrolls = box.scrollWidth > box.clientWidth + 1;
    if (scrolls === box.hasAttribute('tabindex')) continue;
    if (scrolls) {
      box.setAttribute('tabindex', '0');
      box.setAttribute('role', 'region');
      box.setAttribute('aria-label', box.querySelector('caption')?.textContent?.trim() || label);
    } else {
      for (const name of ['tabindex', 'role', 'aria-label']) box.removeAttribute(name);
    }
  }
}

let watching = false;

/** Once: re-checks the page's tables after the window changed its size (one check per frame at most). */
export function watchTableWidths(getLabel: () => string): void {
  if (watching) return;
  watching = true;
  let queued = false;
  window.addEventListener('resize', () => {
    if (queued) return;
    queued = true;
    requestAnimationFrame(() => {
      queued = false;
      markScrollableTables(getLabel());
    });
  });
}
