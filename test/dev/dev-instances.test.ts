import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { QUIRE_LAYOUT } from '../../src/config/index.ts';
import { classifyChange, watchedFolders } from '../../src/dev/classify.ts';
import { makeSite } from '../helpers.ts';
import { openSession } from './helpers.ts';

const cleanups: (() => Promise<void>)[] = [];
afterAll(() => Promise.all(cleanups.map((c) => c())));

describe('quire dev on a second docs plugin instance', () => {
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
    docsInstances: [
      { id: 'community', dir: 'community', files: { include: ['**/*.md'], exclude: ['drafts/**'] }, tags: 'community/tags.yml' },
    ],
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

  it("classify: watches the instance's folder, by its own include and exclude, its category and tags files with load", () => {
    expect(of('community/support.md')).toBe('source');
    expect(of('community/team/members.md')).toBe('source');
    // Not a page by the instance's include (.md only) or exclude.
    expect(of('community/talk.mdx')).toBe('asset');
    expect(of('community/drafts/next.md')).toBe('asset');
    expect(of('community/team/_category_.json')).toBe('load');
    expect(of('community/tags.yml')).toBe('load');
    expect(of('community')).toBe('load');
    expect(watchedFolders(root, layout)).toEqual(['/p/community', '/p/docs', '/p/src', '/tool/locales', '/p/static']);
  });

  it("re-renders an instance's page when its doc or its sidebars file changes", async () => {
    const site = await makeSite('docusaurus-instances');
    cleanups.push(site.cleanup);
    const { store, edit } = await openSession(site.root);
    const page = (file: string) => String(store.raw(file) ?? '');
    expect(page('community/support/index.html')).toContain('Ask the community.');

    const doc = await edit({ 'community/support.md': (old) => old.replace('Ask the community.', 'Ask the forum.') });
    expect(doc.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(doc.rendered).toContain('/community/support/');
    expect(doc.rendered.every((p) => !p.startsWith('/docs/'))).toBe(true);
    expect(page('community/support/index.html')).toContain('Ask the forum.');

    // The instance's sidebars file: only the support page now.
    const sidebar = await edit({ 'sidebarsCommunity.js': "export default { community: ['support'] };\n" });
    expect(sidebar.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const nav = /<nav class="doc-sidebar"[\s\S]*?<\/nav>/.exec(page('community/support/index.html'))?.[0] ?? '';
    expect(nav).toContain('href="/community/support/"');
    expect(nav).not.toContain('/community/team/');
  });
});
