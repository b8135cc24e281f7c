import { readFileSync } from 'node:fs';
import { runInNewContext } from 'node:vm';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/index.ts';
import { mapDocusaurusConfig } from '../../src/config/docusaurus.ts';
import { STORAGE_KEYS, sidebarPrePaintScript } from '../../src/render/inline-scripts.ts';
import { buildInMemory, buildTemplate, makeSite, repoRoot } from '../helpers.ts';

const cleanups: (() => Promise<void>)[] = [];
afterAll(() => Promise.all(cleanups.map((c) => c())));

const template = readFileSync(new URL('../fixtures/docusaurus-classic/docusaurus.config.js', import.meta.url), 'utf8');
/** The template's config with `themeConfig.docs` set to this (JavaScript source). */
const withDocs = (docs: string) => template.replace('      colorMode: {', `      docs: ${docs},\n      colorMode: {`);

/** A small Docusaurus config with these keys, mapped; `unread`: the Q003 warning's key lines. */
function mapped(extra: Record<string, unknown>) {
  const result = mapDocusaurusConfig({ title: 'T', url: 'https://example.org', baseUrl: '/', ...extra }, 'docusaurus.config.js', {
    root: '/nowhere',
    quireLocales: `${repoRoot}/locales`,
  });
  return { ...result, unread: result.diagnostics.flatMap((d) => d.message.split('\n').slice(1)) };
}

const text = (data: Uint8Array | string | undefined) => (typeof data === 'string' ? data : Buffer.from(data ?? '').toString('utf8'));

describe("Docusaurus's themeConfig.docs.sidebar", () => {
  it('config: should map hideable and autoCollapseCategories into docs.sidebar and no longer name them unread', () => {
    const both = mapped({ themeConfig: { docs: { sidebar: { hideable: true, autoCollapseCategories: true } } } });
    expect(both.config?.docs).toMatchObject({ sidebar: { hideable: true, autoCollapseCategories: true } });
    expect(both.unread).toEqual([]);
    // Jest's website sets only hideable; the other stays unset, for the schema's default.
    const jest = mapped({ themeConfig: { docs: { sidebar: { hideable: true } } } });
    expect(jest.config?.docs?.sidebar).toEqual({ hideable: true });
    expect(jest.unread).toEqual([]);
    // What quire does not read of themeConfig.docs is still named.
    expect(mapped({ themeConfig: { docs: { versionPersistence: 'localStorage', sidebar: { hideable: true } } } }).unread).toEqual([
      '- themeConfig.docs.versionPersistence',
    ]);
    expect(mapped({}).config?.docs?.sidebar).toBeUndefined();
  });

  it('config: should default both to false, and name a wrong value at its key in docusaurus.config.js', async () => {
    const plain = await makeSite('docusaurus-classic');
    cleanups.push(plain.cleanup);
    expect((await loadConfig({ root: plain.root })).config?.docs.sidebar).toEqual({ hideable: false, autoCollapseCategories: false });
    const wrong = await makeSite('docusaurus-classic', { 'docusaurus.config.js': withDocs("{sidebar: {hideable: 'yes'}}") });
    cleanups.push(wrong.cleanup);
    const { config, diagnostics } = await loadConfig({ root: wrong.root });
    expect(config).toBeUndefined();
    expect(diagnostics.filter((d) => d.severity === 'error').map((d) => [d.file, d.keyPath])).toEqual([
      ['docusaurus.config.js', 'themeConfig.docs.sidebar.hideable'],
    ]);
  });

  it('render: should write no hide controls, no auto-collapse mark and no pre-paint script without the options', async () => {
    const { result, writer } = await buildTemplate({}, cleanups);
    expect(result.ok).toBe(true);
    const doc = text(writer.files.get('docs/intro/index.html'));
    expect(doc).toContain('class="doc-layout"');
    expect(doc).not.toContain('data-sidebar-hide');
    expect(doc).not.toContain('data-sidebar-show');
    expect(doc).not.toContain('data-auto-collapse');
    expect(doc).not.toContain('doc-layout--hideable');
    expect(doc).not.toContain(STORAGE_KEYS.sidebarHidden);
  });

  it('render: should write the controls and the marks on docs pages with a sidebar when the options are on', async () => {
    const { result, writer } = await buildTemplate(
      { 'docusaurus.config.js': withDocs('{sidebar: {hideable: true, autoCollapseCategories: true}}') },
      cleanups,
    );
    expect(result.ok).toBe(true);
    expect(result.diagnostics.map((d) => d.message).join('\n')).not.toContain('themeConfig.docs');
    const doc = text(writer.files.get('docs/intro/index.html'));
    expect(doc).toContain('class="doc-layout doc-layout--hideable"');
    expect(doc).toContain('<nav class="doc-sidebar" aria-label="Docs sidebar" data-auto-collapse="">');
    expect(doc).toMatch(
      /<button type="button" class="doc-sidebar__hide" data-sidebar-hide="" aria-label="Hide sidebar" title="Hide sidebar">/,
    );
    expect(doc).toMatch(
      /<button type="button" class="doc-sidebar__show" data-sidebar-show="" aria-label="Show sidebar" title="Show sidebar">/,
    );
    // The controls follow the sidebar in its column (the mobile menu takes the <nav> alone).
    expect(doc.indexOf('data-sidebar-hide')).toBeGreaterThan(doc.indexOf('<nav class="doc-sidebar"'));
    expect(doc.indexOf('data-sidebar-hide')).toBeLessThan(doc.indexOf('<main'));
    expect(doc).toContain(sidebarPrePaintScript());
    // A generated index page is a docs page with the sidebar too.
    expect(text(writer.files.get('docs/category/tutorial---basics/index.html'))).toContain('data-sidebar-hide');
    // Pages without the docs sidebar get no controls.
    const blog = text(writer.files.get('blog/index.html'));
    expect(blog).not.toContain('data-sidebar-hide');
    expect(blog).not.toContain('data-auto-collapse');
  });

  it("render: should write each option on its own, in the site's language for quire's own config", async () => {
    const site = await makeSite('basic');
    cleanups.push(site.cleanup);
    const config = readFileSync(`${site.root}/site.config.ts`, 'utf8');
    const own = await makeSite('basic', {
      'site.config.ts': config.replace(
        "docs: { version: { name: 'current', label: 'Weiter' } },",
        "docs: { version: { name: 'current', label: 'Weiter' }, sidebar: { hideable: true } },",
      ),
    });
    cleanups.push(own.cleanup);
    const { result, writer } = await buildInMemory(own.root);
    expect(result.ok).toBe(true);
    const page = [...writer.files].find(([file, data]) => file.endsWith('index.html') && text(data).includes('class="doc-sidebar"'));
    expect(page).toBeDefined();
    const doc = text(page?.[1]);
    expect(doc).toContain('aria-label="Seitenleiste ausblenden"');
    expect(doc).toContain('aria-label="Seitenleiste einblenden"');
    expect(doc).not.toContain('data-auto-collapse');
  });
});

describe('render: the hidden docs sidebar before paint', () => {
  /** Runs the pre-paint script against a fake document and session storage; `null` storage throws, as when disabled. */
  function run(stored: string | null | undefined): string | undefined {
    const attributes: Record<string, string> = {};
    const sessionStorage =
      stored === null
        ? {
            getItem: () => {
              throw new Error('SecurityError');
            },
          }
        : { getItem: (key: string) => (key === STORAGE_KEYS.sidebarHidden ? (stored ?? null) : null) };
    runInNewContext(sidebarPrePaintScript(), {
      document: { documentElement: { setAttribute: (k: string, v: string) => (attributes[k] = v) } },
      sessionStorage,
    });
    return attributes['data-doc-sidebar'];
  }

  it('render: should mark the sidebar hidden only when this tab hid it', () => {
    expect(run('true')).toBe('hidden');
    expect(run(undefined)).toBe('shown');
    expect(run('false')).toBe('shown');
    expect(run(null)).toBe('shown');
  });

  it("render: should share the storage key with the browser's script", () => {
    expect(readFileSync(`${repoRoot}/src/client/sidebar-controls.ts`, 'utf8')).toContain(`'${STORAGE_KEYS.sidebarHidden}'`);
  });
});
