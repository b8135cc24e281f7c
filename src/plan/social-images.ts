import { configPlace } from '../shared/config-place.ts';
import { CODES, report, type Diagnostic, type Place } from '../diagnostics.ts';
import { isSitePath } from '../shared/route-match.ts';
import { socialImageOf } from '../shared/social-image.ts';
import type { Compiled, Loaded, SiteConfig } from '../types.ts';

/**
 * The project files of the images whose pixel sizes the site shows, by the key `Site.imageSizes` gives them: the
 * social cards (the key `socialImageOf` gives) and the Markdown images of the site's own (`Compiled.measuredImages`).
 * An asset next to a page is keyed by its marker, a file in static/ by its site path; external images (another
 * host) are not measured.
 */
export function measuredImageFiles(config: SiteConfig, compiled: Compiled[], staticFiles: Loaded['staticFiles']): Map<string, string> {
  let byPath: Map<string, string> | undefined;
  const out = new Map<string, string>();
  const add = (image: string | undefined, c?: Compiled) => {
    if (!image || out.has(image)) return;
    const asset = c?.assets.find((a) => a.marker === image);
    if (asset) {
      if (!asset.file.startsWith('../')) out.set(image, asset.file);
    } else if (isSitePath(image)) {
      byPath ??= new Map(staticFiles.map((f) => [f.path, f.file]));
      const file = byPath.get(image.split(/[?#]/)[0].normalize('NFC'));
      if (file) out.set(image, file);
    }
  };
  add(config.image);
  for (const c of compiled) {
    add(socialImageOf(config, c), c);
    for (const key of c.measuredImages ?? []) add(key, c);
  }
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
