import { escapeRegExp } from './text.ts';

/**
 * Markers the compiler writes where the final URL is known only later: a link to a content file (resolved by
 * render from the route table) and a relative asset (replaced by emit with its content-hashed URL). This module
 * is the one place that writes and reads them.
 */
const FILE_MARKER = 'quire-file:';
const ASSET_MARKER = 'quire-asset:';
const RELATIVE_MARKER = 'quire-relative:';

/**
 * How links name a content file, and how the maps from files to routes are keyed: the composed form, so a link
 * typed as "Ü" finds a file whose name was saved as "U" plus a combining diaeresis (as macOS writes names).
 */
export function fileKey(file: string): string {
  return file.normalize('NFC');
}

/**
 * The site path of each content file's page, keyed as links name files (see fileKey), for resolving file links.
 * A translated page (Source.origin) is named by its original's path too, so links written to the original lead
 * to it.
 */
export function routesByFile(pages: readonly { source: { file: string; path: string; origin?: string } }[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const { source } of pages) {
    out.set(fileKey(source.file), source.path);
    if (source.origin) out.set(fileKey(source.origin), source.path);
  }
  return out;
}

/** The marker written into a page for a link to a content file (`content/docs/zweite seite.md`). */
export function fileMarker(file: string): string {
  return FILE_MARKER + encodePath(file);
}

/**
 * The marker a partial's relative link to a page (`[Weiter](naechste-seite)`) is written as: each page that shows
 * the partial resolves it from its own address, as the browser resolves it there (compile's modules.ts).
 */
export function relativeMarker(url: string): string {
  return RELATIVE_MARKER + encodePath(url);
}

/** The path the link checker gets for such a link until the page showing the partial resolves it. */
export function relativeLinkPath(url: string): string {
  return RELATIVE_MARKER + url;
}

/** The relative link a checked path holds (see relativeLinkPath), or undefined. */
export function relativeLinked(linkPath: string | undefined): string | undefined {
  return linkPath?.startsWith(RELATIVE_MARKER) ? linkPath.slice(RELATIVE_MARKER.length) : undefined;
}

const RELATIVE_MARKERS = new RegExp(`${escapeRegExp(RELATIVE_MARKER)}([^"#?&\\s]+)`, 'g');

/** Code or HTML with each relative-link marker replaced by the URL `urlOf` gives its link. */
export function replaceRelativeMarkers(text: string, urlOf: (url: string) => string): string {
  return text.includes(RELATIVE_MARKER) ? text.replace(RELATIVE_MARKERS, (_, encoded: string) => urlOf(decodePath(encoded))) : text;
}

/** The marker written into a page for a relative asset; emit replaces every occurrence of it. */
export function assetMarker(file: string): string {
  return ASSET_MARKER + encodePath(file);
}

/** The path the link checker gets for a link to a content file (the file itself, not encoded). */
export function fileLinkPath(file: string): string {
  return FILE_MARKER + file;
}

/** The content file a link's checked path names (see fileLinkPath), or undefined for a site path. */
export function linkedFile(linkPath: string | undefined): string | undefined {
  return linkPath?.startsWith(FILE_MARKER) ? linkPath.slice(FILE_MARKER.length) : undefined;
}

// A marker's path holds no `&` (encodePath): one in a value React escaped (`&quot;` ending an island's prop) ends it.
const FILE_MARKERS = new RegExp(`${escapeRegExp(FILE_MARKER)}([^"#?&\\s]+)`, 'g');

/** A page's HTML with each content-file marker replaced by the URL `urlOf` gives its file; unknown files keep theirs. */
export function replaceFileMarkers(html: string, urlOf: (file: string) => string | undefined): string {
  return html.replace(FILE_MARKERS, (all, encoded: string) => urlOf(decodePath(encoded)) ?? all);
}

/**
 * A marker's path is percent-encoded down to letters, digits, `-_.%/`, so that nothing between compiling and
 * replacing changes it: Markdown encodes spaces and umlauts in URLs, React escapes quotes in attributes.
 */
function encodePath(file: string): string {
  return file
    .split('/')
    .map((segment) => encodeURIComponent(segment).replace(/[!'()*~]/g, (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase()))
    .join('/');
}

function decodePath(encoded: string): string {
  try {
    return decodeURIComponent(encoded);
  } catch {
    return encoded;
  }
}

/**
 * The attribute compile gives a Markdown image of the site's own (`![Karte](./karte.png)`, `![](/img/a.png)`): its
 * key in `Site.imageSizes` (the asset's marker, or the static file's site path). Render replaces it with the
 * image's `width` and `height` once plan has read them, so the browser reserves the image's room before it loads.
 * `SIZE_PROPERTY` is its name in a syntax tree (hast), `SIZE_ATTRIBUTE` in HTML.
 */
export const SIZE_PROPERTY = 'dataQuireSize';

/** The size marker's value for an image's key: percent-encoded, so no HTML serialiser escapes it differently. */
export function sizeMarker(key: string): string {
  return encodeURIComponent(key);
}
const SIZE_ATTRIBUTE = 'data-quire-size';
const SIZE_MARKERS = new RegExp(` ${SIZE_ATTRIBUTE}="([^"]*)"`, 'g');

/**
 * A page's HTML with each image's size marker replaced by `width` and `height` from `sizeOf`, or dropped for an
 * image whose size is unknown (a missing file, a format without one).
 */
export function replaceSizeMarkers(html: string, sizeOf: (key: string) => { width: number; height: number } | undefined): string {
  // Most pages have none: one search costs less than the regular expression's scan.
  if (!html.includes(` ${SIZE_ATTRIBUTE}="`)) return html;
  return html.replace(SIZE_MARKERS, (_, key: string) => {
    const size = sizeOf(decodePath(key));
    return size ? ` width="${size.width}" height="${size.height}"` : '';
  });
}

/** The element a blog post's truncate marker leaves in its output: where a list of posts cuts the post off. */
export const TRUNCATE_ELEMENT = 'quire-truncate';

/**
 * The module name the bundler draws a CodeBlock of a raw-loader import from: its language, meta and place, then the
 * import's own name (compile's theme-modules.ts writes it, modules-plugin.ts reads it; here so that the bundler
 * does not load the highlighter with the plugin).
 */
export const CODE_MODULE = 'quire-code:';
