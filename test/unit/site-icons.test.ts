import { readFileSync } from 'node:fs';
import path from 'node:path';
import { imageSize } from 'image-size';
import { describe, expect, it } from 'vitest';
import { dataShapeProblems } from '../../src/plan/data-shapes.ts';
import { classicTheme } from '../../themes/classic/index.tsx';
import { repoRoot } from '../helpers.ts';

const text = readFileSync(path.join(repoRoot, 'content/data/site-icons.json'), 'utf8');
const icons = JSON.parse(text) as { themeColor: string; icons: { rel: string; href: string; sizes?: string }[] };
const staticFile = (href: string) => path.join(repoRoot, 'static', href);

describe('the favicon set', () => {
  it('icons: should list a 32 px PNG, a 180 px home-screen icon and the manifest, each a file of that size', () => {
    expect(dataShapeProblems({ 'site-icons': icons }, { 'site-icons': text }, classicTheme.dataSchemas)).toEqual([]);
    expect(icons.icons.map((i) => i.rel).sort()).toEqual(['apple-touch-icon', 'icon', 'manifest']);
    for (const icon of icons.icons.filter((i) => i.sizes)) {
      const { width, height } = imageSize(readFileSync(staticFile(icon.href)));
      expect(`${width}x${height}`, icon.href).toBe(icon.sizes);
    }
  });

  it('icons: should give the manifest the same colour as the pages, and icons that are there', () => {
    const manifestHref = icons.icons.find((i) => i.rel === 'manifest')!.href;
    const manifest = JSON.parse(readFileSync(staticFile(manifestHref), 'utf8')) as {
      theme_color: string;
      start_url: string;
      icons: { src: string; sizes: string }[];
    };
    expect(manifest.theme_color).toBe(icons.themeColor);
    // Relative to the manifest, so the same file works under any base path.
    expect(manifest.start_url).toBe('./');
    for (const icon of manifest.icons) {
      const file = path.join(path.dirname(staticFile(manifestHref)), icon.src);
      const { width, height } = imageSize(readFileSync(file));
      if (icon.sizes !== 'any') expect(`${width}x${height}`, icon.src).toBe(icon.sizes);
    }
  });
});
