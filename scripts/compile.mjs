// Compiles the quire CLI (TypeScript + TSX) into lib/quire.js with esbuild. Dependencies stay external.
import { chmod, readFile, rm, writeFile } from 'node:fs/promises';
import { build } from 'esbuild';

await rm('lib/chunks', { recursive: true, force: true });
const pkg = JSON.parse(await readFile(new URL('../package.json', import.meta.url), 'utf8'));
await build({
  entryPoints: { cli: 'cli/quire.ts', worker: 'src/worker.ts' },
  outdir: 'lib',
  bundle: true,
  // Modules the CLI imports with import() become chunks loaded on demand (a faster start).
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  jsx: 'automatic',
  sourcemap: 'linked',
  define: { QUIRE_VERSION: JSON.stringify(pkg.version) },
  logLevel: 'warning',
});

// The bin sets production mode before React is loaded (static imports would run first).
await writeFile(
  'lib/quire.js',
  "#!/usr/bin/env node\n// React picks its production build from NODE_ENV at load time.\nprocess.env.NODE_ENV ??= 'production';\nawait import('./cli.js');\n",
);
await chmod('lib/quire.js', 0o755);
