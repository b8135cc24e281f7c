import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { EditMap } from 'micromark-util-edit-map';
import type { Event } from 'micromark-util-types';
import { describe, expect, it } from 'vitest';
import { withOriginalEdits } from '../../src/compile/micromark-edits.ts';
import { prepareMarkdown } from '../../src/compile/pipeline.ts';
import { parseOnly } from '../../src/compile/processors.ts';
import { repoRoot } from '../helpers.ts';

/**
 * quire applies micromark's edits to a page's events by splicing where that touches only the end of the list
 * (src/compile/micromark-edits.ts): the parsed pages must be exactly those of micromark's own way.
 */
const synthetic: Record<string, string> = {
  // Lists and quotes that end before a paragraph (lazy lines: an edit near the end every time).
  lists: Array.from({ length: 300 }, (_, i) => `Absatz ${i}.\n\n- eins\n- zwei\n  weiter\n\n> Zitat ${i}\nfaul\n\n1. a\n2. b`).join('\n\n'),
  // Setext headings after definitions and paragraphs, tables with a lazy line, nested containers.
  mixed: Array.from({ length: 60 }, (_, i) => `[d${i}]: /docs/x/\nText ${i}\n===\n\n| a | b |\n| - | - |\n| ${i} | x |\nfaul\n\n> - innen\n>   - tiefer\nfaul\n\n- [ ] Aufgabe\n- [x] erledigt\n\nAbsatz\n---`).join('\n\n'),
};

async function contentFiles(): Promise<{ file: string; text: string }[]> {
  const dir = path.join(repoRoot, 'content');
  const files = (await readdir(dir, { recursive: true })).filter((f) => /\.mdx?$/.test(f)).sort();
  return Promise.all(files.map(async (f) => ({ file: f, text: prepareMarkdown((await readFile(path.join(dir, f), 'utf8')).replace(/^---\r?\n[\s\S]*?\r?\n---\r?\n/, '')) })));
}

describe('micromark edits', () => {
  it('micromark edits: should parse every page of the site and long list-heavy pages exactly as micromark does', async () => {
    const docs = [...Object.entries(synthetic).flatMap(([name, text]) => [{ file: `${name}.md`, text }, { file: `${name}.mdx`, text }]), ...(await contentFiles())];
    expect(docs.length).toBeGreaterThan(100);
    // The parser uses the EditMap these tests swap the method of (one copy of micromark's module).
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
      const ours = JSON.stringify(parseOnly(format, text, file));
      const theirs = JSON.stringify(withOriginalEdits(() => parseOnly(format, text, file)));
      expect(ours, file).toBe(theirs);
    }
  });

  it('micromark edits: should touch only the events behind an edit at the end, not the whole list', () => {
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
      expect(events.slice(-3)).toEqual([['enter', { type: 'data', n: 99_996 }, {}], ['exit', { type: 'data', n: -1 }, {}], ['enter', { type: 'data', n: 99_999 }, {}]]);
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
    expect(ours).toBeLessThan(100);
  });
});
