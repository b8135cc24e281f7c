// Compiles the quire CLI (TypeScript + TSX) into lib/quire.js with esbuild, with its pure-JavaScript
// dependencies bundled in: the unified/micromark/MDX ecosystem alone is some 300 small modules, and
// resolving and loading each one cost more start-up time than the work of a warm build.
import { createHash } from 'node:crypto';
import { chmod, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { build } from 'esbuild';

// The compiler's dependencies carry patches (patches/, applied to node_modules by patch-package when npm installs
// them): a CLI bundled without them, after an install that skipped scripts, would parse a long page of lists in
// time that grows with the square of its size. Each line a patch adds must be in the installed file.
for (const name of (await readdir('patches')).filter((f) => f.endsWith('.patch'))) {
  const patch = await readFile(`patches/${name}`, 'utf8');
  for (const [, file, diff] of patch.matchAll(/^diff --git a\/(\S+) b\/\S+\n([\s\S]*?)(?=^diff --git |(?![\s\S]))/gm)) {
    const installed = new Set((await readFile(file, 'utf8').catch(() => '')).split('\n'));
    const added = diff
      .split('\n')
      .filter((line) => line.startsWith('+') && !line.startsWith('+++ '))
      .map((line) => line.slice(1));
    if (!added.every((line) => installed.has(line)))
      throw new Error(`patches/${name} is not applied to ${file}: run \`npm ci\` (or \`npx patch-package\`) before compiling.`);
  }
}

await rm('lib/chunks', { recursive: true, force: true });
const pkg = JSON.parse(await readFile(new URL('../package.json', import.meta.url), 'utf8'));
await build({
  entryPoints: { cli: 'cli/quire.ts', worker: 'cli/worker.ts' },
  outdir: 'lib',
  bundle: true,
  // Modules the CLI imports with import() become chunks loaded on demand (a faster start).
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  platform: 'node',
  format: 'esm',
  target: 'node20',
  // Kept as packages: those with native binaries (esbuild, pagefind), React (one copy shared with the
  // MDX runtime, production build chosen by NODE_ENV at load), refractor (grammars loaded by name),
  // the file watcher, and test-only tools.
  external: ['esbuild', 'pagefind', 'react', 'react/*', 'react-dom', 'react-dom/*', 'refractor', 'refractor/*', 'chokidar', 'qrcode'],
  // jsonc-parser's `main` is a UMD build whose factory loads its parts with a require() esbuild cannot follow.
  alias: { 'jsonc-parser': 'jsonc-parser/lib/esm/main.js' },
  // Bundled CommonJS code may call require().
  banner: {
    js: "import { createRequire as __quireCreateRequire } from 'node:module'; const require = __quireCreateRequire(import.meta.url);",
  },
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

// A hash of the compiled code, read by `quire build` to tell its own output from another quire's
// (incremental builds never reuse pages rendered by other code). Computed here once, not per build.
const hash = createHash('sha1');
for (const file of (await readdir('lib', { recursive: true })).filter((f) => f.endsWith('.js')).sort())
  hash.update(await readFile(`lib/${file}`));
await writeFile('lib/code-hash.txt', hash.digest('hex').slice(0, 16) + '\n');
