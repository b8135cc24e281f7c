import { request } from 'node:http';
import { connect } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * Sends bytes exactly as given (HTTP clients normalise `../` and encodings away, attackers do not) and
 * reads the answer until the server closes the connection. Bounded by `timeoutMs`.
 */
export function rawRequest(port: number, raw: string, timeoutMs = 5000): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no answer within ${timeoutMs} ms to ${JSON.stringify(raw.slice(0, 80))}`));
    }, timeoutMs);
    socket.on('data', (c) => chunks.push(c));
    socket.on('error', (e) => {
      clearTimeout(timer);
      reject(e);
    });
    socket.on('close', () => {
      clearTimeout(timer);
      const text = Buffer.concat(chunks).toString('latin1');
      const [head, ...rest] = text.split('\r\n\r\n');
      const [statusLine, ...lines] = head.split('\r\n');
      const headers: Record<string, string> = {};
      for (const l of lines) {
        const i = l.indexOf(':');
        if (i > 0) headers[l.slice(0, i).toLowerCase()] = l.slice(i + 1).trim();
      }
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body: rest.join('\r\n\r\n') });
    });
    socket.write(raw);
  });
}

/** A GET with `Connection: close` for a raw request target. */
export function rawGet(port: number, target: string, host = `127.0.0.1:${port}`): Promise<RawResponse> {
  return rawRequest(port, `GET ${target} HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`);
}

export interface Fetched {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** Decoded body (gzip and brotli undone). */
  body: Buffer;
  /** Bytes as sent. */
  raw: Buffer;
}

/** A small HTTP client that does not follow redirects or decode anything by itself. */
export function get(url: string, headers: Record<string, string> = {}, method = 'GET', timeoutMs = 10_000): Promise<Fetched> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers, signal: AbortSignal.timeout(timeoutMs) }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('error', reject);
      res.on('end', () => {
        const raw = Buffer.concat(chunks);
        const enc = res.headers['content-encoding'];
        const body = enc === 'br' ? brotliDecompressSync(raw) : enc === 'gzip' ? gunzipSync(raw) : raw;
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body, raw });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

/**
 * Every way to step outside the served root that issue 8 lists: `../`, `..%2f`, `%2e%2e/`, double
 * encoding, backslashes, null bytes, absolute paths in the request line. `secret` is the absolute path
 * of a file outside the root; `port` the server's.
 */
export function traversalTargets(secret: string, port: number): string[] {
  const name = secret.split('/').pop()!;
  return [
    `/../${name}`,
    `/../../../../../../${secret}`,
    `/de/../../${name}`,
    `/..%2f${name}`,
    `/..%2F..%2F..%2F..%2F..%2F..%2F${secret.slice(1).replaceAll('/', '%2F')}`,
    `/de/..%2f..%2f${name}`,
    `/%2e%2e/${name}`,
    `/%2E%2E/%2e%2e/${name}`,
    `/%2e%2e%2f${name}`,
    `/de/%2e%2e/%2e%2e/${name}`,
    `/.%2e/${name}`,
    `/%252e%252e/${name}`,
    `/%252e%252e%252f${name}`,
    `/de/%252E%252E%252F%252E%252E%252F${name}`,
    `/%25%32%65%25%32%65/${name}`,
    `/..\\${name}`,
    `/de/..\\..\\${name}`,
    `/..%5c${name}`,
    `/de/..%5C..%5C${name}`,
    `/%2e%2e%5c${name}`,
    `/de/index.html%00`,
    `/de/index.html%00.txt`,
    `/..%00/${name}`,
    `/%00../${name}`,
    `/%c0%ae%c0%ae/${name}`,
    `/%c0%af${name}`,
    secret,
    `/${secret}`,
    `//${secret.slice(1)}`,
    `http://127.0.0.1:${port}/../${name}`,
    `http://127.0.0.1:${port}${secret}`,
    `file://${secret}`,
    `*`,
    `/de/leak.txt`,
    `/de/leak-dir/${name}`,
    `/de/.hidden`,
    `/de/assets/`,
  ];
}
