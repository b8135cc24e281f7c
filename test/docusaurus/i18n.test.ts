import { readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../src/types.ts';
import { buildInMemory, makeSite, repoRoot } from '../helpers.ts';

const cleanups: (() => Promise<void>)[] = [];
afterAll(() => Promise.all(cleanups.map((c) => c())));

/** The fixture with some files changed, built in one locale (the default one without `locale`). */
async function build(locale?: string, overlay: Record<string, string | null> = {}) {
  const site = await makeSite('docusaurus-i18n', overlay);
  cleanups.push(site.cleanup);
  const { result, writer } = await buildInMemory(site.root, locale ? { locale } : {});
  return { result, writer, root: site.root, page: (file: string) => writer.text(file) ?? '' };
}

const errors = (diagnostics: Diagnostic[]) => diagnostics.filter((d) => d.severity === 'error');
const text = (html: string) =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
const part = (html: string, re: RegExp) => text(re.exec(html)?.[0] ?? '');
const article = (html: string) => part(html, /<div class="markdown">[\s\S]*?<\/div>/);
const sidebar = (html: string) => part(html, /<nav class="doc-sidebar"[\s\S]*?<\/nav>/);
const navbar = (html: string) => part(html, /<nav class="navbar[\s\S]*?<\/nav>/);
const footer = (html: string) => part(html, /<footer[\s\S]*?<\/footer>/);
const FR_DOCS = 'i18n/fr/docusaurus-plugin-content-docs/current';

describe('a Docusaurus project built in another locale reads i18n/<locale>/ (test/fixtures/docusaurus-i18n)', () => {
  let fr: Awaited<ReturnType<typeof build>>;
  let en: Awaited<ReturnType<typeof build>>;
  beforeAll(async () => {
    fr = await build('fr');
    en = await build();
  });

  it('builds both locales without a diagnostic, but that a build without --locale makes one of them', () => {
    expect(fr.result.diagnostics).toEqual([]);
    expect(en.result.diagnostics).toEqual([
      expect.objectContaining({
        code: 'Q003',
        keyPath: 'i18n.locales',
        message:
          'This build is the en site only: quire builds one locale per run, where docusaurus build makes every locale of i18n.locales, the others under /fr/.',
        hint: "Build the others with quire build --locale fr --out <folder> and put that folder's fr/ beside this build's pages, as Docusaurus lays them out.",
      }),
    ]);
  });

  it('replaces a docs, blog or pages file by its translation, and keeps the original where there is none', () => {
    expect(article(fr.page('fr/docs/intro/index.html'))).toMatch(/^Présentation Commencez par l'installation/);
    expect(article(fr.page('fr/docs/basics/usage/index.html'))).toContain('Utilisation');
    expect(article(fr.page('fr/docs/basics/setup/index.html'))).toMatch(/^Setup Install it/);
    expect(text(fr.page('fr/blog/2024/03/01/hello/index.html'))).toContain('Le premier billet.');
    expect(article(fr.page('fr/about/index.html'))).toBe('À propos Une page traduite.');
    // The default locale reads the originals.
    expect(article(en.page('docs/intro/index.html'))).toMatch(/^Introduction Start with the setup/);
    expect(article(en.page('about/index.html'))).toBe('About An untranslated page.');
  });

  it('shows an untranslated page as a page of the locale, as Docusaurus does (no notice, its texts in French)', () => {
    expect(fr.page('fr/docs/intro/index.html')).not.toContain('data-translation-notice');
    const setup = fr.page('fr/docs/basics/setup/index.html');
    expect(setup).not.toContain('data-translation-notice');
    expect(setup).toContain('<link rel="canonical" href="https://polyglot.example.org/fr/docs/basics/setup"/>');
    expect(setup).toContain('aria-label="Fil d’Ariane"');
  });

  it("resolves a translation's links and images from its own place, and links to the original to the translation", () => {
    const intro = fr.page('fr/docs/intro/index.html');
    // `/basics/setup.md` from the translation: the docs folder's file, as Docusaurus tries the original folder too.
    expect(intro).toContain('href="/fr/docs/basics/setup/"');
    // `./diagram.svg` beside the translation.
    const src = /<img src="\/(fr\/[^"]+)" alt="Un schéma"/.exec(intro)?.[1];
    expect(src && fr.writer.files.has(src)).toBe(true);
    // docs/basics/setup.md links `./usage.mdx`, which is translated.
    expect(fr.page('fr/docs/basics/setup/index.html')).toContain('href="/fr/docs/basics/usage/"');
  });

  it('translates the sidebar: category labels, link labels, the generated index page (its slug stays)', () => {
    expect(sidebar(fr.page('fr/docs/intro/index.html'))).toBe(
      'Présentation Les bases Setup Utilisation Code source (s’ouvre dans un nouvel onglet)',
    );
    expect(sidebar(en.page('docs/intro/index.html'))).toBe('Introduction Basics Setup Usage Source (opens in a new tab)');
    const index = fr.page('fr/docs/category/basics/index.html');
    expect(part(index, /<h1[^>]*>[^<]*/)).toBe('Aperçu des bases');
    expect(index).toContain('Les premiers pas.');
  });

  it('shows the text code.json gives <Translate> and translate(), and the message as written in the default locale', () => {
    expect(article(fr.page('fr/docs/basics/usage/index.html'))).toBe("Utilisation Bonjour depuis la page d'utilisation 3 étapes");
    expect(article(en.page('docs/basics/usage/index.html'))).toBe('Usage Hello from the usage page 3 steps');
    // translate(): by id, and without an id by its message, as Docusaurus looks it up.
    expect(fr.page('fr/docs/basics/usage/index.html')).toContain('<p title="Lisez la suite">');
    expect(en.page('docs/basics/usage/index.html')).toContain('<p title="Read on">');
  });

  it("gives translate() the texts at a React page module's top level too, and an island the same texts", () => {
    const features = fr.page('fr/features/index.html');
    expect(part(features, /<ul class="features">[\s\S]*?<\/ul>/)).toBe('Rapide Léger');
    expect(part(features, /<title>[^<]*/)).toBe('Fonctionnalités | Polyglot');
    expect(features).toContain('Masquer');
    // The island carries the texts, for the browser's translate() (themes/classic/docusaurus.tsx).
    expect(features).toMatch(/data-island="project"[^>]*data-props="[^"]*Rapide/);
    expect(part(en.page('features/index.html'), /<ul class="features">[\s\S]*?<\/ul>/)).toBe('Fast Small');
  });

  it("translates the navbar's and footer's texts and the blog's title", () => {
    expect(navbar(fr.page('fr/docs/intro/index.html'))).toMatch(/^Polyglotte Tutoriel Blogue /);
    expect(footer(fr.page('fr/docs/intro/index.html'))).toBe("Documentation Tutoriel Droits d'auteur Polyglot");
    expect(navbar(en.page('docs/intro/index.html'))).toMatch(/^Polyglot Tutorial Blog /);
    expect(part(fr.page('fr/blog/index.html'), /<h1 class="visually-hidden">[^<]*/)).toBe('Nouvelles');
    expect(part(fr.page('fr/blog/index.html'), /<title>[^<]*/)).toBe('Nouvelles | Polyglot');
  });
});

describe('versioned docs in another locale (test/fixtures/docusaurus-versions)', () => {
  it("reads each version's translations: its files (version-<name>/), its label and its sidebar labels", async () => {
    const site = await makeSite('docusaurus-versions', {
      'docusaurus.config.js': `export default {
  title: 'Versioned',
  url: 'https://docs.example.org',
  baseUrl: '/',
  onBrokenLinks: 'throw',
  i18n: { defaultLocale: 'en', locales: ['en', 'fr'] },
  themeConfig: { navbar: { title: 'Versioned', items: [{ type: 'docsVersionDropdown' }] } },
  presets: [['classic', { docs: { sidebarPath: './sidebars.js' }, blog: false }]],
};
`,
      'i18n/fr/docusaurus-plugin-content-docs/version-1.x/install.md': '# Installation (1.x)\n\nLancez `npm install versioned@1`.\n',
      'i18n/fr/docusaurus-plugin-content-docs/version-2.x.json': JSON.stringify({
        'version.label': { message: 'Deux' },
        'sidebar.docs.category.Guides for 2.x': { message: 'Guides de la 2.x' },
      }),
      'i18n/fr/docusaurus-plugin-content-docs/current.json': JSON.stringify({
        'sidebar.docs.category.Guides': { message: 'Guides (next)' },
      }),
    });
    cleanups.push(site.cleanup);
    const { result, writer } = await buildInMemory(site.root, { locale: 'fr' });
    expect(errors(result.diagnostics)).toEqual([]);
    const page = (file: string) => writer.text(file) ?? '';
    expect(article(page('fr/docs/1.x/install/index.html'))).toMatch(/^Installation \(1\.x\) Lancez/);
    expect(article(page('fr/docs/install/index.html'))).toMatch(/^Install \(2\.x\)/);
    expect(sidebar(page('fr/docs/install/index.html'))).toContain('Guides de la 2.x');
    expect(sidebar(page('fr/docs/next/install/index.html'))).toContain('Guides (next)');
    expect(page('fr/docs/install/index.html')).toMatch(/<span class="dropdown__label">[^<]*Deux</);
  });
});

describe('the autogenerated sidebar of a project without a sidebar file', () => {
  it('is translated by the name Docusaurus gives it, defaultSidebar', async () => {
    const { result, page } = await build('fr', {
      'docusaurus.config.js': `export default {
  title: 'Polyglot',
  url: 'https://polyglot.example.org',
  baseUrl: '/',
  i18n: { defaultLocale: 'en', locales: ['en', 'fr'] },
  presets: [['classic', { blog: false }]],
};
`,
      'sidebars.js': null,
      'i18n/fr/docusaurus-plugin-content-docs/current.json': JSON.stringify({
        'sidebar.defaultSidebar.category.Basics': { message: 'Les bases' },
      }),
    });
    expect(errors(result.diagnostics)).toEqual([]);
    expect(sidebar(page('fr/docs/intro/index.html'))).toBe('Présentation Les bases Setup Utilisation');
  });
});

describe("the blog's authors file and the docs' tags file", () => {
  it("are the locale's copies where it has them, as Docusaurus looks for them there first", async () => {
    const authors = (title: string) => `ada:\n  name: Ada\n  title: ${title}\n  page: true\n`;
    const overlay = {
      'blog/authors.yml': authors('Engineer'),
      'i18n/fr/docusaurus-plugin-content-blog/authors.yml': authors('Ingénieure'),
      'blog/2024-03-01-hello.md': '---\nauthors: [ada]\n---\n# Hello\n',
      'docs/tags.yml': 'setup:\n  label: Setting up\n',
      [`${FR_DOCS}/tags.yml`]: 'setup:\n  label: Installation\n',
      'docs/basics/setup.md': '---\ntags: [setup]\n---\n# Setup\n',
    };
    const fr = await build('fr', overlay);
    expect(errors(fr.result.diagnostics)).toEqual([]);
    expect(fr.page('fr/blog/authors/ada/index.html')).toContain('Ingénieure');
    expect(part(fr.page('fr/docs/tags/setup/index.html'), /<h1[^>]*>[\s\S]*?<\/h1>/)).toContain('Installation');
    const en = await build(undefined, overlay);
    expect(en.page('blog/authors/ada/index.html')).toContain('Engineer');
    expect(part(en.page('docs/tags/setup/index.html'), /<h1[^>]*>[\s\S]*?<\/h1>/)).toContain('Setting up');
  });
});

describe("a locale's base path (localeConfigs.<locale>.baseUrl, Docusaurus 3.9)", () => {
  const config = (localeConfigs: string) =>
    readFileSync(path.join(repoRoot, 'test/fixtures/docusaurus-i18n/docusaurus.config.js'), 'utf8').replace(
      "i18n: { defaultLocale: 'en', locales: ['en', 'fr'] },",
      `i18n: { defaultLocale: 'en', locales: ['en', 'fr'], localeConfigs: ${localeConfigs} },`,
    );
  /** The locale dropdown's entries as `code href`. */
  const dropdown = (html: string) => [
    ...new Set([...html.matchAll(/<a class="dropdown__link[^"]*" href="([^"]+)" hrefLang="([^"]+)"/g)].map((m) => `${m[2]} ${m[1]}`)),
  ];

  it('builds the locale at its own base path, as sites that build each locale apart and join them do', async () => {
    const { result, page } = await build('fr', { 'docusaurus.config.js': config("{ fr: { baseUrl: '/' } }") });
    expect(errors(result.diagnostics)).toEqual([]);
    expect(result.diagnostics.flatMap((d) => d.message.split('\n')).filter((l) => l.includes('baseUrl'))).toEqual([]);
    const intro = page('docs/intro/index.html');
    expect(intro).toContain('lang="fr"');
    expect(dropdown(intro)).toEqual(['en /docs/intro/', 'fr /docs/intro/']);
    // The default locale's own build keeps the site's base path, and links to French at French's.
    const en = await build(undefined, { 'docusaurus.config.js': config("{ fr: { baseUrl: 'francais' } }") });
    expect(dropdown(en.page('docs/intro/index.html'))).toEqual(['en /docs/intro/', 'fr /francais/docs/intro/']);
  });

  it('shows the links a locale dropdown adds before and after its locales (dropdownItemsBefore/After)', async () => {
    const withExtras = config('{}').replace(
      "{ type: 'localeDropdown' },",
      "{ type: 'localeDropdown', dropdownItemsBefore: [{ to: '/blog', label: 'News first' }], dropdownItemsAfter: [{ to: 'https://translate.example.org', label: 'Help translate' }, { type: 'doc', docId: 'intro', label: 'Start' }] },",
    );
    const { result, page } = await build(undefined, { 'docusaurus.config.js': withExtras });
    expect(errors(result.diagnostics)).toEqual([]);
    expect(result.diagnostics.flatMap((d) => d.message.split('\n')).filter((l) => l.includes('dropdownItems'))).toEqual([]);
    const menu = /<li class="navbar__item dropdown locale-dropdown"[\s\S]*?<\/ul>/.exec(page('docs/intro/index.html'))?.[0] ?? '';
    expect([...menu.matchAll(/<a [^>]*href="([^"]+)"[^>]*>([^<]+)</g)].map((m) => `${m[2]} ${m[1]}`)).toEqual([
      'News first /blog/',
      'English /docs/intro/',
      'Français /fr/docs/intro/',
      'Help translate https://translate.example.org',
      'Start /docs/intro/',
    ]);
    // A broken one is reported at its key, as any navbar link is.
    const broken = await build(undefined, {
      'docusaurus.config.js': withExtras.replace("{ to: '/blog', label: 'News first' }", "{ to: '/blgo', label: 'News first' }"),
    });
    expect(broken.result.diagnostics).toContainEqual(
      expect.objectContaining({ keyPath: 'themeConfig.navbar.items.2.dropdownItemsBefore.0.to' }),
    );
  });

  it('links to a locale at its base path, not at the folder of its translations (localeConfigs.<locale>.path)', async () => {
    const { result, page } = await build(undefined, { 'docusaurus.config.js': config("{ fr: { path: 'fr' } }") });
    expect(errors(result.diagnostics)).toEqual([]);
    expect(dropdown(page('docs/intro/index.html'))).toEqual(['en /docs/intro/', 'fr /fr/docs/intro/']);
  });
});

describe("Docusaurus's theme texts in code.json that name what quire shows too", () => {
  it("title a translated page's admonitions and its pager as the project writes them, and are not named unread", async () => {
    // Apache Answer's zh-CN code.json titles :::caution 警告 and :::warning 注意, the other way round from quire's
    // own Chinese texts: Docusaurus's theme takes the project's file first.
    const { result, page } = await build('fr', {
      'i18n/fr/code.json': JSON.stringify({
        'usage.greeting': { message: 'Bonjour' },
        'theme.admonition.caution': { message: 'Gare aux marées' },
        'theme.admonition.tip': { message: 'Astuce du port' },
        'theme.docs.paginator.previous': { message: 'Cap précédent' },
        // A placeholder quire does not fill: not taken, and named.
        'theme.common.headingLinkTitle': { message: 'Lien vers {titre}' },
        // A text quire's theme does not show.
        'theme.blog.post.readMore': { message: 'Lire la suite' },
      }),
      [`${FR_DOCS}/intro.md`]:
        '# Présentation\n\n:::caution\n\nLa digue est glissante.\n\n:::\n\n:::tip\n\nPrenez un ciré.\n\n:::\n\n:::note\n\nRien.\n\n:::\n',
    });
    expect(errors(result.diagnostics)).toEqual([]);
    const intro = page('fr/docs/intro/index.html');
    const titles = [...intro.matchAll(/<p class="admonition-title">([^<]*)</g)].map((m) => m[1]);
    // The two the file gives, and quire's own French title for the one it does not.
    expect(titles).toEqual(['Gare aux marées', 'Astuce du port', 'Remarque']);
    expect(intro).toMatch(/pagination-nav__sublabel">Cap précédent</);
    const unread = result.diagnostics.filter((d) => d.code === 'Q003');
    expect(unread.map((d) => d.file)).toEqual(['i18n/fr/code.json']);
    expect(unread[0].message).toMatch(/2 theme texts \(theme\.common\.headingLinkTitle, …\)/);
  });
});

describe('problems in the translations', () => {
  it('reports a broken link in a translated file at its place (a relative link leads from the translation, as in Docusaurus)', async () => {
    // basics/setup.md has no translation; the image is beside the original only.
    const { result } = await build('fr', {
      [`${FR_DOCS}/intro.md`]: '# Présentation\n\nVoir [la suite](./basics/setup.md).\n\n![Un schéma](./diagram.svg)\n',
      [`${FR_DOCS}/diagram.svg`]: null,
    });
    expect(errors(result.diagnostics)).toEqual([
      expect.objectContaining({
        code: 'Q060',
        file: `${FR_DOCS}/intro.md`,
        line: 5,
        column: 1,
        message: expect.stringContaining('Image not found'),
      }),
      expect.objectContaining({ code: 'Q060', file: `${FR_DOCS}/intro.md`, line: 3, column: 6 }),
    ]);
  });

  it('reports a translation file that is not JSON, or has an entry without a message, at its place', async () => {
    // The config's translations (navbar, footer, blog options) stop the build before the content is read.
    const { result } = await build('fr', {
      'i18n/fr/docusaurus-theme-classic/navbar.json':
        '{\n  "title": { "message": "Polyglotte" }\n  "item.label.Blog": { "message": "Blogue" }\n}\n',
    });
    expect(errors(result.diagnostics)).toEqual([
      expect.objectContaining({ code: 'Q090', file: 'i18n/fr/docusaurus-theme-classic/navbar.json', line: 3, column: 3 }),
    ]);
    expect(errors(result.diagnostics)[0].message).toBe('Invalid JSON: a comma was expected between two entries.');
    const { result: code } = await build('fr', {
      'i18n/fr/code.json': '{\n  "usage.greeting": "Bonjour"\n}\n',
      'i18n/fr/docusaurus-plugin-content-docs/current.json': '{ "version.label": { "message": "Suivante" },\n}',
    });
    expect(errors(code.diagnostics)).toEqual([
      expect.objectContaining({ code: 'Q090', file: 'i18n/fr/code.json', line: 2, column: 3 }),
      expect.objectContaining({ code: 'Q090', file: 'i18n/fr/docusaurus-plugin-content-docs/current.json', line: 2, column: 1 }),
    ]);
    expect(errors(code.diagnostics)[0].message).toContain('"usage.greeting" must be an object with a "message" text');
  });

  it('names, once, what of the folder it does not read; the default locale reads none of it', async () => {
    const overlay = {
      'i18n/fr/docusaurus-plugin-content-docs-community/current.json': '{}',
      [`${FR_DOCS}/extra.md`]: '# En plus\n',
      'i18n/fr/docusaurus-plugin-content-pages/features.js': 'export default function Features() {\n  return null;\n}\n',
      'i18n/fr/code.json': '{ "usage.greeting": { "message": "Bonjour" }, "theme.blog.post.readMore": { "message": "Lire la suite" } }',
    };
    const { result } = await build('fr', overlay);
    const unread = result.diagnostics.filter((d) => d.code === 'Q003');
    expect(unread.map((d) => d.file)).toEqual([
      'i18n/fr/docusaurus-plugin-content-docs-community',
      'i18n/fr/code.json',
      `${FR_DOCS}/extra.md`,
    ]);
    expect(unread.map((d) => d.message).join('\n')).toMatch(
      /theme text theme\.blog\.post\.readMore[\s\S]*extra\.md \(no file[\s\S]*pages\/features\.js \(a React page: its original is shown\)/,
    );
    expect(errors(result.diagnostics)).toEqual([]);
    const { result: defaultLocale } = await build(undefined, overlay);
    expect(defaultLocale.diagnostics.map((d) => d.keyPath)).toEqual(['i18n.locales']);
  });

  it('builds a translation again when it changes, with the compile cache on', async () => {
    const site = await makeSite('docusaurus-i18n');
    cleanups.push(site.cleanup);
    const cacheDir = path.join(site.root, '.quire', 'cache');
    const first = await buildInMemory(site.root, { locale: 'fr', cacheDir });
    expect(first.writer.text('fr/docs/basics/usage/index.html')).toContain('Utilisation');
    await writeFile(path.join(site.root, FR_DOCS, 'basics/usage.mdx'), '# Mode d’emploi\n');
    const second = await buildInMemory(site.root, { locale: 'fr', cacheDir });
    expect(article(second.writer.text('fr/docs/basics/usage/index.html') ?? '')).toBe('Mode d’emploi');
  });
});
