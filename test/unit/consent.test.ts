import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import {
  allowsContainer,
  CONSENT_KEY,
  consentModeOf,
  cookieDomains,
  cookiesToRemove,
  makeChoice,
  parseChoice,
} from '../../src/shared/consent.ts';
import { consentModeDefaultsScript, consentPrePaintScript } from '../../src/render/inline-scripts.ts';
import { loadConfig } from '../../src/config/index.ts';
import { makeSite } from '../helpers.ts';

const CATEGORIES = ['necessary', 'statistics', 'marketing'];
const NOW = new Date('2025-11-27T10:00:00Z');

describe('consent: the stored choice and what it allows', () => {
  it('consent: should make a choice per action, necessary always on and nothing else unless chosen', () => {
    expect(makeChoice('all', CATEGORIES, '3', {}, NOW)).toEqual({
      v: '3',
      c: { necessary: true, statistics: true, marketing: true },
      t: '2025-11-27T10:00:00.000Z',
    });
    expect(makeChoice('necessary', CATEGORIES, '3', { statistics: true, marketing: true }, NOW).c).toEqual({
      necessary: true,
      statistics: false,
      marketing: false,
    });
    expect(makeChoice('save', CATEGORIES, '3', { statistics: true, necessary: false }, NOW).c).toEqual({
      necessary: true,
      statistics: true,
      marketing: false,
    });
    // Only configured categories are stored: a site without marketing has no such entry.
    expect(makeChoice('all', ['necessary', 'statistics'], '3', {}, NOW).c).toEqual({ necessary: true, statistics: true });
  });

  it('consent: should read back only a well-formed choice of the current version', () => {
    const stored = JSON.stringify(makeChoice('save', CATEGORIES, '3', { marketing: true }, NOW));
    expect(parseChoice(stored, '3')).toEqual({
      v: '3',
      c: { necessary: true, statistics: false, marketing: true },
      t: '2025-11-27T10:00:00.000Z',
    });
    // A new config version asks again.
    expect(parseChoice(stored, '4')).toBeUndefined();
    for (const broken of [
      null,
      '',
      'yes',
      '[]',
      '{"v":"3"}',
      '{"v":"3","c":[],"t":"x"}',
      '{"v":3,"c":{},"t":"x"}',
      '{"v":"3","c":{},"t":1}',
    ])
      expect(parseChoice(broken, '3')).toBeUndefined();
    // Anything but true is no; necessary cannot be stored as off.
    expect(parseChoice('{"v":"3","c":{"statistics":"yes","marketing":1,"necessary":false},"t":"x"}', '3')?.c).toEqual({
      statistics: false,
      marketing: false,
      necessary: true,
    });
  });

  it('consent: should load the container with statistics or marketing only, and map the choice to Consent Mode v2', () => {
    const choice = (c: Record<string, boolean>) => ({ v: '1', c: { necessary: true, ...c }, t: '' });
    expect(allowsContainer(undefined)).toBe(false);
    expect(allowsContainer(choice({ statistics: false, marketing: false }))).toBe(false);
    expect(allowsContainer(choice({ statistics: true }))).toBe(true);
    expect(allowsContainer(choice({ marketing: true }))).toBe(true);
    expect(consentModeOf(undefined)).toEqual({
      ad_storage: 'denied',
      ad_user_data: 'denied',
      ad_personalization: 'denied',
      analytics_storage: 'denied',
    });
    expect(consentModeOf(choice({ statistics: true }))).toEqual({
      ad_storage: 'denied',
      ad_user_data: 'denied',
      ad_personalization: 'denied',
      analytics_storage: 'granted',
    });
    expect(consentModeOf(choice({ marketing: true }))).toEqual({
      ad_storage: 'granted',
      ad_user_data: 'granted',
      ad_personalization: 'granted',
      analytics_storage: 'denied',
    });
  });

  it('consent: should remove the tag manager cookies the choice does not allow, on every domain they may carry', () => {
    const cookies = '_ga=GA1.1.1; _ga_ABC123=GS1; _gid=GA1.2; _gcl_au=1.1; bilingo_token=t; _gat=1; _gallery=1; theme=dark';
    const choice = (c: Record<string, boolean>) => ({ v: '1', c: { necessary: true, ...c }, t: '' });
    expect(cookiesToRemove(cookies, choice({}))).toEqual(['_ga', '_ga_ABC123', '_gid', '_gcl_au']);
    expect(cookiesToRemove(cookies, choice({ statistics: true }))).toEqual(['_gcl_au']);
    expect(cookiesToRemove(cookies, choice({ marketing: true }))).toEqual(['_ga', '_ga_ABC123', '_gid']);
    expect(cookiesToRemove(cookies, choice({ statistics: true, marketing: true }))).toEqual([]);
    expect(cookieDomains('www.bilingo.app')).toEqual(['', '.www.bilingo.app', '.bilingo.app']);
    expect(cookieDomains('127.0.0.1')).toEqual(['']);
    expect(cookieDomains('localhost')).toEqual(['']);
  });
});

describe('consent: the pre-paint script and the Consent Mode defaults', () => {
  /** Runs a head script against a fake page; returns html[data-consent] and the data layer. */
  function run(script: string, stored: string | null, throws = false) {
    const attributes: Record<string, string> = {};
    const window: { dataLayer?: unknown[]; gtag?: unknown } = {};
    const context = {
      window,
      localStorage: {
        getItem: (key: string) => {
          if (throws) throw new Error('SecurityError');
          return key === CONSENT_KEY ? stored : null;
        },
      },
      document: { documentElement: { setAttribute: (name: string, value: string) => (attributes[name] = value) } },
    };
    runInNewContext(script, context);
    return { consent: attributes['data-consent'], dataLayer: window.dataLayer?.map((entry) => Array.from(entry as ArrayLike<unknown>)) };
  }

  it('consent: should ask (show the banner) unless a choice for this version is stored, also when storage is blocked', () => {
    const stored = JSON.stringify(makeChoice('necessary', CATEGORIES, '2025-11', {}, NOW));
    expect(run(consentPrePaintScript('2025-11'), stored).consent).toBe('set');
    expect(run(consentPrePaintScript('2026-01'), stored).consent).toBe('ask');
    expect(run(consentPrePaintScript('2025-11'), null).consent).toBe('ask');
    expect(run(consentPrePaintScript('2025-11'), '{broken').consent).toBe('ask');
    expect(run(consentPrePaintScript('2025-11'), stored, true).consent).toBe('ask');
  });

  it('consent: should put every Consent Mode v2 signal on denied before anything could load the container', () => {
    expect(run(consentModeDefaultsScript(), null).dataLayer).toEqual([
      [
        'consent',
        'default',
        { ad_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied', analytics_storage: 'denied', wait_for_update: 500 },
      ],
    ]);
  });
});

describe('consent: configuration', () => {
  const configWith = async (consent: string, analytics = '') => {
    const site = await makeSite('basic', {
      'consent.config.ts': `import base from './site.config.ts';\nexport default { ...base, ${analytics} consent: ${consent} };\n`,
    });
    try {
      return await loadConfig({ root: site.root, file: 'consent.config.ts' });
    } finally {
      await site.cleanup();
    }
  };

  it('consent: should accept categories with their services and fill the tag manager origin', async () => {
    const { config, diagnostics } = await configWith(
      `{ version: 2, categories: [{ id: 'necessary' }, { id: 'statistics', services: [{ name: 'Analytics', cookies: ['_ga'] }] }] }`,
      `analytics: { gtmContainerId: 'GTM-AB12' },`,
    );
    expect(diagnostics).toEqual([]);
    expect(config!.consent).toEqual({
      version: '2',
      categories: [
        { id: 'necessary', services: [] },
        { id: 'statistics', services: [{ name: 'Analytics', cookies: ['_ga'] }] },
      ],
    });
    expect(config!.analytics.gtmOrigin).toBe('https://www.googletagmanager.com');
  });

  it('consent: should reject an unknown category, a missing necessary one and a category given twice, naming the key', async () => {
    const unknown = await configWith(`{ version: '1', categories: [{ id: 'necessary' }, { id: 'comfort' }] }`);
    expect(unknown.diagnostics).toEqual([expect.objectContaining({ code: 'Q002', severity: 'error', keyPath: 'consent.categories.1.id' })]);
    const noNecessary = await configWith(`{ version: '1', categories: [{ id: 'statistics' }] }`);
    expect(noNecessary.diagnostics).toEqual([expect.objectContaining({ code: 'Q002', keyPath: 'consent.categories' })]);
    expect(noNecessary.diagnostics[0].message).toContain('"necessary" is required');
    const twice = await configWith(`{ version: '1', categories: [{ id: 'necessary' }, { id: 'necessary' }] }`);
    expect(twice.diagnostics[0].message).toContain('each category id may appear once');
  });
});
