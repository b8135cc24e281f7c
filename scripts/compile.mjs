// Compiles the quire CLI (TypeScript + TSX) into lib/quire.js with esbuild, with its pure-JavaScript
// dependencies bundled in: the unified/micromark/MDX ecosystem alone is some 300 small modules, and
// resolving and loading each one cost more start-up time than the work of a warm build.
import { createHash } from 'node:crypto';
import { chmod, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { parse } from 'acorn';
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

for (const old of ['lib/chunks', 'lib/cli.js', 'lib/cli.js.map']) await rm(old, { recursive: true, force: true });
/** The name the compiled CLI calls for import() (see below): a parameter of the launcher's CommonJS wrapper. */
const LAUNCHER_IMPORT = '__qImp';
const pkg = JSON.parse(await readFile(new URL('../package.json', import.meta.url), 'utf8'));
const common = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  // Kept as packages: those with native binaries (esbuild, pagefind), React (one copy shared with the
  // MDX runtime, production build chosen by NODE_ENV at load), refractor (grammars loaded by name),
  // the file watcher, and test-only tools.
  external: ['esbuild', 'pagefind', 'react', 'react/*', 'react-dom', 'react-dom/*', 'refractor', 'refractor/*', 'chokidar', 'qrcode'],
  // jsonc-parser's `main` is a UMD build whose factory loads its parts with a require() esbuild cannot follow.
  alias: { 'jsonc-parser': 'jsonc-parser/lib/esm/main.js' },
  jsx: 'automatic',
  sourcemap: 'linked',
  logLevel: 'warning',
};

// The CLI: one CommonJS file, which the launcher runs through V8's code cache (cli/launcher.ts). Modules it
// imports with import() are still loaded on demand: esbuild runs their top level at that import.
await build({
  ...common,
  entryPoints: { cli: 'cli/quire.ts' },
  outdir: 'lib',
  outExtension: { '.js': '.cjs' },
  format: 'cjs',
  define: {
    QUIRE_VERSION: JSON.stringify(pkg.version),
    'import.meta.url': '__quireImportMetaUrl',
    'import.meta.resolve': '__quireImportMetaResolve',
  },
  banner: {
    js: "const __quireImportMetaUrl = require('node:url').pathToFileURL(__filename).href; const __quireImportMetaResolve = (s) => require('node:url').pathToFileURL(require.resolve(s)).href;",
  },
});

// V8 drops the import() of a script read from its code cache (Node 20: "A dynamic import callback was not
// specified"), so each import() of the CLI becomes a call of the launcher's import function, whose name has as many
// letters as `import`: the source map stays true. Found in the syntax tree, never in strings or comments.
{
  const code = await readFile('lib/cli.cjs', 'utf8');
  const starts = [];
  const visit = (node) => {
    if (node.type === 'ImportExpression') starts.push(node.start);
    for (const value of Object.values(node)) {
      if (Array.isArray(value)) for (const item of value) item && typeof item.type === 'string' && visit(item);
      else if (value && typeof value.type === 'string') visit(value);
    }
  };
  visit(parse(code, { ecmaVersion: 'latest', sourceType: 'script', allowHashBang: true }));
  let out = '';
  let at = 0;
  for (const start of starts.sort((a, b) => a - b)) {
    if (code.slice(start, start + 6) !== 'import') throw new Error(`lib/cli.cjs: no import() at ${start}`);
    out += code.slice(at, start) + LAUNCHER_IMPORT;
    at = start + 6;
  }
  await writeFile('lib/cli.cjs', out + code.slice(at));
}

// The worker threads' entry, an ES module: modules it imports with import() become chunks loaded on demand.
await build({
  ...common,
  entryPoints: { worker: 'cli/worker.ts' },
  outdir: 'lib',
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  format: 'esm',
  // Bundled CommonJS code may call require().
  banner: {
    js: "import { createRequire as __quireCreateRequire } from 'node:module'; const require = __quireCreateRequire(import.meta.url);",
  },
  define: { QUIRE_VERSION: JSON.stringify(pkg.version) },
});

// The bin: the launcher, which sets production mode before React is loaded and runs lib/cli.cjs.
await build({
  ...common,
  entryPoints: ['cli/launcher.ts'],
  outfile: 'lib/quire.js',
  format: 'esm',
  sourcemap: false,
  banner: { js: '#!/usr/bin/env node' },
});
await chmod('lib/quire.js', 0o755);

// A hash of the compiled code, read by `quire build` to tell its own output from another quire's
// (incremental builds never reuse pages rendered by other code). Computed here once, not per build.
const hash = createHash('sha1');
for (const file of (await readdir('lib', { recursive: true })).filter((f) => f.endsWith('.js') || f.endsWith('.cjs')).sort())
  hash.update(await readFile(`lib/${file}`));
await writeFile('lib/code-hash.txt', hash.digest('hex').slice(0, 16) + '\n');
