import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MemoryWriter } from '../../src/emit/index.ts';
import { render, renderOrder } from '../../src/render/pages.ts';
import { colorModeScript } from '../../src/render/inline-scripts.ts';
import type { NavItem } from '../../src/config/index.ts';
import type { Site } from '../../src/types.ts';
import { classicTheme } from '../../themes/classic/index.tsx';
import { navbarItemProblem } from '../../themes/classic/components/Navbar.tsx';
import { buildInMemory, makeSite } from '../helpers.ts';

/** A variant of the fixture's config, as a second config file that spreads the first. */
const variant = (overrides: string) => `import base from './site.config.ts';\nexport default { ...base, ${overrides} };\n`;

const AR_MESSAGES = JSON.stringify({
  'docs.notTranslated': 'لم تُترجم هذه الصفحة إلى العربية بعد.',
  skipToContent: 'الانتقال إلى المحتوى الرئيسي',
  'label:Weiter': 'التالية',
});
const CURRENCIES = JSON.stringify({
  defaultCurrency: 'EUR',
  currencies: [
    { code: 'EUR', symbol: '€', label: 'Euro' },
    { code: 'CHF', symbol: 'CHF', label: 'Schweizer Franken' },
    { code: 'XYZ1', symbol: '?', label: 'Hauswährung' },
  ],
});

describe('render: head tags, locale fallback, navbar', () => {
  let site: Awaited<ReturnType<typeof makeSite>>;
  let de: MemoryWriter;
  let ar: MemoryWriter;
  let deSite: Site;
  beforeAll(async () => {
    site = await makeSite('basic', {
      'locales/ar.json': AR_MESSAGES,
      'content/data/pricing.json': CURRENCIES,
      'analytics.config.ts': variant(
        `analytics: { gtmContainerId: 'GTM-TEST1' }, consent: { version: '1', categories: [{ id: 'necessary' }, { id: 'statistics', services: [{ name: 'Google Analytics' }] }] }`,
      ),
      'analytics-no-consent.config.ts': variant(`analytics: { gtmContainerId: 'GTM-TEST1' }`),
      'flags-off.config.ts': variant(
        `i18n: { ...base.i18n, locales: [...base.i18n.locales, 'zh-TW'] }, colorMode: { disableSwitch: true }`,
      ),
      'flags.config.ts': variant(
        `flags: { blog: true, zhTWVisible: true }, i18n: { ...base.i18n, locales: [...base.i18n.locales, 'zh-TW'] }, colorMode: { disableSwitch: false, respectPrefersColorScheme: true }`,
      ),
      'announce.config.ts': variant(
        `announcementBar: { id: 'neu', content: 'Neu: <a href="/docs/guide/start/#los">Start</a>, <a href=\\'/pricing/\\'>Preise</a> und <a href="https://example.com/x">mehr</a>' }`,
      ),
      'delimiter.config.ts': variant(`titleDelimiter: '·'`),
      'bad-navbar.config.ts': variant(
        `navbar: { items: [{ type: 'link', label: 'A', to: '/docs/' }, { type: 'megaMenu', label: 'Alles' }] }`,
      ),
    });
    const built = await buildInMemory(site.root);
    expect(built.result.diagnostics).toEqual([]);
    de = built.writer;
    deSite = built.result.site!;
    const arBuilt = await buildInMemory(site.root, { locale: 'ar' });
    // The fixture's Arabic catalogue has three texts: the rest is shown in English, and the build says so.
    expect(arBuilt.result.diagnostics).toEqual([expect.objectContaining({ code: 'Q091', severity: 'warning', file: 'locales/ar.json' })]);
    ar = arBuilt.writer;
  });
  afterAll(() => site?.cleanup());
  const text = (writer: MemoryWriter, file: string) => {
    const html = writer.text(file);
    if (html === undefined) throw new Error(`${file} was not written`);
    return html;
  };
  const head = (html: string) => html.slice(0, html.indexOf('</head>'));

  it('render: should write the head tags of a docs page (title, description, canonical, hreflang, Open Graph, Twitter, icon)', () => {
    const h = head(text(de, 'de/docs/guide/start/index.html'));
    expect(h).toMatch(/^<!DOCTYPE html><html lang="de" dir="ltr" data-theme="light"/);
    expect(h).toContain('<meta charSet="utf-8"/>');
    expect(h).toContain('<meta name="viewport" content="width=device-width, initial-scale=1"/>');
    expect(h).toContain('<title>Start | Fixture</title>');
    expect(h).toContain('<meta name="description" content="Der erste Absatz wird zur Beschreibung."/>');
    expect(h).toContain('<link rel="canonical" href="https://example.org/de/docs/guide/start/"/>');
    // One alternate per configured locale (ar, de, en, zh) plus x-default → the default locale at the root.
    expect(h.match(/<link rel="alternate" hrefLang="[^"]+" href="[^"]+"\/>/g)).toEqual([
      '<link rel="alternate" hrefLang="ar" href="https://example.org/ar/docs/guide/start/"/>',
      '<link rel="alternate" hrefLang="de" href="https://example.org/de/docs/guide/start/"/>',
      '<link rel="alternate" hrefLang="en" href="https://example.org/en/docs/guide/start/"/>',
      '<link rel="alternate" hrefLang="zh" href="https://example.org/docs/guide/start/"/>',
      '<link rel="alternate" hrefLang="x-default" href="https://example.org/docs/guide/start/"/>',
    ]);
    expect(h).toContain('<meta property="og:title" content="Start"/>');
    expect(h).toContain('<meta property="og:url" content="https://example.org/de/docs/guide/start/"/>');
    expect(h).toContain('<meta property="og:type" content="article"/>');
    expect(h).toContain('<meta property="og:locale" content="de_DE"/>');
    expect(h.match(/og:locale:alternate/g)).toHaveLength(3);
    expect(h).toContain('<meta name="twitter:card" content="summary_large_image"/>');
    expect(h).toContain('<link rel="icon" href="/de/img/favicon.svg"/>');
    expect(h).not.toContain('robots');
    expect(h).not.toContain('googletagmanager');
  });

  it("render: should join a page's title and the site's with the config's titleDelimiter", async () => {
    const { writer } = await buildInMemory(site.root, { configFile: 'delimiter.config.ts' });
    expect(head(text(writer, 'de/docs/guide/start/index.html'))).toContain('<title>Start · Fixture</title>');
  });

  it('render: should title the home page with the site title and mark unlisted and search pages for robots', () => {
    expect(head(text(de, 'de/index.html'))).toMatch(/<title>[^<]*Fixture<\/title>/);
    expect(head(text(de, 'de/docs/hidden/index.html'))).toContain('<meta name="robots" content="noindex, nofollow"/>');
    expect(head(text(de, 'de/search/index.html'))).toContain('<meta name="robots" content="noindex, follow"/>');
    const notFound = head(text(de, 'de/404.html'));
    // No robots meta on the not-found page, as under Docusaurus: a host's 404 status keeps it out of search engines.
    expect(notFound).not.toContain('name="robots"');
    expect(notFound).not.toContain('rel="canonical"');
  });

  it('render: should leave the tag manager to the consent banner: Consent Mode defaults in production, the container never in the page', async () => {
    const production = await buildInMemory(site.root, { configFile: 'analytics.config.ts' });
    const html = text(production.writer, 'de/docs/index.html');
    // Nothing in the markup loads the container (no <script src>, no <noscript> iframe): the client injects it after consent.
    expect(html).not.toContain('gtm.js');
    expect(html).not.toContain('ns.html');
    expect(head(html)).toContain(
      `window.gtag('consent','default',{"ad_storage":"denied","ad_user_data":"denied","ad_personalization":"denied","analytics_storage":"denied","wait_for_update":500})`,
    );
    expect(head(html)).toContain("document.documentElement.setAttribute('data-consent',s)");
    const clientConfig = (h: string) =>
      JSON.parse(h.match(/<script type="application\/json" id="quire-config">(.*?)<\/script>/)![1]) as { consent: unknown };
    expect(clientConfig(html).consent).toEqual({
      version: '1',
      categories: ['necessary', 'statistics'],
      gtm: { id: 'GTM-TEST1', origin: 'https://www.googletagmanager.com' },
    });
    expect(html).toContain('data-consent-banner');
    // `quire dev` loads no analytics at all: no defaults, no container id for the client; the banner still shows.
    const dev = await buildInMemory(site.root, { configFile: 'analytics.config.ts', mode: 'development' });
    const devHtml = text(dev.writer, 'de/docs/index.html');
    expect(devHtml).not.toContain('gtag');
    expect(clientConfig(devHtml).consent).toEqual({ version: '1', categories: ['necessary', 'statistics'], gtm: null });
    // A container without a consent banner to ask first is never loaded.
    const unasked = text((await buildInMemory(site.root, { configFile: 'analytics-no-consent.config.ts' })).writer, 'de/docs/index.html');
    expect(unasked).not.toContain('gtag');
    expect(unasked).not.toContain('data-consent-banner');
    expect(clientConfig(unasked).consent).toBeNull();
  });

  it('render: should build --locale ar under /ar/ with rtl direction, its messages and English per missing message', () => {
    const html = text(ar, 'ar/docs/guide/start/index.html');
    expect(html).toMatch(/^<!DOCTYPE html><html lang="ar" dir="rtl"/);
    expect(html).toContain('<a class="skip-link" href="#main">الانتقال إلى المحتوى الرئيسي</a>');
    // ar.json has no "Close": English, never the message id.
    expect(html).not.toContain('navbar.close');
    expect(html).toContain('aria-label="Close navigation bar"');
    expect(html).toContain('<link rel="icon" href="/ar/img/favicon.svg"/>');
    expect([...ar.files.keys()].some((f) => f.startsWith('de/'))).toBe(false);
  });

  it('render: should isolate the German content text that the Arabic interface shows (table of contents, sidebar, breadcrumbs, pagination), and only there', () => {
    const html = text(ar, 'ar/docs/guide/start/index.html');
    expect(html).toContain('<a href="#eigene-id" class="toc__link"><bdi lang="de">Eigene Kennung</bdi></a>');
    expect(html).toMatch(
      /<a class="menu__link menu__link--active" href="\/ar\/docs\/guide\/start\/" aria-current="page"><bdi lang="de">Loslegen<\/bdi><\/a>/,
    );
    expect(html).toMatch(/<span class="pagination-nav__label">« <bdi lang="de">[^<]+<\/bdi><\/span>/);
    expect(html).toMatch(/itemProp="name" aria-current="page"><bdi lang="de">Loslegen<\/bdi>/);
    expect(text(de, 'de/docs/guide/start/index.html')).not.toContain('<bdi');
  });

  it('render: should translate the docs version label and name the currencies in the locale language', () => {
    const version = (html: string) => html.match(/class="dropdown__link dropdown__link--active" data-version="current">([^<]*)</)?.[1];
    const options = (html: string) => [...html.matchAll(/<option value="[^"]*"(?: selected="")?>([^<]*)<\/option>/g)].map((m) => m[1]);
    const deHtml = text(de, 'de/docs/guide/start/index.html');
    const arHtml = text(ar, 'ar/docs/guide/start/index.html');
    expect(version(deHtml)).toBe('Weiter');
    expect(version(arHtml)).toBe('التالية');
    // The search button's shortcut names the key as the keyboard prints it.
    expect(deHtml).toContain('<kbd data-modifier-key="">Strg</kbd>');
    expect(arHtml).toContain('<kbd data-modifier-key="">Ctrl</kbd>');
    // German names as pricing.json writes them; other locales from CLDR; a code CLDR cannot name keeps its source name.
    expect(options(deHtml)).toEqual(['EUR – Euro', 'CHF – Schweizer Franken', 'XYZ1 – Hauswährung']);
    expect(options(arHtml)).toEqual(['EUR – يورو', 'CHF – فرنك سويسري', 'XYZ1 – Hauswährung']);
  });

  it('render: should show the German text of an untranslated page with a notice in the locale language and a canonical to the German original', () => {
    const html = text(ar, 'ar/docs/guide/start/index.html');
    expect(head(html)).toContain('<link rel="canonical" href="https://example.org/de/docs/guide/start/"/>');
    expect(head(html)).toContain('<meta property="og:url" content="https://example.org/de/docs/guide/start/"/>');
    expect(html).toContain('<aside class="translation-notice" role="note" lang="ar" dir="rtl" data-translation-notice="">');
    expect(html).toContain('لم تُترجم هذه الصفحة إلى العربية بعد.');
    expect(html).toContain('<a href="/de/docs/guide/start/" hrefLang="de" lang="de" dir="ltr">Deutsch</a>');
    // The German text itself is marked as German, left to right.
    expect(html).toMatch(/<div data-pagefind-body="" lang="de" dir="ltr">[\s\S]*Der erste Absatz/);
    // Marketing pages and blog posts say so too; the not-found and search pages have no content to fall back on.
    expect(text(ar, 'ar/pricing/index.html')).toContain('data-translation-notice');
    expect(text(ar, 'ar/blog/hallo/index.html')).toContain('data-translation-notice');
    expect(text(ar, 'ar/404.html')).not.toContain('data-translation-notice');
    // The site's own locale has no notice and canonicals to itself.
    expect(text(de, 'de/docs/guide/start/index.html')).not.toContain('data-translation-notice');
  });

  it('render: should plan the content locale only for a locale build', () => {
    expect(deSite.routes.every((r) => r.contentLocale === undefined)).toBe(true);
  });

  it('render: should hide flag-gated navbar items unless their flag is on', async () => {
    const offBuild = await buildInMemory(site.root, { configFile: 'flags-off.config.ts' });
    const off = text(offBuild.writer, 'de/docs/index.html');
    expect(off).not.toContain('href="/de/blog/"');
    // zh-TW is a configured locale (it has its hreflang link) but is listed in the language menu only with its flag.
    expect(off).toContain('hrefLang="zh-TW" href="https://example.org/zh-TW/docs/"');
    expect(off).not.toContain('hrefLang="zh-TW" lang="zh-TW"');
    const on = await buildInMemory(site.root, { configFile: 'flags.config.ts' });
    expect(on.result.diagnostics).toEqual([]);
    const html = text(on.writer, 'de/docs/index.html');
    expect(html).toContain('<a href="/de/blog/" class="dropdown__link">Blog</a>');
    expect(html).toContain('hrefLang="zh-TW" lang="zh-TW"');
  });

  it("render: should give the announcement's site-path links the base path of each locale's build", async () => {
    for (const [locale, base] of [
      ['de', '/de/'],
      ['zh', '/'],
      ['en', '/en/'],
    ] as const) {
      const built = await buildInMemory(site.root, { configFile: 'announce.config.ts', locale });
      // The fixture has no Chinese catalogue (a warning says so).
      expect(built.result.diagnostics.filter((d) => d.code !== 'Q091')).toEqual([]);
      const html = text(built.writer, `${base.slice(1)}docs/index.html`);
      expect(html).toContain(
        `Neu: <a href="${base}docs/guide/start/#los">Start</a>, <a href='${base}pricing/'>Preise</a> und <a href="https://example.com/x">mehr</a>`,
      );
    }
  });

  it('render: should render the colour mode toggle only when the switch is enabled', async () => {
    const off = await buildInMemory(site.root, { configFile: 'flags-off.config.ts' });
    expect(text(off.writer, 'de/docs/index.html')).not.toContain('data-color-mode-toggle');
    const on = await buildInMemory(site.root, { configFile: 'flags.config.ts' });
    const html = text(on.writer, 'de/docs/index.html');
    // In the navbar and in the mobile menu's header, with the state of each mode for screen readers.
    expect(html.match(/<button type="button" class="color-mode-toggle" data-color-mode-toggle=""/g)).toHaveLength(2);
    expect(html).toMatch(/class="color-mode-toggle__light">[\s\S]*?class="visually-hidden">[^<]+<\/span>/);
    expect(html).toMatch(/class="color-mode-toggle__dark">[\s\S]*?class="visually-hidden">[^<]+<\/span>/);
  });

  it('render: should fail the build on a navbar item of unknown type, naming the item', async () => {
    const { result } = await buildInMemory(site.root, { configFile: 'bad-navbar.config.ts' });
    expect(result.ok).toBe(false);
    expect(result.diagnostics).toHaveLength(1);
    expect(result.diagnostics[0]).toMatchObject({ code: 'Q070', keyPath: 'navbar.items.1.type' });
    expect(result.diagnostics[0].message).toContain('"type": "megaMenu"');
    expect(result.diagnostics[0].message).toContain('"label": "Alles"');
  });

  it('render: should name the navbar item when the theme cannot render it', () => {
    const items = [...deSite.config.navbar.items, { type: 'megaMenu', label: 'Alles' } as unknown as NavItem];
    const broken: Site = { ...deSite, config: { ...deSite.config, navbar: { ...deSite.config.navbar, items } } };
    const { value, diagnostics } = render({
      site: broken,
      theme: classicTheme,
      mode: 'production',
      assets: { css: '/de/a.css', js: '/de/a.js', islands: {} },
      only: (r) => r.path === '/docs/',
    });
    expect(value).toEqual([]);
    expect(diagnostics).toHaveLength(1);
    expect(diagnostics[0].code).toBe('Q080');
    expect(diagnostics[0].message).toContain(`Navbar item ${items.length - 1} cannot be rendered: unknown type "megaMenu"`);
    expect(diagnostics[0].message).toContain('"label": "Alles"');
  });

  it('render: should check navbar items before rendering them', () => {
    expect(navbarItemProblem({ type: 'link', label: 'A', to: '/a/' })).toBeUndefined();
    expect(navbarItemProblem({ type: 'search' })).toBeUndefined();
    expect(navbarItemProblem({ type: 'link', label: 'A' })).toBe('a link needs exactly one of "to" or "href"');
    expect(navbarItemProblem({ type: 'link', label: 'A', to: '/a/', href: 'https://a' })).toBe(
      'a link needs exactly one of "to" or "href"',
    );
    expect(navbarItemProblem({ type: 'proTag', label: 'Pro' })).toBe('a proTag needs "to"');
    expect(navbarItemProblem({ type: 'dropdown', label: 'D', items: [] })).toBe('a dropdown needs "items"');
    expect(navbarItemProblem({ type: 'dropdown', label: 'D', items: [{ label: 'x', items: [] }] })).toContain(
      'cannot be a dropdown itself',
    );
    expect(navbarItemProblem(null)).toBe('it is not an object');
    expect(navbarItemProblem({ label: 'no type' })).toMatch(/^unknown type undefined/);
  });
});

describe('render: colour mode before paint', () => {
  /** Runs the pre-paint script against a fake document, storage and media query. */
  function run(
    config: { defaultMode?: 'light' | 'dark'; disableSwitch?: boolean; respectPrefersColorScheme?: boolean },
    stored: string | null,
    systemDark = false,
  ) {
    const attributes: Record<string, string> = {};
    const storage = new Map<string, string>(stored === null ? [] : [['theme', stored]]);
    runInNewContext(colorModeScript({ defaultMode: 'light', disableSwitch: false, respectPrefersColorScheme: false, ...config }), {
      document: { documentElement: { setAttribute: (k: string, v: string) => (attributes[k] = v) } },
      localStorage: { getItem: (k: string) => storage.get(k) ?? null, removeItem: (k: string) => storage.delete(k) },
      matchMedia: (q: string) => ({ matches: q === '(prefers-color-scheme: dark)' && systemDark }),
      window: { matchMedia: true },
    });
    return { theme: attributes['data-theme'], choice: attributes['data-theme-choice'], stored: storage.get('theme') ?? null };
  }

  it('render: should apply the stored theme when the switch is enabled', () => {
    expect(run({}, 'dark')).toEqual({ theme: 'dark', choice: 'dark', stored: 'dark' });
    expect(run({ defaultMode: 'dark' }, 'light')).toEqual({ theme: 'light', choice: 'light', stored: 'light' });
    expect(run({}, 'purple')).toMatchObject({ theme: 'light', choice: 'light' });
  });

  it('render: should follow the system preference when respected and nothing is stored', () => {
    expect(run({ respectPrefersColorScheme: true }, null, true)).toMatchObject({ theme: 'dark', choice: 'system' });
    expect(run({ respectPrefersColorScheme: true, defaultMode: 'dark' }, null, false)).toMatchObject({ theme: 'light', choice: 'system' });
    expect(run({ respectPrefersColorScheme: false }, null, true)).toMatchObject({ theme: 'light', choice: 'light' });
  });

  it('render: should keep the configured mode and forget a stored one when the switch is disabled', () => {
    expect(run({ disableSwitch: true }, 'dark', true)).toEqual({ theme: 'light', choice: 'light', stored: null });
    expect(run({ disableSwitch: true, respectPrefersColorScheme: true }, 'light', true)).toEqual({
      theme: 'dark',
      choice: 'system',
      stored: null,
    });
  });
});

describe('render: order', () => {
  it('render: should render the routes picked first before the others, each group in route order, and only those asked for', () => {
    const site = { routes: ['/a/', '/b/', '/c/', '/d/', '/e/'].map((path) => ({ path })) } as unknown as Site;
    const path = (i: number) => site.routes[i].path;
    expect(renderOrder(site).map(path)).toEqual(['/a/', '/b/', '/c/', '/d/', '/e/']);
    expect(renderOrder(site, undefined, (r) => r.path === '/d/' || r.path === '/b/').map(path)).toEqual([
      '/b/',
      '/d/',
      '/a/',
      '/c/',
      '/e/',
    ]);
    expect(
      renderOrder(
        site,
        (r) => r.path !== '/b/',
        (r) => r.path === '/e/',
      ).map(path),
    ).toEqual(['/e/', '/a/', '/c/', '/d/']);
  });
});
