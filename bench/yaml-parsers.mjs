// js-yaml's two ways quire reads YAML (src/load/front-matter-yaml.ts): plain, and with a listener that keeps each
// node's place (front matter that fails or does not validate), on the front matter of the 1,000 realistic pages
// (bench/realistic.mjs) and of the real site's pages, and the Docusaurus fixtures' YAML files. Each parser runs in fresh processes, in
// turns: the first pass is what a build pays (each file is parsed once), the later passes what a warm parser does.
// Usage: node bench/yaml-parsers.mjs [--passes 9]
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CORE_SCHEMA, load as jsYamlLoad } from 'js-yaml';
import { realisticQuireSite } from './realistic.mjs';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const at = process.argv.indexOf('--passes');
const passes = at > 0 ? Number(process.argv[at + 1]) : 9;

function files(dir, test) {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile() && test(d.name))
    .map((d) => path.join(d.parentPath, d.name));
}

const FENCE = /^---[ \t]*\r?\n([\s\S]*?)\r?\n?---[ \t]*(?:\r?\n|$)/;
const frontMatter = (abs) => FENCE.exec(readFileSync(abs, 'utf8'))?.[1];
const site = realisticQuireSite(1000, path.join(tmpdir(), 'quire-yaml-bench'));
const sets = {
  '1,000 realistic pages, front matter': files(path.join(site, 'content'), (n) => n.endsWith('.md')).map(frontMatter),
  'real site, front matter': files(path.join(repo, 'content'), (n) => /\.mdx?$/.test(n)).map(frontMatter),
  'Docusaurus fixtures, YAML files': files(path.join(repo, 'test/fixtures'), (n) => /\.ya?ml$/.test(n)).map((f) => readFileSync(f, 'utf8')),
};

const parsers = {
  'js-yaml load (core schema)': (t) => jsYamlLoad(t, { schema: CORE_SCHEMA }),
  'js-yaml load + listener (node places)': (t) => jsYamlLoad(t, { schema: CORE_SCHEMA, listener: placeNodes() }),
};

/** A listener like the front matter's: each node's start, end, kind and children (the tree is dropped here). */
function placeNodes() {
  const stack = [];
  return (event, state) => {
    if (event === 'open') return void stack.push({ start: state.position, end: 0, kind: null, children: [] });
    const node = stack.pop();
    node.end = state.position;
    node.kind = state.kind;
    stack.at(-1)?.children.push(node);
  };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[(xs.length - 1) >> 1];

/** In a child process: one parser over one set, the first pass (what a build sees) and the later passes' median. */
function measure(parserName, setName) {
  const texts = sets[setName].filter((t) => t !== undefined);
  const parseText = parsers[parserName];
  const times = [];
  for (let pass = 0; pass < passes; pass++) {
    const start = performance.now();
    for (const t of texts) parseText(t);
    times.push(performance.now() - start);
  }
  process.stdout.write(JSON.stringify({ first: times[0], later: median(times.slice(1)) }));
}

const child = process.argv.indexOf('--child');
if (child > 0) measure(process.argv[child + 1], process.argv[child + 2]);
else {
  // Each parser in fresh processes, in turns: a build parses each file once, before V8 has optimised the parser.
  const rounds = 5;
  for (const [name, texts0] of Object.entries(sets)) {
    const texts = texts0.filter((t) => t !== undefined);
    const kb = texts.reduce((n, t) => n + t.length, 0) / 1024;
    const got = Object.fromEntries(Object.keys(parsers).map((p) => [p, []]));
    for (let round = 0; round < rounds; round++)
      for (const p of Object.keys(parsers)) {
        const r = spawnSync(process.execPath, [fileURLToPath(import.meta.url), '--passes', String(passes), '--child', p, name], {
          encoding: 'utf8',
        });
        got[p].push(JSON.parse(r.stdout));
      }
    console.log(`\n${name}: ${texts.length} texts, ${kb.toFixed(0)} kB (medians of ${rounds} fresh processes)`);
    console.log(`  ${'parser'.padEnd(42)} first pass   later passes`);
    for (const [p, rs] of Object.entries(got)) {
      const first = median(rs.map((r) => r.first)).toFixed(1);
      const later = median(rs.map((r) => r.later)).toFixed(1);
      console.log(`  ${p.padEnd(42)} ${first.padStart(7)} ms ${later.padStart(9)} ms`);
    }
  }
}
