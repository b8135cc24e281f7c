import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { copyrightHtml } from '../../themes/classic/components/Footer.tsx';
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
  copyright?: string,
) {
  const template = await readFile(path.join(repoRoot, 'test/fixtures/docusaurus-classic/docusaurus.config.js'), 'utf8');
  const config = template
    .replace(
      /( {14}\{\n {16}label: 'GitHub',\n {16}href: 'https:\/\/github.com\/facebook\/docusaurus',\n {14}\},)/,
      `$1\n              ${more},`,
    )
    .replace('copyright: `', `logo: ${logo},\n        copyright: \``)
    .replace(/copyright: `.*`,/, (m) => (copyright === undefined ? m : `copyright: ${JSON.stringify(copyright)},`));
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

  it('writes the copyright as HTML, as Docusaurus does, held to the URL policy, and refuses one that leaves a tag open', async () => {
    // Kysely's website: lines joined with `<br/>` and a badge linked to its sponsor; DocSearch's styled heart.
    const copyright =
      'Released under MIT.<br/><a class="badge" href="https://example.org/"><img src="/img/logo.svg" alt="Sponsor" /></a> Built with <span style="color:var(--accent)">♥</span>';
    const { result, writer } = await build("{ label: 'Extra', to: '/blog' }", undefined, copyright);
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    // In a block (Jest's holds paragraphs, which a <p> would end before).
    expect(footerOf(writer.text('docs/intro/index.html')!)).toContain(`<div class="footer__copyright">${copyright}</div>`);
    // Its site paths under the base path, as the footer's html items.
    const linked = await build("{ label: 'Extra', to: '/blog' }", undefined, '<p>© 2026 <a href="/blog">Blog</a></p>');
    expect(footerOf(linked.writer.text('docs/intro/index.html')!)).toContain(
      '<div class="footer__copyright"><p>© 2026 <a href="/blog/">Blog</a></p></div>',
    );
    const unsafe = await build("{ label: 'Extra', to: '/blog' }", undefined, '© <a href="javascript:alert(1)">Example</a>');
    expect(unsafe.result.ok).toBe(false);
    expect(unsafe.result.diagnostics).toContainEqual(expect.objectContaining({ code: 'Q064', keyPath: 'themeConfig.footer.copyright' }));
    const open = await build("{ label: 'Extra', to: '/blog' }", undefined, 'Released under <b>MIT.');
    expect(open.result.ok).toBe(false);
    expect(open.result.diagnostics).toContainEqual(
      expect.objectContaining({
        code: 'Q002',
        keyPath: 'themeConfig.footer.copyright',
        message: expect.stringContaining('copyright HTML'),
      }),
    );
  });

  it('reports a logo that is not a file of static/, and names a linked logo without alt by the site title', async () => {
    const { result } = await build("{ label: 'Extra', to: '/blog' }", "{ src: 'img/nope.svg', href: '/' }");
    expect(result.diagnostics).toContainEqual(expect.objectContaining({ keyPath: 'themeConfig.footer.logo.src' }));
    const fixed = await build("{ label: 'Extra', to: '/blog' }", "{ src: 'img/logo.svg', href: '/' }");
    expect(footerOf(fixed.writer.text('docs/intro/index.html')!)).toContain(
      '<img class="footer__logo" src="/img/logo.svg" alt="My Site"/>',
    );
  });

  it("shows a locale's translation of the copyright as HTML only where it is plain markup", () => {
    expect(copyrightHtml('© 2026 Example', '© 2026 <b>Beispiel</b>', '/de/')).toBe('© 2026 <b>Beispiel</b>');
    // A translation is read after the config's checks: one with a URL or an entity shows as its text.
    expect(copyrightHtml('© 2026 Example', '© <a href="javascript:alert(1)">Beispiel</a>', '/')).toBe(
      '© &lt;a href=&quot;javascript:alert(1)&quot;&gt;Beispiel&lt;/a&gt;',
    );
    expect(copyrightHtml('© <a href="/about">Example</a>', '© <a href="/about">Example</a>', '/de/')).toBe(
      '© <a href="/de/about/">Example</a>',
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
    // In a new tab, as Docusaurus's Link opens a pathname:// link (Sequelize's API references and old versions).
    expect(html).toMatch(/<a href="\/proj\/playground\/" target="_blank" rel="noopener noreferrer" class="navbar__link">Playground<span/);
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

describe("a Docusaurus navbar's html items", () => {
  async function withItem(item: string) {
    const template = await readFile(path.join(repoRoot, 'test/fixtures/docusaurus-classic/docusaurus.config.js'), 'utf8');
    const config = template.replace(
      "{to: '/blog', label: 'Blog', position: 'left'},",
      `{to: '/blog', label: 'Blog', position: 'left'}, ${item},`,
    );
    expect(config).toContain(item);
    const site = await makeSite('docusaurus-classic', { 'docusaurus.config.js': config });
    cleanups.push(site.cleanup);
    return buildInMemory(site.root);
  }

  it('writes the HTML as given in the bar and the menu, with its className, as Docusaurus does', async () => {
    // Kysely's website: its GitHub, Discord and Bluesky icons are html items the project's CSS draws.
    const value =
      '<a class="navbar-social" href="https://github.com/org/repo" aria-label="GitHub"><svg viewBox="0 0 24 24"><path d="M1 1h22"/></svg></a>';
    const { result, writer } = await withItem(`{ type: 'html', position: 'right', className: 'group-start', value: '${value}' }`);
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const unread = result.diagnostics.filter((d) => d.code === 'Q003').flatMap((d) => d.message.split('\n').slice(1));
    expect(unread.filter((line) => /navbar/.test(line))).toEqual([]);
    const html = writer.text('docs/intro/index.html')!;
    const right = /<ul class="navbar__items navbar__items--right">([\s\S]*?)<\/ul>/.exec(html)?.[1] ?? '';
    expect(right).toContain(`<li class="navbar__item group-start">${value}</li>`);
    expect(html).toContain(`<li class="navbar__item menu__list-item group-start">${value}</li>`);
  });

  it("writes a link's html as its content, and a dropdown heading's `to: '#'` as a link to the page itself", async () => {
    // TypeORM's version menu: headings that are html items of the dropdown, leading nowhere.
    const heading = '<span class="menu-heading">Latest</span>';
    const { result, writer } = await withItem(
      `{ type: 'dropdown', label: 'Version', position: 'right', items: [{ html: '${heading}', to: '#', className: 'menu-section' }, { label: 'v1', to: '/docs/intro' }] }, { html: '<b>Blog</b> posts', to: '/blog' }`,
    );
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const html = writer.text('docs/intro/index.html')!;
    expect(html).toContain(`<a href="#" class="dropdown__link menu-section">${heading}</a>`);
    expect(html).toContain('<a href="/blog/" class="navbar__link"><b>Blog</b> posts</a>');
    // A link's html is held to the same rules as an html item's.
    const unsafe = await withItem(`{ html: '<img src="javascript:alert(1)">', to: '/blog' }`);
    expect(unsafe.result.diagnostics).toContainEqual(expect.objectContaining({ code: 'Q064', keyPath: 'themeConfig.navbar.items.2.html' }));
    const open = await withItem(`{ type: 'dropdown', label: 'More', items: [{ html: '<span>open', to: '#' }] }`);
    expect(open.result.diagnostics).toContainEqual(
      expect.objectContaining({ code: 'Q002', keyPath: 'themeConfig.navbar.items.2.items.0.html' }),
    );
  });

  it('holds its URLs to the URL policy and refuses HTML that leaves a tag open, at its config key', async () => {
    const unsafe = await withItem(`{ type: 'html', value: '<a href="javascript:alert(1)">x</a>' }`);
    expect(unsafe.result.ok).toBe(false);
    expect(unsafe.result.diagnostics).toContainEqual(
      expect.objectContaining({ code: 'Q064', keyPath: 'themeConfig.navbar.items.2.value' }),
    );
    const open = await withItem(`{ type: 'html', value: '<span class="badge">' }`);
    expect(open.result.ok).toBe(false);
    expect(open.result.diagnostics).toContainEqual(
      expect.objectContaining({
        code: 'Q002',
        keyPath: 'themeConfig.navbar.items.2.value',
        message: expect.stringContaining("navbar item's HTML"),
      }),
    );
  });
});
