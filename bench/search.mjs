// Search figures for bench/run.mjs: the size of the static index a build writes, and what a visitor
// downloads for a first query (modal code + index parts) in Chromium, measured on a built dist/.
import { createReadStream } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
};

/** Bytes and files under `<dist>/<base>pagefind/`. */
export async function indexSize(dist, base = 'de/') {
  const dir = path.join(dist, base, 'pagefind');
  const files = (await readdir(dir, { recursive: true, withFileTypes: true })).filter((e) => e.isFile());
  let bytes = 0;
  for (const f of files) bytes += (await stat(path.join(f.parentPath, f.name))).size;
  return { indexBytes: bytes, indexFiles: files.length };
}

/**
 * Opens a docs page, lets it settle, then opens search with Ctrl+K and types `query`; counts every byte
 * requested from then on until the results show. Served without compression (like a plain bucket);
 * `gzipBytes` is what the same files weigh gzip-compressed (the index parts already are).
 */
export async function firstQueryBytes(dist, { query = 'Übersetzung', route = '/de/docs/' } = {}) {
  const { chromium } = await import('playwright-core');
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    let file = path.join(dist, decodeURIComponent(url.pathname));
    if (url.pathname.endsWith('/')) file = path.join(file, 'index.html');
    if (
      !(await stat(file).then(
        (s) => s.isFile(),
        () => false,
      ))
    ) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(res);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${server.address().port}`;
  // Launched inside the try: a machine without Chromium must still close the server, or the bench never ends.
  let browser;
  try {
    browser = await chromium.launch({
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
      headless: true,
    });
    const page = await browser.newPage();
    await page.route(/googletagmanager/, (r) => r.abort());
    await page.goto(origin + route, { waitUntil: 'networkidle' });
    const requested = [];
    page.on('requestfinished', (r) => requested.push(new URL(r.url()).pathname));
    await page.keyboard.press('Control+k');
    await page.locator('.search-modal__input').fill(query);
    await page.waitForSelector(`.search-modal__body[data-search-query="${query}"][data-search-status="done"]`, { timeout: 60_000 });
    await page.waitForLoadState('networkidle');
    // Three parts: the modal's code (island + React), Pagefind's runtime (loader, worker, wasm) and index data.
    const parts = { code: 0, runtime: 0, data: 0 };
    let gzipBytes = 0;
    for (const p of requested) {
      const data = await readFile(path.join(dist, decodeURIComponent(p))).catch(() => undefined);
      if (!data) continue;
      const part = !p.includes('/pagefind/')
        ? 'code'
        : /\/pagefind\/(pagefind(-worker)?\.js|wasm\.[\w-]+\.pagefind)$/.test(p)
          ? 'runtime'
          : 'data';
      parts[part] += data.length;
      // Pagefind's wasm and index files are compressed already; JavaScript is what a server would gzip.
      gzipBytes += p.endsWith('.js') ? gzipSync(data, { level: 9 }).length : data.length;
    }
    const bytes = parts.code + parts.runtime + parts.data;
    return {
      query,
      requests: requested.length,
      bytes,
      gzipBytes,
      codeBytes: parts.code,
      runtimeBytes: parts.runtime,
      dataBytes: parts.data,
    };
  } finally {
    await browser?.close();
    server.close();
  }
}
