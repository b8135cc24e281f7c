import { describe, expect, it } from 'vitest';
import { pageFile } from '../../src/shared/output-paths.ts';
import {
  withoutBase,
  createRouteMatcher,
  encodeUrlPath,
  idOfHash,
  isSitePath,
  MATCH_CACHE_LIMIT,
  normalizePath,
  withBase,
} from '../../src/shared/route-match.ts';

describe('route-match', () => {
  it('route-match: should strip index.html and .html and add the trailing slash', () => {
    expect(normalizePath('/de/docs/faq/index.html')).toBe('/de/docs/faq/');
    expect(normalizePath('/de/docs/faq.html')).toBe('/de/docs/faq/');
    expect(normalizePath('/de/docs/faq')).toBe('/de/docs/faq/');
    expect(normalizePath('/de/docs/faq/?q=1#x')).toBe('/de/docs/faq/');
    expect(normalizePath('/de/index.html')).toBe('/de/');
    expect(normalizePath('/de/%C3%BCber/')).toBe('/de/über/');
  });

  it('route-match: should match known routes and return undefined for anything else', () => {
    const m = createRouteMatcher([
      ['/de/', 'home'],
      ['/de/docs/faq/', 'faq'],
    ]);
    expect(m.match('/de/docs/faq.html')).toBe('faq');
    expect(m.match('/de/docs/faq/index.html')).toBe('faq');
    expect(m.match('/de/')).toBe('home');
    expect(m.match('/de/nope/')).toBeUndefined();
    expect(m.match('/docs/faq/')).toBeUndefined();
  });

  it('route-match: should cap the match cache at its limit and keep matching beyond it', () => {
    expect(MATCH_CACHE_LIMIT).toBe(10_000);
    const m = createRouteMatcher([['/a/', 1]], 5);
    for (let i = 0; i < 20; i++) m.match(`/x${i}/`);
    expect(m.cacheSize).toBe(5);
    expect(m.match('/a/index.html')).toBe(1);
    expect(m.match('/x19/')).toBeUndefined();
  });

  it('route-match: should encode route paths as browsers write them, match either form, and name files decoded', () => {
    expect(encodeUrlPath('/docs/zweite seite/')).toBe('/docs/zweite%20seite/');
    expect(encodeUrlPath('/über/größe/')).toBe('/%C3%BCber/gr%C3%B6%C3%9Fe/');
    expect(encodeUrlPath('/a"b<c>/50%/')).toBe('/a%22b%3Cc%3E/50%25/');
    expect(encodeUrlPath('/docs/features/pdf/')).toBe('/docs/features/pdf/');
    expect(encodeUrlPath("/it's-[x]/")).toBe("/it's-[x]/");
    // What a browser puts in location.pathname for the same address.
    expect(new URL('http://x/über/zweite seite/').pathname).toBe(encodeUrlPath('/über/zweite seite/'));
    const matcher = createRouteMatcher([[encodeUrlPath('/de/über/'), 'page']]);
    expect(matcher.match('/de/%C3%BCber/')).toBe('page');
    expect(matcher.match('/de/über/')).toBe('page');
    expect(pageFile(encodeUrlPath('/über/zweite seite/'))).toBe('über/zweite seite/index.html');
  });

  it('route-match: should prefix the base and add a trailing slash only to page paths', () => {
    expect(withBase('/de/', '/pricing')).toBe('/de/pricing/');
    expect(withBase('/de/', '/docs/faq/#x')).toBe('/de/docs/faq/#x');
    expect(withBase('/de/', '/img/logo.svg')).toBe('/de/img/logo.svg');
    expect(withBase('/de/', '/')).toBe('/de/');
  });

  it('route-match: should tell site paths from relative, protocol-relative and external URLs', () => {
    expect(['/docs/faq/', '/img/karte.png', '/'].map(isSitePath)).toEqual([true, true, true]);
    expect(['//cdn.example.org/x.png', './karte.png', 'karte.png', 'https://example.org/', 'mailto:a@b.c', ''].map(isSitePath)).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
  });

  it('route-match: should read the element id a fragment names, decoded when it is valid encoding', () => {
    expect(idOfHash('#f%C3%BCr-welche')).toBe('für-welche');
    expect(idOfHash('#export')).toBe('export');
    expect(idOfHash('100%-sicher')).toBe('100%-sicher');
  });
});

describe('withoutBase', () => {
  it('route-match: should read a link written with the base path in it as the path under the base, as Docusaurus does', () => {
    expect(withoutBase('/docs/', '/docs/config')).toBe('/config');
    expect(withoutBase('/docs/', '/docs/')).toBe('/');
    expect(withoutBase('/docs/', '/docs')).toBe('/');
    expect(withoutBase('/docs/', '/docs#top')).toBe('/#top');
    expect(withoutBase('/docs/', '/docsify/')).toBe('/docsify/');
    expect(withoutBase('/docs/', 'https://x.org/docs/a')).toBe('https://x.org/docs/a');
    expect(withoutBase('/', '/docs/a')).toBe('/docs/a');
  });
});
