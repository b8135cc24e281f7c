import { describe, expect, it } from 'vitest';
import { minimalConfig } from '../unit/config-fixture.ts';
import { generatedIndexPages, resolveNavbarDocs } from '../../src/plan/generated.ts';
import type { Compiled, SidebarCategory, SiteConfig } from '../../src/types.ts';

const doc = (id: string, title: string, description = ''): Compiled =>
  ({ source: { id, path: `/docs/${id}/`, file: `docs/${id}.md`, frontMatter: {} }, title, description }) as unknown as Compiled;

describe('Docusaurus navbar items and generated index pages', () => {
  const docs = [doc('intro', 'Intro'), doc('api/a', 'A <b>')];
  const sidebars = [
    {
      name: 'api',
      items: [
        {
          type: 'category' as const,
          label: 'API',
          collapsed: true,
          key: '0',
          items: [{ type: 'doc' as const, id: 'api/a', label: 'A', path: '/docs/api/a/' }],
        },
      ],
    },
  ];
  const withItems = (items: unknown[]): SiteConfig => ({ ...minimalConfig(), navbar: { hideOnScroll: false, items } }) as SiteConfig;

  it("links a doc item to its doc (labelled by the doc's title when it has none) and a docSidebar item to the sidebar's first doc", () => {
    const { config, diagnostics } = resolveNavbarDocs(
      withItems([
        { type: 'link', doc: { id: 'intro' } },
        { type: 'link', label: 'API', doc: { sidebar: 'api' } },
      ]),
      sidebars,
      docs,
    );
    expect(diagnostics).toEqual([]);
    expect(config.navbar.items).toEqual([
      { type: 'link', label: 'Intro', to: '/docs/intro/', doc: { id: 'intro' } },
      { type: 'link', label: 'API', to: '/docs/api/a/', doc: { sidebar: 'api' } },
    ]);
  });

  it('reports a doc or sidebar that does not exist (Q070), with what does', () => {
    const { diagnostics } = resolveNavbarDocs(
      withItems([
        { type: 'link', label: 'X', doc: { id: 'intr' } },
        { type: 'link', label: 'Y', doc: { sidebar: 'guide' } },
      ]),
      sidebars,
      docs,
    );
    expect(diagnostics).toEqual([
      expect.objectContaining({
        code: 'Q070',
        severity: 'error',
        keyPath: 'navbar.items.0',
        message: 'The navbar item navbar.items.0 links to the doc "intr", which does not exist.',
        hint: 'Did you mean intro?',
      }),
      expect.objectContaining({
        code: 'Q070',
        severity: 'error',
        keyPath: 'navbar.items.1',
        message: 'The navbar item navbar.items.1 links to the sidebar "guide", which does not exist.',
        hint: 'The sidebars are: api.',
      }),
    ]);
  });

  it("makes a generated index page: the description, then the theme's DocCardList of the category", () => {
    const category = sidebars[0].items[0] as SidebarCategory;
    const [page] = generatedIndexPages(
      [{ path: '/docs/category/api/', title: 'API & more', description: 'All <the> calls', category }],
      docs,
      minimalConfig(),
    );
    expect(page.source).toMatchObject({ kind: 'doc', path: '/docs/category/api/', frontMatter: { title: 'API & more' } });
    expect(page.output).toEqual({
      type: 'hast',
      tree: {
        type: 'root',
        children: [
          { type: 'element', tagName: 'p', properties: {}, children: [{ type: 'text', value: 'All <the> calls' }] },
          { type: 'element', tagName: 'DocCardList', properties: {}, children: [] },
        ],
      },
    });
    // What the cards show is the page's cache key: a listed doc's new description changes it.
    const [again] = generatedIndexPages(
      [{ path: '/docs/category/api/', title: 'API & more', description: 'All <the> calls', category }],
      docs.map((d) => ({ ...d, description: `${d.description ?? ''} changed` })),
      minimalConfig(),
    );
    expect(again.source.hash).not.toBe(page.source.hash);
  });
});
