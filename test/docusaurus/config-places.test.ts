import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { buildInMemory, buildTemplate, makeSite } from '../helpers.ts';

const cleanups: (() => Promise<void>)[] = [];
afterAll(() => Promise.all(cleanups.map((c) => c())));

const template = readFileSync(new URL('../fixtures/docusaurus-classic/docusaurus.config.js', import.meta.url), 'utf8');

describe("a config problem is named at the config's own file and key", () => {
  it('names a Docusaurus navbar link by its place in themeConfig, past the items quire leaves out', async () => {
    // A custom item type (a swizzled component's), which quire leaves out, comes first: quire's
    // item 1 is the config's item 2.
    const { result } = await buildTemplate(
      {
        'docusaurus.config.js': template.replace(
          "{to: '/blog', label: 'Blog', position: 'left'},",
          "{type: 'custom-stars', repo: 'org/repo'},\n          {to: '/blogg', label: 'Blog', position: 'left'},",
        ),
      },
      cleanups,
    );
    expect(result.diagnostics.filter((d) => d.severity === 'error').map((d) => [d.code, d.file, d.keyPath, d.message])).toEqual([
      [
        'Q060',
        'docusaurus.config.js',
        'themeConfig.navbar.items.2.to',
        'Broken link in the site configuration: /blogg is not a page of the site.',
      ],
    ]);
  });

  it('names a footer link by its place in themeConfig.footer', async () => {
    const { result } = await buildTemplate(
      { 'docusaurus.config.js': template.replace("to: '/docs/intro',", "to: '/docs/intr',") },
      cleanups,
    );
    expect(result.diagnostics.filter((d) => d.severity === 'error').map((d) => [d.code, d.file, d.keyPath])).toEqual([
      ['Q060', 'docusaurus.config.js', 'themeConfig.footer.links.0.items.0.to'],
    ]);
  });

  it('names the file given with --config for a site of its own', async () => {
    const site = await makeSite('basic');
    cleanups.push(site.cleanup);
    const config = readFileSync(`${site.root}/site.config.ts`, 'utf8');
    const other = await makeSite('basic', { 'other.config.ts': config.replace("to: '/docs/guide/start/'", "to: '/docs/guide/stat/'") });
    cleanups.push(other.cleanup);
    const { result } = await buildInMemory(other.root, { configFile: 'other.config.ts' });
    expect(result.diagnostics.filter((d) => d.severity === 'error').map((d) => [d.code, d.file, d.keyPath])).toEqual([
      ['Q060', 'other.config.ts', 'navbar.items.0.to'],
    ]);
  });
});

describe('a navbar link drawn by its class (Docusaurus: an aria-label and no label)', () => {
  it("says its aria-label without showing it, so the icon the project's stylesheet draws stands alone", async () => {
    const { result, writer } = await buildTemplate(
      {
        'docusaurus.config.js': template.replace(
          "            label: 'GitHub',\n            position: 'right',",
          "            className: 'header-github-link',\n            'aria-label': 'GitHub repository',\n            position: 'right',",
        ),
      },
      cleanups,
    );
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const bar = /<nav class="navbar[\s\S]*?<\/nav>/.exec(writer.text('docs/intro/index.html') ?? '')?.[0] ?? '';
    const link = /<a href="https:\/\/github.com\/facebook\/docusaurus"[^>]*>([\s\S]*?)<\/a>/.exec(bar);
    expect(link?.[0]).toContain('aria-label="GitHub repository"');
    expect(link?.[0]).toContain('class="navbar__link header-github-link"');
    expect(link?.[1]).not.toContain('GitHub repository');
  });

  it("draws one with neither label nor aria-label (DocSearch's GitHub icon), and opens a link where its target says", async () => {
    const { result, writer } = await buildTemplate(
      {
        'docusaurus.config.js': template.replace(
          "            label: 'GitHub',\n            position: 'right',",
          "            className: 'header-github-link',\n            target: '_self',\n            position: 'right',",
        ),
      },
      cleanups,
    );
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const bar = /<nav class="navbar[\s\S]*?<\/nav>/.exec(writer.text('docs/intro/index.html') ?? '')?.[0] ?? '';
    const link = /<a href="https:\/\/github.com\/facebook\/docusaurus"[^>]*>([\s\S]*?)<\/a>/.exec(bar);
    expect(link?.[0]).toContain('aria-label="github.com/facebook/docusaurus"');
    expect(link?.[0]).toContain('class="navbar__link header-github-link"');
    // `_self`: the same tab, as Docusaurus opens it, and no "opens in a new tab" for screen readers.
    expect(link?.[0]).toContain('target="_self"');
    expect(link?.[1]).toBe('');
  });
});
