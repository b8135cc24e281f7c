// The parsing floor of a site: how long quire's parser alone (src/compile/processors.ts `parseOnly`: the
// processor `quire build` uses for each file, with the syntax extensions it picks) takes over the site's
// sources, without any other stage. A cold build cannot be faster than its first pass. bench/run.mjs
// bundles this file with esbuild and runs it per site: node parse-floor.mjs <site root>.
// Prints one JSON line: { files, bytes, firstPassMs, steadyPassMs }.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { prepareMarkdown } from '../src/compile/pipeline.ts';
import { parseOnly } from '../src/compile/processors.ts';

const root = process.argv[2] ?? '.';
const contentDir = path.join(root, 'content');
const sources = (readdirSync(contentDir, { recursive: true }) as string[])
  .filter((f) => /\.mdx?$/.test(f))
  .sort()
  .map((f) => ({
    file: f,
    format: f.endsWith('.mdx') ? ('mdx' as const) : ('md' as const),
    text: prepareMarkdown(readFileSync(path.join(contentDir, f), 'utf8').replace(/^---\r?\n[\s\S]*?\r?\n---\r?\n/, '')),
  }));

function pass(): number {
  const start = performance.now();
  for (const s of sources) parseOnly(s.format, s.text, s.file);
  return performance.now() - start;
}

const firstPassMs = pass();
// The third pass: the compiler has optimised the parser by then.
pass();
const steadyPassMs = pass();
const bytes = sources.reduce((n, s) => n + Buffer.byteLength(s.text), 0);
console.log(JSON.stringify({ files: sources.length, bytes, firstPassMs: Math.round(firstPassMs), steadyPassMs: Math.round(steadyPassMs) }));
