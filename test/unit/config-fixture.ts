import { validateConfig, type SiteConfig } from '../../src/config/index.ts';

/** The smallest valid site config (German site under /de/, defaults for everything else), for stage units. */
export function minimalConfig(): SiteConfig {
  const { config, diagnostics } = validateConfig({
    title: 'T',
    url: 'https://example.org',
    baseUrl: '/de/',
    product: { name: 'P', slug: 'p' },
    i18n: { defaultLocale: 'zh', currentLocale: 'de', locales: ['de', 'zh'] },
    navbar: { items: [] },
  });
  if (!config) throw new Error(`quire bug: the minimal test config is invalid: ${diagnostics.map((d) => d.message).join('; ')}`);
  return config;
}
