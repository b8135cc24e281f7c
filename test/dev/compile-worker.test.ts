import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { compileSource, compileTexts } from '../../src/compile/index.ts';
import { CompiledSources } from '../../src/dev/compiled-sources.ts';
import type { Source } from '../../src/types.ts';
import { repoRoot } from '../helpers.ts';
import { minimalConfig } from '../unit/config-fixture.ts';

/**
 * `quire dev` compiles in worker threads (lib/worker.js, built from these sources by `npm test`): the
 * server's thread answers requests while a long page compiles, and the pages are those of this thread.
 */
const workerFile = path.join(repoRoot, 'lib/worker.js');
const config = minimalConfig();
const texts = compileTexts({ 'content.footnotes': 'Fußnoten', 'content.backToReference': 'Zurück zur Textstelle {number}' });

function source(name: string, body: string): Source {
  return {
    kind: 'doc',
    file: `content/docs/${name}.md`,
    format: 'md',
    id: name,
    path: `/docs/${name}/`,
    frontMatter: { title: name },
    body,
    bodyLine: 4,
    hash: `${name}-${body.length}`,
  };
}

const page =
  'Text mit [Link](/docs/b/) und Fußnote[^1].\n\n## Abschnitt {#eigen}\n\n| a | b |\n| - | - |\n| 1 | 2 |\n\n```js {1}\nconst a = 1;\n```\n\n[^1]: Die Fußnote.\n';
/** A long page: a few hundred kilobytes, which take this machine's compiler a good while. */
const long = Array.from(
  { length: 400 },
  (_, i) =>
    `## Teil ${i}\n\nEin Absatz über **Teil ${i}** mit \`Code\` und einem [Verweis](/docs/b/#teil-${i}).\n\n| Spalte | Wert |\n| --- | --- |\n| ${i} | ${i * 2} |\n\n- Punkt eins\n- Punkt zwei\n`,
).join('\n');

const opened: CompiledSources[] = [];
function sources(options: ConstructorParameters<typeof CompiledSources>[0]): CompiledSources {
  const s = new CompiledSources(options);
  opened.push(s);
  return s;
}
afterEach(async () => {
  for (const s of opened.splice(0)) await s.close();
});

async function inThisThread(s: Source) {
  const r = await compileSource(s, config, texts);
  if (!('compiled' in r)) throw new Error(r.diagnostic.message);
  return r.compiled;
}

describe('dev: compiling in worker threads', () => {
  it('dev: should compile an edited page in a worker while this thread goes on, into the page this thread would make', async () => {
    const compiled = sources({ cacheDir: false, workerFile });
    await compiled.warmUp(config, texts);
    await inThisThread(source('warm', page));
    const edited = source('lang', long);
    // Timer turns during the compile: none while this thread compiles itself (the compiler does not yield).
    let turns = 0;
    let ticking = true;
    const tick = () => {
      if (!ticking) return;
      turns++;
      setTimeout(tick, 1);
    };
    setTimeout(tick, 1);
    const done = await compiled.update([edited], config, texts);
    ticking = false;
    expect(done).toEqual(['content/docs/lang.md']);
    expect(turns).toBeGreaterThan(3);
    const [fromWorker] = compiled.list([edited]);
    expect(fromWorker).toEqual({ ...(await inThisThread(edited)), source: edited });
  });

  it('dev: should compile with new settings after the config changes them', async () => {
    const compiled = sources({ cacheDir: false, workerFile });
    const s = source('a', page);
    await compiled.update([s], config, texts);
    const english = { ...config, baseUrl: '/en/' };
    await compiled.update([s], english, texts);
    const [again] = compiled.list([s]);
    if (again.output.type !== 'html') throw new Error('expected html');
    expect(again.output.html).toContain('href="/en/docs/b/"');
    expect(again.output.html).toContain('Fußnoten');
  });

  it('dev: should finish a warm-up that a config change interrupts, and compile with the new settings', async () => {
    const compiled = sources({ cacheDir: false, workerFile });
    const warming = compiled.warmUp(config, texts);
    const s = source('a', page);
    await compiled.update([s], { ...config, baseUrl: '/fr/' }, texts);
    await warming;
    const [page1] = compiled.list([s]);
    expect(page1.output.type === 'html' && page1.output.html).toContain('href="/fr/docs/b/"');
  });

  it('dev: should compile in this thread when the workers cannot start, with the same result', async () => {
    const compiled = sources({ cacheDir: false, workerFile: path.join(repoRoot, 'test/fixtures/no-such-worker.mjs') });
    const pages = [source('a', page), source('b', page + '\nNoch ein Satz.\n')];
    expect(await compiled.update(pages, config, texts)).toEqual(['content/docs/a.md', 'content/docs/b.md']);
    expect(compiled.errors(pages)).toEqual([]);
    expect(compiled.list(pages)).toEqual([
      { ...(await inThisThread(pages[0])), source: pages[0] },
      { ...(await inThisThread(pages[1])), source: pages[1] },
    ]);
  });

  it("dev: should report a page the compiler cannot read as that page's error, from a worker too", async () => {
    const compiled = sources({ cacheDir: false, workerFile });
    const broken: Source = { ...source('kaputt', 'Text <div\n'), format: 'mdx', file: 'content/docs/kaputt.mdx' };
    await compiled.update([broken], config, texts);
    const [error] = compiled.errors([broken]);
    expect(error?.file).toBe('content/docs/kaputt.mdx');
    expect(error?.severity).toBe('error');
    expect(compiled.list([broken])).toEqual([]);
  });
});
