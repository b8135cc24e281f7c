import { describe, expect, it } from 'vitest';
import { validateConfig } from '../../src/config/index.ts';
import { localeBaseUrl } from '../../src/shared/locales.ts';

const minimal = () => ({
  title: 'T',
  url: 'https://example.org/',
  baseUrl: '/de/',
  product: { name: 'P', slug: 'p' },
  i18n: { defaultLocale: 'zh', currentLocale: 'de', locales: ['de', 'zh', 'ar'] },
  navbar: { items: [{ type: 'link', label: 'A', to: '/a/' }] },
});

describe('config', () => {
  it('config: should fill defaults (docs, toc 2-3, breadcrumbs, broken links throw)', () => {
    const { config, diagnostics } = validateConfig(minimal());
    expect(diagnostics).toEqual([]);
    expect(config!.url).toBe('https://example.org');
    expect(config!.docs.toc).toEqual({ minHeadingLevel: 2, maxHeadingLevel: 3 });
    expect(config!.docs.breadcrumbs).toBe(true);
    expect(config!.onBrokenLinks).toBe('throw');
    expect(config!.header.startDelayMs).toBe(1200);
  });

  it('config: should name the key path and the expected type of a bad value', () => {
    const raw = { ...minimal(), title: 42 };
    const { diagnostics } = validateConfig(raw);
    expect(diagnostics).toHaveLength(1);
    expect(diagnostics[0]).toMatchObject({ code: 'Q002', keyPath: 'title', file: 'site.config.ts' });
    expect(diagnostics[0].message).toBe('Invalid config value at title: expected string, got number 42');
  });

  it('config: should warn of keys it does not know, with the key path and the nearest known key, and keep the defaults', () => {
    const raw = {
      ...minimal(),
      onBrokenLink: 'warn',
      navbar: { items: [{ type: 'link', lable: 'A', label: 'A', to: '/a/', classname: 'x' }] },
      docs: { tocc: {}, breadcrumbs: false },
    };
    const { config, diagnostics } = validateConfig(raw);
    expect(config!.onBrokenLinks).toBe('throw');
    expect(config!.docs.breadcrumbs).toBe(false);
    expect(diagnostics).toEqual([
      expect.objectContaining({ code: 'Q003', keyPath: 'navbar.items.0.lable', hint: 'Did you mean navbar.items.0.label?' }),
      expect.objectContaining({ code: 'Q003', keyPath: 'navbar.items.0.classname', hint: 'Did you mean navbar.items.0.className?' }),
      expect.objectContaining({
        code: 'Q003',
        severity: 'warning',
        message: 'Unknown config key onBrokenLink; it is ignored.',
        keyPath: 'onBrokenLink',
        hint: 'Did you mean onBrokenLinks?',
      }),
      expect.objectContaining({ code: 'Q003', keyPath: 'docs.tocc', hint: 'Did you mean docs.toc?' }),
    ]);
    // With --locale too (another return path).
    expect(validateConfig(raw, 'site.config.ts', { locale: 'ar' }).diagnostics).toHaveLength(4);
  });

  it('config: should say what is wrong in words: no default export, an address without protocol, an empty title', () => {
    expect(validateConfig(undefined).diagnostics[0]).toMatchObject({ code: 'Q001', message: 'site.config.ts has no default export.' });
    expect(validateConfig({ ...minimal(), url: 'example.org' }).diagnostics[0].message).toBe(
      'Invalid config value at url: expected a full address such as https://example.org, got the string "example.org"',
    );
    expect(validateConfig({ ...minimal(), title: '' }).diagnostics[0].message).toBe('Invalid config value at title: must not be empty');
  });

  it('config: should say what a literal, an enum or a union accepts instead of "Invalid input"', () => {
    const message = (extra: Record<string, unknown>) => validateConfig({ ...minimal(), ...extra }).diagnostics[0]?.message;
    expect(message({ blog: { postsPerPage: 'alle' } })).toBe(
      `Invalid config value at blog.postsPerPage: expected 'ALL' or a number, got the string "alle"`,
    );
    expect(message({ blog: { postsPerPage: 0 } })).toBe(
      'Invalid config value at blog.postsPerPage: expected a number of at least 1, got number 0',
    );
    expect(message({ blog: { sidebarCount: 2.5 } })).toBe(
      `Invalid config value at blog.sidebarCount: expected 'ALL' or a whole number, got number 2.5`,
    );
    expect(message({ trailingSlash: false })).toBe('Invalid config value at trailingSlash: only true is supported, got boolean false');
    expect(message({ colorMode: { defaultMode: 'blau' } })).toBe(
      `Invalid config value at colorMode.defaultMode: expected 'light' or 'dark', got the string "blau"`,
    );
  });

  it('config: should reject a base path without slashes', () => {
    const { diagnostics } = validateConfig({ ...minimal(), baseUrl: 'de' });
    expect(diagnostics[0].keyPath).toBe('baseUrl');
    expect(diagnostics[0].message).toContain('starts and ends with "/"');
  });

  it('config: should fail on a navbar item of unknown type, naming the item', () => {
    const raw = minimal();
    raw.navbar.items.push({ type: 'fancy', label: 'Neu' } as never);
    const { diagnostics } = validateConfig(raw);
    expect(diagnostics[0]).toMatchObject({ code: 'Q070', keyPath: 'navbar.items.1.type' });
    expect(diagnostics[0].message).toContain('unknown type "fancy"');
    expect(diagnostics[0].message).toContain('"label": "Neu"');
  });

  it('config: should require exactly one of to and href on links', () => {
    const raw = minimal();
    raw.navbar.items = [{ type: 'link', label: 'A' } as never];
    const { diagnostics } = validateConfig(raw);
    expect(diagnostics[0].message).toContain('exactly one of "to"');
  });

  it('config: should switch base path and locale for --locale', () => {
    const { config } = validateConfig(minimal(), 'site.config.ts', { locale: 'ar' });
    expect(config!.baseUrl).toBe('/ar/');
    expect(config!.i18n.currentLocale).toBe('ar');
    expect(validateConfig(minimal(), 'site.config.ts', { locale: 'zh' }).config!.baseUrl).toBe('/');
    expect(validateConfig(minimal(), 'site.config.ts', { locale: 'xx' }).diagnostics[0].message).toContain('Unknown locale "xx"');
  });

  it('config: should compute other locales base paths', () => {
    expect(localeBaseUrl('/de/', 'de', 'zh', 'en')).toBe('/en/');
    expect(localeBaseUrl('/de/', 'de', 'zh', 'zh')).toBe('/');
    expect(localeBaseUrl('/site/de/', 'de', 'zh', 'fr')).toBe('/site/fr/');
  });
});

describe('config: docs instances', () => {
  it('config: should refuse a docs instance without its folder, and a folder without its instance, at each key', () => {
    const raw = {
      ...minimal(),
      docs: { instances: [{ id: 'community', routeBasePath: 'community' }] },
      layout: { docsInstances: [{ id: 'team', dir: 'team' }] },
    };
    const { config, diagnostics } = validateConfig(raw);
    expect(config).toBeUndefined();
    expect(diagnostics.map((d) => [d.keyPath, d.message.includes('has the id')])).toEqual([
      ['docs.instances.0.id', true],
      ['layout.docsInstances.0.id', true],
    ]);
  });
});

describe("config: the announcement's HTML", () => {
  it('config: should refuse announcement HTML that leaves a tag open or closes them out of order', async () => {
    const { unbalancedTag } = await import('../../src/shared/html-balance.ts');
    expect(
      unbalancedTag('Neu: <a href="/deals/manga/">3 Tage <b>Pro</b> kostenlos</a><br> – <img src="/x.png" alt="a > b"/><!-- <i> -->'),
    ).toBeUndefined();
    expect(unbalancedTag('<b>Neu: <a href="/pricing/">hier</b> <i>klicken')).toBe('closes </b> while <a> is open');
    expect(unbalancedTag('Neu: <a href="/pricing/">hier')).toBe('leaves <a> open');
    expect(unbalancedTag('Neu</a>')).toBe('closes </a>, which was never opened');
    // A stray </p> is an empty paragraph in HTML, swallowing nothing: Docusaurus writes it, and so does quire.
    expect(unbalancedTag('Copyright <a href="/">A</a>.</p><p><a href="/terms/">Terms</a>')).toBeUndefined();
    expect(unbalancedTag('<a href="/">A</p>')).toBe('leaves <a> open');
    expect(unbalancedTag('<p>A <b>B</p>')).toBe('leaves <b> open');
    expect(
      validateConfig({ ...minimal(), footer: { links: [], copyright: 'Copyright A.</p><p><a href="/terms/">Terms</a>' } }).diagnostics,
    ).toEqual([]);
    const { diagnostics } = validateConfig({ ...minimal(), announcementBar: { id: 'a', content: 'Neu: <a href="/pricing/">hier' } });
    expect(diagnostics).toEqual([
      expect.objectContaining({
        code: 'Q002',
        keyPath: 'announcementBar.content',
        message: "The announcement's HTML leaves <a> open: the rest of every page would end up inside it.",
      }),
    ]);
  });
});
