/** A region's name: `label` alone, or (with `labelledBy`) the elements it names, the box itself among them. */
export interface TableName {
  label: string;
  labelledBy?: string;
}

/**
 * Tables that are wider than their box (`.table-scroll`, see the compiler's tables plugin) scroll
 * sideways. While a box scrolls, it is a named region the keyboard can reach (Tab, then the arrow keys);
 * a box that fits stays a plain box, so it is no Tab stop.
 */
export function markScrollable(box: HTMLElement, name: TableName): void {
  const scrolls = box.scrollWidth > box.clientWidth + 1;
  if (scrolls === box.hasAttribute('tabindex')) return;
  if (scrolls) {
    box.setAttribute('tabindex', '0');
    box.setAttribute('role', 'region');
    box.setAttribute('aria-label', name.label);
    if (name.labelledBy) box.setAttribute('aria-labelledby', name.labelledBy);
  } else {
    for (const attribute of ['tabindex', 'role', 'aria-label', 'aria-labelledby']) box.removeAttribute(attribute);
  }
}

/**
 * Names for the page's table boxes, each its own (regions of one page must differ by name): a table's
 * caption; else the nearest heading before it followed by `label` ("3.3 Cookies Tabelle, seitlich
 * scrollbar", through aria-labelledby, so the heading's own text is used); else `label`. Boxes that would
 * still share a name (two tables under one heading) add their place on the page: "… (2)".
 */
export function nameTables(boxes: HTMLElement[], label: string): Map<HTMLElement, TableName> {
  const headings = [...document.querySelectorAll<HTMLElement>('main :is(h1, h2, h3, h4, h5, h6)[id]')];
  const sources = boxes.map((box) => {
    const caption = box.querySelector('caption')?.textContent?.trim();
    const heading = caption ? undefined : headingBefore(box, headings);
    return { caption, heading, key: caption ? `caption ${caption}` : `heading ${heading?.id ?? ''}` };
  });
  const uses = new Map<string, number>();
  for (const { key } of sources) uses.set(key, (uses.get(key) ?? 0) + 1);
  const names = new Map<HTMLElement, TableName>();
  boxes.forEach((box, i) => {
    const { caption, heading, key } = sources[i];
    const place = uses.get(key)! > 1 ? ` (${i + 1})` : '';
    if (caption) names.set(box, { label: caption + place });
    else if (heading) names.set(box, { label: label + place, labelledBy: `${heading.id} ${idOf(box, i)}` });
    else names.set(box, { label: label + place });
  });
  return names;
}

/** The last of `headings` (in document order) that comes before `box`. */
function headingBefore(box: HTMLElement, headings: HTMLElement[]): HTMLElement | undefined {
  let found: HTMLElement | undefined;
  for (const heading of headings) {
    if (!(heading.compareDocumentPosition(box) & Node.DOCUMENT_POSITION_FOLLOWING)) break;
    found = heading;
  }
  return found;
}

/** The box's id, given one from its place on the page if it has none (aria-labelledby names it). */
function idOf(box: HTMLElement, index: number): string {
  if (!box.id) box.id = `quire-table-${index + 1}`;
  return box.id;
}

let observer: ResizeObserver | undefined;

/**
 * Per page: watches each table box's own size, so a box is checked whenever it can change from fitting
 * to scrolling: on the first layout, when the window resizes, and when a tab or `<details>` around it
 * opens (a hidden box measures nothing).
 */
export function watchTables(label: string): void {
  observer?.disconnect();
  const boxes = [...document.querySelectorAll<HTMLElement>('.table-scroll')];
  const names = nameTables(boxes, label);
  observer = new ResizeObserver((entries) => {
    for (const entry of entries) {
      const box = entry.target as HTMLElement;
      const name = names.get(box);
      if (name) markScrollable(box, name);
    }
  });
  for (const box of boxes) observer.observe(box);
}
