import path from 'node:path';

/** Content types by extension: what a static bucket would be configured with for this site. */
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.htm': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
  '.wasm': 'application/wasm',
  '.pdf': 'application/pdf',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
  '.mp3': 'audio/mpeg',
  '.zip': 'application/zip',
};

export function contentType(file: string): string {
  return TYPES[path.posix.extname(file).toLowerCase()] ?? 'application/octet-stream';
}

/** Text formats worth compressing; images, fonts and archives are compressed already. */
export function isCompressible(type: string): boolean {
  return /^text\/|^application\/(json|javascript|xml|manifest\+json|wasm)|^image\/svg\+xml/.test(type);
}

/**
 * Files that never change under their name: everything under `<base>assets/` whose name carries a
 * content hash (esbuild's `main.FWUN6XZ6.js` and `chunk-Q9XY7Z2K.js`, emit's `bild.1a2b3c4d.svg`). They may be cached forever.
 */
export function isHashedAsset(file: string, baseUrl: string): boolean {
  const prefix = baseUrl.replace(/^\//, '') + 'assets/';
  if (!file.startsWith(prefix)) return false;
  // esbuild's hashes are 8 characters of A–Z and 2–7; emit's are 8 hex digits of a sha1.
  return /[.-]([A-Z0-9]{8}|[0-9a-f]{8})\.[A-Za-z0-9]+$/.test(path.posix.basename(file));
}
