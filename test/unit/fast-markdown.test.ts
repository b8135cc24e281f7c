import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fastMarkdown } from '../../src/compile/fast-markdown.ts';
import { compileTexts } from '../../src/compile/index.ts';
import { prepareMarkdown } from '../../src/compile/pipeline.ts';
import { parseOnly, processSource } from '../../src/compile/processors.ts';
import { splitFrontMatter } from '../../src/load/front-matter.ts';
import type { Source } from '../../src/types.ts';
import { repoRoot } from '../helpers.ts';

/**
 * `.md` files markdown-it can read skip micromark (src/compile/fast-markdown.ts). That must never change a page:
 * where the fast path takes a file, its syntax tree (positions included) is micromark's, and the page compiles to
 * the same HTML, notes, links and headings; everything else goes to micromark.
 */

function source(body: string, file = 'content/docs/x.md'): Source {
  return { kind: 'doc', file, format: 'md', id: 'x', path: '/docs/x/', frontMatter: {}, body, bodyLine: 1, hash: 'h' };
}

/** Parsed by micromark alone, as JSON (the fast path's nodes have no prototypes to compare). */
const micromarkTree = (text: string) => JSON.parse(JSON.stringify(parseOnly('md', text, 'x.md', { fastMarkdown: false })));

/** True when the fast path took the text; then its tree must be micromark's. */
function sameTree(text: string, name: string): boolean {
  const fast = fastMarkdown(text);
  if (fast) expect(JSON.parse(JSON.stringify(fast)), name).toEqual(micromarkTree(text));
  return fast !== undefined;
}

/** The page compiled with and without the fast path: the same output and data (notes with their places). */
async function samePage(body: string, file?: string) {
  const src = source(body, file);
  const texts = compileTexts(undefined);
  const fast = await processSource(src, '/de/', texts);
  const slow = await processSource(src, '/de/', texts, { fastMarkdown: false });
  expect(fast.output, src.file).toEqual(slow.output);
  expect(fast.data, src.file).toEqual(slow.data);
}

/** The benchmark's realistic pages (../shared/bench/gen-site.mjs, seed 42), without their front matter. */
const generated = (() => {
  const out = mkdtempSync(path.join(tmpdir(), 'quire-fast-md-'));
  execFileSync(
    process.execPath,
    [path.join(repoRoot, '../shared/bench/gen-site.mjs'), '--n', '200', '--seed', '42', '--out', path.join(out, 'c')],
    {
      stdio: 'ignore',
    },
  );
  const dir = path.join(out, 'c');
  const pages = (readdirSync(dir, { recursive: true }) as string[])
    .filter((f) => f.endsWith('.md'))
    .sort()
    .map((f) => ({ file: f, body: splitFrontMatter(readFileSync(path.join(dir, f), 'utf8'), f).body }));
  rmSync(out, { recursive: true, force: true });
  return pages;
})();

/** GFM and CommonMark cases around what the fast path reads; most must go to micromark. */
const EDGE_CASES = [
  '| a | b |\n| - | - |\n| `x \\| y` | 2 |\n',
  '| a | b |\n| - | - |\n| 1 |\n| 1 | 2 | 3 |\n',
  'a | b\n--|--\n1 | 2\n',
  '| a |\n| :-: |\n| 1 |\ntext after\n',
  '| a |\n| --- |\n',
  'Siehe https://example.org und www.example.org oder mail@example.org.\n',
  '~~weg~~ und ~eins~\n',
  '- [ ] offen\n- [x] erledigt\n',
  'Text[^1].\n\n[^1]: Fußnote.\n',
  '<div>\n\n*html*\n\n</div>\n\nText <b>fett</b>.\n',
  '- a\n  - b\n    - c\n- d\n\n1. x\n   1. y\n',
  '- a\n\n- b\n',
  '- a\n\n  b\n- c\n',
  '* a\n+ b\n- c\n',
  '3. drei\n4. vier\n',
  '1) a\n2) b\n',
  'Titel\n=====\n\nUnter\n-----\n',
  '[a][ref] und [ref]\n\n[ref]: /ziel "Titel"\n',
  '&amp; &copy; &#123; &nbsp;\n',
  '\\*nicht\\* `code` **fett** _schräg_ ***beides***\n',
  '[Link](../a.md) [mit Titel](../b.md "T") [leer]() ![Bild](x.png)\n',
  '[a](<b c>) [x](y(z)) [u](v\\)w)\n',
  ':::tip\n\nInhalt\n\n:::\n',
  ':::tip\nInhalt direkt\n:::\n',
  ':::tip[Titel]\n\nInhalt\n\n:::\n',
  ':::tip{.klasse}\n\nx\n\n:::\n',
  '::::tip\n\n:::note\n\ninnen\n\n:::\n\n::::\n',
  ':::tip\n\nnie geschlossen\n',
  ':::\n\nnur Ende\n',
  'Uhrzeit 10:30 und :name und ::leaf\n',
  '```ts title="a"\ncode\n```\n\n~~~\ntilde\n~~~\n\n```\nnie geschlossen\n',
  '- ```js\n  x\n  ```\n',
  '    eingerückt\n',
  '> Zitat\n> weiter\n',
  '***\n---\n___\n',
  '# Titel #\n## Titel ##  \n###### sechs\n####### sieben\n#\n',
  'Zeile  \nhart\\\numbruch\n',
  'a\tb\n',
  'a\r\nb\r\n',
  'Emoji 😀 im Text\n',
  '- a\n- b\n\n\n- c\n',
  '  - eingerückt\n  - Liste\n',
  '- a\n  weiter\nfaul\n',
  'Absatz\n- Liste danach\n',
  'x <https://example.org> y\n',
  '`` a ` b `` und ` c ` und `  `\n',
  '**a *b* c** _d_e_ *f*g*\n',
  '## Titel {#eigene-id}\n',
  '',
  '\n\n\n',
];

const specExamples: { markdown: string; number: number }[] = createRequire(import.meta.url)('commonmark-spec').tests;

/** A small deterministic generator (mulberry32), so a failing mutation can be found again. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The page with a few random edits: characters deleted, Markdown punctuation and spaces inserted, lines joined. */
function mutate(text: string, next: () => number): string {
  const pieces = ['*', '_', '`', '[', ']', '(', ')', ' ', '  ', '\n', '\n\n', '- ', '1. ', '|', '#', ':', '```', '    ', '!', '-'];
  let out = text;
  for (let edit = 0; edit < 6; edit++) {
    const at = Math.floor(next() * out.length);
    const kind = next();
    if (kind < 0.3) out = out.slice(0, at) + out.slice(at + 1 + Math.floor(next() * 3));
    else out = out.slice(0, at) + pieces[Math.floor(next() * pieces.length)] + out.slice(at);
  }
  return out;
}

describe('fast Markdown path (markdown-it, mapped to micromark’s syntax tree)', () => {
  it('fast-markdown: should take every realistic benchmark page and parse it exactly as micromark, positions included', () => {
    expect(generated.length).toBe(200);
    for (const page of generated) expect(sameTree(prepareMarkdown(page.body), page.file), page.file).toBe(true);
  });

  it('fast-markdown: should compile realistic pages to the same HTML and data as micromark', async () => {
    for (const page of generated.slice(0, 60)) await samePage(page.body, `content/docs/${page.file}`);
  });

  it('fast-markdown: should parse every CommonMark spec example it takes exactly as micromark', () => {
    let taken = 0;
    for (const example of specExamples) if (sameTree(example.markdown, `spec example ${example.number}`)) taken++;
    // Most examples are about what the fast path leaves to micromark; a third or so it reads.
    expect(taken).toBeGreaterThan(200);
  });

  it('fast-markdown: should compile GFM, directive and CommonMark edge cases as micromark does', async () => {
    const taken: string[] = [];
    for (const text of EDGE_CASES) {
      if (sameTree(text, JSON.stringify(text))) taken.push(text);
      await samePage(text);
    }
    // What it must read itself: nested lists, directives, fences, headings, emphasis and code spans.
    expect(taken).toEqual(
      expect.arrayContaining([
        '- a\n  - b\n    - c\n- d\n\n1. x\n   1. y\n',
        ':::tip\n\nInhalt\n\n:::\n',
        '| a |\n| --- |\n',
        '**a *b* c** _d_e_ *f*g*\n',
        '- a\n  weiter\nfaul\n',
        '***\n---\n___\n',
      ]),
    );
  });

  it('fast-markdown: should compile the site’s pages, read as Markdown, as micromark does', async () => {
    const dir = path.join(repoRoot, 'content');
    const files = (readdirSync(dir, { recursive: true }) as string[]).filter((f) => /\.mdx?$/.test(f)).sort();
    expect(files.length).toBeGreaterThan(50);
    for (const file of files) {
      const { body } = splitFrontMatter(readFileSync(path.join(dir, file), 'utf8'), file);
      sameTree(prepareMarkdown(body), file);
      await samePage(body, `content/${file.replace(/\.mdx$/, '.md')}`);
    }
  });

  it('fast-markdown: should never throw, and parse exactly as micromark whatever it takes, on mutated pages', () => {
    const next = random(42);
    let taken = 0;
    for (let round = 0; round < 400; round++) {
      const page = generated[round % generated.length];
      const text = mutate(prepareMarkdown(page.body), next);
      if (sameTree(text, `${page.file}, mutation ${round}`)) taken++;
    }
    expect(taken).toBeGreaterThan(50);
  });
});
