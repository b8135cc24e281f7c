import { describe, expect, it } from 'vitest';
import { minimalConfig } from './config-fixture.ts';
import { compileSource } from '../../src/compile/index.ts';
import type { Source } from '../../src/types.ts';
import type { Root } from 'hast';
import { VFile } from 'vfile';
import { rehypeCode } from '../../src/compile/plugins/code.ts';

/**
 * Alone in its file, so nothing registered a grammar before (vitest runs each file in a fresh module
 * graph): an HTML block must highlight its <script> and <style> whatever was compiled first.
 */
describe('compile: code embedded in HTML', () => {
  it('compile: should highlight the script and style of an HTML block in a process that compiled nothing else', async () => {
    const body =
      '```html\n<style>p { color: red; }</style>\n<script>\n  window.addEventListener("load", () => start(1));\n</script>\n```\n';
    const source: Source = {
      kind: 'doc',
      file: 'content/docs/a.md',
      format: 'md',
      id: 'a',
      path: '/docs/a/',
      frontMatter: {},
      body,
      bodyLine: 1,
      hash: 'h',
    };
    const result = await compileSource(source, minimalConfig());
    if (!('compiled' in result) || result.compiled.output.type !== 'html') throw new Error('expected html');
    const html = result.compiled.output.html;
    expect(html).toContain('language-javascript');
    expect(html).toContain('language-css');
    expect(html).toMatch(/<span class="token [^"]*function">addEventListener<\/span>/);
  });
});

describe('compile: code highlighting inside the time limit', () => {
  it("compile: should highlight synchronously once a page's languages are loaded, and never wait again for a language that has no grammar", async () => {
    const tree = (lang: string): Root => ({
      type: 'root',
      children: [
        {
          type: 'element',
          tagName: 'pre',
          properties: {},
          children: [
            {
              type: 'element',
              tagName: 'code',
              properties: { className: [`language-${lang}`] },
              children: [{ type: 'text', value: 'const a = 1;\n' }],
            },
          ],
        },
      ],
    });
    const file = () =>
      new VFile({ data: { linkOptions: { baseUrl: '/de/', pagePath: '/docs/a/', file: 'content/docs/a.md', lineOffset: 1 } } });
    const highlight = rehypeCode();
    for (const lang of ['tsx', 'gibtsnicht']) {
      // The first page naming a language may wait for its grammar to load; every later one is highlighted at once.
      await highlight(tree(lang), file());
      const again = tree(lang);
      expect(highlight(again, file()), lang).toBeUndefined();
      expect(JSON.stringify(again), lang).toContain('code-block');
    }
  });
});
