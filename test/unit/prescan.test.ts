import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Root } from 'mdast';
import { describe, expect, it } from 'vitest';
import { prepareMarkdown } from '../../src/compile/pipeline.ts';
import { prescan } from '../../src/compile/prescan.ts';
import { parseOnly } from '../../src/compile/processors.ts';
import { repoRoot } from '../helpers.ts';

/**
 * The check before parsing (src/compile/prescan.ts): it must find deep nesting and dense paragraphs at their
 * lines, and never refuse a page for more nesting than the parser sees.
 */
const NO_MARKER_LIMIT = 1e9;
const nesting = (text: string, maxNesting: number, format: 'md' | 'mdx' = 'md') =>
  prescan(text, format, { maxNesting, maxInlineMarkers: NO_MARKER_LIMIT });
const markers = (text: string, maxInlineMarkers: number, format: 'md' | 'mdx' = 'md') =>
  prescan(text, format, { maxNesting: 1e9, maxInlineMarkers });

/** Lists and block quotes inside each other in the parsed page, at most. */
function depth(node: { type: string; children?: unknown[] }, above = 0): number {
  const here = node.type === 'listItem' || node.type === 'blockquote' ? above + 1 : above;
  let most = here;
  for (const child of (node.children ?? []) as { type: string }[]) most = Math.max(most, depth(child, here));
  return most;
}

async function contentFiles(): Promise<{ file: string; text: string }[]> {
  const dir = path.join(repoRoot, 'content');
  const files = (await readdir(dir, { recursive: true })).filter((f) => /\.mdx?$/.test(f)).sort();
  return Promise.all(
    files.map(async (f) => ({
      file: f,
      text: prepareMarkdown((await readFile(path.join(dir, f), 'utf8')).replace(/^---\r?\n[\s\S]*?\r?\n---\r?\n/, '')),
    })),
  );
}

describe('prescan', () => {
  it('prescan: should let every page of the site through at the nesting its parsed tree has', async () => {
    const synthetic = [
      Array.from({ length: 20 }, (_, i) => `Absatz ${i}.\n\n- eins\n- zwei\n  weiter\n\n> Zitat ${i}\nfaul\n\n1. a\n2. b`).join('\n\n'),
      '> - innen\n>   - tiefer\n>     1. am tiefsten\nfaul\n\n- [ ] Aufgabe\n  > zitiert\n  > - darin\n',
      '* a\n\n    * b\n\n        code?\n* c\n\t* d\n\t\t* e\n',
    ];
    const pages = [...(await contentFiles()), ...synthetic.map((text, i) => ({ file: `synthetic-${i}.md`, text }))];
    for (const { file, text } of pages) {
      const format = file.endsWith('.mdx') ? 'mdx' : 'md';
      const parsed = depth(parseOnly(format, text, file) as Root);
      expect(nesting(text, Math.max(parsed, 1), format), file).toBeUndefined();
    }
  });

  it('prescan: should find nesting past the limit at the line and column where it is passed', () => {
    expect(nesting('Text.\n\n' + '- '.repeat(12) + 'tief\n', 10)).toEqual({ kind: 'nesting', line: 3, column: 23, depth: 11 });
    expect(nesting('> '.repeat(11) + 'a\n', 10)).toMatchObject({ line: 1, depth: 11 });
    // One level a line, by indentation, and with a lazy line between that keeps the levels open.
    const indented = Array.from({ length: 12 }, (_, i) => '  '.repeat(i) + '- Punkt').join('\n');
    expect(nesting(indented, 10)).toMatchObject({ line: 11, depth: 11 });
    expect(nesting(indented.replace('      - Punkt\n', '      - Punkt\nfaul weiter\n'), 10)).toMatchObject({ line: 12 });
    // Quotes and lists mixed, continued by `>` and indentation.
    expect(nesting('> - a\n>   > - b\n>   >   > - c\n', 5)).toMatchObject({ line: 3, depth: 6 });
    expect(nesting('> - a\n>   > - b\n>   >   > - c\n', 6)).toBeUndefined();
  });

  it('prescan: should not count what is not nesting: code, HTML blocks, MDX import and export, rules, ended lists', () => {
    const deep = '> '.repeat(30) + 'x';
    expect(nesting('```\n' + deep + '\n```\n', 10)).toBeUndefined();
    expect(nesting('- Liste\n\n  ~~~\n  ' + deep + '\n  ~~~\n', 10)).toBeUndefined();
    expect(nesting('<pre>\n' + deep + '\n</pre>\n', 10)).toBeUndefined();
    expect(nesting('export const pfeile = `\n' + deep + '\n`\n', 10, 'mdx')).toBeUndefined();
    expect(nesting('- - - - - - - - - - - - - - -\n', 10)).toBeUndefined();
    // Ten lists one after the other, each one level: never more than one level at once.
    expect(nesting(Array.from({ length: 30 }, (_, i) => `- Punkt ${i}\n\nAbsatz.`).join('\n\n'), 1)).toBeUndefined();
    // After the fence, the nesting counts again.
    expect(nesting('```\n' + deep + '\n```\n' + deep + '\n', 10)).toMatchObject({ line: 4 });
  });

  it('prescan: should count link brackets and emphasis runs per paragraph, from its first line', () => {
    expect(markers('Text.\n\n' + '[a] '.repeat(30) + '\n', 50)).toEqual({ kind: 'markers', line: 3, count: 60 });
    // A paragraph over many lines is one paragraph; a blank line starts another.
    expect(markers('Erste.\n\n' + Array.from({ length: 10 }, () => '*a* [b]').join('\n'), 30)).toMatchObject({ line: 3, count: 32 });
    expect(markers(Array.from({ length: 10 }, () => '*a* [b]').join('\n\n'), 30)).toBeUndefined();
    // A run of one mark is one marker; escaped marks and underscores inside words are text.
    expect(markers('*'.repeat(10_000) + '\n', 10)).toBeUndefined();
    expect(markers('snake_case_name '.repeat(100) + '_a'.repeat(1000) + '\n', 10)).toBeUndefined();
    expect(markers('_a_ '.repeat(100) + '\n', 10)).toEqual({ kind: 'markers', line: 1, count: 200 });
    expect(markers('\\['.repeat(100) + '\n', 10)).toBeUndefined();
    // Code is not Markdown; each table row and each list item is parsed on its own.
    expect(markers('```\n' + '[a]('.repeat(100) + '\n```\n', 10)).toBeUndefined();
    expect(markers('| a | b |\n| - | - |\n' + Array.from({ length: 100 }, () => '| [x](/y) | *z* |').join('\n'), 10)).toBeUndefined();
    expect(markers(Array.from({ length: 100 }, () => '- [x](/y) *z*').join('\n'), 10)).toBeUndefined();
  });

  it('prescan: should take linear time, also on pages it reads line by line', () => {
    const page = Array.from({ length: 20_000 }, (_, i) =>
      i % 3 ? `${'  '.repeat(i % 7)}- Punkt [${i}](/x/) *a* _b_\n> Zitat ${i}` : '```\n> > > code\n```',
    ).join('\n');
    expect(page.length).toBeGreaterThan(500_000);
    const started = performance.now();
    expect(prescan(page, 'md', { maxNesting: 100, maxInlineMarkers: 1000 })).toBeUndefined();
    expect(prescan(page + '\n\n' + '[a]('.repeat(200_000), 'md', { maxNesting: 100, maxInlineMarkers: 1000 })).toMatchObject({
      kind: 'markers',
      line: page.split('\n').length + 2,
    });
    expect(performance.now() - started).toBeLessThan(2000);
  });
});
