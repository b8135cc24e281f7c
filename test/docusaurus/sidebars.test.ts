import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MemoryWriter } from '../../src/emit/index.ts';
import { sidebarChunks } from '../../src/emit/files.ts';
import { fingerprintRoutes } from '../../src/render/index.ts';
import type { Route, SidebarItem, Site } from '../../src/types.ts';
import { minimalConfig } from '../unit/config-fixture.ts';
import { buildInMemory, makeSite } from '../helpers.ts';

const cleanups: (() => Promise<void>)[] = [];
afterAll(() => Promise.all(cleanups.map((c) => c())));

/** The sidebar's doc items and categories as text, `*` before the current page's: `*Methods /docs/api/methods/`, `[API]` for a category label. */
const sidebarOf = (html: string) => {
  const nav = /<nav class="doc-sidebar"[\s\S]*?<\/nav>/.exec(html)?.[0] ?? '';
  return [...nav.matchAll(/<summary class="menu__category">([^<]*)<|<a class="menu__link([^"]*)"[^>]*href="([^"]*)"[^>]*>([^<]*)</g)].map(
    (m) => (m[1] !== undefined ? `[${m[1]}]` : `${m[2].includes('menu__link--active') ? '*' : ''}${m[4]} ${m[3]}`),
  );
};

describe('a Docusaurus project with two sidebars (test/fixtures/docusaurus-sidebars)', () => {
  let writer: MemoryWriter;
  let ok: boolean;
  beforeAll(async () => {
    const site = await makeSite('docusaurus-sidebars');
    cleanups.push(site.cleanup);
    const built = await buildInMemory(site.root);
    writer = built.writer;
    ok = built.result.ok;
    expect(built.result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  });
  const page = (file: string) => writer.text(file) ?? '';

  it('shows each doc the sidebar it belongs to, with its own page current', () => {
    expect(ok).toBe(true);
    expect(sidebarOf(page('docs/api/methods/index.html'))).toEqual([
      '[API]',
      'API overview /docs/api/overview/',
      '*Methods /docs/api/methods/',
    ]);
    expect(sidebarOf(page('docs/guide/start/index.html'))).toEqual([
      '*Getting started /docs/guide/start/',
      '[Going further]',
      'Going deeper /docs/guide/deeper/',
    ]);
  });

  it('marks the categories holding the current page, whose labels Docusaurus colours as active', () => {
    const onPath = (html: string) =>
      [...html.matchAll(/<li class="menu__item menu__item--category([^"]*)"><details[^>]*><summary class="menu__category">([^<]*)</g)].map(
        (m) => `${m[2]}${m[1].includes('menu__item--on-path') ? ' (on path)' : ''}`,
      );
    expect(onPath(page('docs/api/methods/index.html'))).toEqual(['API (on path)']);
    expect(onPath(page('docs/guide/start/index.html'))).toEqual(['Going further']);
    expect(onPath(page('docs/guide/deeper/index.html'))).toEqual(['Going further (on path)']);
  });

  it('adds sidebar_class_name and className to the items, as Docusaurus does on the list item', () => {
    const start = page('docs/guide/start/index.html');
    expect(start).toContain('<li class="menu__item start-item"><a class="menu__link menu__link--active" href="/docs/guide/start/"');
    expect(start).toContain('<li class="menu__item menu__item--category further-category">');
    expect(start).toContain('<li class="menu__item external-item">');
  });
});

describe('docs tags (test/fixtures/docusaurus-sidebars)', () => {
  it('writes the tag list and one page per tag at the tags file permalink, and links the tags shown on each doc', async () => {
    const site = await makeSite('docusaurus-sidebars', {
      'docs/guide/deeper.md': '---\ntags: [advanced, refrence]\n---\n\n# Going deeper\n',
    });
    cleanups.push(site.cleanup);
    const { result, writer } = await buildInMemory(site.root);
    const page = (file: string) => writer.text(file) ?? '';
    // A tag the tags file lacks is kept as written and warned of at the field, with the nearest key.
    expect(result.diagnostics.filter((d) => d.file === 'docs/guide/deeper.md')).toEqual([
      expect.objectContaining({
        code: 'Q021',
        severity: 'warning',
        line: 2,
        message: 'The tag "refrence" is not in docs/tags.yml.',
        hint: expect.stringContaining('did you mean reference?'),
      }),
    ]);
    const list = page('docs/tags/index.html');
    expect([...list.matchAll(/<a class="tag-links__tag" href="([^"]+)" rel="tag">([^<]+)/g)].map((m) => `${m[2]} ${m[1]}`)).toEqual([
      'Advanced /docs/tags/advanced/',
      'For beginners /docs/tags/starting/',
      'Reference /docs/tags/reference/',
      'refrence /docs/tags/refrence/',
      'Setup /docs/tags/setup/',
    ]);
    const beginners = page('docs/tags/starting/index.html');
    expect(beginners).toContain('<h1>2 docs tagged with “For beginners”</h1>');
    expect(beginners).toContain('<title>2 docs tagged with “For beginners” | Two Sidebars</title>');
    expect(beginners).toContain('<p class="page__lead">Where to start.</p>');
    expect([...beginners.matchAll(/<h2><a href="([^"]+)">/g)].map((m) => m[1])).toEqual(['/docs/api/overview/', '/docs/guide/start/']);
    expect(page('docs/tags/setup/index.html')).toContain('<h1>One doc tagged with “Setup”</h1>');
    expect(page('docs/guide/start/index.html')).toMatch(
      /<nav class="tag-links" aria-label="Tags">.*<a class="tag-links__tag" href="\/docs\/tags\/starting\/" rel="tag">For beginners<\/a>.*href="\/docs\/tags\/setup\/" rel="tag">Setup</,
    );
  });
});

describe('page fingerprints with several sidebars', () => {
  const doc = (path: string, sidebar: string): Route => ({
    kind: 'doc',
    path,
    title: path,
    description: '',
    isUnlisted: false,
    doc: { id: path, breadcrumbs: [], inSidebar: true, sidebarTrail: [], sidebar },
  });
  const item = (label: string): SidebarItem => ({ type: 'doc', id: label, label, path: `/docs/${label}/` });
  // Only what fingerprintRoutes reads: a whole Site needs compiled pages these routes do not have.
  const site = (second: SidebarItem[]): Site =>
    ({
      config: minimalConfig(),
      routes: [doc('/docs/a/', 'first'), doc('/docs/b/', 'second')],
      compiled: [],
      sidebar: [item('a')],
      sidebarSize: 2,
      sidebars: { first: [item('a')], second },
      blogPosts: [],
      data: {},
      messages: {},
      locales: [],
      imageSizes: {},
    }) as unknown as Site;
  const prints = (s: Site) => fingerprintRoutes({ site: s, shared: null, assetVersions: new Map() });

  it("writes the category files of every sidebar when sidebars render by open branch, the second's too", () => {
    const category = (key: string, label: string): SidebarItem => ({ type: 'category', label, key, collapsed: true, items: [item(label)] });
    const large = {
      ...site([category('1', 'b')]),
      sidebar: [category('0', 'a')],
      sidebars: { first: [category('0', 'a')], second: [category('1', 'b')] },
      sidebarSize: 1000,
    } as Site;
    expect(sidebarChunks(large).map((c) => [c.file, JSON.parse(c.json)[0].href])).toEqual([
      ['_quire/sidebar/0.json', '/de/docs/a/'],
      ['_quire/sidebar/1.json', '/de/docs/b/'],
    ]);
  });

  it('changes for the docs of a sidebar that changed, and only for them', () => {
    const before = prints(site([item('b')]));
    const after = prints(site([item('b'), item('c')]));
    expect(after.get('/docs/a/')).toBe(before.get('/docs/a/'));
    expect(after.get('/docs/b/')).not.toBe(before.get('/docs/b/'));
  });
});

describe('a Docusaurus navbar without a title or logo', () => {
  it('names the link home by the site title, so it is never an empty link', async () => {
    const site = await makeSite('docusaurus-sidebars');
    cleanups.push(site.cleanup);
    const { readFile, writeFile } = await import('node:fs/promises');
    const config = `${site.root}/docusaurus.config.js`;
    await writeFile(config, (await readFile(config, 'utf8')).replace("navbar: { title: 'Two Sidebars' }", 'navbar: {}'));
    const { writer } = await buildInMemory(site.root);
    const html = writer.text('docs/api/methods/index.html') ?? '';
    const brands = [...html.matchAll(/<a class="navbar__brand"[^>]*>([\s\S]*?)<\/a>/g)];
    expect(brands.length).toBe(2);
    for (const [link, inner] of brands) {
      expect(inner).toBe('');
      expect(link).toMatch(/aria-label="[^"]+"/);
    }
  });
});

describe("a generated index's cards of categories", () => {
  it("say the category's own description, else how many items it holds, never its link's description", async () => {
    // Kysely's website: each example category's `_category_.json` has a description only in its generated-index link.
    const site = await makeSite('docusaurus-classic', {
      'docs/tutorial-extras/linked/_category_.json': JSON.stringify({
        label: 'Linked',
        link: { type: 'generated-index', description: 'Only on its own page' },
      }),
      'docs/tutorial-extras/linked/a.md': '# A\n\nFirst.\n',
      'docs/tutorial-extras/linked/b.md': '# B\n\nSecond.\n',
      'docs/tutorial-extras/own/_category_.json': JSON.stringify({
        label: 'Own',
        description: 'Its own words',
        link: { type: 'generated-index', description: 'Only on its own page' },
      }),
      'docs/tutorial-extras/own/c.md': '# C\n\nThird.\n',
    });
    cleanups.push(site.cleanup);
    const { result, writer } = await buildInMemory(site.root);
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const html = writer.text('docs/category/tutorial---extras/index.html') ?? '';
    const cards = [...html.matchAll(/<\/svg>([^<]*)<\/span><span class="card__description doc-card__description">([^<]*)</g)].map(
      (m) => `${m[1]}: ${m[2]}`,
    );
    expect(cards).toEqual(expect.arrayContaining(['Linked: 2 items', 'Own: Its own words']));
    expect(writer.text('docs/category/linked/index.html')).toContain('Only on its own page');
  });
});
