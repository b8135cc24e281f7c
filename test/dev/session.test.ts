import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createThemeLoader } from '../../src/dev/theme-loader.ts';
import type { BuildProgress } from '../../src/types.ts';
import { makeSite, repoRoot } from '../helpers.ts';
import { cleanBuildPages, openSession, storePages } from './helpers.ts';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
});
async function site(overlay: Record<string, string | null> = {}) {
  const made = await makeSite('basic', overlay);
  cleanups.push(made.cleanup);
  return made.root;
}

/** The fixture's routes that show the docs sidebar (every doc, listed or not). */
const DOC_PAGES = ['/de/docs/', '/de/docs/draft/', '/de/docs/guide/mdx/', '/de/docs/guide/start/', '/de/docs/hidden/'];
/** The pages that show the sidebar: the doc pages, and the 404 page with the sidebar's first docs. */
const SIDEBAR_PAGES = ['/de/404.html', ...DOC_PAGES];
const ALL_PAGES = 13;

describe('dev session (incremental builds)', () => {
  it('session: should render every route on the first build, drafts included, without analytics', async () => {
    const config = await readFile(path.join(repoRoot, 'test/fixtures/basic/site.config.ts'), 'utf8');
    const root = await site({
      'site.config.ts': config.replace(
        'flags: { blog: false },',
        "flags: { blog: false },\n  analytics: { gtmContainerId: 'GTM-DEVTEST' },",
      ),
    });
    const { first, store } = await openSession(root);
    expect(first.ok).toBe(true);
    expect(first.rendered).toHaveLength(ALL_PAGES);
    expect(first.rendered).toContain('/de/docs/draft/');
    for (const [file, html] of storePages(store)) {
      expect(html, file).not.toContain('googletagmanager');
      expect(html, file).not.toContain('GTM-DEVTEST');
    }
  });

  it("session: should report the first build's progress (each source, each page), and not that of later builds", async () => {
    const root = await site();
    const events: BuildProgress[] = [];
    const { edit } = await openSession(root, { onFirstBuildProgress: (p) => events.push(p) });
    const counts = (step: 'compile' | 'render') => events.flatMap((e) => (e.step === step ? [`${e.done}/${e.total}`] : []));
    // Ten sources: dev builds the draft too.
    expect(counts('compile')).toEqual(Array.from({ length: 10 }, (_, i) => `${i + 1}/10`));
    expect(counts('render')).toEqual(Array.from({ length: ALL_PAGES }, (_, i) => `${i + 1}/${ALL_PAGES}`));
    const seen = events.length;
    expect((await edit({ 'content/docs/guide/start.md': (t) => t.replace('Der erste Absatz', 'Ein anderer erster Absatz') })).ok).toBe(
      true,
    );
    expect(events).toHaveLength(seen);
  });

  it('session: should recompile and re-render only the edited page when a doc body changes', async () => {
    const root = await site();
    const { edit, store } = await openSession(root);
    const report = await edit({ 'content/docs/guide/start.md': (t) => t.replace('Der erste Absatz', 'Der geänderte erste Absatz') });
    expect(report.ok).toBe(true);
    expect(report.compiled).toEqual(['content/docs/guide/start.md']);
    expect(report.rendered).toEqual(['/de/docs/guide/start/']);
    expect(report.files).toEqual(['de/docs/guide/start/index.html']);
    expect(storePages(store).get('de/docs/guide/start/index.html')).toContain('Der geänderte erste Absatz');
  });

  it('session: should re-render the pages that show a doc title in their sidebar or pagination when the title changes', async () => {
    const root = await site();
    const { edit, store } = await openSession(root);
    const report = await edit({
      'content/docs/guide/mdx.mdx': (t) => t.replace(/^title: .*$/m, 'title: Neuer MDX-Titel\nsidebar_label: Neues Etikett'),
    });
    expect(report.ok).toBe(true);
    expect(report.compiled).toEqual(['content/docs/guide/mdx.mdx']);
    expect(report.rendered.sort()).toEqual(SIDEBAR_PAGES);
    expect(storePages(store).get('de/docs/guide/start/index.html')).toContain('Neues Etikett');
    expect(storePages(store).get('de/404.html')).toContain('Neues Etikett');
    expect(storePages(store)).toEqual(await cleanBuildPages(root));
  });

  it('session: should re-render only the pages showing the sidebar on a sidebar edit and every page on config, locale or data edits', async () => {
    const root = await site();
    const { edit, store } = await openSession(root);
    const sidebar = await edit({ 'content/sidebars.ts': (t) => t.replace("label: 'Leitfaden'", "label: 'Handbuch'") });
    expect(sidebar.ok).toBe(true);
    expect(sidebar.compiled).toEqual([]);
    expect(sidebar.rendered.sort()).toEqual(SIDEBAR_PAGES);

    const config = await edit({ 'site.config.ts': (t) => t.replace("label: 'Anleitung'", "label: 'Gebrauchsanleitung'") });
    expect(config.rendered).toHaveLength(ALL_PAGES);
    expect(config.compiled).toEqual([]);
    expect(storePages(store).get('de/pricing/index.html')).toContain('Gebrauchsanleitung');

    const locale = await edit({ 'locales/de.json': (t) => t.replace(/"docs\.toc": "[^"]*"/, '"docs.toc": "Inhalt dieser Seite"') });
    expect(locale.rendered).toHaveLength(ALL_PAGES);
    expect(storePages(store).get('de/docs/guide/start/index.html')).toContain('Inhalt dieser Seite');

    const data = await edit({
      'content/data/figures.json': (t) => t.replace(/\}\s*$/, ', "extra": { "value": "1", "label": "Extra", "text": "eins" } }'),
    });
    expect(data.ok).toBe(true);
    expect(data.rendered).toHaveLength(ALL_PAGES);
    expect(storePages(store)).toEqual(await cleanBuildPages(root));
  });

  it('session: should serve the search settings the pages name, for the local index, and replace them when a search text changes', async () => {
    const root = await site();
    const { edit, store } = await openSession(root);
    const settings = () => {
      const files = [...store.keys()].filter((f) => f.startsWith('de/_quire/search.'));
      expect(files).toHaveLength(1);
      const html = storePages(store).get('de/docs/guide/start/index.html')!;
      expect(html).toContain(`data-search-settings="/${files[0]}"`);
      return { file: files[0], json: JSON.parse(String(store.raw(files[0]))) as { provider: string; messages: Record<string, string> } };
    };
    const before = settings();
    // Dev serves its own Pagefind index (rebuilt once edits pause): the pages search it, not a hosted service.
    expect(before.json.provider).toBe('local');
    const changed = await edit({
      'locales/de.json': (t) => t.replace('"search.placeholder": "Dokumentation durchsuchen"', '"search.placeholder": "Hilfe durchsuchen"'),
    });
    expect(changed.ok).toBe(true);
    const after = settings();
    expect(after.file).not.toBe(before.file);
    expect(after.json.messages['search.placeholder']).toBe('Hilfe durchsuchen');
  });

  it('session: should serve a changed static file without rendering any page', async () => {
    const root = await site();
    const { edit, store } = await openSession(root);
    // The same size as before: the page showing it as a Markdown image (start.md) stays as it is.
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><title>neu</title></svg>';
    const report = await edit({ 'static/img/logo.svg': svg });
    expect(report.ok).toBe(true);
    expect(report.rendered).toEqual([]);
    expect(report.files).toEqual(['de/img/logo.svg']);
    expect(report.other).toBe(true);
    expect(Buffer.from(store.get('de/img/logo.svg')!.data).toString()).toBe(svg);
    // Another size: that page is rendered again with it, and no other.
    const resized = await edit({ 'static/img/logo.svg': svg.replaceAll('64', '32') });
    expect(resized.rendered).toEqual(['/de/docs/guide/start/']);
    expect(storePages(store).get('de/docs/guide/start/index.html')).toContain(
      'alt="Logo" loading="lazy" decoding="async" width="32" height="32"',
    );

    const added = await edit({ 'static/img/neu.svg': svg });
    expect(added.files).toEqual(['de/img/neu.svg']);
    const removed = await edit({ 'static/img/neu.svg': null });
    expect(removed.files).toEqual(['de/img/neu.svg']);
    expect(store.has('de/img/neu.svg')).toBe(false);
  });

  it('session: should re-render the page that shows a relative image when the image changes', async () => {
    const root = await site();
    const { edit, store } = await openSession(root);
    const before = storePages(store).get('de/docs/guide/start/index.html')!;
    const report = await edit({ 'content/docs/guide/bild.svg': '<svg xmlns="http://www.w3.org/2000/svg" width="2" height="2"></svg>' });
    expect(report.rendered).toEqual(['/de/docs/guide/start/']);
    const after = storePages(store).get('de/docs/guide/start/index.html')!;
    const asset = (html: string) => /\/de\/assets\/bild\.[0-9a-f]{8}\.svg/.exec(html)?.[0];
    expect(asset(after)).toBeDefined();
    expect(asset(after)).not.toBe(asset(before));
    expect(store.has(asset(after)!.slice(1))).toBe(true);
  });

  it('session: should report an image next to a page moved into another folder as one move, not a file gone and a new one', async () => {
    const root = await site();
    const { edit } = await openSession(root);
    const bytes = await readFile(path.join(root, 'content/docs/guide/bild.svg'), 'utf8');
    const moved = await edit({
      'content/docs/guide/bild.svg': null,
      'content/docs/guide/bilder/bild.svg': bytes,
      'content/docs/guide/start.md': (t) => t.replace('](./bild.svg)', '](./bilder/bild.svg)'),
    });
    expect(moved.ok).toBe(true);
    expect(moved.renamed).toEqual([{ from: 'content/docs/guide/bild.svg', to: 'content/docs/guide/bilder/bild.svg' }]);
    // Other bytes under a new name are a new image, not a move.
    const replaced = await edit({
      'content/docs/guide/bilder/bild.svg': null,
      'content/docs/guide/anders.svg': '<svg xmlns="http://www.w3.org/2000/svg" width="3" height="3"></svg>',
      'content/docs/guide/start.md': (t) => t.replace('](./bilder/bild.svg)', '](./anders.svg)'),
    });
    expect(replaced.ok).toBe(true);
    expect(replaced.renamed).toEqual([]);
  });

  it('session: should add and remove pages when doc files appear and disappear', async () => {
    const root = await site();
    const { edit, store } = await openSession(root);
    const added = await edit({ 'content/docs/neu.md': '---\ntitle: Neue Seite\ndescription: Eine neue Seite.\n---\nNeuer Text.\n' });
    expect(added.ok).toBe(true);
    expect(added.compiled).toEqual(['content/docs/neu.md']);
    expect(added.rendered).toEqual(['/de/docs/neu/']);
    expect(storePages(store).get('de/docs/neu/index.html')).toContain('Neuer Text.');

    const removed = await edit({ 'content/docs/neu.md': null });
    expect(removed.ok).toBe(true);
    expect(removed.rendered).toEqual([]);
    expect(removed.files).toContain('de/docs/neu/index.html');
    expect(store.has('de/docs/neu/index.html')).toBe(false);
    expect(storePages(store)).toEqual(await cleanBuildPages(root));
  });

  it('session: should keep the last good version of a broken file, report its place, build the other edits meanwhile, and recover', async () => {
    const root = await site();
    const { edit, store } = await openSession(root);
    const good = storePages(store);
    const broken = await edit({ 'content/docs/guide/mdx.mdx': (t) => t + '\n<Unclosed>\n\nText\n' });
    expect(broken.ok).toBe(false);
    const [d] = broken.diagnostics;
    expect(d).toMatchObject({ code: 'Q030', severity: 'error', file: 'content/docs/guide/mdx.mdx' });
    expect(d.line).toBeGreaterThan(1);
    expect(d.column).toBeGreaterThan(0);
    expect(broken.rendered).toEqual([]);
    expect(storePages(store)).toEqual(good);

    // Another edit while the error stands: the error is still reported, and the edited page is served.
    const other = await edit({ 'content/docs/guide/start.md': (t) => t.replace('Der erste Absatz', 'Ein anderer Absatz') });
    expect(other.ok).toBe(false);
    expect(other.diagnostics.map((x) => x.file)).toEqual(['content/docs/guide/mdx.mdx']);
    expect(other.rendered).toEqual(['/de/docs/guide/start/']);
    expect(String(store.raw('de/docs/guide/start/index.html'))).toContain('Ein anderer Absatz');
    // The broken page is served as it last compiled.
    expect(storePages(store).get('de/docs/guide/mdx/index.html')).toEqual(good.get('de/docs/guide/mdx/index.html'));

    // A new page that never compiled is left out; the rest goes on.
    const fresh = await edit({
      'content/docs/guide/neu.mdx': '---\ntitle: Neu\n---\nWert: {1 +}\n',
      'content/docs/guide/start.md': (t) => t.replace('Ein anderer Absatz', 'Ein dritter Absatz'),
    });
    expect(fresh.ok).toBe(false);
    expect(fresh.diagnostics.map((x) => x.file)).toEqual(['content/docs/guide/mdx.mdx', 'content/docs/guide/neu.mdx']);
    expect(String(store.raw('de/docs/guide/start/index.html'))).toContain('Ein dritter Absatz');
    expect(store.has('de/docs/guide/neu/index.html')).toBe(false);

    await edit({ 'content/docs/guide/neu.mdx': null });
    const fixed = await edit({
      'content/docs/guide/mdx.mdx': (t) => t.replace('\n<Unclosed>\n\nText\n', ''),
      'content/docs/guide/start.md': (t) => t.replace('Ein dritter Absatz', 'Der erste Absatz'),
    });
    expect(fixed.ok).toBe(true);
    expect(storePages(store)).toEqual(await cleanBuildPages(root));
  });

  it('session: should report invalid front matter and config values with their place', async () => {
    const root = await site();
    const { edit } = await openSession(root);
    const yaml = await edit({
      'content/docs/guide/start.md': (t) => t.replace('keywords: [start, anleitung]', 'keywords: [start, anleitung'),
    });
    expect(yaml.ok).toBe(false);
    expect(yaml.diagnostics[0]).toMatchObject({ code: 'Q020', file: 'content/docs/guide/start.md' });
    expect(yaml.diagnostics[0].line).toBeGreaterThan(1);
    await edit({ 'content/docs/guide/start.md': (t) => t.replace('keywords: [start, anleitung', 'keywords: [start, anleitung]') });

    const config = await edit({ 'site.config.ts': (t) => t.replace("baseUrl: '/de/'", 'baseUrl: 42') });
    expect(config.ok).toBe(false);
    expect(config.diagnostics[0]).toMatchObject({ code: 'Q002', keyPath: 'baseUrl' });
    const fixed = await edit({ 'site.config.ts': (t) => t.replace('baseUrl: 42', "baseUrl: '/de/'") });
    expect(fixed.ok).toBe(true);
  });

  it('session: should load changed theme code again and re-render every page with it', async () => {
    const root = await site();
    const themeDir = path.join(root, 'theme-src');
    await mkdir(themeDir, { recursive: true });
    const entry = path.join(themeDir, 'index.tsx');
    const themeSource = (marker: string) =>
      `import { classicTheme as base } from ${JSON.stringify(path.join(repoRoot, 'themes/classic/index.tsx'))};\n` +
      `import type { PageProps } from ${JSON.stringify(path.join(repoRoot, 'src/types.ts'))};\n` +
      `export const classicTheme = { ...base, Page: (props: PageProps) => <>{base.Page(props) as never}<p id="theme-marker">${marker}</p></> };\n`;
    await writeFile(entry, themeSource('eins'));
    const loadTheme = createThemeLoader({ entry, exportName: 'classicTheme', outDir: path.join(repoRoot, '.quire/dev-test'), root });
    const loaded = await loadTheme();
    if (!('theme' in loaded)) throw new Error(JSON.stringify(loaded.diagnostics));
    const { edit, store } = await openSession(root, { theme: loaded.theme, loadTheme, themeDirs: [themeDir], clientDirs: [] });
    expect(storePages(store).get('de/pricing/index.html')).toContain('eins');

    const changed = await edit({ 'theme-src/index.tsx': themeSource('zwei') });
    expect(changed.ok).toBe(true);
    expect(changed.rendered).toHaveLength(ALL_PAGES);
    expect(storePages(store).get('de/pricing/index.html')).toContain('zwei');

    const broken = await edit({ 'theme-src/index.tsx': themeSource('drei').replace('</>', '</') });
    expect(broken.ok).toBe(false);
    expect(broken.diagnostics[0]).toMatchObject({ code: 'Q112', file: 'theme-src/index.tsx' });
    expect(broken.diagnostics[0].line).toBe(3);
    expect(storePages(store).get('de/pricing/index.html')).toContain('zwei');
  });

  it('session: should ask for a restart when theme code changes and no loader is available', async () => {
    const root = await site();
    const themeDir = path.join(root, 'theme-src');
    await mkdir(themeDir, { recursive: true });
    const { edit } = await openSession(root, { themeDirs: [themeDir], clientDirs: [] });
    const report = await edit({ 'theme-src/Page.tsx': 'export const x = 1;\n' });
    expect(report.ok).toBe(true);
    expect(report.restart).toEqual(['theme-src/Page.tsx']);
    // Content stays live.
    const content = await edit({ 'content/docs/guide/start.md': (t) => t.replace('Der erste Absatz', 'Noch ein Absatz') });
    expect(content.rendered).toEqual(['/de/docs/guide/start/']);
  });

  it('session: should rebuild the search index from every served page', async () => {
    const root = await site();
    const { session, edit } = await openSession(root);
    await edit({ 'content/docs/guide/start.md': (t) => t.replace('Der erste Absatz', 'Der Quirlbesenabsatz') });
    const index = await session.searchIndex();
    expect(index?.diagnostics).toEqual([]);
    expect(index?.prefix).toBe('de/pagefind/');
    const files = [...index!.files.keys()];
    expect(files).toContain('de/pagefind/pagefind.js');
    const { gunzipSync } = await import('node:zlib');
    const fragments = [...index!.files]
      .filter(([f]) => f.includes('/fragment/'))
      .map(([, data]) => gunzipSync(data as Uint8Array).toString('utf8'));
    expect(fragments.some((f) => f.includes('Quirlbesenabsatz'))).toBe(true);
    expect(fragments.length).toBeGreaterThan(5);
  });
});
