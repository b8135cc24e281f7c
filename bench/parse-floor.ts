// The parsing floor of a site: how long quire's parser alone (remark-parse / MDX's parser, with the
// syntax extensions each file needs, exactly as `quire build` chooses them) takes over the site's
// sources, without any other stage. A cold build cannot be faster than its first pass. bench/run.mjs
// bundles this file with esbuild and runs it per site: node parse-floor.mjs <site root>.
// Prints one JSON line: { files, bytes, firstPassMs, steadyPassMs }.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createProcessor } from '@mdx-js/mdx';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { prepareMarkdown, remarkPluginsFor, syntaxKey, syntaxPartsFor } from '../src/compile/pipeline.ts';

type Parser = { parse(file: { value: string; path: string }): unknown };

const root = process.argv[2] ?? '.';
const contentDir = path.join(root, 'content');
const sources = (readdirSync(contentDir, { recursive: true }) as string[])
  .filter((f) => /\.mdx?$/.test(f))
  .sort()
  .map((f) => ({ file: f, mdx: f.endsWith('.mdx'), text: prepareMarkdown(readFileSync(path.join(contentDir, f), 'utf8').replace(/^---\r?\n[\s\S]*?\r?\n---\r?\n/, '')) }));

const parsers = new Map<string, Parser>();
function parserFor(mdx: boolean, text: string): Parser {
  const parts = syntaxPartsFor(text);
  const key = `${mdx}|${syntaxKey(parts)}`;
  let parser = parsers.get(key);
  if (!parser) {
    // Only the parser runs: the plugins' attachers register their syntax extensions; no transform runs.
    parser = mdx ? (createProcessor({ remarkPlugins: remarkPluginsFor(parts) }) as unknown as Parser) : (unified().use(remarkParse).use(remarkPluginsFor(parts)).freeze() as unknown as Parser);
    parsers.set(key, parser);
  }
  return parser;
}

function pass(): number {
  const start = performance.now();
  for (const s of sources) parserFor(s.mdx, s.text).parse({ value: s.text, path: s.file });
  return performance.now() - start;
}

const firstPassMs = pass();
// The third pass: the compiler has optimised the parser by then.
pass();
const steadyPassMs = pass();
const bytes = sources.reduce((n, s) => n + Buffer.byteLength(s.text), 0);
console.log(JSON.stringify({ files: sources.length, bytes, firstPassMs: Math.round(firstPassMs), steadyPassMs: Math.round(steadyPassMs) }));
