import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MemoryWriter } from '../../src/emit/index.ts';
import type { Diagnostic } from '../../src/types.ts';
import { buildInMemory, makeSite } from '../helpers.ts';

const cleanups: (() => Promise<void>)[] = [];
afterAll(() => Promise.all(cleanups.map((c) => c())));

/** The fixture (the preset's docs and a "community" docs plugin) built with some files changed. */
async function build(overlay: Record<string, string | null> = {}) {
  const site = await makeSite('docusaurus-instances', overlay);
  cleanups.push(site.cleanup);
  const { result, writer } = await buildInMemory(site.root);
  return { result, writer, page: (file: string) => writer.text(file) ?? '' };
}

const htmlFiles = (writer: MemoryWriter) => [...writer.files.keys()].filter((f) => f.endsWith('.html')).sort();

/** The sidebar's links as `label path`, categories without a page of their own as `[label]`. */
const sidebarOf = (html: string) => {
  const nav = /<nav class="doc-sidebar"[\s\S]*?<\/nav>/.exec(html)?.[0] ?? '';
  return [...nav.matchAll(/<summary class="menu__category">([^<]*)<|<a class="menu__link[^"]*"[^>]*href="([^"]*)"[^>]*>([^<]*)</g)].map(
    (m) => (m[1] !== undefined ? `[${m[1]}]` : `${m[3]} ${m[2]}`),
  );
};

/** The desktop navbar's links as `label path`. */
const navbarOf = (html: string) => {
  const bar = /<nav class="navbar[\s\S]*?<\/nav>/.exec(html)?.[0] ?? '';
  return [...bar.matchAll(/<a href="([^"]*)" class="navbar__link[^"]*"[^>]*>([^<]*)</g)].map((m) => `${m[2]} ${m[1]}`);
};

const paginationOf = (html: string) =>
  [...(/<nav class="pagination-nav"[\s\S]*?<\/nav>/.exec(html)?.[0] ?? '').matchAll(/href="([^"]*)" rel="(prev|next)"/g)].map(
    (m) => `${m[2]} ${m[1]}`,
  );

/** The Pagefind fragments' page URLs (one fragment per indexed page: gzip of `pagefind_dcd` + JSON). */
const searchedUrls = (writer: MemoryWriter) =>
  [...writer.files.entries()]
    .filter(([file]) => file.startsWith('pagefind/fragment/'))
    .map(([, data]) => (JSON.parse(gunzipSync(Buffer.from(data)).toString('utf8').slice('pagefind_dcd'.length)) as { url: string }).url)
    .sort();

const errors = (diagnostics: Diagnostic[]) => diagnostics.filter((d) => d.severity === 'error');

describe('a second docs plugin instance (test/fixtures/docusaurus-instances)', () => {
  let built: Awaited<ReturnType<typeof build>>;
  beforeAll(async () => {
    built = await build();
  });

  it("builds each instance's docs under its own route base, the same doc id in both", () => {
    expect(errors(built.result.diagnostics)).toEqual([]);
    expect(htmlFiles(built.writer)).toEqual([
      '404.html',
      'community/index.html',
      'community/support/index.html',
      'community/tags/help/index.html',
      'community/tags/index.html',
      // The team folder's _category_.json: a generated index page at its slug, under the instance's route base.
      'community/team/index.html',
      'community/team/members/index.html',
      'docs/guides/usage/index.html',
      'docs/install/index.html',
      'docs/intro/index.html',
      'index.html',
      'search/index.html',
    ]);
  });

  it("shows each doc its own instance's sidebar, with the instance's category file", () => {
    const community = [
      'Welcome /community/',
      'Support /community/support/',
      'The team /community/team/',
      'Members /community/team/members/',
    ];
    expect(sidebarOf(built.page('community/index.html'))).toEqual(community);
    expect(sidebarOf(built.page('community/team/members/index.html'))).toEqual(community);
    expect(sidebarOf(built.page('community/team/index.html'))).toEqual(community);
    expect(sidebarOf(built.page('docs/install/index.html'))).toEqual([
      'Introduction /docs/intro/',
      'Install /docs/install/',
      '[Guides]',
      'Usage /docs/guides/usage/',
    ]);
    expect(built.page('community/team/index.html')).toContain('Team overview');
  });

  it('keeps previous and next within the instance', () => {
    expect(paginationOf(built.page('community/index.html'))).toEqual(['next /community/support/']);
    expect(paginationOf(built.page('community/team/members/index.html'))).toEqual(['prev /community/team/']);
    expect(paginationOf(built.page('docs/intro/index.html'))).toEqual(['next /docs/install/']);
  });

  it("leads the navbar's docSidebar and doc items with docsPluginId into the instance, and names nothing unread", () => {
    expect(navbarOf(built.page('index.html'))).toEqual(['Docs /docs/intro/', 'Community /community/', 'Help /community/support/']);
    const unread = built.result.diagnostics.find((d) => d.message.includes('quire does not support these settings'));
    expect(unread).toBeUndefined();
  });

  it('resolves .md links from the file, then from the instance folder', () => {
    // ./team/members.md: relative to community/intro.md.
    expect(built.page('community/index.html')).toContain('href="/community/team/members/"');
    // support.md from community/team/members.md: no community/team/support.md, so community/support.md.
    expect(built.page('community/team/members/index.html')).toContain('href="/community/support/"');
  });

  it("gives the instance's docs their tag pages and its editUrl", () => {
    expect(built.page('community/tags/help/index.html')).toContain('href="/community/support/"');
    expect(built.page('community/support/index.html')).toContain('href="https://github.com/org/repo/edit/main/community/support.md"');
    // The preset's docs have no editUrl.
    expect(built.page('docs/install/index.html')).not.toContain('Edit this page');
  });

  it("indexes the instance's docs for search and lists them in the sitemap", () => {
    expect(searchedUrls(built.writer)).toEqual(
      expect.arrayContaining(['/community/', '/community/support/', '/community/team/members/', '/docs/install/']),
    );
    const sitemap = built.page('sitemap.xml');
    expect(sitemap).toContain('<loc>https://docs.example.org/community/support</loc>');
    expect(sitemap).toContain('<loc>https://docs.example.org/community/team/members</loc>');
  });
});

describe("a docs instance's remark plugins", () => {
  it("runs the preset's docs plugins on the preset's docs only, and each instance's own on its docs", async () => {
    // React Native's website gives its architecture, contributing and community instances its code-title plugin.
    const fixture = readFileSync(new URL('../fixtures/docusaurus-instances/docusaurus.config.js', import.meta.url), 'utf8');
    const { result, page } = await build({
      'plugins/mark.mjs':
        // biome-ignore lint/suspicious/noTemplateCurlyInString: the plugin's own code, as the text of its file
        "export default function mark({ by }) {\n  return (tree) => { tree.children.push({ type: 'paragraph', children: [{ type: 'text', value: `Marked by ${by}.` }] }); };\n}\n",
      'docusaurus.config.js': `import mark from './plugins/mark.mjs';\n${fixture
        .replace(
          "docs: { sidebarPath: './sidebars.js' }",
          "docs: { sidebarPath: './sidebars.js', remarkPlugins: [[mark, { by: 'the preset' }]] }",
        )
        .replace(
          "editUrl: 'https://github.com/org/repo/edit/main/',",
          "editUrl: 'https://github.com/org/repo/edit/main/',\n        remarkPlugins: [[mark, { by: 'the instance' }]],",
        )}`,
    });
    expect(errors(result.diagnostics)).toEqual([]);
    expect(page('docs/install/index.html')).toContain('Marked by the preset.');
    expect(page('docs/install/index.html')).not.toContain('Marked by the instance.');
    expect(page('community/support/index.html')).toContain('Marked by the instance.');
    expect(page('community/support/index.html')).not.toContain('Marked by the preset.');
    const unread = result.diagnostics.find((d) => d.message.includes('quire does not support these settings'));
    expect(unread?.message ?? '').not.toContain('remarkPlugins');
  });

  it('names the plugins it does not run by their names, beside the docs instance it builds', async () => {
    const fixture = readFileSync(new URL('../fixtures/docusaurus-instances/docusaurus.config.js', import.meta.url), 'utf8');
    const { result } = await build({
      'docusaurus.config.js': fixture.replace(
        '  plugins: [',
        "  plugins: [\n    '@docusaurus/plugin-pwa',\n    ['docusaurus-plugin-ideal-image', { quality: 70 }],",
      ),
    });
    expect(errors(result.diagnostics)).toEqual([]);
    const unread = result.diagnostics.find((d) => d.message.includes('quire does not support these settings'));
    expect(unread?.message.split('\n').slice(1)).toEqual([
      '- plugins.0 (@docusaurus/plugin-pwa)',
      '- plugins.1 (docusaurus-plugin-ideal-image)',
    ]);
  });
});

describe("a docs instance's translations", () => {
  it('reads its translated docs and sidebar texts from i18n/<locale>/docusaurus-plugin-content-docs-<id>/', async () => {
    const site = await makeSite('docusaurus-instances', {
      'docusaurus.config.js': readFileSync(
        new URL('../fixtures/docusaurus-instances/docusaurus.config.js', import.meta.url),
        'utf8',
      ).replace("locales: ['en']", "locales: ['en', 'fr']"),
      'i18n/fr/docusaurus-plugin-content-docs-community/current/support.md': '---\ntags: [help]\n---\n\n# Assistance\n\nDemandez.\n',
      'i18n/fr/docusaurus-plugin-content-docs-community/current.json':
        '{ "sidebar.community.category.The team": { "message": "L’équipe" } }\n',
      // Its other versions are not built: named.
      'i18n/fr/docusaurus-plugin-content-docs-community/version-1.0/old.md': '# Old\n',
    });
    cleanups.push(site.cleanup);
    const { result, writer } = await buildInMemory(site.root, { locale: 'fr' });
    expect(errors(result.diagnostics)).toEqual([]);
    expect(writer.text('fr/community/support/index.html')).toContain('Demandez.');
    const members = writer.text('fr/community/team/members/index.html') ?? '';
    expect(members).toContain('Who we are.');
    expect(members).toContain('>L’équipe<');
    const unread = result.diagnostics.filter((d) => d.code === 'Q003' && d.message.includes('i18n/fr/'));
    expect(unread.map((d) => d.message)).toEqual([
      'quire does not read these translations in i18n/fr/, so the site shows the untranslated text there:\n- i18n/fr/docusaurus-plugin-content-docs-community/version-1.0',
    ]);
  });
});

describe('docs instances the config gets wrong', () => {
  const config = (plugins: string, items: string) => `export default {
  title: 'Two instances',
  url: 'https://docs.example.org',
  baseUrl: '/',
  i18n: { defaultLocale: 'en', locales: ['en'] },
  themeConfig: { navbar: { items: [${items}] } },
  presets: [['classic', { docs: { sidebarPath: './sidebars.js' }, blog: false }]],
  plugins: [${plugins}],
};
`;
  const community =
    "['@docusaurus/plugin-content-docs', { id: 'community', path: 'community', routeBasePath: 'community', sidebarPath: './sidebarsCommunity.js' }]";

  it('refuses a navbar docsPluginId that names no instance, with the nearest id (Q002)', async () => {
    const { result } = await build({
      'docusaurus.config.js': config(community, "{ type: 'docSidebar', docsPluginId: 'comunity', sidebarId: 'community', label: 'C' }"),
    });
    expect(errors(result.diagnostics).map((d) => [d.code, d.keyPath, d.message])).toEqual([
      [
        'Q002',
        'themeConfig.navbar.items.0.docsPluginId',
        'themeConfig.navbar.items.0.docsPluginId names the docs plugin "comunity", which the config does not have (did you mean community?); its docs plugins: default, community.',
      ],
    ]);
  });

  it('refuses two instances with the same routeBasePath (Q002)', async () => {
    const clash = "['@docusaurus/plugin-content-docs', { id: 'more', path: 'community', routeBasePath: '/community/' }]";
    const { result } = await build({ 'docusaurus.config.js': config(`${community}, ${clash}`, '') });
    expect(errors(result.diagnostics).map((d) => [d.code, d.keyPath])).toEqual([['Q002', 'plugins.1.1.routeBasePath']]);
  });

  it("names a docsPluginId sidebar the instance does not have, with the instance's sidebars", async () => {
    const { result } = await build({
      'docusaurus.config.js': config(community, "{ type: 'docSidebar', docsPluginId: 'community', sidebarId: 'docs', label: 'C' }"),
    });
    const found = errors(result.diagnostics);
    expect(found.map((d) => [d.code, d.keyPath, d.message, d.hint])).toEqual([
      [
        'Q070',
        'themeConfig.navbar.items.0',
        'The navbar item themeConfig.navbar.items.0 links to the sidebar "docs", which does not exist.',
        'The sidebars are: community.',
      ],
    ]);
  });

  it("says the versions of another instance are not built, and names that instance's version dropdown", async () => {
    const { result } = await build({
      'docusaurus.config.js': config(
        community,
        "{ to: '/docs/intro', label: 'Docs' }, { type: 'docsVersionDropdown', docsPluginId: 'community' }",
      ),
      'community_versions.json': '["1.0"]',
    });
    expect(errors(result.diagnostics)).toEqual([]);
    const warnings = result.diagnostics.filter((d) => d.code === 'Q003').map((d) => d.message);
    expect(warnings).toContainEqual(expect.stringContaining('The docs plugin "community" has versions (community_versions.json)'));
    expect(warnings).toContainEqual(expect.stringContaining('themeConfig.navbar.items.* (type docsVersionDropdown)'));
  });

  it("reports an instance's missing folder (Q010)", async () => {
    const { result } = await build({ community: null });
    expect(errors(result.diagnostics).map((d) => [d.code, d.file, d.message])).toContainEqual([
      'Q010',
      'community',
      'The docs of the docs plugin "community" are missing: there is no community/.',
    ]);
  });

  it("gives each docs plugin's global data and doc hooks under its own id, as Docusaurus does", async () => {
    const hooks = [
      "import {useAllDocsData, useActivePlugin, useDoc, useDocsVersion} from '@docusaurus/plugin-content-docs/client';",
      'export default function Hooks() {',
      '  const all = useAllDocsData();',
      '  const {metadata} = useDoc();',
      '  const version = useDocsVersion();',
      '  const value = {',
      '    plugins: Object.keys(all).sort(),',
      '    paths: Object.fromEntries(Object.entries(all).map(([id, d]) => [id, d.path])),',
      '    docs: Object.fromEntries(Object.entries(all).map(([id, d]) => [id, d.versions[0].docs.map((doc) => doc.id + " " + doc.path + " " + doc.sidebar).sort()])),',
      '    sidebars: Object.fromEntries(Object.entries(all).map(([id, d]) => [id, Object.keys(d.versions[0].sidebars)])),',
      '    drafts: Object.fromEntries(Object.entries(all).map(([id, d]) => [id, d.versions[0].draftIds])),',
      '    active: useActivePlugin()?.pluginId ?? null,',
      '    pluginId: version.pluginId,',
      '    versionDocs: Object.keys(version.docs).sort(),',
      '    versionSidebars: Object.keys(version.docsSidebars),',
      '    sidebar: metadata.sidebar ?? null,',
      '    sourceDirName: metadata.sourceDirName,',
      '  };',
      '  return <pre id="hooks">{JSON.stringify(value)}</pre>;',
      '}',
    ].join('\n');
    const { result, page } = await build({
      'src/components/Hooks.js': hooks,
      'community/team/members.md': "---\ntitle: Members\n---\nimport Hooks from '@site/src/components/Hooks';\n\n<Hooks />\n",
      'community/draft.md': '---\ndraft: true\n---\n# Draft\n',
      'docs/install.md': "import Hooks from '@site/src/components/Hooks';\n\n# Install\n\n<Hooks />\n",
    });
    expect(errors(result.diagnostics)).toEqual([]);
    const read = (file: string) =>
      JSON.parse(
        (/<pre id="hooks">([\s\S]*?)<\/pre>/.exec(page(file))?.[1] ?? 'null').replace(/&quot;/g, '"').replace(/&amp;/g, '&'),
      ) as Record<string, unknown>;
    const community = read('community/team/members/index.html');
    const docs = read('docs/install/index.html');
    for (const data of [community, docs]) {
      expect(data.plugins).toEqual(['community', 'default']);
      expect(data.paths).toEqual({ default: '/docs', community: '/community' });
      expect(data.docs).toEqual({
        default: ['guides/usage /docs/guides/usage/ docs', 'install /docs/install/ docs', 'intro /docs/intro/ docs'],
        community: [
          'intro /community/ community',
          'support /community/support/ community',
          'team/members /community/team/members/ community',
        ],
      });
      expect(data.sidebars).toEqual({ default: ['docs'], community: ['community'] });
      expect(data.drafts).toEqual({ default: [], community: ['draft'] });
    }
    expect(community).toMatchObject({
      active: 'community',
      pluginId: 'community',
      versionSidebars: ['community'],
      sidebar: 'community',
      sourceDirName: 'team',
    });
    expect(community.versionDocs).toEqual(['intro', 'support', 'team/members']);
    expect(docs).toMatchObject({ active: 'default', pluginId: 'default', versionSidebars: ['docs'], sidebar: 'docs', sourceDirName: '.' });
    expect(docs.versionDocs).toEqual(['guides/usage', 'install', 'intro']);
  });

  it("compiles a partial in the instance's folder without the preset's docs plugins, as its own loader would", async () => {
    const fixture = readFileSync(new URL('../fixtures/docusaurus-instances/docusaurus.config.js', import.meta.url), 'utf8');
    const { result, page } = await build({
      'plugins/mark.mjs':
        "export default function mark() {\n  return (tree) => { tree.children.push({ type: 'paragraph', children: [{ type: 'text', value: 'Marked by the docs plugin.' }] }); };\n}\n",
      'docusaurus.config.js': `import mark from './plugins/mark.mjs';\n${fixture.replace(
        "docs: { sidebarPath: './sidebars.js' }",
        "docs: { sidebarPath: './sidebars.js', remarkPlugins: [mark] }, pages: { remarkPlugins: [mark] }",
      )}`,
      'community/_shared.md': 'Shared words.\n',
      'docs/_shared.md': 'Shared docs words.\n',
      'docs/install.md':
        "import Shared from './_shared.md';\nimport Other from '../community/_shared.md';\n\n# Install\n\n<Shared />\n\n<Other />\n",
    });
    expect(errors(result.diagnostics)).toEqual([]);
    const body = /<div class="markdown">([\s\S]*?)<\/div>/.exec(page('docs/install/index.html'))?.[1] ?? '';
    // The docs folder's partial and the page itself are marked; the instance folder's partial is not (neither by
    // the docs' plugins nor by the pages').
    expect([...body.matchAll(/<p>([^<]*)<\/p>/g)].map((m) => m[1])).toEqual([
      'Shared docs words.',
      'Marked by the docs plugin.',
      'Shared words.',
      'Marked by the docs plugin.',
    ]);
  });
});
