import { escapeRegExp } from './text.ts';

/**
 * Markers the compiler writes where the final URL is known only later: a link to a content file (resolved by
 * render from the route table) and a relative asset (replaced by emit with its content-hashed URL). This module
 * is the one place that writes and reads them.
 */
const FILE_MARKER = 'quire-file:';
const ASSET_MARKER = 'quire-asset:';

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

const FILE_MARKERS = new RegExp(`${escapeRegExp(FILE_MARKER)}([^"#?\\s]+)`, 'g');

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

/** The element a blog post's truncate marker leaves in its output: where a list of posts cuts the post off. */
export const TRUNCATE_ELEMENT = 'quire-truncate';

/**
 * The module name the bundler draws a CodeBlock of a raw-loader import from: its language, meta and place, then the
 * import's own name (compile's theme-modules.ts writes it, modules-plugin.ts reads it; here so that the bundler
 * does not load the highlighter with the plugin).
 */
export const CODE_MODULE = 'quire-code:';
