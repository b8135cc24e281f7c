import { describe, expect, it } from 'vitest';
import { firstLineExcerpt } from '../../src/compile/excerpt.ts';

/**
 * Docusaurus's description of a page without one in its front matter: its first line of text. Each expected value
 * is what Docusaurus 3.10's own excerpt gives for the same text (compared at the time over 858 pages of Jest's,
 * pnpm's and Redux's docs, every one of their 78,905 lines, and 300,000 random lines of Markdown marks: no
 * difference; bench/HISTORY.md).
 */
describe('firstLineExcerpt, as Docusaurus describes a page', () => {
  const cases: [string, string | undefined][] = [
    ['Title\n=====\n\nThe first line.', 'The first line.'],
    ['# Redux FAQ: General\n\n## When should I use Redux?\n\nText.', 'When should I use Redux?'],
    ["import Tabs from '@theme/Tabs';\nimport TabItem from '@theme/TabItem';\n\nAfter the imports.", 'After the imports.'],
    ['````md\n```js\nx\n```\n````\n\nAfter the code.', 'After the code.'],
    ['<BigApp />\n\nAfter a component.', 'After a component.'],
    // Docusaurus's quirks, kept: underscores inside a word read as emphasis, a closing `##` stays.
    ['A snake_case_name and **bold** and ~~gone~~ text.', 'A snakecasename and bold and gone text.'],
    ['## A heading ## {#custom-id}', 'A heading ##'],
    ['See [the guide](./guide.md) and ![a logo](/img/logo.svg) here[^1].', 'See the guide and a logo here.'],
    ['> Quoted :tada: text with `code`.', 'Quoted text with code.'],
    [':::tip Keep it\n\nInside the tip.', 'Inside the tip.'],
    ['# Only a title', undefined],
  ];
  for (const [body, expected] of cases)
    it(`gives ${JSON.stringify(expected)} for ${JSON.stringify(body.split('\n')[0])}`, () => {
      expect(firstLineExcerpt(body)).toBe(expected);
    });
});
