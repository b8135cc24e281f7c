/**
 * Markers the compiler writes where the final URL is known only later:
 * a link to a content file (resolved by render from the route table) and a relative asset
 * (replaced by emit with its content-hashed URL).
 */
export const FILE_PLACEHOLDER = 'quire-file:';
export const ASSET_PLACEHOLDER = 'quire-asset:';

/**
 * The marker for a project file (`content/docs/mein bild.png`) as it is written into a page. Its path is
 * percent-encoded down to letters, digits, `-_.%/`, so that nothing between compiling and replacing changes it:
 * Markdown encodes spaces and umlauts in URLs, React escapes quotes in attributes.
 */
export function placeholderFor(marker: typeof FILE_PLACEHOLDER | typeof ASSET_PLACEHOLDER, file: string): string {
  return marker + file.split('/').map(encodeSegment).join('/');
}

/** The project file a marker's path (as `placeholderFor` wrote it) names. */
export function placeholderFile(encoded: string): string {
  try {
    return decodeURIComponent(encoded);
  } catch {
    return encoded;
  }
}

function encodeSegment(segment: string): string {
  return encodeURIComponent(segment).replace(/[!'()*~]/g, (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase());
}
