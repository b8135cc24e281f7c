import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dependencyPatches, dependencyPatchPlugin, patchedSource } from '../../scripts/dependency-patches.mjs';
import { compileTexts, type CompileTexts } from '../../src/compile/index.ts';
import { prepareMarkdown } from '../../src/compile/pipeline.ts';
import { splitFrontMatter } from '../../src/load/front-matter.ts';
import type { Source } from '../../src/types.ts';
import { repoRoot } from '../helpers.ts';

/**
 * The CLI's bundle carries speed fixes to the compiler's dependencies (scripts/dependency-patches.mjs): a page
 * must parse to exactly the same syntax tree, positions included, and compile to exactly the same output, with
 * and without them.
 */
type ParseOnly = (format: 'md' | 'mdx', value: string, path: string) => unknown;
type ProcessSource = (source: Source, baseUrl: string, texts: CompileTexts) => Promise<{ output: unknown; data: Record<string, unknown> }>;
type Bundle = { parseOnly: ParseOnly; processSource: ProcessSource };

/** Pages written to exercise what the patches touch (`lists` also parsed as `.mdx`). */
const synthetic: Record<string, string> = {
  // Lists (from-markdown prepares each one), task lists (subtokenize marks a list item's first content),
  // lazy lines and nested containers (the jumps over subtokenized content).
  lists: Array.from({ length: 80 }, (_, i) => `Absatz ${i} mit *Betonung* und \`Code\`.\n\n- eins\n- zwei\n  weiter\n\n  neuer Absatz\n\n1. a\n2. b\n   - [ ] offen\n   - [x] erledigt\n\n> Zitat ${i}\nfaul\n> - innen\n>   tiefer`).join('\n\n'),
  // Everything the from-markdown handlers build: references, definitions, setext headings, breaks, html,
  // footnotes, tables, directives, autolinks, character references, code.
  mixed: Array.from({ length: 30 }, (_, i) => [
    `[Verweis ${i}][d${i}] und [d${i}] und ![Bild](/img/a.png "Titel")`,
    `[d${i}]: /docs/x/ "Ziel"`,
    `Überschrift ${i}\n===`,
    `Zeile mit Umbruch  \nnächste\\\nletzte &amp; &#x26; &copy;`,
    `<span>html</span> <https://bilingo.app> www.example.com kontakt@example.com`,
    `Fußnote[^n${i}] und ~~weg~~.\n\n[^n${i}]: Die Notiz ${i}.`,
    `| a | b |\n| :- | -: |\n| ${i} | **x** |\n| \\| | y |`,
    `:::tip[Hinweis ${i}]\nText mit :abbr[Abk.]{title="Abkürzung"}\n:::`,
    '```ts title="a.ts" {1}\nconst a = 1;\n```',
    `    eingerückter Code ${i}`,
    `***`,
  ].join('\n\n')).join('\n\n'),
  // MDX: components, expressions, ESM.
  components: Array.from({ length: 20 }, (_, i) => `<Callout type="info" n={${i}}>\n  Inhalt *${i}* {1 + ${i}}\n</Callout>\n\nText <Badge>neu</Badge> {/* Kommentar */}`).join('\n\n'),
};

/** The site's pages as saved (content/, front matter included), read once for both comparisons. */
let sitePages: { file: string; raw: string }[] = [];

let dir = '';
/** The compiler bundled as the CLI bundles it, with the patches and without. */
const bundles: { patched?: Bundle; original?: Bundle } = {};

beforeAll(async () => {
  const content = path.join(repoRoot, 'content');
  const files = (await readdir(content, { recursive: true })).filter((f) => /\.mdx?$/.test(f)).sort();
  sitePages = await Promise.all(files.map(async (file) => ({ file, raw: await readFile(path.join(content, file), 'utf8') })));
  dir = await mkdtemp(path.join(tmpdir(), 'quire-patches-'));
  const bundle = async (name: string, plugins: ReturnType<typeof dependencyPatchPlugin>[]) => {
    const outfile = path.join(dir, `${name}.mjs`);
    await build({
      stdin: { contents: "export { parseOnly, processSource } from './src/compile/processors.ts';", resolveDir: repoRoot, loader: 'ts' },
      outfile,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      banner: { js: "import { createRequire as __c } from 'node:module'; const require = __c(import.meta.url);" },
      plugins,
      logLevel: 'silent',
    });
    return (await import(pathToFileURL(outfile).href)) as Bundle;
  };
  [bundles.patched, bundles.original] = await Promise.all([bundle('patched', [dependencyPatchPlugin()]), bundle('original', [])]);
});

afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('dependency patches', () => {
  it('dependency patches: should apply to the installed versions and change their code', async () => {
    expect(dependencyPatches.length).toBeGreaterThan(0);
    for (const patch of dependencyPatches) {
      const file = path.join(repoRoot, 'node_modules', patch.module);
      const source = await readFile(file, 'utf8');
      const patched = patchedSource(file, source);
      expect(patched, patch.name).toBeDefined();
      expect(patched, patch.name).not.toBe(source);
      for (const edit of patch.edits) expect(patched!.includes(edit.replace), `${patch.name}: ${edit.replace.slice(0, 40)}`).toBe(true);
    }
    const bundled = await readFile(path.join(dir, 'patched.mjs'), 'utf8');
    expect(bundled).toContain('handlerContext.sliceSerialize');
    expect(bundled).toContain('return compilerFor(options)(postprocess(');
    const original = await readFile(path.join(dir, 'original.mjs'), 'utf8');
    expect(original).not.toContain('handlerContext');
    expect(original).not.toContain('compilerFor');
  });

  it('dependency patches: should stop bundling with the patch named when the package no longer has the text', () => {
    const patch = dependencyPatches[0];
    const file = `/project/node_modules/${patch.module}`;
    expect(() => patchedSource(file, '// a rewritten module')).toThrow(new RegExp(`"${patch.name}" no longer fits ${patch.module.replace(/[./]/g, '\\$&')}.*text not found`));
    const twice = patch.edits[0].find + patch.edits[0].find;
    expect(() => patchedSource(file, twice)).toThrow(/text found more than once/);
    expect(patchedSource('/project/node_modules/other/index.js', 'x')).toBeUndefined();
  });

  it('dependency patches: should stop bundling when a patched module is not in the bundle', async () => {
    const failed = await build({ stdin: { contents: 'export const x = 1;', loader: 'js' }, write: false, bundle: true, plugins: [dependencyPatchPlugin()], logLevel: 'silent' }).then(
      () => undefined,
      (e: Error) => e,
    );
    expect(failed?.message).toMatch(/Dependency patches for modules the bundle does not contain: one compiler per processor, one context object per document/);
  });

  it('dependency patches: should parse every page of the site and pages exercising each patch exactly as the unpatched parser does', async () => {
    const docs = [
      { file: 'lists.md', text: synthetic.lists },
      { file: 'lists.mdx', text: synthetic.lists },
      { file: 'mixed.md', text: synthetic.mixed },
      { file: 'components.mdx', text: synthetic.components },
      ...sitePages.map(({ file, raw }) => ({ file, text: prepareMarkdown(raw.replace(/^---\r?\n[\s\S]*?\r?\n---\r?\n/, '')) })),
    ];
    expect(docs.length).toBeGreaterThan(100);
    // Twice, in turn: the parsers made for one page's syntax extensions are reused for the next pages with
    // the same (the combined extensions and the syntax tree's compiler are kept per list), others get their own;
    // whatever one page leaves behind must not show in the next.
    for (const round of [1, 2]) {
      for (const { file, text } of round === 1 ? docs : [...docs].reverse()) {
        const format = file.endsWith('.mdx') ? 'mdx' : 'md';
        const ours = JSON.stringify(bundles.patched!.parseOnly(format, text, file));
        const theirs = JSON.stringify(bundles.original!.parseOnly(format, text, file));
        expect(ours, `${file} (round ${round})`).toBe(theirs);
      }
    }
    // The synthetic pages reach what they are for.
    const tree = JSON.stringify(bundles.patched!.parseOnly('md', synthetic.mixed, 'mixed.md'));
    for (const type of ['"linkReference"', '"definition"', '"footnoteDefinition"', '"table"', '"containerDirective"', '"textDirective"', '"break"', '"html"']) expect(tree).toContain(type);
    expect(JSON.stringify(bundles.patched!.parseOnly('md', synthetic.lists, 'lists.md'))).toContain('"checked":true');
  });

  it('dependency patches: should compile every page of the site to exactly what the unpatched compiler makes', async () => {
    expect(sitePages.length).toBeGreaterThan(100);
    const texts = compileTexts(undefined);
    for (const { file, raw } of sitePages) {
      const { body, bodyLine } = splitFrontMatter(raw, file);
      const format = file.endsWith('.mdx') ? 'mdx' : 'md';
      const source: Source = { kind: 'doc', file: `content/${file}`, format, id: file, path: `/docs/${file}/`, frontMatter: {}, body, bodyLine, hash: 'h' };
      const [ours, theirs] = [await bundles.patched!.processSource(source, '/de/', texts), await bundles.original!.processSource(source, '/de/', texts)];
      expect(JSON.stringify(ours.output), file).toBe(JSON.stringify(theirs.output));
      expect(JSON.stringify(ours.data), file).toBe(JSON.stringify(theirs.data));
    }
  }, 60_000);
});
