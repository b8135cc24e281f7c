// Benchmarks quire: cold and warm builds of the real site and of generated 1,000 and 10,000 page sites
// (wall time and peak memory, and the time quire's parser alone needs for the same sources), and the
// JavaScript and CSS a visitor downloads (gzip).
// Usage: npm run bench [-- --sizes 1000,10000] (BENCH_RUNS=3: runs per build, median reported);
// writes bench/results.json and prints a Markdown table.
import { spawnSync } from 'node:child_process';
import { build as esbuild } from 'esbuild';
import { closeSync, mkdirSync, openSync } from 'node:fs';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { generateSite } from './generate.mjs';
import { firstQueryBytes, indexSize } from './search.mjs';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const sizesArg =
  process.argv.find((a) => a.startsWith('--sizes='))?.split('=')[1] ??
  (process.argv.includes('--sizes') ? process.argv[process.argv.indexOf('--sizes') + 1] : undefined);
const sizes = (sizesArg && !sizesArg.startsWith('--') ? sizesArg : '1000,10000').split(',').map(Number).filter(Boolean);

function build(root, out) {
  const start = performance.now();
  const r = spawnSync(
    process.execPath,
    ['--import', path.join(repo, 'bench/process-stats.mjs'), path.join(repo, 'lib/quire.js'), 'build', '--root', root, '--out', out],
    {
      encoding: 'utf8',
      env: { ...process.env, CI: '1' },
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  const ms = performance.now() - start;
  if (r.status !== 0) throw new Error(`build of ${root} failed:\n${r.stderr.slice(-4000)}`);
  const rssKb = Number(/QUIRE_BENCH_MAX_RSS_KB=(\d+)/.exec(r.stderr)?.[1] ?? 0);
  const pages = Number(/Built (\d+) pages/.exec(r.stderr)?.[1] ?? 0);
  return { ms: Math.round(ms), peakMB: Math.round(rssKb / 1024), pages, cpu: cpuOf(r.stderr) };
}

/**
 * The CPU time a build used (bench/process-stats.mjs), in ms: its main thread, its other threads (V8's
 * helpers, the file system's thread pool, workers) and its child processes (Pagefind, esbuild), and the total.
 */
function cpuOf(stderr) {
  const line = /QUIRE_BENCH_CPU=(\{.*\})/.exec(stderr)?.[1];
  if (!line) return undefined;
  const { main, threads, children } = JSON.parse(line);
  const childMs = Object.values(children).reduce((a, b) => a + b, 0);
  return { main, threads, children, totalMs: main + threads + childMs };
}

/**
 * The parsing floor (bench/parse-floor.ts): quire's parser alone over the site's sources, in a fresh
 * process each run; the median first pass (what a cold build pays) and steady pass.
 */
const floorScript = path.join(repo, 'bench/out/parse-floor.mjs');
await esbuild({
  entryPoints: [path.join(repo, 'bench/parse-floor.ts')],
  outfile: floorScript,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  banner: { js: "import { createRequire as __c } from 'node:module'; const require = __c(import.meta.url);" },
  logLevel: 'warning',
});
function parseFloor(root, runs) {
  const passes = [];
  for (let i = 0; i < runs; i++) {
    const r = spawnSync(process.execPath, [floorScript, root], { encoding: 'utf8', env: { ...process.env, NODE_ENV: 'production' } });
    if (r.status !== 0) throw new Error(`parse floor of ${root} failed:\n${r.stderr.slice(-2000)}`);
    passes.push(JSON.parse(r.stdout.trim().split('\n').pop()));
  }
  return { ...passes[0], firstPassMs: median(passes.map((p) => p.firstPassMs)), steadyPassMs: median(passes.map((p) => p.steadyPassMs)) };
}

/** Runs of each build; the report gives the median (this machine's disk and CPU vary from run to run). */
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
/** The item whose `key` is the median one. */
const medianBy = (xs, key) => [...xs].sort((a, b) => key(a) - key(b))[Math.floor(xs.length / 2)];
const median = (xs) => medianBy(xs, (x) => x);
const coldOutputs = [];

/**
 * Cold: no cache (.quire removed) and no previous output (a new output folder each run, so no run
 * pays for deleting the last one). Warm: the same build again into the last cold run's folder, nothing
 * changed. Edit: one docs page gets a new paragraph before each run (a writer's `quire build` after
 * saving a page); the file is restored afterwards.
 */
async function measure(name, root, runs = RUNS) {
  const colds = [];
  let out;
  for (let i = 0; i < runs; i++) {
    out = path.join(repo, 'bench/out', `dist-${name}-${Date.now().toString(36)}`);
    coldOutputs.push(out);
    await rm(path.join(root, '.quire'), { recursive: true, force: true });
    colds.push(build(root, out));
  }
  const warms = [];
  for (let i = 0; i < runs; i++) warms.push(build(root, out));
  const docs = path.join(root, 'content/docs');
  const edited = path.join(docs, (await readdir(docs, { recursive: true })).filter((f) => /\.mdx?$/.test(f)).sort()[0]);
  const original = await readFile(edited, 'utf8');
  const edits = [];
  try {
    for (let i = 0; i < runs; i++) {
      await writeFile(edited, `${original}\n\nEin neuer Absatz für die Messung, Nummer ${i + 1}.\n`);
      edits.push(build(root, out));
    }
  } finally {
    await writeFile(edited, original);
  }
  const html = (await readdir(out, { recursive: true })).filter((f) => f.endsWith('.html'));
  let htmlBytes = 0;
  for (const f of html.slice(0, 200)) htmlBytes += (await readFile(path.join(out, f))).length;
  return {
    name,
    pages: colds[0].pages,
    runs,
    coldMs: median(colds.map((r) => r.ms)),
    warmMs: median(warms.map((r) => r.ms)),
    editMs: median(edits.map((r) => r.ms)),
    coldPeakMB: median(colds.map((r) => r.peakMB)),
    // The cold run of median total CPU time, with its parts.
    coldCpu: medianBy(colds.map((r) => r.cpu).filter(Boolean), (c) => c.totalMs),
    warmPeakMB: median(warms.map((r) => r.peakMB)),
    avgHtmlKB: Math.round(htmlBytes / Math.min(html.length, 200) / 102.4) / 10,
    parse: parseFloor(root, runs),
    out,
  };
}

async function clientBytes(out) {
  const dir = path.join(out, 'de/assets');
  const files = await readdir(dir);
  const size = async (re) => {
    const f = files.find((x) => re.test(x));
    if (!f) return 0;
    return gzipSync(await readFile(path.join(dir, f)), { level: 9 }).length;
  };
  return { jsGzipBytes: await size(/^main\..+\.js$/), cssGzipBytes: await size(/^styles\..+\.css$/) };
}

/**
 * How fast this machine is at the moment, so runs on a machine whose speed varies can be compared: a fixed
 * arithmetic loop, and creating 1,000 empty files in a new folder (what a first build does ~3,000 times).
 * The folders are deleted with the other outputs at the end, so no build shares the disk with that.
 */
const probeDirs = [];
function machineProbe() {
  let start = performance.now();
  let x = 0;
  for (let i = 0; i < 2e8; i++) x = (x + i * 7) % 1000003;
  const loopMs = Math.round(performance.now() - start);
  if (x < 0) throw new Error('unreachable: keeps the loop from being optimised away');
  const dir = path.join(repo, 'bench/out', `probe-${Date.now().toString(36)}`);
  probeDirs.push(dir);
  mkdirSync(dir, { recursive: true });
  start = performance.now();
  for (let i = 0; i < 1000; i++) closeSync(openSync(path.join(dir, `f${i}`), 'wx'));
  return { loopMs, create1000Ms: Math.round(performance.now() - start) };
}

const probeBefore = machineProbe();
const results = [];
results.push(await measure('real site', repo));
const client = await clientBytes(results[0].out);
// Search: the static index of the real site and what a first query downloads (needs Chromium).
const search = {
  ...(await indexSize(results[0].out)),
  firstQuery: await firstQueryBytes(results[0].out).catch((e) => ({ error: e.message })),
};
for (const n of sizes) {
  const root = path.join(repo, 'bench/out', `site-${n}`);
  await generateSite(n, root);
  results.push(await measure(`generated ${n}`, root, n >= 10000 ? 1 : RUNS));
}
// One long page (about 1 MB of short paragraphs, each followed by a two-item list): the parser's time grows with
// the page's size, not its square (patches/micromark-util-edit-map+1.0.0.patch); the parsing floor measures it alone.
const longRoot = path.join(repo, 'bench/out/long-page');
await mkdir(path.join(longRoot, 'content/docs'), { recursive: true });
await writeFile(
  path.join(longRoot, 'content/docs/lang.md'),
  Array.from({ length: 11000 }, (_, i) => `Absatz ${i} über Übersetzung und zweisprachiges Lesen.\n\n- eins\n- zwei\n`).join('\n'),
);
const longPage = parseFloor(longRoot, 1);
// Earlier runs' output folders go only now, so no measured build shared the disk with their deletion.
const keep = new Set(results.map((r) => r.out));
const probeAfter = machineProbe();
for (const dir of [...coldOutputs.filter((d) => !keep.has(d)), ...probeDirs]) await rm(dir, { recursive: true, force: true });
const machine = { loopMs: [probeBefore.loopMs, probeAfter.loopMs], create1000FilesMs: [probeBefore.create1000Ms, probeAfter.create1000Ms] };
const report = {
  date: new Date().toISOString(),
  node: process.version,
  cpus: (await import('node:os')).cpus().length,
  machine,
  client,
  search,
  longPage,
  results: results.map(({ out, ...r }) => r),
};
await writeFile(path.join(repo, 'bench/results.json'), JSON.stringify(report, null, 2) + '\n');
console.log(
  '| site | pages | cold build | warm build | one page edited | peak memory (cold) | avg HTML per page | parsing alone, cold (steady) |',
);
console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
const s = (ms) => `${(ms / 1000).toFixed(2)} s`;
for (const r of report.results)
  console.log(
    `| ${r.name} | ${r.pages} | ${s(r.coldMs)} | ${s(r.warmMs)} | ${s(r.editMs)} | ${r.coldPeakMB} MB | ${r.avgHtmlKB} kB | ${s(r.parse.firstPassMs)} (${s(r.parse.steadyPassMs)}) for ${Math.round(r.parse.bytes / 1024)} kB |`,
  );
console.log(
  `\nCPU time of a cold build (the run of median total; on ${report.cpus} cores a build cannot take less than total ÷ ${report.cpus}):\n`,
);
console.log('| site | total | main thread | other threads | Pagefind | esbuild | total ÷ cores |');
console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: |');
for (const r of report.results.filter((x) => x.coldCpu)) {
  const c = r.coldCpu;
  console.log(
    `| ${r.name} | ${s(c.totalMs)} | ${s(c.main)} | ${s(c.threads)} | ${s(c.children.pagefind ?? 0)} | ${s(c.children.esbuild ?? 0)} | ${s(c.totalMs / report.cpus)} |`,
  );
}
console.log(
  `\nThe machine during this run (before → after): arithmetic loop ${machine.loopMs.join(' → ')} ms, creating 1,000 files ${machine.create1000FilesMs.join(' → ')} ms.`,
);
console.log(
  `\nMedian of ${RUNS} runs each (10,000 pages: one run). Parsing alone: quire's parser over the site's sources in a fresh process (bench/parse-floor.ts), first pass and a later pass.`,
);
console.log(`\nOne long page of paragraphs and lists (${Math.round(longPage.bytes / 1024)} kB): parsed in ${s(longPage.firstPassMs)}.`);
console.log(`\nJavaScript per page (gzip): ${client.jsGzipBytes} B; CSS (gzip): ${client.cssGzipBytes} B`);
const kB = (n) => `${Math.round(n / 1024)} kB`;
console.log(`\n### Search (real site)\n`);
console.log(`Static index: ${kB(search.indexBytes)} in ${search.indexFiles} files under de/pagefind/`);
const q = search.firstQuery;
if ('error' in q) console.log(`First query: not measured (${q.error})`);
else
  console.log(
    `First query "${q.query}" from a docs page: ${kB(q.bytes)} in ${q.requests} requests (${kB(q.gzipBytes)} with gzip): modal code ${kB(q.codeBytes)}, Pagefind runtime ${kB(q.runtimeBytes)}, index data ${kB(q.dataBytes)}`,
  );

// quire dev: edit-to-reload on a generated 1,000-page site (bench/dev.mjs), added to results.json as `dev`.
const { measureDevReload } = await import('./dev.mjs');
const dev = await measureDevReload().catch((e) => ({ error: e.message }));
await writeFile(path.join(repo, 'bench/results.json'), JSON.stringify({ ...report, dev }, null, 2) + '\n');
console.log(`\n### quire dev (generated 1,000 pages)\n`);
if ('error' in dev) console.log(`Edit to reload: not measured (${dev.error})`);
else
  console.log(
    `Edit to reload, one doc body: ${dev.toReloadEventMedianMs} ms median, ${dev.toReloadEventP95Ms} ms p95 to the reload event; ${dev.toReloadedPageMedianMs} ms median until the new page is fetched. A title edit (${dev.titleEditPagesRendered} pages): ${dev.titleEditToReloadEventMedianMs} ms median, ${dev.titleEditToReloadEventP95Ms} ms p95.`,
  );
