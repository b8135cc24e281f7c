import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, inject, it } from 'vitest';

/**
 * Issue 31's "stays light", on the built site the browser tests use: the CSS a marketing, docs or not-found page
 * loads stays under 20 kB gzip, and every style, script and font comes from the site itself (no web fonts or CSS
 * framework from a third party).
 */
const PAGES = [
  'index.html',
  'home/index.html',
  'pricing/index.html',
  'manga/index.html',
  'image/index.html',
  'download/index.html',
  'learn/index.html',
  'topup/index.html',
  'landing-page/index.html',
  'landing-page/star-gate/index.html',
  'docs/features/pdf/index.html',
  '404.html',
];

/** The stylesheets, scripts and preloaded files a page names in its markup. */
function assets(html: string): { styles: string[]; scripts: string[]; external: string[] } {
  const attr = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];
  const tags = html.match(/<(?:link|script)\b[^>]*>/g) ?? [];
  const styles = tags.filter((t) => t.startsWith('<link') && /\srel="stylesheet"/.test(t)).map((t) => attr(t, 'href')!);
  const scripts = tags.filter((t) => t.startsWith('<script')).flatMap((t) => attr(t, 'src') ?? []);
  const loaded = tags.filter((t) => /\srel="(?:stylesheet|preload|modulepreload)"/.test(t) || t.startsWith('<script'));
  const external = loaded.flatMap((t) => attr(t, 'href') ?? attr(t, 'src') ?? []).filter((url) => /^(?:https?:)?\/\//.test(url));
  // @import and url() of the site's CSS are read below, with the files.
  return { styles, scripts, external };
}

describe('page weight of the built site', () => {
  const dist = inject('e2eDist');
  const file = (url: string) => readFile(path.join(dist, url.replace(/^\/+/, '')));

  it('weight: should load under 20 kB of CSS (gzip) on every marketing page, a docs page and the 404 page', async () => {
    const heavy: string[] = [];
    let measured = 0;
    for (const page of PAGES) {
      const html = await readFile(path.join(dist, 'de', page), 'utf8');
      const { styles } = assets(html);
      expect(styles.length, page).toBeGreaterThan(0);
      let bytes = 0;
      for (const href of styles) bytes += gzipSync(await file(href), { level: 9 }).length;
      // Inline <style> blocks count too: they travel with every page.
      for (const m of html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/g)) bytes += gzipSync(m[1], { level: 9 }).length;
      measured++;
      if (bytes >= 20 * 1024) heavy.push(`${page}: ${(bytes / 1024).toFixed(1)} kB`);
    }
    expect(measured).toBe(PAGES.length);
    expect(heavy).toEqual([]);
  });

  it('weight: should take no style, script or font from another host, nor import one from its CSS', async () => {
    const foreign: string[] = [];
    for (const page of PAGES) {
      const html = await readFile(path.join(dist, 'de', page), 'utf8');
      const { styles, scripts, external } = assets(html);
      for (const url of external) foreign.push(`${page}: ${url}`);
      expect(scripts.length, page).toBeGreaterThan(0);
      for (const href of styles.filter((s) => !/^(?:https?:)?\/\//.test(s))) {
        const css = (await file(href)).toString('utf8');
        for (const m of css.matchAll(/@import\s+(?:url\()?["']?([^"')\s;]+)|url\(["']?((?:https?:)?\/\/[^"')]+)/g))
          foreign.push(`${href}: ${m[1] ?? m[2]}`);
      }
    }
    expect(foreign).toEqual([]);
  });
});
