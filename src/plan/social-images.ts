import { configPlace } from '../shared/config-place.ts';
import { CODES, report, type Diagnostic, type Place } from '../diagnostics.ts';
import { isSitePath } from '../shared/route-match.ts';
import { socialImageOf } from '../shared/social-image.ts';
import type { Compiled, Loaded, SiteConfig } from '../types.ts';

/**
 * The project files of the site's social cards, by the key `socialImageOf` gives them: files in static/
 * and assets next to pages. External images (another host) are not measured.
 */
export function socialImageFiles(config: SiteConfig, compiled: Compiled[], staticFiles: Loaded['staticFiles']): Map<string, string> {
  const byPath = new Map(staticFiles.map((f) => [f.path, f.file]));
  const out = new Map<string, string>();
  const add = (image: string | undefined, c?: Compiled) => {
    if (!image || out.has(image)) return;
    if (c?.socialImage === image) {
      const asset = c.assets.find((a) => a.marker === image);
      if (asset) out.set(image, asset.file);
    } else if (isSitePath(image)) {
      const file = byPath.get(image.split(/[?#]/)[0]);
      if (file) out.set(image, file);
    }
  };
  add(config.image);
  for (const c of compiled) add(socialImageOf(config, c), c);
  return out;
}

/** Formats that link previews (Facebook, X, LinkedIn, messengers) do not show. */
const UNSHOWN_PREVIEW = /\.svgz?$/i;

/**
 * The social card (`image` in the config or a page's front matter) as an SVG: the `og:image` is valid, but
 * shared links then show no picture at all, so the build warns (whatever `onBrokenLinks` says).
 */
export function socialImageWarnings(config: SiteConfig, compiled: Compiled[]): Diagnostic[] {
  const warn = (image: string, place: Place) => report(CODES.SOCIAL_IMAGE, 'svg', { image }, place);
  const out: Diagnostic[] = [];
  const svg = (image: string | undefined): image is string => !!image && UNSHOWN_PREVIEW.test(image.split(/[?#]/)[0]);
  if (svg(config.image)) out.push(warn(config.image, configPlace(config.configSource, 'image')));
  for (const c of compiled) {
    const image = c.source.frontMatter.image;
    if (svg(image)) out.push(warn(image, { file: c.source.file, ...c.source.fieldPlaces?.image }));
  }
  return out;
}
