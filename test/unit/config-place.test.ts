import { describe, expect, it } from 'vitest';
import { configPlace, writtenKey } from '../../src/shared/config-place.ts';

describe('where a setting is written, for diagnostics', () => {
  const source = {
    file: 'docusaurus.config.js',
    keys: { navbar: 'themeConfig.navbar', 'navbar.items.0': 'themeConfig.navbar.items.1', 'redirects.rules.0': 'plugins.2.1.redirects.0' },
  };

  it('takes the longest beginning of the key that has an entry, and keeps the rest', () => {
    expect(writtenKey(source, 'navbar.items.0.to')).toBe('themeConfig.navbar.items.1.to');
    expect(writtenKey(source, 'navbar.logo.src')).toBe('themeConfig.navbar.logo.src');
    expect(writtenKey(source, 'redirects.rules.0.to')).toBe('plugins.2.1.redirects.0.to');
  });

  it('keeps a key without an entry, and every key of a config whose keys are as written', () => {
    expect(writtenKey(source, 'title')).toBe('title');
    expect(writtenKey({ file: 'hosted.config.ts' }, 'navbar.items.0.to')).toBe('navbar.items.0.to');
    expect(writtenKey(undefined, 'image')).toBe('image');
  });

  it('names the file the config was read from, site.config.ts when nothing says', () => {
    expect(configPlace({ file: 'hosted.config.ts' }, 'image')).toEqual({ file: 'hosted.config.ts', keyPath: 'image' });
    expect(configPlace(undefined, 'image')).toEqual({ file: 'site.config.ts', keyPath: 'image' });
  });
});
