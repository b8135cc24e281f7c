// quire beside its peers on realistic content (../shared/bench/gen-site.mjs, seed 42, pages of about 5 kB):
// cold builds of Hugo (Debian package), Eleventy (npm, markdown-it defaults), Pagefind's CLI over Eleventy's
// output, and quire with its search index, with hosted search and warm; interleaved, each previous output moved
// aside (not deleted, see ../shared/bench/README.md), medians of the runs; wall time, CPU time, peak memory, and
// each figure as a ratio to the peers.
// Usage: node bench/peers.mjs [--pages 1000] [--runs 3] [--quire lib/quire.js] [--compare other/lib/quire.js] [--only quire]
// `--compare`: another quire build (an earlier commit's lib/) measured in the same interleaved run.
// Installs the peers on first use (Eleventy into bench/.peers/, `hugo` with apt-get): not part of `npm ci`.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { copyLocales, generatePages, realisticQuireSite } from './realistic.mjs';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const pages = Number(arg('pages', '1000'));
const runs = Number(arg('runs', '3'));
const quire = path.resolve(arg('quire', path.join(repo, 'lib/quire.js')));
const only = arg('only', '');
const compare = arg('compare', '') && path.resolve(arg('compare', ''));
const work = path.join(repo, 'bench/.peers', `site-${pages}`);
const aside = path.join(repo, 'bench/.peers', 'aside');

function run(command, args, options = {}) {
  const r = spawnSync(command, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, ...options });
  if (r.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (${r.status}):\n${(r.stderr || r.stdout || '').slice(-3000)}`);
  return r;
}

/** Eleventy in bench/.peers (its own package.json), Hugo from Debian: installed once. */
function installPeers() {
  const peers = path.join(repo, 'bench/.peers');
  mkdirSync(peers, { recursive: true });
  if (!existsSync(path.join(peers, 'node_modules/@11ty/eleventy'))) {
    writeFileSync(path.join(peers, 'package.json'), JSON.stringify({ private: true, type: 'module' }));
    run('npm', ['install', '--no-audit', '--no-fund', '--prefix', peers, '@11ty/eleventy@3'], { stdio: 'inherit' });
  }
  if (spawnSync('hugo', ['version']).status !== 0) {
    const sudo = process.getuid?.() === 0 ? [] : ['sudo'];
    run(sudo[0] ?? 'apt-get', [...sudo.slice(1), ...(sudo.length ? ['apt-get'] : []), 'install', '-y', '--no-install-recommends', 'hugo'], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  }
}

/** The same generated pages laid out for each generator: relative .md links for quire, route links for the others. */
function prepareSites() {
  const mark = path.join(work, `.generated-${pages}`);
  if (existsSync(mark)) return void copyLocales(path.join(work, 'quire'));
  rmSync(work, { recursive: true, force: true });
  realisticQuireSite(pages, path.join(work, 'quire'));
  const e = path.join(work, 'eleventy');
  generatePages(pages, path.join(e, 'docs/gen'), 'url');
  // A page layout, as any Eleventy site has: Pagefind indexes whole HTML documents only.
  mkdirSync(path.join(e, '_includes'), { recursive: true });
  writeFileSync(
    path.join(e, '_includes/page.liquid'),
    '<!DOCTYPE html><html lang="de"><head><meta charset="utf-8"><title>{{ title }}</title></head><body><main>{{ content }}</main></body></html>\n',
  );
  writeFileSync(path.join(e, 'docs/docs.json'), JSON.stringify({ layout: 'page.liquid' }));
  const h = path.join(work, 'hugo');
  generatePages(pages, path.join(h, 'content/docs/gen'), 'url');
  writeFileSync(
    path.join(h, 'hugo.toml'),
    "baseURL = 'https://bench.example/'\nlanguageCode = 'de'\ntitle = 'Bench'\ndisableKinds = ['taxonomy', 'term', 'RSS']\n[markup.goldmark.renderer]\nunsafe = true\n",
  );
  mkdirSync(path.join(h, 'layouts/_default'), { recursive: true });
  const page =
    '<!DOCTYPE html><html lang="de"><head><meta charset="utf-8"><title>{{ .Title }}</title></head><body><main>{{ .Content }}</main></body></html>\n';
  writeFileSync(path.join(h, 'layouts/_default/single.html'), page);
  writeFileSync(
    path.join(h, 'layouts/_default/list.html'),
    page.replace('{{ .Content }}', '{{ .Content }}{{ range .Pages }}<a href="{{ .RelPermalink }}">{{ .Title }}</a>{{ end }}'),
  );
  writeFileSync(mark, '');
}

/** Moves outputs and caches aside (deleting thousands of files just before a build slows the next one down). */
function moveAside(...dirs) {
  mkdirSync(aside, { recursive: true });
  for (const dir of dirs)
    if (existsSync(dir)) renameSync(dir, path.join(aside, `${path.basename(dir)}-${Date.now()}-${Math.random().toString(36).slice(2)}`));
}

/** One timed command: wall seconds, CPU seconds (user + system, children included) and peak memory in MB. */
function timed(command, args, cwd, env = {}) {
  const stats = path.join(work, '.time');
  const start = performance.now();
  const r = run('/usr/bin/time', ['-f', '%U %S %M', '-o', stats, command, ...args], { cwd, env: { ...process.env, CI: '1', ...env } });
  const wall = (performance.now() - start) / 1000;
  const [user, system, kb] = readFileSync(stats, 'utf8').trim().split('\n').pop().split(' ').map(Number);
  // quire's Pagefind and esbuild services still run when it exits, so /usr/bin/time never counts them:
  // bench/process-stats.mjs (preloaded, see quireBuild) reports their CPU time and peak memory.
  const cpu = JSON.parse(/QUIRE_BENCH_CPU=(\{.*\})/.exec(r.stderr)?.[1] ?? '{"children":{}}');
  const running = Object.entries(cpu.children).reduce((sum, [name, ms]) => (name === 'ended' ? sum : sum + ms), 0);
  const childKb = Number(/QUIRE_BENCH_CHILD_RSS_KB=(\d+)/.exec(r.stderr)?.[1] ?? 0);
  return { wall, cpu: user + system + running / 1000, mb: Math.max(kb, childKb) / 1024 };
}

/** A quire build with bench/process-stats.mjs preloaded. */
const quireBuild = (lib, ...args) => quireBuildWith({}, lib, ...args);
const quireBuildWith = (env, lib, ...args) =>
  timed(process.execPath, ['--import', path.join(repo, 'bench/process-stats.mjs'), lib, 'build', ...args], q(), env);

const eleventyBin = path.join(repo, 'bench/.peers/node_modules/@11ty/eleventy/cmd.cjs');
const pagefindBin = path.join(repo, 'node_modules/pagefind/lib/runner/bin.cjs');
const q = () => path.join(work, 'quire');
const cases = {
  hugo: () => (
    moveAside(path.join(work, 'hugo/public'), path.join(work, 'hugo/resources')), timed('hugo', ['--quiet'], path.join(work, 'hugo'))
  ),
  eleventy: () => (
    moveAside(path.join(work, 'eleventy/_site')), timed(process.execPath, [eleventyBin, '--quiet'], path.join(work, 'eleventy'))
  ),
  'pagefind CLI over Eleventy': () => (
    moveAside(path.join(work, 'eleventy/_site/pagefind')),
    timed(process.execPath, [pagefindBin, '--site', '_site', '--silent'], path.join(work, 'eleventy'))
  ),
  'quire, search index': () => (
    moveAside(path.join(q(), 'dist'), path.join(q(), '.dist-builds'), path.join(q(), '.quire')), quireBuild(quire)
  ),
  'quire, warm': () => quireBuild(quire),
  'quire, hosted search': () => (
    moveAside(path.join(q(), 'dist'), path.join(q(), '.dist-builds'), path.join(q(), '.quire')),
    quireBuild(quire, '--config', 'hosted.config.ts')
  ),
  // As the first run after installing quire (or a new Node): its own code not yet in V8's code cache.
  'quire, hosted search, first run': () => (
    moveAside(path.join(q(), 'dist'), path.join(q(), '.dist-builds'), path.join(q(), '.quire')),
    quireBuildWith({ QUIRE_CODE_CACHE: '0' }, quire, '--config', 'hosted.config.ts')
  ),
};
if (compare) {
  const fresh = () => moveAside(path.join(q(), 'dist'), path.join(q(), '.dist-builds'), path.join(q(), '.quire'));
  cases['quire (compared), search index'] = () => (fresh(), quireBuild(compare));
  cases['quire (compared), warm'] = () => quireBuild(compare);
  cases['quire (compared), hosted search'] = () => (fresh(), quireBuild(compare, '--config', 'hosted.config.ts'));
}

installPeers();
prepareSites();
// quire as on any machine that ran it once: its code cache written (cli/launcher.ts); the row above measures without.
for (const lib of [quire, compare].filter(Boolean)) {
  moveAside(path.join(q(), 'dist'), path.join(q(), '.dist-builds'), path.join(q(), '.quire'));
  quireBuild(lib, '--config', 'hosted.config.ts');
}
const results = Object.fromEntries(Object.keys(cases).map((name) => [name, []]));
for (let i = 0; i < runs; i++) {
  for (const [name, measure] of Object.entries(cases)) {
    if (only && !name.includes(only) && !(name.startsWith('pagefind') && only === 'eleventy')) continue;
    results[name].push(measure());
  }
}
const median = (values) => values.slice().sort((a, b) => a - b)[Math.floor(values.length / 2)];
const m = Object.fromEntries(
  Object.entries(results)
    .filter(([, r]) => r.length)
    .map(([name, r]) => [
      name,
      {
        wall: median(r.map((x) => x.wall)),
        cpu: median(r.map((x) => x.cpu)),
        mb: median(r.map((x) => x.mb)),
        all: r.map((x) => x.wall.toFixed(2)),
      },
    ]),
);
const peer = (name) => m[name]?.wall;
const elevPf = peer('eleventy') && peer('pagefind CLI over Eleventy') ? peer('eleventy') + peer('pagefind CLI over Eleventy') : undefined;
console.log(`\n${pages} realistic pages, ${runs} interleaved runs each (median; all runs in brackets)\n`);
console.log('| build | wall | CPU | peak memory | ÷ Eleventy | ÷ Eleventy + Pagefind | ÷ Hugo |');
console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: |');
const ratio = (a, b) => (a && b ? `${(a / b).toFixed(2)} ×` : '');
for (const [name, r] of Object.entries(m)) {
  console.log(
    `| ${name} | ${r.wall.toFixed(2)} s [${r.all.join(', ')}] | ${r.cpu.toFixed(2)} s | ${r.mb.toFixed(0)} MB | ${ratio(r.wall, peer('eleventy'))} | ${ratio(r.wall, elevPf)} | ${ratio(r.wall, peer('hugo'))} |`,
  );
}
