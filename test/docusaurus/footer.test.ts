import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildInMemory, makeSite, repoRoot } from '../helpers.ts';

const cleanups: (() => Promise<void>)[] = [];
afterAll(() => Promise.all(cleanups.map((c) => c())));

/**
 * The template with a footer as Docusaurus's docs describe it (https://docusaurus.io/docs/api/themes/configuration#footer-1):
 * an `html` item in a column and a `logo` above the copyright; `more` replaces the template's "More" column items.
 */
async function build(
  more: string,
  logo = "{ alt: 'Meta Open Source Logo', src: 'img/logo.svg', href: 'https://opensource.fb.com', width: 160 }",
) {
  const template = await readFile(path.join(repoRoot, 'test/fixtures/docusaurus-classic/docusaurus.config.js'), 'utf8');
  const config = template
    .replace(
      /( {14}\{\n {16}label: 'GitHub',\n {16}href: 'https:\/\/github.com\/facebook\/docusaurus',\n {14}\},)/,
      `$1\n              ${more},`,
    )
    .replace('copyright: `', `logo: ${logo},\n        copyright: \``);
  expect(config).toContain(more);
  const site = await makeSite('docusaurus-classic', { 'docusaurus.config.js': config });
  cleanups.push(site.cleanup);
  return buildInMemory(site.root);
}

const footerOf = (html: string) => /<footer[\s\S]*?<\/footer>/.exec(html)?.[0] ?? '';

describe("a Docusaurus footer's html items and logo", () => {
  it('shows an html item as written in its column, its site paths under the base path, and the logo linked', async () => {
    const { result, writer } = await build(
      '{ html: \'<a href="/blog" class="badge"><img src="/img/docusaurus.png" alt="Deployed here" width="20" height="20" /></a>\' }',
    );
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    // Neither is named as a setting quire does not read.
    const unread = result.diagnostics.filter((d) => d.code === 'Q003').flatMap((d) => d.message.split('\n').slice(1));
    expect(unread.filter((line) => /footer\.(logo|links|style)/.test(line))).toEqual([]);
    const footer = footerOf(writer.text('docs/intro/index.html')!);
    // The template's `style: 'dark'`, with Infima's class for the project's CSS.
    expect(footer).toMatch(/^<footer class="footer footer--dark">/);
    expect(footer).toContain(
      '<li class="footer__html"><a href="/blog/" class="badge"><img src="/img/docusaurus.png" alt="Deployed here" width="20" height="20" /></a></li>',
    );
    expect(footer).toMatch(
      /<a href="https:\/\/opensource.fb.com" target="_blank" rel="noopener noreferrer" class="footer__logo-link"><img class="footer__logo" src="\/img\/logo.svg" alt="Meta Open Source Logo" width="160"\/>/,
    );
  });

  it('holds an html item to the URL policy and refuses one that leaves a tag open, at its config key', async () => {
    const unsafe = await build('{ html: \'<a href="javascript:alert(1)">x</a>\' }');
    expect(unsafe.result.ok).toBe(false);
    expect(unsafe.result.diagnostics).toContainEqual(
      expect.objectContaining({ code: 'Q064', keyPath: 'themeConfig.footer.links.2.items.2.html' }),
    );
    const open = await build('{ html: \'<div class="badge">\' }');
    expect(open.result.ok).toBe(false);
    expect(open.result.diagnostics).toContainEqual(
      expect.objectContaining({
        code: 'Q002',
        keyPath: 'themeConfig.footer.links.2.items.2.html',
        message: expect.stringContaining("footer item's HTML"),
      }),
    );
  });

  it("writes the copyright as the config's HTML (DocSearch's styled heart), as Docusaurus does, and refuses one left open", async () => {
    const template = await readFile(path.join(repoRoot, 'test/fixtures/docusaurus-classic/docusaurus.config.js'), 'utf8');
    const withCopyright = (copyright: string) => template.replace(/copyright: `[^`]*`/, `copyright: ${JSON.stringify(copyright)}`);
    const site = await makeSite('docusaurus-classic', {
      'docusaurus.config.js': withCopyright('2015 — Built with <span style="color:var(--accent)">♥</span> by <a href="/blog">us</a>'),
    });
    cleanups.push(site.cleanup);
    const { result, writer } = await buildInMemory(site.root);
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(footerOf(writer.text('docs/intro/index.html')!)).toContain(
      '<p class="footer__copyright">2015 — Built with <span style="color:var(--accent)">♥</span> by <a href="/blog/">us</a></p>',
    );
    const open = await makeSite('docusaurus-classic', { 'docusaurus.config.js': withCopyright('Built by <b>us') });
    cleanups.push(open.cleanup);
    const refused = await buildInMemory(open.root);
    expect(refused.result.ok).toBe(false);
    expect(refused.result.diagnostics).toContainEqual(expect.objectContaining({ code: 'Q002', keyPath: 'themeConfig.footer.copyright' }));
  });

  it('reports a logo that is not a file of static/, and names a linked logo without alt by the site title', async () => {
    const { result } = await build("{ label: 'Extra', to: '/blog' }", "{ src: 'img/nope.svg', href: '/' }");
    expect(result.diagnostics).toContainEqual(expect.objectContaining({ keyPath: 'themeConfig.footer.logo.src' }));
    const fixed = await build("{ label: 'Extra', to: '/blog' }", "{ src: 'img/logo.svg', href: '/' }");
    expect(footerOf(fixed.writer.text('docs/intro/index.html')!)).toContain(
      '<img class="footer__logo" src="/img/logo.svg" alt="My Site"/>',
    );
  });

  it("writes a navbar or footer href to pathname:// as the path under the base path, as Docusaurus's Link does", async () => {
    const template = await readFile(path.join(repoRoot, 'test/fixtures/docusaurus-classic/docusaurus.config.js'), 'utf8');
    const config = template
      .replace("baseUrl: '/',", "baseUrl: '/proj/',")
      .replace(
        "{to: '/blog', label: 'Blog', position: 'left'},",
        "{to: '/blog', label: 'Blog', position: 'left'}, { href: 'pathname:///playground/', label: 'Playground', position: 'right' },",
      );
    expect(config).toContain("baseUrl: '/proj/',");
    const site = await makeSite('docusaurus-classic', { 'docusaurus.config.js': config });
    cleanups.push(site.cleanup);
    const { writer } = await buildInMemory(site.root);
    const html = writer.text('proj/docs/intro/index.html')!;
    expect(html).toMatch(/<a href="\/proj\/playground\/" class="navbar__link">Playground<\/a>/);
    expect(html).not.toContain('pathname:');
  });

  it("gives a footer without a style Docusaurus's default, the light one, and navbar items their classes", async () => {
    const template = await readFile(path.join(repoRoot, 'test/fixtures/docusaurus-classic/docusaurus.config.js'), 'utf8');
    const config = template
      .replace(/\n {8}style: 'dark',/, '')
      .replace("label: 'Tutorial',", "label: 'Tutorial', className: 'wide-only',")
      .replace(
        "{to: '/blog', label: 'Blog', position: 'left'},",
        "{to: '/blog', label: 'Blog', position: 'left'}, { label: 'More', className: 'narrow-only', items: [{ to: '/blog', label: 'Posts', className: 'x' }] },",
      );
    expect(config).not.toContain("style: 'dark'");
    const site = await makeSite('docusaurus-classic', { 'docusaurus.config.js': config });
    cleanups.push(site.cleanup);
    const { result, writer } = await buildInMemory(site.root);
    const unread = result.diagnostics.filter((d) => d.code === 'Q003').flatMap((d) => d.message.split('\n').slice(1));
    expect(unread.filter((line) => /className/.test(line))).toEqual([]);
    const html = writer.text('docs/intro/index.html')!;
    expect(footerOf(html)).toMatch(/^<footer class="footer footer--light">/);
    // Where Docusaurus puts them: on the link, on the dropdown's toggle (bar and phone menu), on an entry's link.
    expect(html).toMatch(/<a href="\/docs\/intro\/" class="navbar__link wide-only"/);
    expect(html).toMatch(/<button type="button" class="navbar__link dropdown__toggle narrow-only"/);
    expect(html).toMatch(/<summary class="narrow-only">More<\/summary>/);
    expect(html).toMatch(/<a href="\/blog\/" class="dropdown__link x"/);
  });
});
