import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { EditMap } from 'micromark-util-edit-map';
import type { Event } from 'micromark-util-types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareMarkdown } from '../../src/compile/pipeline.ts';
import { parseOnly } from '../../src/compile/processors.ts';
import { repoRoot } from '../helpers.ts';
import { dependencyPatches, writeUnpatchedCopies } from './unpatched.ts';

/**
 * micromark applies its edits to a page's events by splicing where that touches only the end of the list
 * (patches/micromark-util-edit-map+1.0.0.patch), where it rebuilt the whole list after every line that ends a list
 * or a quote: the parsed pages must be exactly those of micromark's own way, and a long page of lists must parse in
 * time that grows with its size, not its square. micromark's own way is the `consume` of the package as published,
 * rebuilt by reversing the patch on a copy.
 */
const synthetic: Record<string, string> = {
  // Lists and quotes that end before a paragraph (lazy lines: an edit near the end every time).
  lists: Array.from({ length: 300 }, (_, i) => `Absatz ${i}.\n\n- eins\n- zwei\n  weiter\n\n> Zitat ${i}\nfaul\n\n1. a\n2. b`).join('\n\n'),
  // Setext headings after definitions and paragraphs, tables with a lazy line, nested containers.
  mixed: Array.from(
    { length: 60 },
    (_, i) =>
      `[d${i}]: /docs/x/\nText ${i}\n===\n\n| a | b |\n| - | - |\n| ${i} | x |\nfaul\n\n> - innen\n>   - tiefer\nfaul\n\n- [ ] Aufgabe\n- [x] erledigt\n\nAbsatz\n---`,
  ).join('\n\n'),
};

let dir = '';
/** micromark's own `consume`, from the unpatched copy (the same build of it the tests load: `development`). */
let originalConsume: EditMap['consume'];

beforeAll(async () => {
  const patch = (await dependencyPatches()).find((p) => p.name === 'micromark-util-edit-map');
  expect(patch, 'patches/micromark-util-edit-map+<version>.patch').toBeDefined();
  dir = await mkdtemp(path.join(tmpdir(), 'quire-edit-map-'));
  await writeUnpatchedCopies(dir, [patch!]);
  const published = (await import(pathToFileURL(path.join(dir, 'node_modules/micromark-util-edit-map/dev/index.js')).href)) as {
    EditMap: typeof EditMap;
  };
  originalConsume = published.EditMap.prototype.consume;
});

afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** Runs `run` with micromark's own `consume` on the EditMap every parser of this thread uses. */
function withOriginalEdits<T>(run: () => T): T {
  const current = EditMap.prototype.consume;
  EditMap.prototype.consume = originalConsume;
  try {
    return run();
  } finally {
    EditMap.prototype.consume = current;
  }
}

async function contentFiles(): Promise<{ file: string; text: string }[]> {
  const content = path.join(repoRoot, 'content');
  const files = (await readdir(content, { recursive: true })).filter((f) => /\.mdx?$/.test(f)).sort();
  return Promise.all(
    files.map(async (f) => ({
      file: f,
      text: prepareMarkdown((await readFile(path.join(content, f), 'utf8')).replace(/^---\r?\n[\s\S]*?\r?\n---\r?\n/, '')),
    })),
  );
}

describe('micromark edits', () => {
  it('micromark edits: should touch only the events behind an edit at the end, where micromark rebuilds the whole list', () => {
    // Counts the events read: rebuilding the list reads every one of them.
    const reads = (consume: (events: Event[]) => void) => {
      const events = Array.from({ length: 100_000 }, (_, i) => ['enter', { type: 'data', n: i }, {}] as unknown as Event);
      let count = 0;
      const watched = new Proxy(events, {
        get(target, key, receiver) {
          if (typeof key === 'string' && /^\d+$/.test(key)) count++;
          return Reflect.get(target, key, receiver);
        },
      });
      consume(watched);
      // The events 99,997 and 99,998 are replaced by the new one; the last stays last.
      expect(events).toHaveLength(100_000 - 2 + 1);
      expect(events.slice(-3)).toEqual([
        ['enter', { type: 'data', n: 99_996 }, {}],
        ['exit', { type: 'data', n: -1 }, {}],
        ['enter', { type: 'data', n: 99_999 }, {}],
      ]);
      return count;
    };
    // One edit near the end, as micromark makes for each line after which a list ends.
    const edit = (events: Event[]) => {
      const map = new EditMap();
      map.add(events.length - 3, 2, [['exit', { type: 'data', n: -1 }, {}] as unknown as Event]);
      map.consume(events);
    };
    const original = withOriginalEdits(() => reads(edit));
    const ours = reads(edit);
    expect(original).toBeGreaterThan(90_000);
    // Fails when the patch is not applied: the installed `consume` is then micromark's own.
    expect(ours).toBeLessThan(100);
  });

  it('micromark edits: should apply edits spread over the list and edits that overlap exactly as micromark does', () => {
    const events = (n: number) => Array.from({ length: n }, (_, i) => ['enter', { type: 'data', n: i }, {}] as unknown as Event);
    const add = (n: number) => [['exit', { type: 'data', n: -n }, {}] as unknown as Event];
    const cases: [string, (map: EditMap, length: number) => void][] = [
      [
        'two edits at the end, the first removing past where the second starts',
        (m, l) => (m.add(l - 6, 4, add(1)), m.add(l - 4, 2, add(2))),
      ],
      [
        'an edit at the very end, adding many',
        (m, l) =>
          m.add(
            l,
            0,
            Array.from({ length: 25_000 }, (_, i) => add(i)[0]),
          ),
      ],
      ['one edit removing everything after it', (m, l) => m.add(l - 10, 50, add(3))],
      [
        'edits spread over the list (rebuilt, as micromark does)',
        (m, l) => (m.add(1, 1, add(4)), m.add(l / 2, 3, []), m.add(l - 1, 0, add(5))),
      ],
      ['an edit added before another at the same place', (m, l) => (m.add(l - 2, 1, add(6)), m.addBefore(l - 2, 0, add(7)))],
    ];
    for (const [name, make] of cases) {
      const ours = events(2_000);
      const theirs = events(2_000);
      const mine = new EditMap();
      make(mine, ours.length);
      mine.consume(ours);
      const micromarks = new EditMap();
      make(micromarks, theirs.length);
      withOriginalEdits(() => micromarks.consume(theirs));
      expect(ours, name).toEqual(theirs);
      expect(mine.map, name).toEqual([]);
    }
  });

  it('micromark edits: should parse every page of the site and long list-heavy pages exactly as micromark does', async () => {
    const docs = [
      ...Object.entries(synthetic).flatMap(([name, text]) => [
        { file: `${name}.md`, text },
        { file: `${name}.mdx`, text },
      ]),
      ...(await contentFiles()),
    ];
    expect(docs.length).toBeGreaterThan(100);
    // The parser uses the EditMap this test swaps the method of (one copy of micromark's module).
    const ours = EditMap.prototype.consume;
    let calls = 0;
    EditMap.prototype.consume = function (this: EditMap, events: Event[]) {
      calls++;
      return ours.call(this, events);
    };
    try {
      parseOnly('md', synthetic.lists, 'lists.md');
    } finally {
      EditMap.prototype.consume = ours;
    }
    expect(calls).toBeGreaterThan(300);
    for (const { file, text } of docs) {
      const format = file.endsWith('.mdx') ? 'mdx' : 'md';
      const patched = JSON.stringify(parseOnly(format, text, file));
      const original = JSON.stringify(withOriginalEdits(() => parseOnly(format, text, file)));
      expect(patched, file).toBe(original);
    }
  });

  it('micromark edits: should parse a page of 4,000 short lists in about the time of a page of paragraphs as long', () => {
    // 176 kB each: micromark's own way rebuilt the event list after each of the 4,000 lists (10 s and more).
    const lists = Array.from({ length: 4000 }, (_, i) => `Absatz ${String(i).padStart(4, '0')} über das Buch.\n\n- eins\n- zwei\n`).join(
      '\n',
    );
    const paragraphs = Array.from(
      { length: 4000 },
      (_, i) => `Absatz ${String(i).padStart(4, '0')} über das Buch.\n\nEins und zwei.\n`,
    ).join('\n');
    expect(Buffer.byteLength(lists)).toBeGreaterThan(170_000);
    expect(Buffer.byteLength(lists)).toBeLessThan(180_000);
    // The fastest of three runs each (a busy machine only makes runs slower), after one to warm up.
    const fastest = (text: string) => {
      parseOnly('md', text, 'long.md');
      let best = Infinity;
      for (let i = 0; i < 3; i++) {
        const start = performance.now();
        parseOnly('md', text, 'long.md');
        best = Math.min(best, performance.now() - start);
      }
      return best;
    };
    const listsMs = fastest(lists);
    const paragraphsMs = fastest(paragraphs);
    // Lists make more events than paragraphs; a quadratic parse takes many times that.
    expect(listsMs, `lists ${Math.round(listsMs)} ms, paragraphs ${Math.round(paragraphsMs)} ms`).toBeLessThan(4 * paragraphsMs);
  }, 60_000);
});
