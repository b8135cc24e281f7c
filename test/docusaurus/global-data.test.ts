import { afterAll, describe, expect, it } from 'vitest';
import { fingerprintRoutes } from '../../src/render/index.ts';
import type { Compiled, Route, Site } from '../../src/types.ts';
import { minimalConfig } from '../unit/config-fixture.ts';
import { buildInMemory, makeSite, buildTemplate } from '../helpers.ts';

const cleanups: (() => Promise<void>)[] = [];
afterAll(() => Promise.all(cleanups.map((c) => c())));

/** Builds a copy of the create-docusaurus template with an overlay (file → text). */
const build = (overlay: Record<string, string>) => buildTemplate(overlay, cleanups);

/** The JSON a component wrote into `<pre id="…">` of a page. */
function written(html: string, id: string): unknown {
  const text = new RegExp(`<pre id="${id}">([\\s\\S]*?)</pre>`).exec(html)?.[1];
  if (text === undefined) throw new Error(`no <pre id="${id}"> in the page`);
  return JSON.parse(
    text
      .replace(/&quot;/g, '"')
      .replace(/&amp;/g, '&')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&#x27;/g, "'"),
  );
}

const HOOKS = [
  "import useGlobalData, {usePluginData, useAllPluginInstancesData} from '@docusaurus/useGlobalData';",
  'import {',
  '  useAllDocsData, useDocsData, useActivePlugin, useActiveVersion, useActiveDocContext,',
  '  useVersions, useLatestVersion,',
  "} from '@docusaurus/plugin-content-docs/client';",
  'export default function Hooks() {',
  '  const all = useGlobalData();',
  '  const data = usePluginData("docusaurus-plugin-content-docs");',
  '  const active = useActivePlugin();',
  '  const context = useActiveDocContext();',
  '  const value = {',
  '    plugins: Object.keys(all),',
  '    instances: Object.keys(useAllPluginInstancesData("docusaurus-plugin-content-docs")),',
  '    same: data === useDocsData() && data === useAllDocsData().default,',
  '    missing: usePluginData("docusaurus-plugin-content-blog") ?? null,',
  '    data,',
  '    active: active ? active.pluginId : null,',
  '    activeVersion: useActiveVersion()?.name ?? null,',
  '    activeDoc: context.activeDoc ?? null,',
  '    alternates: Object.keys(context.alternateDocVersions),',
  '    versions: useVersions().map((v) => v.name),',
  '    latest: useLatestVersion().label,',
  '  };',
  '  return <pre id="hooks">{JSON.stringify(value)}</pre>;',
  '}',
].join('\n');

const DOC_HOOKS = [
  "import {useDoc, useDocsVersion, useDocById} from '@docusaurus/plugin-content-docs/client';",
  'export default function DocHooks() {',
  '  const {metadata, frontMatter, toc, contentTitle} = useDoc();',
  '  const version = useDocsVersion();',
  '  const value = {',
  '    metadata: {...metadata, frontMatter: undefined},',
  '    frontMatter, toc, contentTitle: contentTitle ?? null,',
  '    version: {...version, docs: undefined, docsSidebars: Object.keys(version.docsSidebars)},',
  '    intro: useDocById("intro"),',
  '    docCount: Object.keys(version.docs).length,',
  '  };',
  '  return <pre id="doc">{JSON.stringify(value)}</pre>;',
  '}',
].join('\n');

describe('Docusaurus global data and the docs client hooks', () => {
  it("gives components the docs plugin's global data in Docusaurus's shape, with the page's own route as the location", async () => {
    const { result, writer } = await build({
      'src/components/Hooks.js': HOOKS,
      'src/components/DocHooks.js': DOC_HOOKS,
      'docs/tutorial-basics/hooks.mdx': [
        '---',
        'title: Hooks',
        'sidebar_position: 9',
        'custom: 3',
        '---',
        "import Hooks from '@site/src/components/Hooks';",
        "import DocHooks from '@site/src/components/DocHooks';",
        '',
        '# Hooks',
        '',
        '<Hooks />',
        '',
        '## Doc',
        '',
        '<DocHooks />',
        '',
      ].join('\n'),
      'src/pages/hooks.js': [
        "import Layout from '@theme/Layout';",
        "import Hooks from '@site/src/components/Hooks';",
        'export default function Page() { return <Layout title="Hooks"><Hooks /></Layout>; }',
      ].join('\n'),
    });
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const doc = writer.text('docs/tutorial-basics/hooks/index.html') ?? '';
    const onDoc = written(doc, 'hooks') as Record<string, unknown> & { data: { versions: { docs: { id: string }[] }[] } };
    expect(onDoc).toMatchObject({
      plugins: ['docusaurus-plugin-content-docs'],
      instances: ['default'],
      same: true,
      missing: null,
      active: 'default',
      activeVersion: 'current',
      activeDoc: { id: 'tutorial-basics/hooks', path: '/docs/tutorial-basics/hooks/', sidebar: 'tutorialSidebar' },
      alternates: ['current'],
      versions: ['current'],
      latest: 'Next',
    });
    const data = onDoc.data as unknown as { path: string; breadcrumbs: boolean; versions: Record<string, unknown>[] };
    expect(data.path).toBe('/docs');
    expect(data.breadcrumbs).toBe(true);
    expect(data.versions).toHaveLength(1);
    expect(data.versions[0]).toMatchObject({
      name: 'current',
      label: 'Next',
      isLast: true,
      path: '/docs',
      mainDocId: 'intro',
      draftIds: [],
      sidebars: { tutorialSidebar: { link: { label: 'Tutorial Intro', path: '/docs/intro/' } } },
    });
    expect(data.versions[0].docs).toContainEqual({ id: 'intro', path: '/docs/intro/', sidebar: 'tutorialSidebar' });
    // The categories' generated index pages are no docs (Docusaurus lists only docs): the template has two.
    const ids = (data.versions[0].docs as { id: string; path: string }[]).map((d) => d.path);
    expect(writer.text('docs/category/tutorial---basics/index.html')).toBeDefined();
    expect(ids.filter((path) => path.startsWith('/docs/category/'))).toEqual([]);
    expect(data.versions[0].docs).toContainEqual({
      id: 'tutorial-extras/manage-docs-versions',
      path: '/docs/tutorial-extras/manage-docs-versions/',
      sidebar: 'tutorialSidebar',
    });

    // Off the docs: no active plugin, version or doc, as Docusaurus answers on a page of its own.
    const page = writer.text('hooks/index.html') ?? '';
    expect(written(page, 'hooks')).toMatchObject({ active: null, activeVersion: null, activeDoc: null, alternates: [] });

    expect(written(doc, 'doc')).toMatchObject({
      metadata: {
        id: 'tutorial-basics/hooks',
        title: 'Hooks',
        source: '@site/docs/tutorial-basics/hooks.mdx',
        sourceDirName: 'tutorial-basics',
        slug: '/tutorial-basics/hooks',
        permalink: '/docs/tutorial-basics/hooks/',
        version: 'current',
        sidebar: 'tutorialSidebar',
        sidebarPosition: 9,
        unlisted: false,
        previous: { title: 'Congratulations!', permalink: '/docs/tutorial-basics/congratulations/' },
      },
      frontMatter: { title: 'Hooks', sidebar_position: 9, custom: 3 },
      toc: [{ value: 'Doc', id: 'doc', level: 2 }],
      contentTitle: 'Hooks',
      version: {
        pluginId: 'default',
        version: 'current',
        label: 'Next',
        banner: null,
        badge: false,
        isLast: true,
        className: 'docs-version-current',
        docsSidebars: ['tutorialSidebar'],
      },
      intro: { id: 'intro', title: 'Tutorial Intro', sidebar: 'tutorialSidebar' },
    });
  });

  it('fails a page whose component asks for the doc where there is none, naming the page', async () => {
    const { result } = await build({
      'src/components/DocHooks.js': DOC_HOOKS,
      'src/pages/doc.mdx': "import DocHooks from '@site/src/components/DocHooks';\n\n<DocHooks />\n",
    });
    expect(result.ok).toBe(false);
    expect(result.diagnostics.map((d) => d.message).join('\n')).toContain('useDoc() was called on /doc/, which is not a doc page');
  });

  it("lists every version with its own docs and sidebars, and finds the active one from the page's path", async () => {
    const site = await makeSite('docusaurus-versions', {
      'src/components/Versions.js': [
        "import {useActiveDocContext, useVersions, useLatestVersion, useDocsVersion} from '@docusaurus/plugin-content-docs/client';",
        'export default function Versions() {',
        '  const context = useActiveDocContext();',
        '  const value = {',
        '    versions: useVersions().map(({name, label, path, isLast, mainDocId, sidebars, docs}) => ({name, label, path, isLast, mainDocId, sidebars, docs: docs.map((d) => d.id + " " + d.path + " " + d.sidebar)})),',
        '    latest: useLatestVersion().name,',
        '    active: context.activeVersion.name,',
        '    doc: context.activeDoc.path,',
        '    alternates: Object.fromEntries(Object.entries(context.alternateDocVersions).map(([k, d]) => [k, d.path])),',
        '    docsVersion: {version: useDocsVersion().version, banner: useDocsVersion().banner, docs: Object.keys(useDocsVersion().docs)},',
        '  };',
        '  return <pre id="versions">{JSON.stringify(value)}</pre>;',
        '}',
      ].join('\n'),
      'versioned_docs/version-1.x/install.md': "# Install (1.x)\n\nimport Versions from '@site/src/components/Versions';\n\n<Versions />\n",
    });
    cleanups.push(site.cleanup);
    const { result, writer } = await buildInMemory(site.root);
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const value = written(writer.text('docs/1.x/install/index.html') ?? '', 'versions') as { versions: Record<string, unknown>[] };
    expect(value).toMatchObject({
      latest: '2.x',
      active: '1.x',
      doc: '/docs/1.x/install/',
      alternates: { current: '/docs/next/install/', '2.x': '/docs/install/', '1.x': '/docs/1.x/install/' },
      docsVersion: { version: '1.x', banner: 'unmaintained', docs: ['install', 'intro'] },
    });
    expect(value.versions.map(({ name, path, isLast, mainDocId }) => [name, path, isLast, mainDocId])).toEqual([
      ['current', '/docs/next', false, 'intro'],
      ['2.x', '/docs', true, 'intro'],
      ['1.x', '/docs/1.x', false, 'intro'],
    ]);
    expect(value.versions[2]).toMatchObject({
      label: '1.x',
      sidebars: { docs: { link: { label: 'Introduction (1.x)', path: '/docs/1.x/' } } },
      docs: ['install /docs/1.x/install/ docs', 'intro /docs/1.x/ docs'],
    });
  });

  it('fails the build, not the browser, where useDoc is called on a page whose components are hydrated', async () => {
    const { result } = await build({
      'src/components/DocHooks.js': DOC_HOOKS,
      'src/components/Toggle.js':
        'import {useState} from \'react\';\nexport default function Toggle() { const [on, set] = useState(false); return <button type="button" onClick={() => set(!on)}>{String(on)}</button>; }\n',
      'docs/both.mdx':
        "---\ntitle: Both\n---\nimport DocHooks from '@site/src/components/DocHooks';\nimport Toggle from '@site/src/components/Toggle';\n\n<Toggle />\n\n<DocHooks />\n",
    });
    expect(result.ok).toBe(false);
    expect(result.diagnostics).toContainEqual(
      expect.objectContaining({
        file: 'docs/both.mdx',
        message: expect.stringContaining('useDoc() is called on /docs/both/, whose components are hydrated in the browser'),
      }),
    );
  });

  it('refuses a docs client hook quire does not give at its import (Q039), naming it', async () => {
    const { result } = await build({
      'src/components/Preferred.js':
        "import {useDocsPreferredVersion} from '@docusaurus/plugin-content-docs/client';\nexport default function Preferred() { return <p>{useDocsPreferredVersion().preferredVersion?.name}</p>; }\n",
      'docs/preferred.mdx': "---\ntitle: Preferred\n---\nimport Preferred from '@site/src/components/Preferred';\n\n<Preferred />\n",
    });
    const refused = result.diagnostics.filter((d) => d.code === 'Q039');
    expect(refused).toHaveLength(1);
    expect(refused[0]).toMatchObject({ severity: 'error', line: 1 });
    expect(refused[0].message).toContain('useDocsPreferredVersion');
  });

  it("renders a page whose code reads the docs' data again when another doc changes, and leaves other pages be", () => {
    const page = (path: string, compiledIndex: number): Route => ({
      kind: 'page',
      path,
      title: path,
      description: '',
      isUnlisted: false,
      compiledIndex,
    });
    const compiled = (code: string) =>
      ({
        source: { file: 'src/pages/x.mdx', hash: 'h', path: '/x/', frontMatter: {} },
        links: [],
        assets: [],
        modules: { code },
      }) as unknown as Compiled;
    // Only what fingerprintRoutes reads: a whole Site needs far more than these two pages show.
    const site = (docTitle: string) =>
      ({
        config: minimalConfig(),
        routes: [
          page('/hooks/', 0),
          page('/plain/', 1),
          { kind: 'doc', path: '/docs/a/', title: docTitle, description: '', isUnlisted: false, doc: { id: 'a' } },
        ],
        compiled: [compiled('require("@docusaurus/plugin-content-docs/client")'), compiled('require("@docusaurus/Link")')],
        sidebar: [],
        sidebarSize: 0,
        blogPosts: [],
        data: {},
        messages: {},
        locales: [],
        imageSizes: {},
      }) as unknown as Site;
    const print = (s: Site) => fingerprintRoutes({ site: s, shared: null, assetVersions: new Map() });
    const before = print(site('A'));
    const after = print(site('A, renamed'));
    expect(after.get('/hooks/')).not.toBe(before.get('/hooks/'));
    expect(after.get('/plain/')).toBe(before.get('/plain/'));
  });
});
