// Search figures for bench/run.mjs: the size of the static index a build writes, and what a visitor
// downloads for a first query (modal code + index parts) in Chromium, measured on a built dist/.
// Run on its own, it measures what the index costs a cold build of the realistic pages (bench/realistic.mjs):
//   node bench/search.mjs [--pages 1000] [--runs 4] [--quire lib/quire.js] [--compare other/lib/quire.js]
// builds them cold with the search index, alternating with the other quire build when given, and prints each
// build's wall time and CPU time by where it ran (main thread, other threads, Pagefind's process), medians.
import { spawnSync } from 'node:child_process';
import { createReadStream, existsSync, mkdirSync, renameSync } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { realisticQuireSite } from './realistic.mjs';

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

/** One cold build with the search index: wall seconds and CPU seconds by where they ran (bench/process-stats.mjs). */
function coldBuild(repo, lib, site) {
  // Moved aside, not deleted: deleting thousands of files just before a build slows the next one down.
  const aside = path.join(repo, 'bench/.peers/aside');
  mkdirSync(aside, { recursive: true });
  for (const dir of ['dist', '.dist-builds', '.quire'])
    if (existsSync(path.join(site, dir)))
      renameSync(path.join(site, dir), path.join(aside, `${dir}-${Date.now()}-${Math.random().toString(36).slice(2)}`));
  const start = performance.now();
  const args = ['--import', path.join(repo, 'bench/process-stats.mjs'), lib, 'build'];
  const r = spawnSync(process.execPath, args, { cwd: site, encoding: 'utf8', env: { ...process.env, CI: '1' } });
  if (r.status !== 0) throw new Error(`${lib} build failed (${r.status}):\n${(r.stderr || r.stdout).slice(-2000)}`);
  const wall = (performance.now() - start) / 1000;
  const cpu = JSON.parse(/QUIRE_BENCH_CPU=(\{.*\})/.exec(r.stderr)?.[1] ?? '{"main":0,"threads":0,"children":{}}');
  return { wall, main: cpu.main / 1000, threads: cpu.threads / 1000, pagefind: (cpu.children.pagefind ?? 0) / 1000 };
}

/** The command line (see the top of this file). */
async function main() {
  const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const arg = (name, fallback) => {
    const i = process.argv.indexOf(`--${name}`);
    return i > 0 ? process.argv[i + 1] : fallback;
  };
  const pages = Number(arg('pages', '1000'));
  const runs = Number(arg('runs', '4'));
  const libs = { quire: path.resolve(arg('quire', path.join(repo, 'lib/quire.js'))) };
  if (arg('compare', '')) libs.compared = path.resolve(arg('compare', ''));
  const site = realisticQuireSite(pages, path.join(repo, 'bench/.peers', `site-${pages}`, 'quire'));
  const results = Object.fromEntries(Object.keys(libs).map((name) => [name, []]));
  for (let i = 0; i < runs; i++) for (const [name, lib] of Object.entries(libs)) results[name].push(coldBuild(repo, lib, site));
  const median = (values) => values.slice().sort((a, b) => a - b)[Math.floor(values.length / 2)];
  console.log(`\n${pages} realistic pages, cold with the search index, ${runs} alternated runs each (medians; seconds)\n`);
  console.log('| build | wall | CPU main thread | CPU other threads | CPU Pagefind | CPU in all |');
  console.log('| --- | ---: | ---: | ---: | ---: | ---: |');
  for (const [name, r] of Object.entries(results)) {
    const m = (key) => median(r.map((x) => x[key])).toFixed(2);
    const all = median(r.map((x) => x.main + x.threads + x.pagefind)).toFixed(2);
    console.log(
      `| ${name} | ${m('wall')} [${r.map((x) => x.wall.toFixed(2)).join(', ')}] | ${m('main')} | ${m('threads')} | ${m('pagefind')} | ${all} |`,
    );
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
