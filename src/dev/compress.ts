import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

export type Encoding = 'br' | 'gzip';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * The encoding to send for an Accept-Encoding header: brotli, else gzip, honouring `q=0`; identity otherwise.
 * `*` counts for both.
 */
export function pickEncoding(header: string | string[] | undefined): Encoding | undefined {
  if (!header) return undefined;
  const q = new Map<string, number>();
  for (const part of (Array.isArray(header) ? header.join(',') : header).split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const value = qParam ? Number(qParam.slice(2)) : 1;
    q.set(name, Number.isFinite(value) ? value : 0);
  }
  const weight = (name: string) => q.get(name) ?? q.get('*') ?? 0;
  if (weight('br') > 0) return 'br';
  if (weight('gzip') > 0) return 'gzip';
  return undefined;
}

/**
 * Compresses on first request and keeps the result by ETag, so a file is compressed once per version.
 * Concurrent requests for the same file share one compression; the cache is bounded by bytes.
 */
export class Compressor {
  private cache = new Map<string, Buffer>();
  private inFlight = new Map<string, Promise<Buffer>>();
  private bytes = 0;

  constructor(private readonly maxBytes = 64 * 1024 * 1024) {}

  compress(entry: { data: Uint8Array; etag: string }, encoding: Encoding): Promise<Buffer> {
    const key = `${encoding}|${entry.etag}`;
    const hit = this.cache.get(key);
    if (hit) {
      // Map order is insertion order: re-inserting makes this the most recently used entry.
      this.cache.delete(key);
      this.cache.set(key, hit);
      return Promise.resolve(hit);
    }
    let pending = this.inFlight.get(key);
    if (!pending) {
      // Quality 5 for brotli: most of the gain of 11 at a small fraction of the time, as servers do on the fly.
      pending = (
        encoding === 'br' ? brotli(entry.data, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }) : gzipAsync(entry.data, { level: 6 })
      ).then((out) => {
        this.inFlight.delete(key);
        this.remember(key, out);
        return out;
      });
      pending.catch(() => this.inFlight.delete(key));
      this.inFlight.set(key, pending);
    }
    return pending;
  }

  private remember(key: string, out: Buffer): void {
    if (out.byteLength > this.maxBytes / 4) return;
    this.cache.set(key, out);
    this.bytes += out.byteLength;
    for (const [k, v] of this.cache) {
      if (this.bytes <= this.maxBytes) break;
      this.cache.delete(k);
      this.bytes -= v.byteLength;
    }
  }
}
