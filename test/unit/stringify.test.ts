import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Element, Root } from 'hast';
import { fromHtml } from 'hast-util-from-html';
import { raw } from 'hast-util-raw';
import type { Root as MdastRoot } from 'mdast';
import rehypeStringify from 'rehype-stringify';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import { VFile } from 'vfile';
import { describe, expect, it } from 'vitest';
import { rehypeCode } from '../../src/compile/plugins/code.ts';
import { toHtml } from '../../src/compile/plugins/stringify.ts';
import { parseOnly } from '../../src/compile/processors.ts';
import { splitFrontMatter } from '../../src/load/front-matter.ts';
import { repoRoot } from '../helpers.ts';

/**
 * The `.md` pages' serialiser (src/compile/plugins/stringify.ts) must write exactly what rehype-stringify writes:
 * the same bytes for every tree, whatever it holds.
 */
const reference = unified().use(rehypeStringify).freeze();
const referenceHtml = (tree: Root) => reference.stringify(structuredClone(tree));

/** An element; the properties are loosely typed, as plugins and parsers set them. */
const el = (tagName: string, properties: Record<string, unknown>, children: Element['children'] = []): Element => ({
  type: 'element',
  tagName,
  properties: properties as Element['properties'],
  children,
});

/** Markdown to the HTML tree the `.md` pipeline serialises: raw HTML parsed, code highlighted. */
async function hastOf(markdown: string): Promise<Root> {
  const file = new VFile({
    value: markdown,
    path: 'x.md',
    data: { linkOptions: { baseUrl: '/', pagePath: '/x/', file: 'x.md', lineOffset: 1 } },
  });
  const mdast = parseOnly('md', markdown, 'x.md') as MdastRoot;
  const hast = (await unified().use(remarkRehype, { allowDangerousHtml: true }).run(mdast, file)) as Root;
  const parsed = raw(hast) as Root;
  await rehypeCode()(parsed, file);
  return parsed;
}

describe('stringify', () => {
  it('stringify: should write what rehype-stringify writes for attributes of every kind', () => {
    const tree: Root = {
      type: 'root',
      children: [
        el('p', { className: ['a', 'b'], id: 'x"y', title: `<&"'\`\0>`, tabIndex: 0, dataFoo: 'bar', ariaHidden: 'true' }, [
          { type: 'text', value: 'a < b & c > d " \' ` \0' },
        ]),
        el('input', { type: 'checkbox', checked: true, disabled: false, value: '' }),
        el('input', { checked: '', disabled: 'disabled', readOnly: 'x', required: 0 }),
        el('a', { href: '/x?a=1&b=2', download: '', hidden: 'until-found' }, [{ type: 'text', value: 'x' }]),
        el('a', { download: 'file.txt', rel: ['noopener', 'noreferrer'] }),
        el('input', { accept: ['.png', 'image/*'], width: Number.NaN, height: 3.5 }),
        el('meta', { content: ['a', 'b', ''] }),
        el('br', {}, [{ type: 'text', value: 'odd but possible' }]),
        el('hr', { className: [] }),
        el('img', { src: 'a b.png', alt: '', srcSet: ['a.png 1x', 'b.png 2x'] }),
        el('script', {}, [{ type: 'text', value: 'if (a < b && c) {}' }]),
        el('style', {}, [{ type: 'raw', value: 'a > b {}' }]),
        { type: 'raw', value: '<b>raw</b>' },
        { type: 'comment', value: 'note --> here' },
        el('svg', { viewBox: '0 0 1 1', xmlns: 'http://www.w3.org/2000/svg' }, [
          el('path', { d: 'M0 0', strokeWidth: 2 }),
          el('foreignObject', {}, [el('br', {})]),
        ]),
        el('template', {}, []),
        el('DIV', { unknownThing: 'x', 'data-language': 'ts', style: 'a: b' }, [el('IMG', {})]),
      ],
    };
    expect(toHtml(tree)).toBe(referenceHtml(tree));
  });

  it('stringify: should write what rehype-stringify writes for every CommonMark spec example', async () => {
    const examples: { markdown: string; html: string }[] = createRequire(import.meta.url)('commonmark-spec').tests;
    for (const { markdown, html } of examples) {
      const tree = await hastOf(markdown);
      expect(toHtml(tree), markdown).toBe(referenceHtml(tree));
      // The spec's own HTML, parsed as a browser would: comments, entities, odd attributes.
      const parsed = fromHtml(html, { fragment: true });
      expect(toHtml(parsed), html).toBe(referenceHtml(parsed));
    }
  });

  it('stringify: should write what rehype-stringify writes for the realistic benchmark pages', async () => {
    const out = mkdtempSync(path.join(tmpdir(), 'quire-stringify-'));
    try {
      const generator = path.join(repoRoot, '../shared/bench/gen-site.mjs');
      execFileSync(process.execPath, [generator, '--n', '60', '--seed', '42', '--out', out], { stdio: 'ignore' });
      const files = (readdirSync(out, { recursive: true }) as string[]).filter((f) => f.endsWith('.md'));
      expect(files.length).toBeGreaterThan(50);
      for (const f of files) {
        const tree = await hastOf(splitFrontMatter(readFileSync(path.join(out, f), 'utf8'), f).body);
        expect(toHtml(tree), f).toBe(referenceHtml(tree));
      }
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });
});
