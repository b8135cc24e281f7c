// The compiler against an earlier commit's, in turns (bench/compile-floor.ts bundled from each tree): the compile
// stage's CPU alone, without the rest of a build, whose noise on a shared machine hides a change of a tenth.
// Usage: node bench/compile-ab.mjs --base <commit> [--site bench/.peers/site-1000/quire] [--rounds 5] [--passes 3]
// Prints per round each side's passes (CPU ms of the process), then the medians of the passes after the first
// (the first pays for loading grammars and warming up the JIT, as a cold build does once).
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const base = arg('base');
if (!base) throw new Error('usage: node bench/compile-ab.mjs --base <commit> [--site dir] [--rounds n] [--passes n]');
const site = path.resolve(arg('site', path.join(repo, 'bench/.peers/site-1000/quire')));
const rounds = Number(arg('rounds', '5'));
const passes = Number(arg('passes', '3'));

const work = mkdtempSync(path.join(tmpdir(), 'quire-compile-ab-'));
/** bench/compile-floor.ts bundled from `tree` (a folder with src/ and bench/), its node_modules this repository's. */
async function bundle(tree, name) {
  const outfile = path.join(work, `${name}.mjs`);
  await build({
    entryPoints: [path.join(repo, 'bench/compile-floor.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    nodePaths: [path.join(repo, 'node_modules')],
    // The entry is this repository's; its imports of ../src resolve in `tree`.
    plugins: [
      {
        name: 'tree',
        setup(b) {
          b.onResolve({ filter: /^\.\.\/src\// }, (a) => ({ path: path.join(tree, a.path.slice(3)) }));
        },
      },
    ],
    banner: { js: "import { createRequire as __c } from 'node:module'; const require = __c(import.meta.url);" },
    logLevel: 'warning',
  });
  return outfile;
}

const baseTree = path.join(work, 'base');
mkdirSync(baseTree);
execFileSync('sh', ['-c', `git -C "${repo}" archive ${base} src | tar -x -C "${baseTree}"`]);
const scripts = { base: await bundle(baseTree, 'base'), this: await bundle(repo, 'this') };
const results = { base: [], this: [] };
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
for (let round = 0; round < rounds; round++) {
  for (const side of round % 2 ? ['this', 'base'] : ['base', 'this']) {
    const r = spawnSync(process.execPath, [scripts[side], site, String(passes)], {
      encoding: 'utf8',
      env: { ...process.env, NODE_ENV: 'production' },
    });
    if (r.status !== 0) throw new Error(`${side} failed:\n${r.stderr.slice(-2000)}`);
    const out = JSON.parse(r.stdout.trim().split('\n').pop());
    results[side].push(...out.passes.slice(1).map((p) => p.cpuMs));
    console.log(
      `round ${round + 1} ${side.padEnd(4)} first ${out.passes[0].cpuMs} ms, then ${out.passes
        .slice(1)
        .map((p) => p.cpuMs)
        .join(', ')} ms CPU (load ${(await import('node:os')).loadavg()[0].toFixed(1)})`,
    );
  }
}
console.log(
  `median CPU per pass after the first: base ${median(results.base)} ms, this ${median(results.this)} ms (${results.base.length} passes each)`,
);
rmSync(work, { recursive: true, force: true });
