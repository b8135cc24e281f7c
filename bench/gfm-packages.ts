// GFM and directives as quire assembles them (src/compile/plugins/syntax.ts: only the extensions a file can use,
// the e-mail and table constructs tried only where they can match) against the packages' way, which is what
// remark-gfm and remark-directive do: every extension on every file, as the packages ship them. Both through
// micromark (parseOnly without the markdown-it path) over a site's Markdown pages; the trees must be equal.
// Bundle and run (fresh processes, in turns):
//   npx esbuild bench/gfm-packages.ts --bundle --platform=node --format=esm --packages=external --outfile=bench/out/gfm.mjs
//   node bench/out/gfm.mjs <site root> quire|packages
// Prints one JSON line: { variant, files, firstPassCpuMs, steadyPassCpuMs, differing }.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gfmAutolinkLiteralFromMarkdown } from 'mdast-util-gfm-autolink-literal';
import { gfmFootnoteFromMarkdown } from 'mdast-util-gfm-footnote';
import { gfmStrikethroughFromMarkdown } from 'mdast-util-gfm-strikethrough';
import { gfmTableFromMarkdown } from 'mdast-util-gfm-table';
import { gfmTaskListItemFromMarkdown } from 'mdast-util-gfm-task-list-item';
import { directiveFromMarkdown } from 'mdast-util-directive';
import { directive } from 'micromark-extension-directive';
import { gfmAutolinkLiteral } from 'micromark-extension-gfm-autolink-literal';
import { gfmFootnote } from 'micromark-extension-gfm-footnote';
import { gfmStrikethrough } from 'micromark-extension-gfm-strikethrough';
import { gfmTable } from 'micromark-extension-gfm-table';
import { gfmTaskListItem } from 'micromark-extension-gfm-task-list-item';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { prepareMarkdown } from '../src/compile/pipeline.ts';
import { parseOnly } from '../src/compile/processors.ts';

const [root = '.', variant = 'quire', check] = process.argv.slice(2);
const contentDir = path.join(root, 'content');
const sources = (readdirSync(contentDir, { recursive: true }) as string[])
  .filter((f) => f.endsWith('.md'))
  .sort()
  .map((f) => ({
    file: f,
    text: prepareMarkdown(readFileSync(path.join(contentDir, f), 'utf8').replace(/^---\r?\n[\s\S]*?\r?\n---\r?\n/, '')),
  }));

/** remark-gfm's and remark-directive's way: all extensions, in remark-gfm's order, then directives. */
const packages = unified()
  .use(remarkParse)
  .use(function () {
    const data = this.data() as { micromarkExtensions?: unknown[]; fromMarkdownExtensions?: unknown[] };
    data.micromarkExtensions = [gfmAutolinkLiteral(), gfmFootnote(), gfmStrikethrough(), gfmTable(), gfmTaskListItem(), directive()];
    data.fromMarkdownExtensions = [
      gfmAutolinkLiteralFromMarkdown(),
      gfmFootnoteFromMarkdown(),
      gfmStrikethroughFromMarkdown(),
      gfmTableFromMarkdown(),
      gfmTaskListItemFromMarkdown(),
      directiveFromMarkdown(),
    ];
  });

const parse = {
  quire: (s: (typeof sources)[number]) => parseOnly('md', s.text, s.file, { fastMarkdown: false }),
  packages: (s: (typeof sources)[number]) => packages.parse(s.text),
}[variant as 'quire' | 'packages'];

function pass(): number {
  const start = process.cpuUsage();
  for (const s of sources) parse(s);
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

let differing = 0;
if (check)
  for (const s of sources)
    if (JSON.stringify(parseOnly('md', s.text, s.file, { fastMarkdown: false })) !== JSON.stringify(packages.parse(s.text))) differing++;
const firstPassCpuMs = pass();
pass();
const steadyPassCpuMs = pass();
console.log(
  JSON.stringify({
    variant,
    files: sources.length,
    firstPassCpuMs: Math.round(firstPassCpuMs),
    steadyPassCpuMs: Math.round(steadyPassCpuMs),
    differing: check ? differing : undefined,
  }),
);
