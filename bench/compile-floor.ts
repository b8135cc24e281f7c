// The compiling floor of a site: processSource (src/compile/processors.ts, what `quire build` runs per page in its
// compile stage: parse, plugins, highlighting, HTML) over every page, in one thread, with no other stage around it.
// bench/compile-ab.mjs bundles this file from two source trees and runs them in turns, so a change to the compiler
// is measured against its base on the same machine at the same time: node compile-floor.mjs <site root> [passes].
// Prints one JSON line: { files, bytes, passes: [{ wallMs, cpuMs }] } (CPU time of the process: user + system).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { compileTexts } from '../src/compile/compile.ts';
import { processSource } from '../src/compile/processors.ts';
import { splitFrontMatter } from '../src/load/front-matter.ts';
import type { Source } from '../src/types.ts';

const root = process.argv[2] ?? '.';
const passCount = Number(process.argv[3] ?? 3);
const contentDir = path.join(root, 'content');
const sources: Source[] = (readdirSync(contentDir, { recursive: true }) as string[])
  .filter((f) => /\.mdx?$/.test(f))
  .sort()
  .map((f, i) => {
    const text = readFileSync(path.join(contentDir, f), 'utf8');
    const { body } = splitFrontMatter(text, f);
    const bodyLine = text.slice(0, text.length - body.length).split('\n').length;
    const route = `/docs/${f.replace(/\.mdx?$/, '').replace(/(^|\/)index$/, '')}/`;
    return {
      kind: 'doc',
      file: `content/${f}`,
      format: f.endsWith('.mdx') ? 'mdx' : 'md',
      id: String(i),
      path: route,
      frontMatter: {},
      body,
      bodyLine,
      hash: '',
    };
  });
const texts = compileTexts(undefined);
const passes: { wallMs: number; cpuMs: number }[] = [];
for (let pass = 0; pass < passCount; pass++) {
  const cpu = process.cpuUsage();
  const start = performance.now();
  for (const source of sources) await processSource(source, '/de/', texts);
  const used = process.cpuUsage(cpu);
  passes.push({ wallMs: Math.round(performance.now() - start), cpuMs: Math.round((used.user + used.system) / 1000) });
}
console.log(JSON.stringify({ files: sources.length, bytes: sources.reduce((n, s) => n + s.body.length, 0), passes }));
