// Lighthouse 12 on the built site, as README's Lighthouse figures were measured: mobile (Lighthouse's default form
// factor and simulated throttling), Debian's Chromium, the site served with gzip on 127.0.0.1, several runs per
// page and the median kept, since on a shared machine Total Blocking Time varies from run to run.
// Lighthouse is fetched by npx on first use rather than made a dependency of the repository.
// Usage: node bench/lighthouse.mjs [--dist dist] [--runs 5] [--chrome /usr/bin/chromium] [--reports dir] [--json file]
//   [route ...]
//   (default routes: /de/, /de/docs/features/pdf/, /de/pricing/, /de/404.html); prints a Markdown table of the
//   scores, Total Blocking Time, the longest main-thread task and the style and layout time, each a median with its
//   range: on a shared machine the score follows the load, the work behind it less so.
//   --reports keeps each run's full Lighthouse JSON there (long tasks, layout shifts, main-thread work), to read
//   why a score is below 100 rather than guess.
//   --json writes what was measured (every run of every page, the load, Chromium's version) to a file: README's
//   figures come from `--runs 3 --json bench/lighthouse.json`, as the table bench/lighthouse-table.mjs makes of it.
import { execFile } from 'node:child_process';
import { createReadStream } from 'node:fs';
import { mkdir, stat, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { loadavg } from 'node:os';
import path from 'node:path';
import { parseArgs, promisify } from 'node:util';
import { createGzip } from 'node:zlib';
import { lighthouseTable, median } from './lighthouse-table.mjs';

const { values, positionals } = parseArgs({
  options: {
    dist: { type: 'string', default: 'dist' },
    runs: { type: 'string', default: '5' },
    chrome: { type: 'string', default: '/usr/bin/chromium' },
    reports: { type: 'string' },
    json: { type: 'string' },
  },
  allowPositionals: true,
});
const root = path.resolve(values.dist);
const routes = positionals.length ? positionals : ['/de/', '/de/docs/features/pdf/', '/de/pricing/', '/de/404.html'];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.xml': 'application/xml',
  '.txt': 'text/plain; charset=utf-8',
  '.png': 'image/png',
  '.wasm': 'application/wasm',
};

/** The folder served the way a bucket serves it (`/x/` → `x/index.html`, else the 404 page), gzipped where it pays. */
const server = createServer(async (req, res) => {
  const url = new URL(req.url ?? '/', 'http://localhost');
  let file = path.join(root, decodeURIComponent(url.pathname));
  if (url.pathname.endsWith('/')) file = path.join(file, 'index.html');
  let status = 200;
  if (
    !file.startsWith(root) ||
    !(await stat(file)
      .then((s) => s.isFile())
      .catch(() => false))
  ) {
    status = 404;
    file = path.join(root, 'de/404.html');
  }
  const type = TYPES[path.extname(file)] ?? 'application/octet-stream';
  const gzip = /\bgzip\b/.test(req.headers['accept-encoding'] ?? '') && !/png|wasm/.test(type);
  res.writeHead(status, { 'content-type': type, 'cache-control': 'public, max-age=3600', ...(gzip ? { 'content-encoding': 'gzip' } : {}) });
  const body = createReadStream(file);
  (gzip ? body.pipe(createGzip()) : body).pipe(res);
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const base = `http://127.0.0.1:${server.address().port}`;

/**
 * One Lighthouse run of one page: its four category scores, 0–100, its Total Blocking Time in ms, the metric that
 * varies on a shared machine, its longest task and its style and layout time (simulated at Lighthouse's fourfold
 * CPU slowdown), its report kept as `<reports>/<route>-<run>.json`.
 */
async function lighthouse(route, run) {
  const { stdout } = await promisify(execFile)(
    'npx',
    [
      '--yes',
      'lighthouse@12',
      base + route,
      '--output=json',
      '--output-path=stdout',
      '--quiet',
      `--only-categories=${CATEGORIES.join(',')}`,
      '--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --no-first-run',
    ],
    { env: { ...process.env, CHROME_PATH: values.chrome }, maxBuffer: 64 * 1024 * 1024 },
  );
  if (values.reports) {
    await mkdir(values.reports, { recursive: true });
    await writeFile(path.join(values.reports, `${route.replace(/\W+/g, '_')}-${run}.json`), stdout);
  }
  const { categories, audits } = JSON.parse(stdout);
  const longest = Math.max(0, ...(audits['long-tasks']?.details?.items ?? []).map((task) => task.duration));
  const layout = (audits['mainthread-work-breakdown']?.details?.items ?? []).find((item) => item.group === 'styleLayout');
  return [
    ...CATEGORIES.map((c) => Math.round(categories[c].score * 100)),
    Math.round(audits['total-blocking-time'].numericValue),
    Math.round(longest),
    Math.round(layout?.duration ?? 0),
  ];
}

const loadBefore = loadavg()[0];
const measured = new Date().toISOString();
const pages = [];
try {
  for (const route of routes) {
    const runs = [];
    for (let i = 0; i < Number(values.runs); i++) runs.push(await lighthouse(route, i));
    pages.push({ route, runs });
  }
} finally {
  server.close();
}
const { stdout: chromium } = await promisify(execFile)(values.chrome, ['--version']);
const record = {
  measured,
  runs: Number(values.runs),
  load: [loadBefore, loadavg()[0]],
  chromium: chromium.trim().replace(/ built on .*/, ''),
  pages,
};
if (values.json) await writeFile(values.json, JSON.stringify(record, null, 2) + '\n');
console.log(lighthouseTable(record));
// The work behind the scores, for reading why one moved: the longest task and the style and layout time.
for (const { route, runs } of pages)
  console.log(`${route}: longest task ${median(runs.map((r) => r[5]))} ms, style and layout ${median(runs.map((r) => r[6]))} ms (medians)`);
