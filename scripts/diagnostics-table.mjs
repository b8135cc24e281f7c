// Writes README's table of diagnostic codes and DIAGNOSTICS.md from the catalogue (src/catalogue.ts).
// Usage: node scripts/diagnostics-table.mjs. test/unit/catalogue.test.ts fails when they are out of date.
import { build } from 'esbuild';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bundled = await build({
  entryPoints: [path.join(repo, 'src/catalogue.ts')],
  bundle: true,
  format: 'esm',
  platform: 'node',
  write: false,
});
const catalogue = await import(`data:text/javascript;base64,${Buffer.from(bundled.outputFiles[0].text).toString('base64')}`);

const readmePath = path.join(repo, 'README.md');
const readme = await readFile(readmePath, 'utf8');
const start = '<!-- diagnostics table: generated from src/catalogue.ts -->';
const end = '<!-- end of diagnostics table -->';
const from = readme.indexOf(start);
const to = readme.indexOf(end);
if (from < 0 || to < from) throw new Error(`README.md needs the markers ${start} and ${end}`);
await writeFile(readmePath, readme.slice(0, from + start.length) + '\n' + catalogue.diagnosticsTable() + '\n' + readme.slice(to));
await writeFile(path.join(repo, 'DIAGNOSTICS.md'), catalogue.diagnosticsPage());
console.log('README.md and DIAGNOSTICS.md written from src/catalogue.ts');
