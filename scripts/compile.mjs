// Compiles the quire CLI (TypeScript + TSX) into lib/quire.js with esbuild. Dependencies stay external.
import { readFile } from 'node:fs/promises';
import { build } from 'esbuild';

const pkg = JSON.parse(await readFile(new URL('../package.json', import.meta.url), 'utf8'));
await build({
  entryPoints: { quire: 'cli/quire.ts' },
  outdir: 'lib',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  jsx: 'automatic',
  sourcemap: 'linked',
  banner: { js: '#!/usr/bin/env node' },
  define: { QUIRE_VERSION: JSON.stringify(pkg.version) },
  logLevel: 'warning',
});
