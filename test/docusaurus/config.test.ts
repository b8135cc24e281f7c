import { mkdtemp, rm, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/index.ts';
import { mapDocusaurusConfig, presetPackage } from '../../src/config/docusaurus.ts';
import { fixture, repoRoot } from '../helpers.ts';

const temporary: string[] = [];
afterAll(() => Promise.all(temporary.map((dir) => rm(dir, { recursive: true, force: true }))));

/** A project folder with the given files. */
async function project(files: Record<string, string>): Promise<string> {
  const root = await mkdtemp(path.join(tmpdir(), 'quire-docusaurus-config-'));
  temporary.push(root);
  for (const [file, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(root, file)), { recursive: true });
    await writeFile(path.join(root, file), text);
  }
  return root;
}

const layout = (root: string) => ({ root, quireLocales: path.join(repoRoot, 'locales') });
/** A small Docusaurus config with these keys besides its title and URLs, mapped; `unread`: the warning's key lines. */
const mapped = (extra: Record<string, unknown>) => {
  const result = mapDocusaurusConfig(
    { title: 'T', url: 'https://example.org', baseUrl: '/', ...extra },
    'docusaurus.config.js',
    layout('/nowhere'),
  );
  return { ...result, unread: result.diagnostics.flatMap((d) => d.message.split('\n').slice(1)) };
};

describe('Docusaurus config', () => {
  it('reads the classic template as it is: its settings mapped, each unsupported key named once in one warning', async () => {
    const root = fixture('docusaurus-classic');
    const { config, diagnostics } = await loadConfig({ root });
    expect(config).toBeDefined();
    expect(config).toMatchObject({
      title: 'My Site',
      tagline: 'Dinosaurs are cool',
      url: 'https://your-docusaurus-site.example.com',
      baseUrl: '/',
      favicon: '/img/favicon.ico',
      image: '/img/docusaurus-social-card.jpg',
      onBrokenLinks: 'throw',
      markdown: { format: 'mdx', title: 'leadingHeading', newTabLinks: true, headingLinks: true, headingIds: 'docusaurus', emoji: true },
      i18n: { defaultLocale: 'en', currentLocale: 'en', locales: ['en'] },
      docs: { routeBasePath: 'docs', sidebarPath: 'sidebars.js', mainDocId: null },
      blog: { enabled: true, routeBasePath: 'blog', title: 'Blog', postsPerPage: 10, sidebarCount: 5 },
      styles: ['src/css/custom.css'],
      layout: {
        docs: 'docs',
        pages: 'src/pages',
        blog: 'blog',
        static: 'static',
        landing: null,
        data: null,
        locales: path.join(repoRoot, 'locales'),
      },
      colorMode: { respectPrefersColorScheme: true },
      navbar: {
        title: 'My Site',
        logo: { src: '/img/logo.svg', alt: 'My Site Logo', width: null, height: 32 },
        items: [
          { type: 'link', label: 'Tutorial', doc: { sidebar: 'tutorialSidebar' } },
          { type: 'link', label: 'Blog', to: '/blog' },
          { type: 'link', label: 'GitHub', href: 'https://github.com/facebook/docusaurus' },
        ],
      },
      footer: {
        links: [{ title: 'Docs', items: [{ label: 'Tutorial', to: '/docs/intro' }] }, { title: 'Community' }, { title: 'More' }],
        currencies: false,
      },
    });
    expect(config!.footer.copyright).toMatch(/^Copyright © \d{4} My Project, Inc\. Built with Docusaurus\.$/);
    expect(diagnostics).toEqual([
      expect.objectContaining({
        code: 'Q001',
        severity: 'warning',
        file: 'docusaurus.config.js',
        line: 7,
        column: 37,
        message: expect.stringContaining('imports the package prism-react-renderer, which is not installed'),
      }),
      expect.objectContaining({
        code: 'Q003',
        severity: 'warning',
        file: 'docusaurus.config.js',
        keyPath: 'presets.0.1.blog.feedOptions.xslt',
        message:
          'quire does not support these settings of docusaurus.config.js, so they do not change the site:\n- presets.0.1.blog.feedOptions.xslt\n- themeConfig.prism',
      }),
    ]);
  });

  it("draws the navbar logo as Docusaurus's stylesheet does: 2rem tall, its width as given or in proportion", () => {
    // Lexical's `{ src, alt, height: 12 }`: Infima's `.navbar__logo img { height: 100% }` makes it 32 px tall anyway.
    const logo = (extra: Record<string, unknown>) =>
      mapped({ themeConfig: { navbar: { logo: { src: 'img/logo.svg', alt: 'L', ...extra } } } }).config!.navbar!.logo;
    expect(logo({ height: 12 })).toEqual({ src: '/img/logo.svg', alt: 'L', width: null, height: 32 });
    expect(logo({ width: '140px' })).toEqual({ src: '/img/logo.svg', alt: 'L', width: 140, height: 32 });
    expect(mapped({ themeConfig: { navbar: { logo: { src: 'img/logo.svg', height: 12 } } } }).unread).toEqual([]);
  });

  it('runs a CommonJS config with require.resolve, __dirname and a config function, and finds sidebars.js without extension', async () => {
    const root = await project({
      'docusaurus.config.js': [
        "const path = require('path');",
        'module.exports = async function createConfig() {',
        '  return {',
        "    title: 'CJS', url: 'https://example.org', baseUrl: 'base',",
        "    presets: [['@docusaurus/preset-classic', { docs: { path: path.join(__dirname, 'handbook'), routeBasePath: '/', sidebarPath: require.resolve('./sidebars.js') }, blog: false }]],",
        '  };',
        '};',
      ].join('\n'),
      'sidebars.js': 'module.exports = { docs: ["a"] };',
      'handbook/a.md': '# A',
    });
    const { config, diagnostics } = await loadConfig({ root });
    expect(diagnostics).toEqual([]);
    expect(config).toMatchObject({
      title: 'CJS',
      baseUrl: '/base/',
      docs: { routeBasePath: '', sidebarPath: 'sidebars.js' },
      blog: { enabled: false },
      layout: { docs: 'handbook', blog: null, pages: null },
    });
  });

  it('runs a TypeScript config, and says when sidebars.js is not configured and so not read', async () => {
    const root = await project({
      'docusaurus.config.ts':
        "import type { Config } from '@docusaurus/types';\nconst config: Config = { title: 'TS', url: 'https://example.org', baseUrl: '/', presets: [['classic', { docs: {} }]] };\nexport default config;\n",
      'sidebars.js': 'module.exports = {};',
      'docs/a.md': '# A',
    });
    const { config, diagnostics } = await loadConfig({ root });
    expect(config).toMatchObject({ title: 'TS', docs: { sidebarPath: null } });
    expect(diagnostics).toEqual([
      expect.objectContaining({
        code: 'Q040',
        severity: 'warning',
        keyPath: 'presets.0.1.docs.sidebarPath',
        message: expect.stringContaining('sidebars.js is not read'),
      }),
    ]);
  });

  it('reports a config that does not run at its line', async () => {
    const root = await project({ 'docusaurus.config.mjs': "export default {\n  title: 'x',\n  url: undefinedName,\n};\n" });
    const { config, diagnostics } = await loadConfig({ root });
    expect(config).toBeUndefined();
    expect(diagnostics).toEqual([
      expect.objectContaining({
        code: 'Q001',
        severity: 'error',
        file: 'docusaurus.config.mjs',
        line: 3,
        message: expect.stringContaining('undefinedName is not defined'),
      }),
    ]);
  });

  it('maps navbar item types, and names the types and keys it cannot show', () => {
    const raw = {
      title: 'T',
      url: 'https://example.org',
      baseUrl: '/',
      trailingSlash: false,
      plugins: ['some-plugin'],
      themeConfig: {
        navbar: {
          items: [
            { type: 'doc', docId: 'intro', label: 'Intro' },
            {
              type: 'dropdown',
              label: 'More',
              items: [
                { to: 'docs/a', label: 'A' },
                { type: 'docSidebar', sidebarId: 'api', label: 'API' },
                { type: 'html', value: '<hr/>' },
              ],
            },
            { type: 'localeDropdown' },
            { type: 'docsVersionDropdown', position: 'right' },
            { type: 'search', position: 'right' },
            { type: 'html', value: '<b>x</b>' },
          ],
        },
        footer: { links: [{ label: 'Flat', to: '/x' }] },
      },
    };
    const { config, diagnostics } = mapDocusaurusConfig(raw, 'docusaurus.config.js', layout('/nowhere'));
    expect(config!.navbar!.items).toEqual([
      { type: 'link', label: 'Intro', doc: { id: 'intro' } },
      {
        type: 'dropdown',
        label: 'More',
        items: [
          { label: 'A', to: '/docs/a' },
          { label: 'API', doc: { sidebar: 'api' } },
        ],
      },
      // Docusaurus puts an item without a position on the left, a dropdown of locales or versions too.
      { type: 'locale', position: 'left' },
      { type: 'docsVersion', position: 'right', labelPrefix: false },
      { type: 'search', position: 'right' },
      { type: 'html', value: '<b>x</b>' },
    ]);
    expect(diagnostics).toHaveLength(1);
    expect(diagnostics[0].message.split('\n').slice(1)).toEqual([
      '- trailingSlash',
      '- plugins.0 (some-plugin)',
      '- themeConfig.navbar.items.*.items.* (type html)',
    ]);
  });

  it('names a plugin given as a function by the function, an anonymous one by its place', () => {
    // Lexical's inline plugins: `async function tailwindcss() { return { configurePostCss … } }`, and an import.
    const packageDocs = () => ({ name: 'package-docs' });
    const { unread } = mapped({
      plugins: [
        async function tailwindcss() {
          return { name: 'docusaurus-tailwindcss' };
        },
        [packageDocs, { baseDir: '..' }],
        () => ({ name: 'x' }),
      ],
    });
    expect(unread).toEqual(['- plugins.0 (function tailwindcss)', '- plugins.1 (function packageDocs)', '- plugins.2']);
  });

  it('reads an item with items and no type as a dropdown, and an item of another docs plugin as leading into it', () => {
    const { config, unread } = mapped({
      plugins: [['@docusaurus/plugin-content-docs', { id: 'registry', path: 'registry', routeBasePath: 'registry' }]],
      themeConfig: {
        navbar: {
          items: [
            { label: 'Sponsor', items: [{ label: 'Open Collective', href: 'https://opencollective.com/x' }] },
            { type: 'docSidebar', docsPluginId: 'registry', sidebarId: 'registry', label: 'Registry' },
            { type: 'doc', docsPluginId: 'default', docId: 'intro', label: 'Intro' },
          ],
        },
      },
    });
    expect(config!.navbar!.items).toEqual([
      { type: 'dropdown', label: 'Sponsor', items: [{ label: 'Open Collective', href: 'https://opencollective.com/x' }] },
      { type: 'link', label: 'Registry', doc: { sidebar: 'registry', instance: 'registry' } },
      { type: 'link', label: 'Intro', doc: { id: 'intro' } },
    ]);
    expect(unread.filter((line) => /docsPluginId|\.items\.\*\.items|docSidebar|plugins/.test(line))).toEqual([]);
  });

  it('refuses two docs instances with the same id or routeBasePath, and a navbar docsPluginId no instance has', () => {
    const { diagnostics } = mapped({
      presets: [['classic', { docs: { routeBasePath: '/' } }]],
      plugins: [
        ['@docusaurus/plugin-content-docs', { id: 'pnpr', path: 'pnpr-docs', routeBasePath: 'pnpr' }],
        ['@docusaurus/plugin-content-docs', { id: 'pnpr', path: 'other', routeBasePath: 'other' }],
        ['content-docs', { id: 'api', path: 'api', routeBasePath: '/pnpr/' }],
        '@docusaurus/plugin-content-docs',
      ],
      themeConfig: {
        navbar: {
          items: [
            { type: 'docSidebar', docsPluginId: 'pnpr', sidebarId: 'pnpr', label: 'pnpr' },
            { type: 'dropdown', label: 'More', items: [{ type: 'doc', docsPluginId: 'pnrp', docId: 'intro', label: 'x' }] },
            { type: 'docsVersionDropdown', docsPluginId: 'community' },
          ],
        },
      },
    });
    // Besides: the first instance's folder is not there (the others clash, and are not built).
    expect(diagnostics.filter((d) => d.code === 'Q010').map((d) => [d.file, d.message])).toEqual([
      ['pnpr-docs', 'The docs of the docs plugin "pnpr" are missing: there is no pnpr-docs/.'],
    ]);
    const errors = diagnostics.filter((d) => d.severity === 'error' && d.code === 'Q002');
    expect(errors.map((d) => [d.code, d.keyPath])).toEqual([
      ['Q002', 'plugins.1.1.id'],
      ['Q002', 'plugins.3'],
      ['Q002', 'plugins.2.1.routeBasePath'],
      ['Q002', 'themeConfig.navbar.items.1.items.0.docsPluginId'],
      ['Q002', 'themeConfig.navbar.items.2.docsPluginId'],
    ]);
    expect(errors[0].message).toBe('plugins.1.1.id: two docs plugin instances have the id "pnpr" (the first at plugins.0.1).');
    expect(errors[1].message).toContain('the id "default" (the first at presets.0.1.docs)');
    expect(errors[2].message).toContain('the routeBasePath "pnpr" (the first at plugins.0.1)');
    expect(errors[3].message).toBe(
      'themeConfig.navbar.items.1.items.0.docsPluginId names the docs plugin "pnrp", which the config does not have (did you mean pnpr?); its docs plugins: default, pnpr, api.',
    );
    expect(errors[4].hint).toContain('docsPluginId is the id of a @docusaurus/plugin-content-docs');
  });

  it("puts quire's search at the navbar's end where a search theme, plugin or Algolia would put Docusaurus's", () => {
    const items = (extra: Record<string, unknown>) =>
      mapDocusaurusConfig(
        {
          title: 'T',
          url: 'https://example.org',
          baseUrl: '/',
          themeConfig: { navbar: { items: [{ to: 'docs/a', label: 'A' }] } },
          ...extra,
        },
        'docusaurus.config.js',
        layout('/nowhere'),
      ).config!.navbar!.items;
    expect(items({ themes: ['/p/node_modules/@getcanary/docusaurus-theme-search-pagefind/dist/index.js'] })).toEqual([
      { type: 'link', label: 'A', to: '/docs/a' },
      { type: 'search' },
    ]);
    expect(items({ plugins: [['@easyops-cn/docusaurus-search-local', {}]] })).toContainEqual({ type: 'search' });
    // No search plugin: Docusaurus shows no search bar, and neither does the navbar.
    expect(items({ plugins: ['docusaurus-plugin-sass'] })).toEqual([{ type: 'link', label: 'A', to: '/docs/a' }]);
  });

  it("shows a navbar link without a label (an icon drawn by the project's CSS) by its aria-label, with its class", () => {
    const raw = {
      title: 'T',
      url: 'https://example.org',
      baseUrl: '/',
      themeConfig: {
        navbar: {
          items: [
            { href: 'https://github.com/o/r', position: 'right', className: 'header-github-link', 'aria-label': 'GitHub repository' },
            { href: 'https://example.org/x/', className: 'plain' },
            { href: 'https://example.org/y' },
          ],
        },
      },
    };
    const { config, diagnostics } = mapDocusaurusConfig(raw, 'docusaurus.config.js', layout('/nowhere'));
    expect(config!.navbar!.items).toEqual([
      // Its aria-label is said, not shown: the project's stylesheet draws the icon from its class.
      {
        type: 'link',
        label: 'GitHub repository',
        href: 'https://github.com/o/r',
        className: 'header-github-link',
        labelHidden: true,
        position: 'right',
      },
      // With neither, Docusaurus draws an empty link its class fills (DocSearch's GitHub icon): quire draws it too,
      // saying its address.
      { type: 'link', label: 'example.org/x', href: 'https://example.org/x/', className: 'plain', labelHidden: true },
      // Without a class too, the link has nothing to show: validation names the missing label.
      { type: 'link', href: 'https://example.org/y' },
    ]);
    expect(diagnostics).toEqual([]);
  });

  it("reads DocSearch's Docusaurus plugin (themeConfig.docsearch) as Algolia's search: its first index, its tags", () => {
    // DocSearch's own website: the plugin with Ask AI, the side panel and a search page at /search.
    const { config, unread } = mapped({
      plugins: ['@docsearch/docusaurus-adapter'],
      themeConfig: {
        docsearch: {
          appId: 'APP',
          apiKey: 'key',
          indices: [{ name: 'docsearch' }, 'other'],
          askAi: { agentId: 'a' },
          searchPage: { path: 'search' },
          placeholder: 'Search or ask AI',
        },
      },
    });
    expect(config!.search).toMatchObject({
      provider: 'hosted',
      hosted: { appId: 'APP', apiKey: 'key', indexName: 'docsearch' },
      openSearch: true,
      docsTagPrefix: 'docs-default-',
      contextualSearch: true,
      placeholder: 'Search or ask AI',
    });
    expect(unread).toEqual(['- themeConfig.docsearch.indices.1', '- themeConfig.docsearch.askAi']);

    const off = mapped({
      plugins: [['@docsearch/docusaurus-adapter', {}]],
      themeConfig: { docsearch: { appId: 'APP', apiKey: 'key', indices: ['plain'], contextualSearch: false, searchPage: false } },
    });
    expect(off.config!.search).toMatchObject({ hosted: { indexName: 'plain' }, openSearch: false, contextualSearch: false });
    // Without the plugin the key is nobody's: named, and quire's own search stays.
    const alone = mapped({ themeConfig: { docsearch: { appId: 'APP', apiKey: 'key', indices: ['plain'] } } });
    expect(alone.config!.search).toBeUndefined();
    expect(alone.unread).toContain('- themeConfig.docsearch');
    // Algolia's theme's placeholder, the same box's.
    const algolia = mapped({ themeConfig: { algolia: { appId: 'APP', apiKey: 'key', indexName: 'i', placeholder: 'Find' } } });
    expect(algolia.config!.search).toMatchObject({ provider: 'hosted', placeholder: 'Find' });
    expect(algolia.unread).toEqual([]);
    // A version dropdown never coloured active: quire's never is (Sequelize's navbar).
    const dropdown = (dropdownActiveClassDisabled: boolean) =>
      mapped({ themeConfig: { navbar: { items: [{ type: 'docsVersionDropdown', dropdownActiveClassDisabled }] } } }).unread;
    expect(dropdown(true)).toEqual([]);
    expect(dropdown(false)).toEqual(['- themeConfig.navbar.items.*.dropdownActiveClassDisabled']);
    // Its searchPagePath: the default, `search` (Sequelize's), is quire's search page; another is named.
    const at = (searchPagePath: unknown) =>
      mapped({ themeConfig: { algolia: { appId: 'APP', apiKey: 'key', indexName: 'i', searchPagePath } } }).unread;
    expect(at('search')).toEqual([]);
    expect(at('find')).toEqual(['- themeConfig.algolia.searchPagePath']);
    expect(at(false)).toEqual(['- themeConfig.algolia.searchPagePath']);
  });

  it('reads prism.additionalLanguages as given (every Prism language highlights) and names the code colours', () => {
    const { unread } = mapped({ themeConfig: { prism: { additionalLanguages: ['powershell', 'ini'], theme: {} } } });
    expect(unread).toEqual(['- themeConfig.prism.theme']);
    // Magic comment kinds are read (markdown.magicComments); a list of another shape is named.
    const magic = mapped({ themeConfig: { prism: { magicComments: [{ className: 'err', line: 'error-next-line' }] } } });
    expect(magic.unread).toEqual([]);
    expect(magic.config!.markdown).toMatchObject({ magicComments: [{ className: 'err', line: 'error-next-line' }] });
    expect(mapped({ themeConfig: { prism: { additionalLanguages: ['bash'], magicComments: [{ line: 'x' }] } } }).unread).toEqual([
      '- themeConfig.prism.magicComments',
    ]);
  });

  it("takes Docusaurus's v4 flags and faster bundlers as changing nothing quire writes, and names a hash router", () => {
    const unread = (future: unknown) => mapped({ future }).unread;
    expect(unread({ v4: true, experimental_faster: true })).toEqual([]);
    // pnpm.io's, under Docusaurus 3.10's name for the faster bundlers.
    expect(unread({ faster: true, v4: { removeLegacyPostBuildHeadAttribute: true, useCssCascadeLayers: false } })).toEqual([]);
    expect(unread({ v4: true, experimental_router: 'hash' })).toEqual(['- future.experimental_router']);
  });

  it("reads `:::tip Title` as Docusaurus's markdown.mdx1Compat.admonitions says, off by default under 3.10's future.v4", async () => {
    const spaced = (extra: Record<string, unknown>, root = '/nowhere') =>
      (
        mapDocusaurusConfig({ title: 'T', url: 'https://example.org', baseUrl: '/', ...extra }, 'docusaurus.config.js', layout(root))
          .config!.markdown as { spacedAdmonitionTitles?: boolean }
      ).spacedAdmonitionTitles;
    // Without an installed Docusaurus, the newest (3.10) rules.
    expect(spaced({})).toBe(true);
    expect(spaced({ future: { v4: true } })).toBe(false);
    expect(spaced({ future: { v4: { mdx1CompatDisabledByDefault: true } } })).toBe(false);
    expect(spaced({ future: { v4: { useCssCascadeLayers: true } } })).toBe(true);
    expect(spaced({ future: { v4: true }, markdown: { mdx1Compat: { admonitions: true } } })).toBe(true);
    expect(spaced({ markdown: { mdx1Compat: { admonitions: false } } })).toBe(false);
    // The other two are read (quire reads comments and `{#id}` always; Docusaurus refuses them without).
    expect(mapped({ markdown: { mdx1Compat: { comments: false, headingIds: false } } }).unread).toEqual([]);
    // Before 3.10, future.v4 has no such flag.
    const older = await project({ 'node_modules/@docusaurus/core/package.json': JSON.stringify({ version: '3.9.2' }) });
    expect(spaced({ future: { v4: true } }, older)).toBe(true);
    const newer = await project({ 'node_modules/@docusaurus/core/package.json': JSON.stringify({ version: '3.10.0' }) });
    expect(spaced({ future: { v4: true } }, newer)).toBe(false);
  });

  it("takes a full URL in a navbar or footer link's `to` as an external link, as Docusaurus's Link does", () => {
    const { config, diagnostics } = mapped({
      themeConfig: {
        navbar: { items: [{ to: 'https://translate.example.org', label: 'Translate' }] },
        footer: {
          links: [
            {
              title: 'More',
              items: [
                { to: 'mailto:docs@example.org', label: 'Mail' },
                { to: 'blog', label: 'Blog' },
              ],
            },
          ],
        },
      },
    });
    expect(config!.navbar!.items).toEqual([{ type: 'link', label: 'Translate', href: 'https://translate.example.org' }]);
    expect(config!.footer!.links).toEqual([
      {
        title: 'More',
        items: [
          { label: 'Mail', href: 'mailto:docs@example.org' },
          { label: 'Blog', to: '/blog' },
        ],
      },
    ]);
    expect(diagnostics).toEqual([]);
  });

  it("keeps a class on doc, sidebar and dropdown items, as Docusaurus puts it on their links and the dropdown's toggle", () => {
    const { config, diagnostics } = mapped({
      themeConfig: {
        navbar: {
          items: [
            { type: 'docSidebar', sidebarId: 's', label: 'Docs', className: 'wide' },
            { type: 'dropdown', label: 'More', className: 'narrow', items: [{ type: 'doc', docId: 'faq', label: 'FAQ', className: 'x' }] },
          ],
        },
      },
    });
    expect(config!.navbar!.items).toEqual([
      { type: 'link', label: 'Docs', doc: { sidebar: 's' }, className: 'wide' },
      { type: 'dropdown', label: 'More', className: 'narrow', items: [{ label: 'FAQ', doc: { id: 'faq' }, className: 'x' }] },
    ]);
    expect(diagnostics).toEqual([]);
  });

  it("puts stylesheets, scripts, headTags and themeConfig.metadata into every page's head, holding their URLs to the URL policy", async () => {
    const root = await project({
      'docusaurus.config.js': `module.exports = {
  title: 'K', url: 'https://example.org', baseUrl: '/',
  stylesheets: ['https://cdn.example.org/katex.css', { href: '/css/extra.css', crossorigin: 'anonymous' }],
  scripts: [{ src: 'https://cdn.example.org/a.js', async: true, defer: false }],
  headTags: [{ tagName: 'meta', attributes: { name: 'theme-color', content: '#123456' } }, { tagName: 'script', attributes: {}, innerHTML: 'x()' }],
  themeConfig: { metadata: [{ name: 'twitter:card', content: 'summary' }, { property: 'og:site_name', content: 'K docs' }] },
};`,
    });
    const { config, diagnostics } = await loadConfig({ root });
    expect(config!.headTags).toEqual([
      { tagName: 'link', attributes: { rel: 'stylesheet', href: 'https://cdn.example.org/katex.css' } },
      { tagName: 'link', attributes: { rel: 'stylesheet', href: '/css/extra.css', crossorigin: 'anonymous' } },
      { tagName: 'script', attributes: { src: 'https://cdn.example.org/a.js', async: true, defer: false } },
      { tagName: 'meta', attributes: { name: 'theme-color', content: '#123456' } },
      { tagName: 'script', attributes: {} },
      { tagName: 'meta', attributes: { name: 'twitter:card', content: 'summary' }, pageWins: true },
      { tagName: 'meta', attributes: { property: 'og:site_name', content: 'K docs' }, pageWins: true },
    ]);
    // What quire does not read stays in the warning: inline script text.
    expect(diagnostics.flatMap((d) => d.message.split('\n').slice(1))).toEqual(['- headTags.1.innerHTML']);

    const unsafe = await project({
      'docusaurus.config.js':
        "module.exports = { title: 'K', url: 'https://example.org', baseUrl: '/', scripts: ['javascript:alert(1)'] };",
    });
    const refused = await loadConfig({ root: unsafe });
    expect(refused.config).toBeUndefined();
    expect(refused.diagnostics).toContainEqual(expect.objectContaining({ code: 'Q064', keyPath: 'scripts.0' }));
  });

  it("reads Docusaurus's npm2yarn remark plugin in the docs and blog options, and the project's other remark plugins as its own", async () => {
    const root = await project({
      'node_modules/@docusaurus/remark-plugin-npm2yarn/package.json': JSON.stringify({
        name: '@docusaurus/remark-plugin-npm2yarn',
        main: 'index.js',
      }),
      'node_modules/@docusaurus/remark-plugin-npm2yarn/index.js':
        "const isNpm2Yarn = (node) => node.type === 'code' && node.meta === 'npm2yarn';\nmodule.exports = (options = {}) => (root) => { void isNpm2Yarn; };\n",
      'docusaurus.config.js': `module.exports = {
  title: 'N', url: 'https://example.org', baseUrl: '/',
  presets: [['classic', {
    docs: { remarkPlugins: [[require('@docusaurus/remark-plugin-npm2yarn'), { sync: true, converters: ['pnpm'] }], function other() {}] },
    blog: { remarkPlugins: [require('@docusaurus/remark-plugin-npm2yarn')] },
  }]],
};`,
    });
    const { config, diagnostics } = await loadConfig({ root });
    // The last list read wins: the blog's, with the plugin's defaults.
    expect(config!.markdown.npm2yarn).toEqual({ sync: false, converters: ['yarn', 'pnpm', 'bun'] });
    // The other plugin is the project's own, run by compile (test/docusaurus/plugins.test.ts): read, not named.
    expect(diagnostics).toEqual([]);
    expect(config!.markdown.plugins?.sections).toEqual({
      docs: { remarkPlugins: [{ keyPath: 'presets.0.1.docs.remarkPlugins.1', name: 'other' }] },
    });
  });

  it('names each plugin and theme it does not run by its name, also when it runs none of them', async () => {
    const root = await project({
      'docusaurus.config.js':
        "module.exports = { title: 'T', url: 'https://example.org', baseUrl: '/', themes: ['@docusaurus/theme-mermaid', ['@easyops-cn/docusaurus-search-local', { hashed: true }]], plugins: ['@docusaurus/plugin-pwa'] };",
    });
    const { diagnostics } = await loadConfig({ root });
    const unread = diagnostics.find((d) => d.code === 'Q003' && d.message.includes('quire does not support these settings'));
    expect(unread?.message.split('\n').slice(1)).toEqual([
      '- themes.0 (@docusaurus/theme-mermaid)',
      '- themes.1 (@easyops-cn/docusaurus-search-local)',
      '- plugins.0 (@docusaurus/plugin-pwa)',
    ]);
  });

  it("reads Meta's internaldocs preset (as metro's website names it, by require.resolve) as the classic preset it wraps", async () => {
    const root = await project({
      'docusaurus.config.js': `module.exports = {
  title: 'M', url: 'https://example.org', baseUrl: '/',
  presets: [[require.resolve('docusaurus-plugin-internaldocs-fb/docusaurus-preset'), {
    docs: { path: '../docs', sidebarPath: require.resolve('./sidebars.json'), editUrl: 'https://github.com/facebook/metro/edit/main/docs' },
    theme: { customCss: require.resolve('./src/css/custom.css') },
    staticDocsProject: 'metro',
  }]],
};`,
      'node_modules/docusaurus-plugin-internaldocs-fb/package.json': '{ "name": "docusaurus-plugin-internaldocs-fb", "main": "index.js" }',
      'node_modules/docusaurus-plugin-internaldocs-fb/docusaurus-preset.js': 'module.exports = () => ({});',
      'sidebars.json': '{ "docs": ["a"] }',
      'src/css/custom.css': ':root { --ifm-color-primary: #ef4242; }',
    });
    const { config, diagnostics } = await loadConfig({ root });
    expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(config?.docs).toMatchObject({ sidebarPath: 'sidebars.json', editUrl: 'https://github.com/facebook/metro/edit/main/docs' });
    expect(config?.layout.docs).toBe('../docs');
    expect(config?.styles).toEqual(['src/css/custom.css']);
    // What the preset adds beside the classic preset's options is named, and so is its own option.
    const unread = diagnostics.find((d) => d.code === 'Q003' && d.message.includes('quire does not support these settings'));
    expect(unread?.message.split('\n').slice(1)).toEqual([
      expect.stringMatching(/^- presets\.0\.0 \(docusaurus-plugin-internaldocs-fb\/docusaurus-preset: its own remark plugins .*mermaid/),
      '- presets.0.1.staticDocsProject',
    ]);
    expect(unread?.keyPath).toBe('presets.0.0');
  });

  it('runs a third-party preset, as Docusaurus does, and reads what it hands to the classic parts', async () => {
    // A company's wrapper of the classic preset: the docs plugin by file path, the classic theme by name, a theme
    // and a plugin of its own, a plugin it adds only outside production, and a key it reads itself.
    const root = await project({
      'docusaurus.config.js': `module.exports = {
  title: 'W', url: 'https://example.org', baseUrl: '/handbook/',
  presets: [['@acme/preset-handbook', {
    docs: { routeBasePath: '/', sidebarPath: require.resolve('./sidebars.js'), breadcrumbs: false },
    theme: { customCss: require.resolve('./src/site.css') },
    flavour: 'dark roast',
  }]],
};`,
      'node_modules/@acme/preset-handbook/package.json': '{ "name": "@acme/preset-handbook", "main": "lib/index.js" }',
      'node_modules/@acme/preset-handbook/lib/index.js': `exports.default = function preset(context, opts) {
  if (context.siteConfig.baseUrl !== '/handbook/' || !context.siteDir) throw new Error('no context');
  const { docs, theme, flavour } = opts;
  return {
    themes: [['@docusaurus/theme-classic', theme], require.resolve('@acme/theme-handbook')],
    plugins: [
      [require.resolve('@docusaurus/plugin-content-docs'), docs],
      function () { return { name: 'brew-' + flavour }; },
      process.env.NODE_ENV !== 'production' && '@docusaurus/plugin-debug',
    ],
  };
};`,
      'node_modules/@acme/theme-handbook/package.json': '{ "name": "@acme/theme-handbook", "main": "index.js" }',
      'node_modules/@acme/theme-handbook/index.js':
        'module.exports = () => ({ name: "handbook-theme", getThemePath: () => "./components" });',
      'node_modules/@acme/theme-handbook/components/DocCard/index.js': 'module.exports = () => null;',
      'node_modules/@acme/theme-handbook/components/Sprout.js': 'module.exports = () => null;',
      'src/theme/Sprout.js': 'export default function Sprout() { return null; }',
      'node_modules/@docusaurus/plugin-content-docs/package.json': '{ "name": "@docusaurus/plugin-content-docs", "main": "lib/index.js" }',
      'node_modules/@docusaurus/plugin-content-docs/lib/index.js': 'module.exports = () => ({});',
      'sidebars.js': 'module.exports = { docs: ["intro"] };',
      'src/site.css': ':root { --ifm-color-primary: #2e7d32; }',
    });
    const { config, diagnostics, inputs } = await loadConfig({ root });
    expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    // The preset's and its theme's code are the config's inputs: an edit to one loads it again in quire dev.
    expect(inputs).toEqual(
      expect.arrayContaining([
        path.join(root, 'node_modules/@acme/preset-handbook/lib/index.js'),
        path.join(root, 'node_modules/@acme/theme-handbook/index.js'),
      ]),
    );
    expect(config?.docs).toMatchObject({ routeBasePath: '', sidebarPath: 'sidebars.js', breadcrumbs: false });
    expect(config?.styles).toEqual(['src/site.css']);
    // The theme's components answer `@theme/…` imports, the project's own src/theme/ first (Docusaurus's order);
    // the one replacing a part quire draws around pages is named.
    expect(config?.themeComponents).toEqual({
      DocCard: 'node_modules/@acme/theme-handbook/components/DocCard/index.js',
      Sprout: 'src/theme/Sprout.js',
    });
    expect(diagnostics).toContainEqual(
      expect.objectContaining({
        code: 'Q003',
        message: expect.stringMatching(/^node_modules\/@acme\/theme-handbook\/components\/ replaces .*: DocCard\./),
      }),
    );
    // No blog: the preset gives no blog plugin, so there is none (without the preset read, blog/ would be built).
    expect(config?.blog.enabled).toBe(false);
    // What it adds is named on its line; the option it read itself stays named where it was written.
    const unread = diagnostics.find((d) => d.code === 'Q003' && d.message.includes('quire does not support these settings'));
    expect(unread?.message.split('\n').slice(1)).toEqual([
      '- presets.0.0 (@acme/preset-handbook: @acme/theme-handbook, a plugin function)',
      '- presets.0.1.flavour',
    ]);
  });

  it('names a third-party preset that fails when run at its key (Q001)', async () => {
    const root = await project({
      'docusaurus.config.js': `module.exports = { title: 'W', url: 'https://example.org', baseUrl: '/', presets: [['acme-broken', {}]] };`,
      'node_modules/docusaurus-preset-acme-broken/package.json': '{ "name": "docusaurus-preset-acme-broken", "main": "index.js" }',
      'node_modules/docusaurus-preset-acme-broken/index.js': 'module.exports = () => { throw new Error("kettle empty"); };',
    });
    const { config, diagnostics } = await loadConfig({ root });
    expect(config).toBeUndefined();
    expect(diagnostics).toEqual([
      expect.objectContaining({
        code: 'Q001',
        keyPath: 'presets.0',
        message: expect.stringMatching(/acme-broken \(presets\.0\).*kettle empty/),
      }),
    ]);
  });

  it('reads a preset given as a file path by the package it is in', () => {
    expect(presetPackage('/p/node_modules/@docusaurus/preset-classic/lib/index.js')).toBe('@docusaurus/preset-classic');
    expect(presetPackage('/p/node_modules/x/node_modules/docusaurus-plugin-internaldocs-fb/docusaurus-preset.js')).toBe(
      'docusaurus-plugin-internaldocs-fb/docusaurus-preset',
    );
    expect(presetPackage('classic')).toBe('classic');
    expect(presetPackage('/p/presets/mine.js')).toBe('/p/presets/mine.js');
  });

  it('takes docusaurus-plugin-sass as read (quire compiles .scss stylesheets with the same sass package), not its Sass options', () => {
    const { unread } = mapped({ plugins: ['docusaurus-plugin-sass', ['docusaurus-plugin-sass', { sassOptions: { quietDeps: true } }]] });
    expect(unread).toEqual(['- plugins.1.1']);
  });

  it('reads titleDelimiter, as Jest sets it', async () => {
    const root = await project({
      'docusaurus.config.js': "module.exports = { title: 'J', titleDelimiter: '·', url: 'https://example.org', baseUrl: '/' };",
    });
    const { config, diagnostics } = await loadConfig({ root });
    expect(diagnostics).toEqual([]);
    expect(config!.titleDelimiter).toBe('·');
  });

  it('reads a remark plugin whose package is not installed as no plugin, and npm2yarn by its package name (as Jest writes them)', async () => {
    const root = await project({
      'docusaurus.config.js': `module.exports = {
  title: 'J', url: 'https://example.org', baseUrl: '/',
  presets: [['classic', {
    docs: { remarkPlugins: [[require('@docusaurus/remark-plugin-npm2yarn'), { sync: true }], require('docusaurus-remark-plugin-tab-blocks').default] },
    pages: { remarkPlugins: [[require('@docusaurus/remark-plugin-npm2yarn'), { sync: true }]] },
  }]],
};`,
    });
    const { config, diagnostics } = await loadConfig({ root });
    expect(config).toBeDefined();
    expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    // Each package is named once, at its import; neither entry is named unread as well.
    expect(diagnostics.map((d) => [d.code, d.message.split('\n')[0]])).toEqual([
      ['Q001', expect.stringContaining('@docusaurus/remark-plugin-npm2yarn, which is not installed')],
      ['Q001', expect.stringContaining('docusaurus-remark-plugin-tab-blocks, which is not installed')],
    ]);
    expect(config!.markdown.npm2yarn).toEqual({ sync: true, converters: ['yarn', 'pnpm', 'bun'] });
    expect(config!.markdown.plugins).toBeUndefined();
  });

  it("resolves require.resolve('./sidebars.js') to sidebars.ts, and a theme package not installed to its name", async () => {
    // As React Redux's website writes it; Docusaurus's config loader (jiti) finds the TypeScript file.
    const root = await project({
      'docusaurus.config.ts': `export default {
  title: 'R', url: 'https://example.org', baseUrl: '/',
  presets: [['@docusaurus/preset-classic', { docs: { sidebarPath: require.resolve('./sidebars.js') } }]],
  themes: [require.resolve('docusaurus-theme-not-installed')],
};`,
      'sidebars.ts': "export default { docs: ['a'] };",
      'docs/a.md': '# A',
    });
    const { config, diagnostics } = await loadConfig({ root });
    expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(config?.docs.sidebarPath).toBe('sidebars.ts');
    // The theme is not run by quire: its key is named in the warning of unread settings.
    expect(diagnostics.flatMap((d) => d.message.split('\n').slice(1))).toContainEqual(expect.stringMatching(/^- themes\.0/));
  });

  it("reads the built locale's folder of i18n/ (localeConfigs.<locale>.path names it), for the default locale too", async () => {
    const root = await project({
      'docusaurus.config.js':
        "module.exports = { title: 'I', url: 'https://example.org', baseUrl: '/', i18n: { defaultLocale: 'en', locales: ['en', 'fr', 'de'], localeConfigs: { de: { path: 'deutsch' } } } };",
      'docs/a.md': '# A',
      'i18n/fr/code.json': '{}',
      'i18n/en/code.json': '{}',
      'i18n/deutsch/code.json': '{}',
    });
    for (const [locale, folder] of [
      ['fr', 'i18n/fr'],
      [undefined, 'i18n/en'],
      ['de', 'i18n/deutsch'],
    ]) {
      const { config, diagnostics } = await loadConfig({ root, overrides: { locale } });
      // Without --locale: the warning that one locale of three is built (see test/docusaurus/i18n.test.ts).
      expect(diagnostics.map((d) => d.keyPath)).toEqual(locale ? [] : ['i18n.locales']);
      expect(config?.layout.translations).toBe(folder);
    }
    // `translate: false` (Docusaurus 3.8): the locale's folder is not read.
    await writeFile(
      path.join(root, 'docusaurus.config.js'),
      "module.exports = { title: 'I', url: 'https://example.org', baseUrl: '/', i18n: { defaultLocale: 'en', locales: ['en', 'fr'], localeConfigs: { fr: { translate: false } } } };",
    );
    const off = await loadConfig({ root, overrides: { locale: 'fr' } });
    expect(off.diagnostics).toEqual([]);
    expect(off.config?.layout.translations).toBeNull();
    const { config } = await loadConfig({
      root: await project({ 'docusaurus.config.js': "module.exports = { title: 'I', url: 'https://example.org', baseUrl: '/' };" }),
    });
    expect(config?.layout.translations).toBeNull();
  });

  it('maps markdown.hooks.onBrokenMarkdownLinks / onBrokenMarkdownImages and the older top-level key to severities', () => {
    const hooks = mapped({ markdown: { hooks: { onBrokenMarkdownLinks: 'log', onBrokenMarkdownImages: 'ignore' } } });
    expect(hooks.config).toMatchObject({ onBrokenMarkdownLinks: 'warn', onBrokenMarkdownImages: 'ignore' });
    expect(hooks.unread).toEqual([]);
    // The hook replaces the top-level key (Docusaurus 3.9); alone, the top-level key is read.
    expect(mapped({ onBrokenMarkdownLinks: 'ignore' }).config?.onBrokenMarkdownLinks).toBe('ignore');
    const both = mapped({ onBrokenMarkdownLinks: 'ignore', markdown: { hooks: { onBrokenMarkdownLinks: 'throw' } } });
    expect(both.config?.onBrokenMarkdownLinks).toBe('throw');
    // A function cannot run at quire's link check: named unread, the links follow onBrokenLinks.
    const fn = mapped({ markdown: { hooks: { onBrokenMarkdownLinks: () => undefined } } });
    expect(fn.config?.onBrokenMarkdownLinks).toBeUndefined();
    expect(fn.unread.join('\n')).toContain('markdown.hooks.onBrokenMarkdownLinks');
  });

  it('reads the classic parts a config lists itself in plugins and themes, without the preset, as the preset would hand them', async () => {
    // A site that lists the docs, blog and pages plugins and the classic theme itself, each with its own options.
    const root = await project({
      'docusaurus.config.js': `module.exports = {
  title: 'Kino', url: 'https://example.org', baseUrl: '/',
  plugins: [
    ['@docusaurus/plugin-content-docs', { sidebarPath: './seitenleiste.js', editUrl: 'https://example.org/edit/' }],
    ['@docusaurus/plugin-content-blog', { id: 'neuigkeiten', routeBasePath: 'neues', path: 'beitraege', onInlineAuthors: 'ignore', blogSidebarCount: 3 }],
    ['@docusaurus/plugin-content-pages', {}],
    ['@docusaurus/plugin-sitemap', {}],
    ['docusaurus-plugin-sass', {}],
    ['@docusaurus/plugin-svgr', {}],
  ],
  themes: [['@docusaurus/theme-classic', { customCss: ['./src/css/haupt.css'] }]],
};`,
      'seitenleiste.js': "module.exports = { docs: ['start'] };",
      'docs/start.md': '# Start\n',
      'beitraege/2024-03-01-hallo.md': '# Hallo\n',
      'src/pages/index.md': '# Kino\n',
      'src/css/haupt.css': 'body { color: black; }',
    });
    const { config, diagnostics } = await loadConfig({ root });
    expect(config).toMatchObject({
      docs: { routeBasePath: 'docs', sidebarPath: 'seitenleiste.js' },
      blog: { enabled: true, routeBasePath: 'neues', sidebarCount: 3, onInlineAuthors: 'ignore' },
      styles: ['src/css/haupt.css'],
      layout: { docs: 'docs', blog: 'beitraege', pages: 'src/pages' },
    });
    // Every option is read: no warning of unread settings, and no sidebar autogenerated in its place (Q040).
    expect(diagnostics.map((d) => `${d.code} ${d.message}`)).toEqual([]);
  });

  it('leaves out the blog and pages a config listing its classic parts does not list, and says so of a docs folder', async () => {
    const root = await project({
      'docusaurus.config.js': `module.exports = {
  title: 'Kino', url: 'https://example.org', baseUrl: '/',
  plugins: [['content-pages', { path: 'seiten' }]],
  themes: ['classic'],
};`,
      'docs/start.md': '# Start\n',
      'blog/2024-03-01-hallo.md': '# Hallo\n',
      'seiten/index.md': '# Kino\n',
    });
    const { config, diagnostics } = await loadConfig({ root });
    expect(config).toMatchObject({ blog: { enabled: false }, layout: { blog: null, pages: 'seiten' } });
    expect(diagnostics.map((d) => [d.code, d.keyPath, d.message])).toEqual([
      [
        'Q003',
        'plugins',
        'The config lists the classic plugins one by one, without the docs plugin, so Docusaurus builds no docs; quire does not support a site without docs yet, and builds docs/ all the same.',
      ],
    ]);
  });

  it("draws Docusaurus's simple footer (a flat list of links) as one column without a title", () => {
    const { config, unread } = mapped({
      themeConfig: {
        footer: {
          links: [
            { label: 'Forum', href: 'https://forum.example.org' },
            { label: 'Kontakt', to: '/kontakt' },
          ],
        },
      },
    });
    expect(config?.footer?.links).toEqual([
      {
        title: '',
        items: [
          { label: 'Forum', href: 'https://forum.example.org' },
          { label: 'Kontakt', to: '/kontakt' },
        ],
      },
    ]);
    expect(unread).toEqual([]);
  });

  it('writes emoji shortcodes as emoji unless markdown.emoji is false, as Docusaurus (read, never named unread)', () => {
    expect(mapped({}).config?.markdown?.emoji).toBe(true);
    const off = mapped({ markdown: { emoji: false } });
    expect(off.config?.markdown?.emoji).toBe(false);
    expect(off.unread.join('\n')).not.toContain('emoji');
    expect(mapped({ markdown: { emoji: true } }).unread.join('\n')).not.toContain('emoji');
  });
});
