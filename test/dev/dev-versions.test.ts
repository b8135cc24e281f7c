import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { QUIRE_LAYOUT } from '../../src/config/index.ts';
import { classifyChange, watchedFolders } from '../../src/dev/classify.ts';
import { makeSite } from '../helpers.ts';
import { openSession } from './helpers.ts';

const cleanups: (() => Promise<void>)[] = [];
afterAll(() => Promise.all(cleanups.map((c) => c())));

describe('quire dev on versioned docs', () => {
  const root = '/p';
  const layout = {
    ...QUIRE_LAYOUT,
    docs: 'docs',
    pages: 'src/pages',
    landing: null,
    blog: null,
    data: null,
    locales: '/tool/locales',
    static: 'static',
    versioned: {
      file: 'versions.json',
      dirs: ['versioned_docs/version-2.x', 'versioned_docs/version-1.x'],
      sidebars: 'versioned_sidebars',
    },
  };
  const ctx = {
    root,
    themeDirs: ['/tool/themes'],
    clientDirs: ['/tool/src/client'],
    configInputs: new Set(['/p/docusaurus.config.js']),
    loadInputs: new Set<string>(),
    sidebarPath: 'sidebars.js',
    layout,
  };
  const of = (file: string) => classifyChange(path.join(root, file), ctx);

  it('classify: reads an older version’s doc again, its sidebar and category files with load, versions.json with the config', () => {
    expect(of('versioned_docs/version-2.x/install.md')).toBe('source');
    expect(of('versioned_docs/version-1.x/guides/new.mdx')).toBe('source');
    expect(of('versioned_docs/version-2.x/_partial.md')).toBe('asset');
    expect(of('versioned_docs/version-2.x/img/shot.png')).toBe('asset');
    expect(of('versioned_docs/version-2.x/guides/_category_.json')).toBe('load');
    expect(of('versioned_sidebars/version-2.x-sidebars.json')).toBe('load');
    expect(of('versioned_sidebars')).toBe('load');
    expect(of('versions.json')).toBe('config');
    expect(watchedFolders(root, layout)).toEqual([
      '/p/versioned_docs',
      '/p/docs',
      '/p/src',
      '/tool/locales',
      '/p/static',
      '/p/versioned_sidebars',
    ]);
  });

  it('classify: follows the docs’ include and exclude', () => {
    const only = { ...ctx, layout: { ...layout, docsFiles: { include: ['guides/**/*.md'], exclude: [] } } };
    expect(classifyChange('/p/docs/guides/a.md', only)).toBe('source');
    expect(classifyChange('/p/versioned_docs/version-2.x/guides/a.md', only)).toBe('source');
    expect(classifyChange('/p/docs/intro.md', only)).toBe('asset');
  });

  it('re-renders an older version’s pages when its doc, its sidebar or versions.json changes', async () => {
    const site = await makeSite('docusaurus-versions');
    cleanups.push(site.cleanup);
    const { store, edit } = await openSession(site.root);
    const page = (file: string) => String(store.raw(file) ?? '');
    expect(page('docs/install/index.html')).toContain('Install (2.x)');

    // A doc of version 2.x (served at /docs/): that page again, and the pages that show its title.
    const doc = await edit({ 'versioned_docs/version-2.x/install.md': (old) => old.replace('Install (2.x)', 'Setup (2.x)') });
    expect(doc.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(doc.rendered).toContain('/docs/install/');
    expect(doc.rendered.every((p) => !p.startsWith('/docs/next/') && !p.startsWith('/docs/1.x/'))).toBe(true);
    expect(page('docs/install/index.html')).toContain('Setup (2.x)');

    // A new doc in 1.x is a new page.
    const added = await edit({ 'versioned_docs/version-1.x/faq.md': '# FAQ (1.x)\n' });
    expect(added.rendered).toContain('/docs/1.x/faq/');
    expect(page('docs/1.x/faq/index.html')).toContain('FAQ (1.x)');

    // 2.x's sidebar: only the install page now.
    const sidebar = await edit({ 'versioned_sidebars/version-2.x-sidebars.json': '{ "docs": ["install"] }\n' });
    expect(sidebar.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const nav = /<nav class="doc-sidebar"[\s\S]*?<\/nav>/.exec(page('docs/install/index.html'))?.[0] ?? '';
    expect(nav).toContain('href="/docs/install/"');
    expect(nav).not.toContain('/docs/guides/usage/');

    // versions.json without 1.x: its pages are gone.
    const versions = await edit({ 'versions.json': '["2.x"]\n' });
    expect(versions.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(store.raw('docs/1.x/install/index.html')).toBeUndefined();
    expect(page('docs/install/index.html')).toContain('Setup (2.x)');
  });
});
