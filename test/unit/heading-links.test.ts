import { toHtml } from 'hast-util-to-html';
import { describe, expect, it } from 'vitest';
import { compileSource, compileTexts } from '../../src/compile/index.ts';
import type { Compiled, Source, SiteConfig } from '../../src/types.ts';
import { minimalConfig } from './config-fixture.ts';

function source(body: string, format: 'md' | 'mdx'): Source {
  return { kind: 'doc', file: `docs/a.${format}`, format, id: 'a', path: '/docs/a/', frontMatter: {}, body, bodyLine: 1, hash: 'h' };
}

async function compiled(body: string, format: 'md' | 'mdx', config: SiteConfig, texts = compileTexts(undefined)): Promise<Compiled> {
  const r = await compileSource(source(body, format), config, texts);
  if (!('compiled' in r)) throw new Error(`expected a compiled page, got ${JSON.stringify(r)}`);
  return r.compiled;
}

/** The page's markup: its HTML, its syntax tree as HTML, or its MDX code (the JSX calls' text). */
function markupOf(c: Compiled): string {
  if (c.output.type === 'html') return c.output.html;
  if (c.output.type === 'hast') return toHtml(c.output.tree);
  return c.output.code;
}

const withLinks = (): SiteConfig => {
  const config = minimalConfig();
  return { ...config, markdown: { ...config.markdown, headingLinks: true } };
};

const BODY = '# Title\n\n## Getting started\n\nText.\n\n### The `cacheStores` option\n\n#### Custom {#mine}\n';

describe('headings that link to themselves (markdown.headingLinks, a Docusaurus project)', () => {
  it('ends each h2–h6 with a link to itself, named by its text, or by its id when it holds more than text', async () => {
    const html = markupOf(await compiled(BODY, 'md', withLinks()));
    expect(html).toContain(
      '<h2 id="getting-started">Getting started<a href="#getting-started" class="hash-link" aria-label="Direct link to Getting started" title="Direct link to Getting started" translate="no">\u200b</a></h2>',
    );
    expect(html).toContain('aria-label="Direct link to the-cachestores-option"');
    expect(html).toContain('<a href="#mine" class="hash-link" aria-label="Direct link to Custom"');
    // The page's title is no section: no link, as in Docusaurus.
    expect(html).toMatch(/<h1 id="title">Title<\/h1>/);
  });

  it("names the link in the site's language, in MDX pages too (as a tree and as code)", async () => {
    const german = compileTexts({ 'content.headingLink': 'Direkter Link zu {heading}' });
    const tree = await compiled(BODY, 'mdx', withLinks(), german);
    expect(tree.output.type).toBe('hast');
    expect(markupOf(tree)).toContain('aria-label="Direkter Link zu Getting started"');
    const code = await compiled(`export const x = 1;\n\n${BODY}`, 'mdx', withLinks(), german);
    expect(code.output.type).toBe('mdx');
    expect(markupOf(code)).toContain('"Direkter Link zu Getting started"');
  });

  it("leaves headings as they are without the setting (quire's own sites)", async () => {
    const html = markupOf(await compiled(BODY, 'md', minimalConfig()));
    expect(html).toContain('<h2 id="getting-started">Getting started</h2>');
    expect(html).not.toContain('hash-link');
  });
});
