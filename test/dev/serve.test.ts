import { setMaxListeners } from 'node:events';
import { readdirSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rename, rm, symlink, utimes, writeFile } from 'node:fs/promises';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { serve, type RunningServer } from '../../src/dev/index.ts';
import { get, rawGet, rawRequest, traversalTargets } from './http.ts';

const SECRET = 'TOP-SECRET-OUTSIDE-THE-ROOT';
const JS = `export const answer = 42; // ${'x'.repeat(600)}\n`;

/** A small dist/ with every kind of file, a secret next to it and symlinks pointing at the secret. */
async function makeDist(): Promise<{ dir: string; dist: string; secret: string }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'quire-serve-'));
  const dist = path.join(dir, 'dist');
  const files: Record<string, string> = {
    'de/index.html': '<!DOCTYPE html><title>Start</title><p>Startseite</p>',
    'de/x/index.html': `<!DOCTYPE html><title>X</title><p>Seite X</p>${'<p>Absatz</p>'.repeat(40)}`,
    'de/404.html': '<!DOCTYPE html><title>404</title><p>Seite nicht gefunden</p>',
    'de/assets/main.AB12CD34.js': JS,
    'de/assets/chunks/chunk-Q9XY7Z2K.js': JS,
    'de/assets/logo.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
    'de/data.json': '{"a":1}',
    'de/img/pixel.png': '\x89PNG',
    'de/.hidden': SECRET,
    'robots.txt': 'User-agent: *\n',
  };
  for (const [file, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(dist, file)), { recursive: true });
    await writeFile(path.join(dist, file), text);
  }
  const secret = path.join(dir, 'secret.txt');
  await writeFile(secret, SECRET);
  await symlink(secret, path.join(dist, 'de/leak.txt'));
  await symlink(dir, path.join(dist, 'de/leak-dir'));
  return { dir, dist, secret };
}

describe('quire serve', () => {
  let server: RunningServer;
  let made: Awaited<ReturnType<typeof makeDist>>;
  const url = (p: string) => server.url + p;
  beforeAll(async () => {
    made = await makeDist();
    const started = await serve({ dir: made.dist, baseUrl: '/de/', port: 0 });
    if ('diagnostics' in started) throw new Error(JSON.stringify(started.diagnostics));
    server = started;
  });
  afterAll(async () => {
    await server?.close();
    await rm(made.dir, { recursive: true, force: true });
  });

  it('serve: should bind to 127.0.0.1 by default', () => {
    expect(server.host).toBe('127.0.0.1');
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it('serve: should serve /de/x/, /de/x/index.html and /de/x.html as the same page and redirect /de/x to /de/x/', async () => {
    const page = await get(url('/de/x/'));
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.body.toString()).toContain('Seite X');
    for (const alias of ['/de/x/index.html', '/de/x.html']) {
      const same = await get(url(alias));
      expect(same.status, alias).toBe(200);
      expect(same.body.equals(page.body), alias).toBe(true);
    }
    const redirect = await get(url('/de/x'));
    expect(redirect.status).toBe(301);
    expect(redirect.headers.location).toBe('/de/x/');
    expect((await get(url('/de/x?tab=2'))).headers.location).toBe('/de/x/?tab=2');
    // A protocol-relative address must not become an open redirect.
    expect((await rawGet(server.port, '//de/x')).headers.location).toBe('/de/x/');
    expect((await get(url('/de/'))).body.toString()).toContain('Startseite');
  });

  it('serve: should answer everything else with 404.html and status 404, never a directory listing', async () => {
    for (const p of ['/de/fehlt/', '/de/fehlt', '/de/x/fehlt.js', '/fehlt/', '/de/assets/', '/de/assets', '/de/img/']) {
      const r = await get(url(p));
      expect(r.status, p).toBe(404);
      expect(r.headers['content-type'], p).toBe('text/html; charset=utf-8');
      expect(r.body.toString(), p).toContain('Seite nicht gefunden');
      expect(r.body.toString(), p).not.toContain('main.AB12CD34.js');
    }
  });

  it('serve: should send the right content type for each kind of file', async () => {
    const types: Record<string, string> = {
      '/de/assets/main.AB12CD34.js': 'text/javascript; charset=utf-8',
      '/de/assets/logo.svg': 'image/svg+xml',
      '/de/data.json': 'application/json; charset=utf-8',
      '/de/img/pixel.png': 'image/png',
      '/robots.txt': 'text/plain; charset=utf-8',
    };
    for (const [p, type] of Object.entries(types)) {
      const r = await get(url(p));
      expect(r.status, p).toBe(200);
      expect(r.headers['content-type'], p).toBe(type);
      expect(r.headers['x-content-type-options'], p).toBe('nosniff');
    }
  });

  it('serve: should mark hashed assets immutable and make everything else revalidate', async () => {
    expect((await get(url('/de/assets/main.AB12CD34.js'))).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await get(url('/de/assets/chunks/chunk-Q9XY7Z2K.js'))).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await get(url('/de/assets/logo.svg'))).headers['cache-control']).toBe('no-cache');
    expect((await get(url('/de/x/'))).headers['cache-control']).toBe('no-cache');
  });

  it('serve: should answer conditional requests with 304 by ETag and by Last-Modified, and 200 after a change', async () => {
    const first = await get(url('/de/data.json'));
    const etag = first.headers.etag as string;
    const lastModified = first.headers['last-modified'] as string;
    expect(etag).toMatch(/^"[^"]+"$/);
    expect(new Date(lastModified).getTime()).not.toBeNaN();
    const byTag = await get(url('/de/data.json'), { 'if-none-match': etag });
    expect(byTag.status).toBe(304);
    expect(byTag.raw.length).toBe(0);
    expect(byTag.headers.etag).toBe(etag);
    expect((await get(url('/de/data.json'), { 'if-none-match': `"other", W/${etag}` })).status).toBe(304);
    expect((await get(url('/de/data.json'), { 'if-modified-since': lastModified })).status).toBe(304);
    expect((await get(url('/de/data.json'), { 'if-modified-since': 'Thu, 01 Jan 1970 00:00:00 GMT' })).status).toBe(200);

    await writeFile(path.join(made.dist, 'de/data.json'), '{"a":2}');
    const future = new Date(Date.now() + 5000);
    await utimes(path.join(made.dist, 'de/data.json'), future, future);
    const changed = await get(url('/de/data.json'), { 'if-none-match': etag });
    expect(changed.status).toBe(200);
    expect(changed.body.toString()).toBe('{"a":2}');
    expect(changed.headers.etag).not.toBe(etag);
  });

  it('serve: should compress with brotli or gzip as the client accepts, and not otherwise', async () => {
    const plain = await get(url('/de/x/'));
    const br = await get(url('/de/x/'), { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(br.body.equals(plain.body)).toBe(true);
    expect(br.raw.length).toBeLessThan(plain.raw.length);
    const gz = await get(url('/de/assets/main.AB12CD34.js'), { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.body.toString()).toBe(JS);
    expect((await get(url('/de/x/'), { 'accept-encoding': 'br;q=0, gzip' })).headers['content-encoding']).toBe('gzip');
    expect((await get(url('/de/x/'), { 'accept-encoding': 'identity' })).headers['content-encoding']).toBeUndefined();
    expect((await get(url('/de/img/pixel.png'), { 'accept-encoding': 'br' })).headers['content-encoding']).toBeUndefined();
    // Each representation has its own validator.
    expect(br.headers.etag).not.toBe(plain.headers.etag);
    expect((await get(url('/de/x/'), { 'accept-encoding': 'br', 'if-none-match': br.headers.etag as string })).status).toBe(304);
  });

  it('serve: should answer HEAD without a body and refuse other methods', async () => {
    const head = await get(url('/de/x/'), {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(Number(head.headers['content-length'])).toBeGreaterThan(0);
    expect(head.raw.length).toBe(0);
    const post = await get(url('/de/x/'), {}, 'POST');
    expect(post.status).toBe(405);
    expect(post.headers.allow).toBe('GET, HEAD');
  });

  it('serve: should never serve a file outside the root, whatever the encoding of the path', async () => {
    const targets = traversalTargets(made.secret, server.port);
    for (const target of targets) {
      const r = await rawGet(server.port, target);
      expect([400, 404], `${target} → ${r.status}`).toContain(r.status);
      expect(r.body, target).not.toContain(SECRET);
    }
    // Still serving.
    expect((await get(url('/de/x/'))).status).toBe(200);
  });

  it('serve: should answer malformed requests with 400 and keep serving', async () => {
    expect((await rawGet(server.port, '/de/%zz/')).status).toBe(400);
    expect((await rawGet(server.port, '/de/%E0%A4%A/')).status).toBe(400);
    const huge = await rawRequest(server.port, `GET /de/ HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ${'a'.repeat(40_000)}\r\n\r\n`);
    expect(huge.status).toBe(400);
    expect((await rawRequest(server.port, 'NONSENSE\r\n\r\n')).status).toBe(400);
    expect((await rawRequest(server.port, 'GET /de/ HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: abc\r\n\r\n')).status).toBe(400);
    expect((await get(url('/de/x/'))).status).toBe(200);
  });

  it('serve: should report a missing folder and a busy port as diagnostics, and take the next port when asked', async () => {
    const missing = await serve({ dir: path.join(made.dir, 'nicht-da'), port: 0 });
    expect('diagnostics' in missing && missing.diagnostics[0]).toMatchObject({ code: 'Q111' });

    const busy = await serve({ dir: made.dist, port: server.port });
    expect('diagnostics' in busy).toBe(true);
    if ('diagnostics' in busy) {
      expect(busy.diagnostics[0]).toMatchObject({ code: 'Q110', message: `Port ${server.port} on 127.0.0.1 is already in use.` });
      expect(busy.diagnostics[0].hint).toContain('--next-port');
    }
    const next = await serve({ dir: made.dist, port: server.port, nextPort: true });
    if ('diagnostics' in next) throw new Error(JSON.stringify(next.diagnostics));
    expect(next.port).toBeGreaterThan(server.port);
    expect((await get(next.url + '/de/x/')).status).toBe(200);
    await next.close();
  });

  it('serve: should answer byte ranges (206, 416), ignore what it cannot honour, and answer HEAD like GET without a body', async () => {
    const whole = (await get(url('/de/x/'), { 'accept-encoding': 'identity' })).body;
    expect(whole.byteLength).toBeGreaterThan(100);
    const part = await get(url('/de/x/'), { range: 'bytes=10-19', 'accept-encoding': 'gzip, br' });
    expect(part.status).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 10-19/${whole.byteLength}`);
    expect(part.headers['content-encoding']).toBeUndefined();
    expect(part.body).toEqual(whole.subarray(10, 20));
    const tail = await get(url('/de/x/'), { range: 'bytes=-5' });
    expect(tail.status).toBe(206);
    expect(tail.body).toEqual(whole.subarray(whole.byteLength - 5));
    const open = await get(url('/de/x/'), { range: `bytes=${whole.byteLength - 3}-` });
    expect(open.body).toEqual(whole.subarray(whole.byteLength - 3));
    const past = await get(url('/de/x/'), { range: `bytes=${whole.byteLength}-` });
    expect(past.status).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${whole.byteLength}`);
    // Several ranges, another unit, a malformed header or a stale If-Range: the whole file.
    const ignored: Record<string, string>[] = [
      { range: 'bytes=0-1,5-6' },
      { range: 'items=0-1' },
      { range: 'bytes=9-3' },
      { range: 'bytes=0-1', 'if-range': '"stale"' },
    ];
    for (const headers of ignored) {
      const r = await get(url('/de/x/'), { ...headers, 'accept-encoding': 'identity' });
      expect(r.status, JSON.stringify(headers)).toBe(200);
      expect(r.body).toEqual(whole);
    }
    const etag = String((await get(url('/de/x/'), { 'accept-encoding': 'identity' })).headers.etag);
    expect((await get(url('/de/x/'), { range: 'bytes=0-1', 'if-range': etag })).status).toBe(206);
    const head = await get(url('/de/x/'), { 'accept-encoding': 'identity' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers['content-length']).toBe(String(whole.byteLength));
    expect(head.headers['accept-ranges']).toBe('bytes');
    expect(head.raw.byteLength).toBe(0);
  });

  it('serve: should follow a dist that is switched to another folder while it runs', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'quire-serve-switch-'));
    for (const [name, text] of [
      ['a', 'Fassung A'],
      ['b', 'Fassung B'],
    ]) {
      await mkdir(path.join(dir, name, 'de'), { recursive: true });
      await writeFile(path.join(dir, name, 'de/index.html'), `<!DOCTYPE html><p>${text}</p>`);
    }
    await symlink('a', path.join(dir, 'dist'));
    const started = await serve({ dir: path.join(dir, 'dist'), baseUrl: '/de/', port: 0 });
    if ('diagnostics' in started) throw new Error(JSON.stringify(started.diagnostics));
    expect((await get(started.url + '/de/')).body.toString()).toContain('Fassung A');
    await symlink('b', path.join(dir, 'dist.next'));
    await rename(path.join(dir, 'dist.next'), path.join(dir, 'dist'));
    expect((await get(started.url + '/de/')).body.toString()).toContain('Fassung B');
    await started.close();
    await rm(dir, { recursive: true, force: true });
  });
});

/** Open file descriptors of this process (sockets and files). */
function openHandles(): number {
  return readdirSync('/proc/self/fd').length;
}

describe('quire serve under load (the real site)', () => {
  it('serve: should answer 1,000 concurrent requests without errors or leaked file handles', async () => {
    const dist = inject('e2eDist');
    const started = await serve({ dir: dist, baseUrl: '/de/', port: 0 });
    if ('diagnostics' in started) throw new Error(JSON.stringify(started.diagnostics));
    const files = (await readdir(path.join(dist, 'de'), { recursive: true, withFileTypes: true }))
      .filter((e) => e.isFile())
      .map((e) => path.relative(path.join(dist, 'de'), path.join(e.parentPath, e.name)).split(path.sep).join('/'));
    const pages = files
      .filter((f) => f.endsWith('/index.html'))
      .slice(0, 60)
      .map((f) => `/de/${f.slice(0, -'index.html'.length)}`);
    const assets = files
      .filter((f) => f.startsWith('assets/'))
      .slice(0, 20)
      .map((f) => `/de/${f}`);
    expect(pages.length).toBeGreaterThan(20);
    const variants: { path: string; headers: Record<string, string>; status: number[] }[] = [];
    for (let i = 0; i < 1000; i++) {
      const page = pages[i % pages.length];
      switch (i % 6) {
        case 0:
          variants.push({ path: page, headers: {}, status: [200] });
          break;
        case 1:
          variants.push({ path: page, headers: { 'accept-encoding': 'br' }, status: [200] });
          break;
        case 2:
          variants.push({ path: assets[i % assets.length], headers: { 'accept-encoding': 'gzip' }, status: [200] });
          break;
        case 3:
          variants.push({ path: page.slice(0, -1) || '/de', headers: {}, status: [301] });
          break;
        case 4:
          variants.push({ path: `/de/fehlt-${i}/`, headers: {}, status: [404] });
          break;
        default:
          variants.push({ path: page + 'index.html', headers: {}, status: [200] });
      }
    }
    const before = openHandles();
    const agent = new Agent({ keepAlive: true, maxSockets: 200 });
    const deadline = AbortSignal.timeout(30_000);
    // One deadline for every request at once: each listens to it (no warning about many listeners).
    setMaxListeners(variants.length + 1, deadline);
    const results = await Promise.allSettled(
      variants.map(
        (v) =>
          new Promise<number>((resolve, reject) => {
            const req = request(started.url + v.path, { agent, headers: v.headers, signal: deadline }, (res) => {
              res.resume();
              res.on('end', () => resolve(res.statusCode ?? 0));
              res.on('error', reject);
            });
            req.on('error', reject);
            req.end();
          }),
      ),
    );
    agent.destroy();
    const failures = results.flatMap((r, i) =>
      r.status === 'rejected'
        ? [`${variants[i].path}: ${(r.reason as Error).message}`]
        : variants[i].status.includes(r.value)
          ? []
          : [`${variants[i].path}: status ${r.value}`],
    );
    expect(failures).toEqual([]);
    await started.close();
    // Sockets close asynchronously; wait (bounded) until the count is back.
    for (let i = 0; i < 50 && openHandles() > before; i++) await new Promise((r) => setTimeout(r, 50));
    expect(openHandles()).toBeLessThanOrEqual(before);
  });

  it('serve: should keep serving while a client aborts requests mid-way', async () => {
    const dist = inject('e2eDist');
    const started = await serve({ dir: dist, baseUrl: '/de/', port: 0 });
    if ('diagnostics' in started) throw new Error(JSON.stringify(started.diagnostics));
    const before = openHandles();
    await Promise.all(
      Array.from({ length: 100 }, () => {
        const controller = new AbortController();
        const req = request(started.url + '/de/docs/', { signal: controller.signal });
        req.on('error', () => undefined);
        req.end();
        return new Promise<void>((resolve) => setTimeout(() => (controller.abort(), resolve()), 1));
      }),
    );
    expect((await get(started.url + '/de/docs/')).status).toBe(200);
    await started.close();
    for (let i = 0; i < 50 && openHandles() > before; i++) await new Promise((r) => setTimeout(r, 50));
    expect(openHandles()).toBeLessThanOrEqual(before);
  });
});
