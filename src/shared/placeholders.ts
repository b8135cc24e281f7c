/**
 * Markers the compiler writes where the final URL is known only later:
 * a link to a content file (resolved by render from the route table) and a relative asset
 * (replaced by emit with its content-hashed URL).
 */
export const FILE_PLACEHOLDER = 'quire-file:';
export const ASSET_PLACEHOLDER = 'quire-asset:';
