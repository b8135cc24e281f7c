import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Metafile, type Plugin } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileTexts, type CompileTexts } from '../../src/compile/index.ts';
import { prepareMarkdown } from '../../src/compile/pipeline.ts';
import { splitFrontMatter } from '../../src/load/front-matter.ts';
import type { Source } from '../../src/types.ts';
import { repoRoot } from '../helpers.ts';
import { dependencyPatches, writeUnpatchedCopies, type DependencyPatch } from './unpatched.ts';

/**
 * The compiler's dependencies carry speed fixes (patches/, applied to node_modules by patch-package on install): a
 * page must parse to exactly the same syntax tree, positions included, and compile to exactly the same output,
 * with and without them. Both are bundled as the CLI bundles the compiler, the unpatched one from copies of the
 * packages with their patches reversed; once with the packages' default builds (what the CLI runs) and once with
 * their `development` builds (what the tests run: vitest resolves that export condition).
 */
type ParseOnly = (format: 'md' | 'mdx', value: string, path: string) => unknown;
type ProcessSource = (source: Source, baseUrl: string, texts: CompileTexts) => Promise<{ output: unknown; data: Record<string, unknown> }>;
type Bundle = { parseOnly: ParseOnly; processSource: ProcessSource; inputs: string[] };
type Builds = 'default' | 'development';

/** Pages written to exercise what the patches touch (`lists` also parsed as `.mdx`). */
const synthetic: Record<string, string> = {
  // Lists (from-markdown prepares each one), task lists (subtokenize marks a list item's first content),
  // lazy lines and nested containers (the jumps over subtokenized content, the edits after a list ends).
  lists: Array.from(
    { length: 80 },
    (_, i) =>
      `Absatz ${i} mit *Betonung* und \`Code\`.\n\n- eins\n- zwei\n  weiter\n\n  neuer Absatz\n\n1. a\n2. b\n   - [ ] offen\n   - [x] erledigt\n\n> Zitat ${i}\nfaul\n> - innen\n>   tiefer`,
  ).join('\n\n'),
  // Everything the from-markdown handlers build: references, definitions, setext headings, breaks, html,
  // footnotes, tables, directives, autolinks, character references, code.
  mixed: Array.from({ length: 30 }, (_, i) =>
    [
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
    ].join('\n\n'),
  ).join('\n\n'),
  // MDX: components, expressions, ESM.
  components: Array.from(
    { length: 20 },
    (_, i) => `<Callout type="info" n={${i}}>\n  Inhalt *${i}* {1 + ${i}}\n</Callout>\n\nText <Badge>neu</Badge> {/* Kommentar */}`,
  ).join('\n\n'),
};

/** The site's pages as saved (content/, front matter included), read once for both comparisons. */
let sitePages: { file: string; raw: string }[] = [];
let patches: DependencyPatch[] = [];

let dir = '';
/** The compiler bundled with the installed (patched) packages and with the unpatched copies, per build. */
const bundles: Partial<Record<Builds, { patched: Bundle; original: Bundle }>> = {};

/** Resolves the patched packages (and their own subpaths) to the unpatched copies under `copies`. */
function unpatchedPackages(copies: string, names: string[]): Plugin {
  const filter = new RegExp(`^(${names.map((n) => n.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')).join('|')})(/.*)?$`);
  return {
    name: 'unpatched-packages',
    setup(b) {
      b.onResolve({ filter }, async (args) => {
        if (args.pluginData === 'unpatched') return undefined;
        const resolved = await b.resolve(args.path, { kind: args.kind, resolveDir: copies, pluginData: 'unpatched' });
        return resolved.errors.length ? { errors: resolved.errors } : { path: resolved.path };
      });
    },
  };
}

beforeAll(async () => {
  const content = path.join(repoRoot, 'content');
  const files = (await readdir(content, { recursive: true })).filter((f) => /\.mdx?$/.test(f)).sort();
  sitePages = await Promise.all(files.map(async (file) => ({ file, raw: await readFile(path.join(content, file), 'utf8') })));
  patches = await dependencyPatches();
  dir = await mkdtemp(path.join(tmpdir(), 'quire-patches-'));
  const copies = path.join(dir, 'unpatched');
  await writeUnpatchedCopies(copies, patches);
  const bundle = async (name: string, builds: Builds, plugins: Plugin[]): Promise<Bundle> => {
    const outfile = path.join(dir, `${name}-${builds}.mjs`);
    const result = await build({
      stdin: { contents: "export { parseOnly, processSource } from './src/compile/processors.ts';", resolveDir: repoRoot, loader: 'ts' },
      outfile,
      absWorkingDir: repoRoot,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      conditions: builds === 'development' ? ['development'] : [],
      // The unpatched copies import their own dependencies from the project's node_modules.
      nodePaths: [path.join(repoRoot, 'node_modules')],
      banner: { js: "import { createRequire as __c } from 'node:module'; const require = __c(import.meta.url);" },
      metafile: true,
      plugins,
      logLevel: 'silent',
    });
    const inputs = Object.keys((result.metafile as Metafile).inputs).map((f) => path.resolve(repoRoot, f));
    return { ...((await import(pathToFileURL(outfile).href)) as Omit<Bundle, 'inputs'>), inputs };
  };
  for (const builds of ['default', 'development'] as const) {
    const [patched, original] = await Promise.all([
      bundle('patched', builds, []),
      bundle('original', builds, [
        unpatchedPackages(
          copies,
          patches.map((p) => p.name),
        ),
      ]),
    ]);
    bundles[builds] = { patched, original };
  }
}, 120_000);

afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('dependency patches', () => {
  it('dependency patches: should be applied to node_modules and be what the patched bundles run, the copies what the others run', () => {
    expect(patches.length).toBeGreaterThan(0);
    for (const builds of ['default', 'development'] as const) {
      const { patched, original } = bundles[builds]!;
      for (const patch of patches) {
        const files = patch.files.map((f) => path.join(repoRoot, f));
        const copies = patch.files.map((f) => path.join(dir, 'unpatched', f));
        // Each patch changes a module the compiler runs, in both builds (dev/ holds the development ones).
        expect(
          files.some((f) => patched.inputs.includes(f)),
          `${path.basename(patch.file)} (${builds})`,
        ).toBe(true);
        expect(
          files.filter((f) => original.inputs.includes(f)),
          `${path.basename(patch.file)} (${builds})`,
        ).toEqual([]);
        expect(
          copies.some((f) => original.inputs.includes(f)),
          `${path.basename(patch.file)} (${builds})`,
        ).toBe(true);
      }
    }
  });

  it('dependency patches: should parse every page of the site and pages exercising each patch exactly as the unpatched parser does', () => {
    const docs = [
      { file: 'lists.md', text: synthetic.lists },
      { file: 'lists.mdx', text: synthetic.lists },
      { file: 'mixed.md', text: synthetic.mixed },
      { file: 'components.mdx', text: synthetic.components },
      ...sitePages.map(({ file, raw }) => ({ file, text: prepareMarkdown(raw.replace(/^---\r?\n[\s\S]*?\r?\n---\r?\n/, '')) })),
    ];
    expect(docs.length).toBeGreaterThan(100);
    for (const builds of ['default', 'development'] as const) {
      const { patched, original } = bundles[builds]!;
      // Twice, in turn: the parsers made for one page's syntax extensions are reused for the next pages with
      // the same (the combined extensions and the syntax tree's compiler are kept per list), others get their own;
      // whatever one page leaves behind must not show in the next. (Once for the development builds: the same
      // code, formatted otherwise, and a test of their own would double the test's time.)
      for (const round of builds === 'default' ? [1, 2] : [1]) {
        for (const { file, text } of round === 1 ? docs : [...docs].reverse()) {
          const format = file.endsWith('.mdx') ? 'mdx' : 'md';
          const ours = JSON.stringify(patched.parseOnly(format, text, file));
          const theirs = JSON.stringify(original.parseOnly(format, text, file));
          expect(ours, `${file} (${builds}, round ${round})`).toBe(theirs);
        }
      }
    }
    // The synthetic pages reach what they are for.
    const tree = JSON.stringify(bundles.default!.patched.parseOnly('md', synthetic.mixed, 'mixed.md'));
    for (const type of [
      '"linkReference"',
      '"definition"',
      '"footnoteDefinition"',
      '"table"',
      '"containerDirective"',
      '"textDirective"',
      '"break"',
      '"html"',
    ])
      expect(tree).toContain(type);
    expect(JSON.stringify(bundles.default!.patched.parseOnly('md', synthetic.lists, 'lists.md'))).toContain('"checked":true');
  });

  it('dependency patches: should compile every page of the site to exactly what the unpatched compiler makes', async () => {
    expect(sitePages.length).toBeGreaterThan(100);
    const texts = compileTexts(undefined);
    // The CLI's builds of the packages (the development ones are compared above, parsing).
    const { patched, original } = bundles.default!;
    for (const { file, raw } of sitePages) {
      const { body, bodyLine } = splitFrontMatter(raw, file);
      const format = file.endsWith('.mdx') ? 'mdx' : 'md';
      const source: Source = {
        kind: 'doc',
        file: `content/${file}`,
        format,
        id: file,
        path: `/docs/${file}/`,
        frontMatter: {},
        body,
        bodyLine,
        hash: 'h',
      };
      const [ours, theirs] = [await patched.processSource(source, '/de/', texts), await original.processSource(source, '/de/', texts)];
      expect(JSON.stringify(ours.output), file).toBe(JSON.stringify(theirs.output));
      expect(JSON.stringify(ours.data), file).toBe(JSON.stringify(theirs.data));
    }
  }, 60_000);
});
