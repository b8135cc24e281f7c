import { describe, expect, it } from 'vitest';
import { minimalConfig } from './config-fixture.ts';
import { compileSource } from '../../src/compile/index.ts';
import { ContentAssets } from '../../src/emit/assets.ts';
import { writePages } from '../../src/emit/pages.ts';
import type { SiteSearch } from '../../src/emit/site-search.ts';
import { Tally } from '../../src/emit/tally.ts';
import { MemoryWriter } from '../../src/emit/writer.ts';
import type { Page, Site, Source } from '../../src/types.ts';

// Pagefind runs in its own process and is fed while this thread compiles and renders: its answers are read only
// when the event loop gets a turn, and it stalls once they are not read. These check that the long loops of both
// stages give the event loop turns instead of running to their end on microtasks alone.

const config = minimalConfig();

const body = Array.from(
  { length: 12 },
  (_, i) =>
    `## Abschnitt ${i}\n\nEin Absatz mit *Betonung*, \`Code\` und einem [Link](https://example.org/${i}).\n\n- eins\n- zwei\n\n| a | b |\n| - | - |\n| ${i} | x |\n`,
).join('\n');

function source(i: number): Source {
  return {
    kind: 'doc',
    file: `content/docs/p${i}.md`,
    format: 'md',
    id: `p${i}`,
    path: `/docs/p${i}/`,
    frontMatter: {},
    body,
    bodyLine: 1,
    hash: `h${i}`,
  };
}

/** Busy for `ms`, as rendering a page is. */
function busy(ms: number): void {
  const end = performance.now() + ms;
  while (performance.now() < end);
}

describe('event loop turns during long stages', () => {
  it('compile: should let an immediate run while many sources compile in this thread, not only after the last', async () => {
    await compileSource(source(-1), config);
    const count = 40;
    let done = 0;
    let doneAtTurn = -1;
    setImmediate(() => {
      doneAtTurn = done;
    });
    await Promise.all(Array.from({ length: count }, (_, i) => compileSource(source(i), config).then(() => void done++)));
    expect(done).toBe(count);
    expect(doneAtTurn).toBeGreaterThanOrEqual(0);
    expect(doneAtTurn).toBeLessThan(count);
  });

  it('emit: should let an immediate run while pages render and are held back, not only after the last', async () => {
    const count = 60;
    const routes = Array.from({ length: count }, (_, i) => ({ path: `/docs/p${i}/`, title: `P${i}`, kind: 'doc' }));
    const site = { config, routes, compiled: [] } as unknown as Site;
    const output = new Tally(new MemoryWriter());
    const assets = new ContentAssets(output, { baseUrl: config.baseUrl }, []);
    // A search index being built: every page is held back (WriteBehind), so writing awaits nothing.
    const search = { building: true, add: async () => undefined } as unknown as SiteSearch;
    let rendered = 0;
    let renderedAtTurn = -1;
    function* pages(): Generator<Page> {
      for (const route of routes) {
        busy(2);
        rendered++;
        yield { path: route.path, html: `<p>${route.path}</p>`, assets: [] } as unknown as Page;
      }
    }
    setImmediate(() => {
      renderedAtTurn = rendered;
    });
    const written = await writePages({ site, pages: pages(), output, assets, search });
    await written.flush();
    expect(rendered).toBe(count);
    expect(renderedAtTurn).toBeGreaterThanOrEqual(0);
    expect(renderedAtTurn).toBeLessThan(count);
  });
});
