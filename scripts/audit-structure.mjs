#!/usr/bin/env node
// The structure figures issue 28's "Done means" asks for, from the tree as it is: the median source file's length,
// the functions over 80 lines and whether each says why, and the source files ARCHITECTURE.md does not name.
// `node scripts/audit-structure.mjs` prints them; `--json` prints them as JSON. Exits 1 when a long function gives
// no reason or a file is missing from the map.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const SOURCE = /\.(?:ts|tsx|mjs|js)$/;
const MAX_FUNCTION_LINES = 80;
const REASON = 'biome-ignore lint/complexity/noExcessiveLinesPerFunction';

/** Source files (not declarations) under the shipped folders, as project paths. */
function sourceFiles() {
  return ['src', 'cli', 'themes'].flatMap((dir) =>
    readdirSync(path.join(root, dir), { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile() && SOURCE.test(e.name) && !e.name.endsWith('.d.ts'))
      .map((e) => path.relative(root, path.join(e.parentPath, e.name)).split(path.sep).join('/')),
  );
}

/** Functions longer than the limit, each with whether a biome-ignore comment just above it gives a reason. */
function longFunctions(file, text) {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : undefined);
  const lines = text.split('\n');
  const found = [];
  const visit = (node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      // The lines between the body's braces. Biome's rule counts fewer (a statement over many lines, JSX, counts
      // less), so a function can pass the linter and still be listed here.
      const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const bodyStart = source.getLineAndCharacterOfPosition(node.body.getStart(source)).line;
      const end = source.getLineAndCharacterOfPosition(node.end).line;
      if (end - bodyStart - 1 > MAX_FUNCTION_LINES) {
        // The comment sits above the statement that holds the function (an export, a const, a method).
        const above = lines.slice(Math.max(0, start - 12), start + 1).join('\n');
        found.push({ file, line: start + 1, lines: end - bodyStart - 1, reason: above.includes(REASON) });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Source files ARCHITECTURE.md names neither by path nor as an item of their folder's section. */
function unmapped(files) {
  const map = readFileSync(path.join(root, 'ARCHITECTURE.md'), 'utf8');
  const sections = new Map();
  let folder;
  for (const line of map.split('\n')) {
    const heading = /^###\s+`([^`]+\/)`/.exec(line);
    if (heading) folder = heading[1];
    else if (/^##?\s/.test(line)) folder = undefined;
    else if (folder) sections.set(folder, (sections.get(folder) ?? '') + line + '\n');
  }
  return files.filter((file) => {
    if (map.includes(file)) return false;
    // Files under a theme's subfolders are described by their folder (`components/`, `mdx/`, …).
    const theme = /^(themes\/[^/]+\/)([^/]+\/)/.exec(file);
    if (theme) return !(sections.get(theme[1]) ?? '').includes(`\`${theme[2]}\``);
    // Named in the section of its folder or of a folder above it, by its path from there.
    const parts = file.split('/');
    for (let i = parts.length - 1; i > 0; i--) {
      const folder = `${parts.slice(0, i).join('/')}/`;
      if ((sections.get(folder) ?? '').includes(`\`${parts.slice(i).join('/')}\``)) return false;
    }
    return true;
  });
}

const files = sourceFiles();
const texts = new Map(files.map((f) => [f, readFileSync(path.join(root, f), 'utf8')]));
const lengths = files.map((f) => texts.get(f).split('\n').length - (texts.get(f).endsWith('\n') ? 1 : 0)).sort((a, b) => a - b);
const median = lengths.length % 2 ? lengths[(lengths.length - 1) / 2] : (lengths[lengths.length / 2 - 1] + lengths[lengths.length / 2]) / 2;
const long = files.flatMap((f) => longFunctions(f, texts.get(f)));
const missing = unmapped(files);
const report = {
  files: files.length,
  medianLines: median,
  filesOver120: lengths.filter((n) => n > 120).length,
  functionsOver80: long.length,
  functionsOver80WithoutReason: long.filter((f) => !f.reason),
  notInArchitecture: missing,
};
if (process.argv.includes('--json')) console.log(JSON.stringify(report, null, 2));
else {
  console.log(`source files: ${report.files}; median ${report.medianLines} lines; ${report.filesOver120} over 120 lines`);
  console.log(
    `functions over ${MAX_FUNCTION_LINES} lines: ${report.functionsOver80}, without a reason: ${report.functionsOver80WithoutReason.length}`,
  );
  for (const f of report.functionsOver80WithoutReason) console.log(`  ${f.file}:${f.line} (${f.lines} lines)`);
  console.log(`files ARCHITECTURE.md does not name: ${missing.length}`);
  for (const f of missing) console.log(`  ${f}`);
}
process.exitCode = report.functionsOver80WithoutReason.length || missing.length ? 1 : 0;
