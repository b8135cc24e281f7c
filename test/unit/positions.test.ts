import { describe, expect, it } from 'vitest';
import { splitFrontMatter } from '../../src/load/front-matter.ts';
import { parseOnly } from '../../src/compile/processors.ts';
import { mdxErrorPlace } from '../../src/render/mdx.ts';

/** What parsing `text` as MDX threw. */
function parseError(text: string): { openingTag?: { start?: { line: number; column: number } }; line?: number } {
  try {
    parseOnly('mdx', text, 'a.mdx');
  } catch (e) {
    return e as ReturnType<typeof parseError>;
  }
  throw new Error('expected a parse error');
}

describe('positions as data', () => {
  it('positions: should get the place of a JSX tag left open from the parser (patches/mdast-util-mdx-jsx), not its message', () => {
    // Left open before the paragraph ends: the error's own place is the paragraph's start.
    const inParagraph = parseError('Text\n\nEin Satz mit <br> darin.\n');
    expect(inParagraph.openingTag?.start).toMatchObject({ line: 3, column: 14 });
    // Closed by another tag: the error is at the closing tag, the tag left open is the outer one.
    const mismatched = parseError('<Tabs>\n  <Tab>\n    Inhalt\n</Tabs>\n');
    expect(mismatched.openingTag?.start).toMatchObject({ line: 2, column: 3 });
    // Left open to the page's end: the error has no place of its own, only the tag's.
    const atEnd = parseError('Text\n\n<Steps>\n\nSchritt\n');
    expect(atEnd.line).toBeUndefined();
    expect(atEnd.openingTag?.start).toMatchObject({ line: 3, column: 1 });
  });

  it('positions: should place an alias that names no anchor at the alias, wherever it is in the front matter', () => {
    const nested = splitFrontMatter('---\ntitle: A\ntags:\n  - eins\n  - *zwei\n---\nText\n', 'a.md').diagnostics[0];
    expect(nested).toMatchObject({ code: 'Q020', line: 5, column: 5 });
    expect(nested.message).toMatch(/\*zwei refers to an anchor \(&zwei\) that is not set/);
  });

  it('positions: should read an MDX error place from V8 call sites, and give none once the stack was read', () => {
    // One mapping: generated line 1, column 0 (the body's first line, after new Function's two wrapper lines)
    // is source line 4, column 2.
    const map = { version: 3, sources: ['a.mdx'], names: [], mappings: 'AAGE' };
    const run = new Function('return function () { return nirgends + 1; }')() as () => unknown;
    const thrown = () => {
      try {
        run();
      } catch (e) {
        return e;
      }
    };
    expect(mdxErrorPlace(thrown(), map)).toEqual({ line: 4, column: 3 });
    const read = thrown() as Error;
    expect(read.stack).toContain('nirgends is not defined');
    expect(mdxErrorPlace(read, map)).toBeUndefined();
    expect(mdxErrorPlace(new Error('elsewhere'), map)).toBeUndefined();
  });
});
