import { describe, expect, it } from 'vitest';
import { minimalConfig } from './config-fixture.ts';
import { compileSource } from '../../src/compile/index.ts';
import type { Source } from '../../src/types.ts';

/**
 * Alone in its file, so nothing registered a grammar before (vitest runs each file in a fresh module
 * graph): an HTML block must highlight its <script> and <style> whatever was compiled first.
 */
describe('compile: code embedded in HTML', () => {
  it('compile: should highlight the script and style of an HTML block in a process that compiled nothing else', async () => {
    const body = '```html\n<style>p { color: red; }</style>\n<script>\n  window.addEventListener("load", () => start(1));\n</script>\n```\n';
    const source: Source = { kind: 'doc', file: 'content/docs/a.md', format: 'md', id: 'a', path: '/docs/a/', frontMatter: {}, body, bodyLine: 1, hash: 'h' };
    const result = await compileSource(source, minimalConfig());
    if (!('compiled' in result) || result.compiled.output.type !== 'html') throw new Error('expected html');
    const html = result.compiled.output.html;
    expect(html).toContain('language-javascript');
    expect(html).toContain('language-css');
    expect(html).toMatch(/<span class="token [^"]*function">addEventListener<\/span>/);
  });
});
