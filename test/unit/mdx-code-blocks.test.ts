import { describe, expect, it } from 'vitest';
import { unwrapMdxCodeBlocks } from '../../src/shared/mdx-code-blocks.ts';

const fence = '```';

describe('mdx-code-blocks: Docusaurus unwraps mdx-code-block fences before MDX reads a file', () => {
  it('mdx-code-blocks: should keep the lines between blank lines, the fence lines left empty', () => {
    const text = ['# Titel', '', `${fence}mdx-code-block`, 'export const x = 1;', fence, '', 'Text {x}'].join('\n');
    expect(unwrapMdxCodeBlocks(text)).toBe(['# Titel', '', '', 'export const x = 1;', '', '', 'Text {x}'].join('\n'));
  });

  it('mdx-code-blocks: should take a fence line out next to text, as Docusaurus does', () => {
    const text = ['Davor', `${fence}mdx-code-block`, '<b>fett</b>', fence, 'Danach'].join('\n');
    expect(unwrapMdxCodeBlocks(text)).toBe(['Davor', '<b>fett</b>', 'Danach'].join('\n'));
  });

  it('mdx-code-blocks: should read indented, four-backtick and empty blocks, and close at the first fence of the same length', () => {
    const four = '````';
    const text = [
      '  ``` mdx-code-block',
      '  <i>eingerückt</i>',
      '  ```',
      '',
      `${four}mdx-code-block`,
      `${fence}js`,
      'const a = 1;',
      fence,
      four,
      '',
      `${fence}mdx-code-block`,
      '',
      fence,
    ].join('\n');
    expect(unwrapMdxCodeBlocks(text)).toBe(
      ['', '  <i>eingerückt</i>', '', '', '', `${fence}js`, 'const a = 1;', fence, '', '', '', '', ''].join('\n'),
    );
  });

  it('mdx-code-blocks: should leave other code blocks and an unclosed one as written', () => {
    const text = [`${fence}js`, 'mdx-code-block', fence, '', `${fence}mdx-code-block`, 'offen'].join('\n');
    expect(unwrapMdxCodeBlocks(text)).toBe(text);
  });
});
