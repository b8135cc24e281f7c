import { afterEach, describe, expect, it } from 'vitest';
import type { DevMemory } from '../../src/dev/stages.ts';
import { emit, MemoryWriter } from '../../src/emit/index.ts';
import { outputFile } from '../../src/shared/output-paths.ts';
import { makeSite } from '../helpers.ts';
import { openSession } from './helpers.ts';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
});

describe('dev search pass', () => {
  it('search pass: should index the served pages one at a time, each page as emit indexes them all at once', async () => {
    const made = await makeSite('basic');
    cleanups.push(made.cleanup);
    const { session, store, edit } = await openSession(made.root);
    await edit({ 'content/docs/guide/start.md': (t) => t.replace('Der erste Absatz', 'Der Quirlbesenabsatz') });
    // Timer ticks while the pass runs: it hands Pagefind one page per turn of the event loop, so they keep coming.
    let ticks = 0;
    const ticker = setInterval(() => ticks++, 0);
    const index = await session.searchIndex();
    clearInterval(ticker);
    expect(index?.diagnostics).toEqual([]);
    expect(ticks).toBeGreaterThan(0);

    // The same pages handed over at once, Markdown pages as documents of their compiled HTML (emit's default).
    const site = session.site!;
    const { baseUrl } = site.config;
    const pages = site.routes.flatMap((r) => {
      const html = store.raw(outputFile(baseUrl, r.path));
      return typeof html === 'string' ? [{ path: r.path, html, assets: [] }] : [];
    });
    // The session's client bundle, which the pass hands emit too (it does not change the index).
    const { bundle } = (session as unknown as { memory: DevMemory }).memory;
    const writer = new MemoryWriter();
    await emit({ site, pages, bundle: bundle!, staticFiles: [], root: made.root, writer });
    const atOnce = new Map([...writer.files].filter(([file]) => file.startsWith(index!.prefix)));
    // Each page's record (its fragment, named by its content) is the same; the page numbers inside the word and
    // filter files follow the order pages came in (emit hands over Markdown pages first), so those are only as many.
    const fragments = (files: Map<string, unknown>) => [...files.keys()].filter((f) => f.includes('/fragment/')).sort();
    expect(fragments(index!.files)).toEqual(fragments(atOnce));
    expect(fragments(index!.files).length).toBeGreaterThan(5);
    for (const file of fragments(atOnce))
      expect(Buffer.from(index!.files.get(file)!).equals(Buffer.from(atOnce.get(file)!)), file).toBe(true);
    expect(index!.files.size).toBe(atOnce.size);
  });
});
