import { toHtml } from 'hast-util-to-html';
import { describe, expect, it } from 'vitest';
import { compileSource, compileTexts } from '../../src/compile/index.ts';
import type { Compiled, Source, SiteConfig } from '../../src/types.ts';
import { minimalConfig } from './config-fixture.ts';

function source(body: string, format: 'md' | 'mdx'): Source {
  return { kind: 'doc', file: `docs/a.${format}`, format, id: 'a', path: '/docs/a/', frontMatter: {}, body, bodyLine: 1, hash: 'h' };
}

async function markup(body: string, format: 'md' | 'mdx', config: SiteConfig): Promise<string> {
  const r = await compileSource(source(body, format), config, compileTexts(undefined));
  if (!('compiled' in r)) throw new Error(`expected a compiled page, got ${JSON.stringify(r)}`);
  const c: Compiled = r.compiled;
  if (c.output.type === 'html') return c.output.html;
  if (c.output.type === 'hast') return toHtml(c.output.tree);
  return c.output.code;
}

const withMermaid = (): SiteConfig => {
  const config = minimalConfig();
  return {
    ...config,
    markdown: {
      ...config.markdown,
      mermaid: {
        script: 'node_modules/mermaid/dist/mermaid.min.js',
        published: 'assets/mermaid-11.0.0.min.js',
        theme: { light: 'default', dark: 'dark' },
        options: { sequence: { mirrorActors: false } },
      },
    },
  };
};

const BODY = 'Before.\n\n```mermaid\nsequenceDiagram\n  A->>B: hi <b>\n```\n\n```ts\nconst a = 1\n```\n';

describe('mermaid code blocks (markdown.mermaid, a Docusaurus project with theme-mermaid)', () => {
  it('become an empty Mermaid island holding the diagram for the browser to draw, in Markdown and MDX pages', async () => {
    const md = await markup(BODY, 'md', withMermaid());
    const props = (html: string) => JSON.parse(/data-props="([^"]*)"/.exec(html)?.[1].replaceAll('&#x22;', '"') ?? '{}');
    expect(md).toMatch(/^<p>Before.<\/p>\n<div class="docusaurus-mermaid-container" data-island="Mermaid" data-props="[^"]*"><\/div>/);
    // What the island draws with: the text, the script under the base path, the themes, the options.
    expect(props(md)).toEqual({
      text: 'sequenceDiagram\n  A->>B: hi <b>',
      script: `${minimalConfig().baseUrl}assets/mermaid-11.0.0.min.js`,
      theme: { light: 'default', dark: 'dark' },
      options: { sequence: { mirrorActors: false } },
    });
    // An MDX page (one with JSX) is compiled to code: the same element, its text as a prop.
    const mdx = await markup(`${BODY}\n<span>{1 + 1}</span>\n`, 'mdx', withMermaid());
    expect(mdx).toContain('className: "docusaurus-mermaid-container"');
    expect(mdx).toContain('"data-island": "Mermaid"');
    expect(mdx).toContain('sequenceDiagram\\\\n  A->>B: hi <b>');
    for (const html of [md, mdx]) {
      // Other languages stay code.
      expect(html).toMatch(/data-language"?[:=] ?"ts"/);
      expect(html).not.toMatch(/data-language"?[:=] ?"mermaid"/);
    }
  });

  it('stay code without the setting', async () => {
    const html = await markup(BODY, 'md', minimalConfig());
    expect(html).toContain('data-language="mermaid"');
    expect(html).not.toContain('Mermaid');
  });
});
