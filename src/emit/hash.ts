import { createHash } from 'node:crypto';
import path from 'node:path';

/** A file's content hash (SHA-1, hex): what content images are fingerprinted and named by. */
export function contentHash(bytes: Uint8Array | string): string {
  return createHash('sha1').update(bytes).digest('hex');
}

/**
 * The published name of a content image: `assets/<name>.<hash><ext>`, the name reduced to ASCII letters,
 * digits, `-` and `_` (`Übersicht (neu).png` → `Ubersicht-neu.1a2b3c4d.png`), so its URL needs no encoding on
 * any host; the first 8 digits of its content hash (`contentHash`) keep names apart.
 */
export function assetName(file: string, hash: string): string {
  const ext = path.extname(file);
  const safe = (s: string) =>
    s
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^A-Za-z0-9_-]+/g, '-')
      .replace(/^-+|-+$/g, '');
  const extension = safe(ext.slice(1));
  return `assets/${safe(path.basename(file, ext)) || 'asset'}.${hash.slice(0, 8)}${extension ? '.' + extension : ''}`;
}
