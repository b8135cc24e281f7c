import { splice } from 'micromark-util-chunked';
import { EditMap } from 'micromark-util-edit-map';
import type { Event } from 'micromark-util-types';

/**
 * Linear time for long pages with many lists (micromark 4.0.3, micromark-util-edit-map 1.0.0).
 *
 * micromark applies its edits to a document's event list with `EditMap.consume`, which rebuilds the whole
 * list from slices, and it does so for every line after which a list or quote ends ("lazy" lines, in
 * micromark's document tokenizer). Each of those edits is a few events near the end of the list, so each
 * rebuild costs the size of the document so far, and a page grew quadratic in its lists: a 175 kB page of
 * 4,000 short lists took 10.8 s to parse, against 1.2 s with this; a writer's 500 kB page of paragraphs and
 * lists took minutes.
 *
 * Here, edits that only touch the end of the list are spliced in place, from the last to the first (so the
 * earlier indices stay valid): the cost is the events behind each edit. Edits spread over the whole list
 * (which the slicing is for) take micromark's own way. The resulting events are the same; the compile tests
 * compare both ways on documents that exercise them (`test/unit/micromark-edits.test.ts`).
 */
const original = EditMap.prototype.consume;

/** What is left to do when nothing needs micromark's own way: `consume` with splices. */
function consumeBySplicing(this: EditMap, events: Event[]): undefined {
  const map = this.map;
  if (map.length === 0) return original.call(this, events);
  map.sort((a, b) => a[0] - b[0]);
  // Events moved by splicing, all edits together; rebuilding moves every event once.
  let moved = 0;
  for (const [at] of map) moved += events.length - at;
  if (moved > events.length) return original.call(this, events);
  for (let i = map.length - 1; i >= 0; i--) {
    const [at, remove, add] = map[i];
    // As in the slicing: an edit removes nothing beyond where the next one starts.
    const upTo = i + 1 < map.length ? map[i + 1][0] : events.length;
    splice(events, at, Math.min(remove, upTo - at), add);
  }
  map.length = 0;
  this.index.clear();
  return undefined;
}

let installed = false;

/** Installs the splicing `consume` (once; every parser of the thread shares micromark's EditMap). */
export function installLinearEdits(): void {
  if (installed) return;
  installed = true;
  EditMap.prototype.consume = consumeBySplicing;
}

/** micromark's own `consume`, for the tests that compare both. */
export function withOriginalEdits<T>(run: () => T): T {
  const current = EditMap.prototype.consume;
  EditMap.prototype.consume = original;
  try {
    return run();
  } finally {
    EditMap.prototype.consume = current;
  }
}
