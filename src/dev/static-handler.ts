import type { IncomingMessage, ServerResponse } from 'node:http';
import { normalizePath } from '../shared/route-match.ts';
import { contentType, isCompressible, isHashedAsset } from './content-types.ts';
import { type Compressor, pickEncoding, type Encoding } from './compress.ts';
import { encodeSegments, parseRequestTarget, type RequestTarget } from './request-path.ts';

/** One servable file: its bytes, a strong validator and its modification time. */
export interface StoreEntry {
  data: Uint8Array;
  /** Quoted strong ETag of `data`. */
  etag: string;
  mtimeMs: number;
}

/** Where files come from: `dist/` on disk (serve) or the dev build in memory. Paths are output-relative. */
export interface FileStore {
  /** The regular file at `file` (`de/docs/index.html`), or undefined when there is none. */
  get(file: string): Promise<StoreEntry | undefined> | StoreEntry | undefined;
}

export type Resolution =
  | { type: 'file'; file: string; entry: StoreEntry; status: 200 | 404 }
  | { type: 'redirect'; location: string }
  | { type: 'missing' };

/**
 * Bucket semantics (issue 8): `/de/x/` is `de/x/index.html`; `/de/x/index.html` and `/de/x.html` are the same
 * page (the shared matcher's normalisation); `/de/x` redirects to `/de/x/` when that page exists; a file is
 * served by its exact name; everything else is the nearest `404.html` with status 404. Never a listing.
 */
export async function resolveBucket(store: FileStore, target: Extract<RequestTarget, { ok: true }>, baseUrl = '/'): Promise<Resolution> {
  const { segments, trailingSlash, search } = target;
  const joined = segments.join('/');
  const page = normalizePath(encodeSegments(segments, trailingSlash)).slice(1) + 'index.html';
  // normalizePath decodes once more; segments hold no `%` (request-path refuses it), so that is a no-op.
  if (trailingSlash || joined === '') {
    const entry = await store.get(page);
    if (entry) return { type: 'file', file: page, entry, status: 200 };
  } else {
    const exact = await store.get(joined);
    if (exact) return { type: 'file', file: joined, entry: exact, status: 200 };
    if (joined.endsWith('.html')) {
      const entry = await store.get(page);
      if (entry) return { type: 'file', file: page, entry, status: 200 };
    } else if (await store.get(page)) {
      return { type: 'redirect', location: encodeSegments(segments, true) + search };
    }
  }
  // The nearest 404.html up the path, then the site's own (a bucket's error document for the whole site).
  const candidates: string[] = [];
  for (let depth = segments.length - (trailingSlash ? 0 : 1); depth >= 0; depth--)
    candidates.push([...segments.slice(0, depth), '404.html'].join('/'));
  candidates.push(baseUrl.replace(/^\//, '') + '404.html');
  for (const file of new Set(candidates)) {
    const entry = await store.get(file);
    if (entry) return { type: 'file', file, entry, status: 404 };
  }
  return { type: 'missing' };
}

export interface SendOptions {
  baseUrl: string;
  compressor: Compressor;
  /** Cache-Control for files that are not hashed assets. Default `no-cache` (always revalidate). */
  revalidate?: string;
}

/** Answers a GET or HEAD with a resolved file: content type, validators, 304s, compression, cache policy. */
export async function sendResolution(
  req: IncomingMessage,
  res: ServerResponse,
  resolution: Resolution,
  options: SendOptions,
): Promise<void> {
  if (resolution.type === 'redirect') {
    res.writeHead(301, { location: resolution.location, 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-cache' });
    res.end(req.method === 'HEAD' ? undefined : `Moved to ${resolution.location}\n`);
    return;
  }
  if (resolution.type === 'missing') {
    sendText(req, res, 404, 'Not found\n');
    return;
  }
  const { file, entry, status } = resolution;
  const type = contentType(file);
  const compressible = isCompressible(type) && entry.data.byteLength >= 256;
  const encoding: Encoding | undefined = compressible ? pickEncoding(req.headers['accept-encoding']) : undefined;
  const etag = encoding ? entry.etag.replace(/"$/, `-${encoding === 'br' ? 'br' : 'gz'}"`) : entry.etag;
  const lastModified = new Date(Math.floor(entry.mtimeMs / 1000) * 1000);
  const headers: Record<string, string> = {
    'content-type': type,
    'x-content-type-options': 'nosniff',
    'cache-control':
      status === 404
        ? 'no-cache'
        : isHashedAsset(file, options.baseUrl)
          ? 'public, max-age=31536000, immutable'
          : (options.revalidate ?? 'no-cache'),
  };
  if (compressible) headers.vary = 'Accept-Encoding';
  if (status === 200) {
    headers.etag = etag;
    headers['last-modified'] = lastModified.toUTCString();
    if (isNotModified(req, etag, lastModified)) {
      delete headers['content-type'];
      res.writeHead(304, headers);
      res.end();
      return;
    }
  }
  if (status === 200) {
    headers['accept-ranges'] = 'bytes';
    const range = requestedRange(req, entry.data.byteLength, entry.etag);
    if (range === 'unsatisfiable') {
      res.writeHead(416, {
        'content-range': `bytes */${entry.data.byteLength}`,
        'content-type': 'text/plain; charset=utf-8',
        'cache-control': 'no-cache',
      });
      res.end();
      return;
    }
    if (range) {
      // A part of the file as stored: ranges count the identity bytes, so no compression.
      const part = entry.data.subarray(range.start, range.end + 1);
      res.writeHead(206, {
        ...headers,
        'content-range': `bytes ${range.start}-${range.end}/${entry.data.byteLength}`,
        'content-length': String(part.byteLength),
      });
      res.end(req.method === 'HEAD' ? undefined : part);
      return;
    }
  }
  const body = encoding ? await options.compressor.compress(entry, encoding) : entry.data;
  if (encoding) headers['content-encoding'] = encoding === 'br' ? 'br' : 'gzip';
  headers['content-length'] = String(body.byteLength);
  res.writeHead(status, headers);
  res.end(req.method === 'HEAD' ? undefined : body);
}

/**
 * The one byte range a `Range` header asks for (RFC 9110 §14): `bytes=a-b`, `bytes=a-` or `bytes=-n`.
 * Undefined (the whole file) without a header, for other units, several ranges, a malformed header, or an
 * `If-Range` that no longer matches; `unsatisfiable` when the range starts past the end.
 */
export function requestedRange(
  req: IncomingMessage,
  size: number,
  etag: string,
): { start: number; end: number } | 'unsatisfiable' | undefined {
  const header = req.headers.range;
  if (!header) return undefined;
  const ifRange = req.headers['if-range'];
  if (ifRange !== undefined && (typeof ifRange !== 'string' || ifRange.trim() !== etag)) return undefined;
  const m = /^bytes=\s*(\d*)\s*-\s*(\d*)\s*$/.exec(header);
  if (!m || (m[1] === '' && m[2] === '')) return undefined;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (start >= size) return 'unsatisfiable';
  if (end < start) return undefined;
  return { start, end };
}

/** If-None-Match wins over If-Modified-Since (RFC 9110 §13.2.2); weak comparison for If-None-Match. */
function isNotModified(req: IncomingMessage, etag: string, lastModified: Date): boolean {
  const inm = req.headers['if-none-match'];
  if (inm !== undefined) {
    if (inm.trim() === '*') return true;
    return inm.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
  }
  const ims = req.headers['if-modified-since'];
  if (ims === undefined) return false;
  const since = Date.parse(ims);
  return !Number.isNaN(since) && lastModified.getTime() <= since;
}

export function sendText(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  text: string,
  extra: Record<string, string> = {},
): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const body = Buffer.from(text);
  res.writeHead(status, {
    'content-type': 'text/plain; charset=utf-8',
    'content-length': String(body.byteLength),
    'cache-control': 'no-cache',
    'x-content-type-options': 'nosniff',
    ...extra,
  });
  res.end(req.method === 'HEAD' ? undefined : body);
}

/**
 * The checks both servers make before looking at any file: GET or HEAD only, and a request target that stays
 * inside the root. Answers the request itself and returns undefined when it fails them.
 */
export function acceptRequest(req: IncomingMessage, res: ServerResponse): Extract<RequestTarget, { ok: true }> | undefined {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    sendText(req, res, 405, 'Method not allowed\n', { allow: 'GET, HEAD' });
    return undefined;
  }
  const target = parseRequestTarget(req.url);
  if (!target.ok) {
    sendText(req, res, target.status, target.status === 400 ? 'Bad request\n' : 'Not found\n');
    return undefined;
  }
  return target;
}
