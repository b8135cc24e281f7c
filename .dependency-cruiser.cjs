// quire's architecture as rules over the real module graph (dependency-cruiser, transitively, type-only
// imports included). `npm run lint:deps` (scripts/lint-deps.mjs) runs these rules, checks that every place
// below exists, and walks the sources for what a graph cannot show: file-system writes, and modules loaded
// by a name the graph cannot read. The rules in words: ARCHITECTURE.md, "Rules of the road".

const STAGES = ['config', 'load', 'compile', 'plan', 'render', 'emit'];

/** Every place under src/; a file anywhere else under src/ is an error, and each of these must exist. */
const SRC_FOLDERS = [...STAGES, 'dev', 'shared', 'client', 'highlight'];
const SRC_FILES = ['build.ts', 'pipeline.ts', 'processes.ts', 'catalogue.ts', 'types.ts', 'diagnostics.ts', 'pool.ts', 'worker.ts', 'lock.ts', 'import-ts.ts', 'source-map.ts', 'limits.ts', 'globs.ts', 'standing.ts'];

const re = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const oneOf = (names) => `(?:${names.map(re).join('|')})`;
const STAGE = `(?:${STAGES.join('|')})`;
const PROJECT = '^(?:src|cli|themes)/';
const KNOWN = [`^src/${oneOf(SRC_FOLDERS)}/`, `^src/${oneOf(SRC_FILES)}$`, '^cli/', '^themes/[^/]+/'];
const STAGE_ENTRY = `^src/${STAGE}/index\\.ts$`;
/** What any Node code under src/ may use: the contracts, the diagnostics and their catalogue, the small shared helpers. */
const CONTRACTS = ['^src/(?:types|diagnostics|catalogue|source-map|limits|processes|globs)\\.ts$', '^src/shared/', '^src/highlight/'];

/**
 * Who may touch the file system, each with its reason. The graph rules below allow `fs` to the readers only;
 * the source walk allows write calls (writeFile, mkdir, rename, rm, open for writing…) to the writers only.
 */
const FS_READERS = {
  '^src/config/': 'reads site.config.ts',
  '^src/load/': 'reads content/, locales/, data and images: the one reader of the project',
  // Emit reads no project file: load's reader (ContentFiles) gives it each content image's facts and path, and the
  // writer copies those and the static files by path. Its other files may not touch the file system at all.
  '^src/emit/(?:writer|generations|output-folder)\\.ts$': 'the output folder and its generations; a writer copies the files it is handed by path (static files, content images: load found them)',
  '^src/emit/(?:previous|pages)\\.ts$': "the previous output and its record (a kept page's HTML, for the search index)",
  '^src/emit/search\\.ts$': "the search index's folder, which Pagefind's process writes",
  '^src/emit/client\\.ts$': "the client bundle's record in the cache folder, and the bytes of the inputs esbuild read (the theme's code, the project's stylesheets) to know the record is still current",
  '^src/dev/': 'the dev session: serves files, watches the project, keeps its stores and caches',
  '^src/compile/cache\\.ts$': "the compile cache, compile's own store",
  '^src/compile/module-bundles\\.ts$': "the last bundle of the pages' modules (.quire/cache/modules-*.bin) and the bytes of the files it was made of",
  '^src/compile/modules(?:-plugin|-report|-exports)?\\.ts$': 'the modules pages import, which esbuild reads to bundle them (it writes nothing: write: false), and the package.json files naming them',
  '^src/lock\\.ts$': 'the build lock (.quire/build.lock)',
  '^src/standing\\.ts$': "the record of the last build's inputs and output, and the stat of each file it names (the no-change check)",
  '^src/load/git-history\\.ts$': "the pages' last commits, kept under the commit HEAD names (.quire/cache/last-commits.json)",
  '^src/import-ts\\.ts$': 'runs the project\'s TypeScript files for config and load',
  '^cli/': 'code frames, the project folder check, the tool version and the code cache of the launcher',
};
const FS_WRITERS = {
  '^src/emit/': 'the output folder: temporary folder, generations, atomic swap, search index',
  '^src/dev/': "the dev session's stores and caches (the theme built into .quire/)",
  '^src/compile/cache\\.ts$': 'the compile cache (.quire/cache)',
  '^src/compile/module-bundles\\.ts$': "the last bundle of the pages' modules (.quire/cache/modules-*.bin)",
  '^src/lock\\.ts$': 'the build lock (.quire/build.lock)',
  '^src/standing\\.ts$': "the record of the last build's inputs and output (.quire/cache/standing-*.json)",
  '^src/load/git-history\\.ts$': "the pages' last commits, kept under the commit HEAD names (.quire/cache/last-commits.json)",
  '^src/load/front-matter-record\\.ts$': "the last build's front matter of unchanged content files (.quire/cache/front-matter.bin)",
  '^src/import-ts\\.ts$': 'a project module that imports npm packages runs from a temporary file in node_modules/.quire/',
  '^cli/launcher\\.ts$': "V8's code cache of the compiled CLI, in the user's cache folder (~/.cache/quire)",
};
/**
 * Files that may import() a module by a computed name (the source walk refuses it elsewhere: the name could be
 * a Node built-in the graph never sees). A template whose fixed start rules out every built-in is allowed anywhere.
 */
const COMPUTED_IMPORTS = {
  '^src/import-ts\\.ts$': 'the project\'s module, from a data: or file: URL',
  '^src/dev/theme-loader\\.ts$': 'the theme, rebuilt into .quire/ after an edit',
  '^src/client/': 'browser code: island modules by URL (no Node built-ins in a browser)',
  '^themes/[^/]+/search/provider\\.ts$': "Pagefind's browser module by URL, loaded in the browser",
  '^cli/launcher\\.ts$': 'the import() of the compiled CLI, which runs from the code cache without its own',
};

/** Files that may hand a require function to other code (the check cannot follow what that code loads with it). */
const REQUIRE_PASSERS = {
  '^cli/launcher\\.ts$': "the compiled CLI's CommonJS wrapper, which takes its require from the launcher",
};

const core = (names) => `^(?:node:)?${oneOf(names)}(?:$|/)`;
const FS = core(['fs']);

const rule = (name, comment, from, to) => ({ name, severity: 'error', comment, from, to });

const forbidden = [
  // Places
  rule('not-a-known-place', 'src/ holds the stage folders, dev/, shared/, client/ and the listed files; a new folder is a decision for this file (and ARCHITECTURE.md).', { path: PROJECT, pathNot: KNOWN }, {}),
  rule('not-a-known-place-imported', 'Imports of a module outside the known places.', {}, { path: PROJECT, pathNot: KNOWN }),
  { name: 'not-a-known-place-orphan', severity: 'error', comment: 'A module outside the known places that nothing imports.', from: { orphan: true, path: PROJECT, pathNot: KNOWN }, to: {} },
  rule('not-to-unresolvable', 'An import that resolves to nothing.', {}, { couldNotResolve: true }),

  // The pipeline: config → load → compile → plan → render → emit
  rule('stage-imports-contracts-only', 'A stage imports types.ts, diagnostics.ts, shared/, source-map.ts, limits.ts, import-ts.ts (config and load), pool.ts (compile and render workers) and its own folder, never another stage, a driver, the theme or the CLI.', { path: `^src/(${STAGE})/` }, { path: PROJECT, pathNot: ['^src/$1/', ...CONTRACTS, '^src/(?:import-ts|pool)\\.ts$'] }),
  rule('only-readers-run-project-modules', "import-ts.ts runs the project's TypeScript files: the config and load stages read the project; compile's project-plugins.ts runs the config again for its remark and rehype plugins (functions cannot travel to a worker); nobody else does.", { path: PROJECT, pathNot: ['^src/(?:config|load)/', '^src/compile/project-plugins\\.ts$'] }, { path: '^src/import-ts\\.ts$' }),
  {
    name: 'stage-reaches-no-other-stage',
    severity: 'error',
    comment: "Transitively: no chain of imports leads from a stage into another. types.ts names SiteConfig from config/ (type-only), so config's index and schema are reachable from every stage through the contracts; a stage importing config directly is stage-imports-contracts-only.",
    from: { path: `^src/(${STAGE})/` },
    to: { path: `^src/${STAGE}/`, pathNot: ['^src/$1/', '^src/config/(?:index|schema)\\.ts$'], reachable: true },
  },
  rule('build-drives-stage-entries', 'build.ts calls each stage through its index.ts, the pipeline and the lock.', { path: '^src/build\\.ts$' }, { path: PROJECT, pathNot: [STAGE_ENTRY, ...CONTRACTS, '^src/(?:lock|pipeline|standing)\\.ts$'] }),
  rule('pipeline-runs-stage-entries', 'pipeline.ts runs the stages a driver gives it, and plans through load and plan entries.', { path: '^src/pipeline\\.ts$' }, { path: PROJECT, pathNot: [STAGE_ENTRY, ...CONTRACTS] }),
  rule('dev-drives-stage-entries', 'The dev session drives the pipeline with stages over its memory, through their index.ts (and the pool), keeping the output in memory.', { path: '^src/dev/' }, { path: PROJECT, pathNot: ['^src/dev/', STAGE_ENTRY, ...CONTRACTS, '^src/(?:pool|pipeline)\\.ts$'] }),
  rule('worker-runs-compile-and-render', 'A worker thread compiles and renders; the CLI chooses its theme (cli/worker.ts), so src/worker.ts never imports one.', { path: '^src/worker\\.ts$' }, { path: PROJECT, pathNot: ['^src/(?:compile|render)/index\\.ts$', ...CONTRACTS] }),
  rule('helpers-import-contracts-only', 'pool, lock, standing, import-ts, source-map, limits, processes, globs, catalogue and diagnostics serve the stages and know none of them.', { path: '^src/(?:pool|lock|standing|import-ts|source-map|limits|processes|globs|catalogue|diagnostics)\\.ts$' }, { path: PROJECT, pathNot: CONTRACTS }),
  rule('highlight-knows-no-stage', 'src/highlight/ is the code highlighter (Prism grammars, lines, the figure) that compile uses for fenced blocks and render for the CodeBlock of a project\'s component: it imports only itself and refractor.', { path: '^src/highlight/' }, { path: PROJECT, pathNot: '^src/highlight/' }),
  rule('types-are-the-contracts', 'types.ts imports diagnostics.ts, shared/ and the config types, and no Node built-in.', { path: '^src/types\\.ts$' }, { pathNot: ['^src/diagnostics\\.ts$', '^src/shared/', '^src/config/(?:index|schema)\\.ts$', 'node_modules/'] }),
  rule('types-name-config-types-only', 'types.ts takes only types from config/ (import type), never its code.', { path: '^src/types\\.ts$' }, { path: '^src/config/', dependencyTypesNot: ['type-only'] }),

  // The two sides
  rule('shared-is-self-contained', 'src/shared/ runs in the build and in the browser: it imports only src/shared/ (no Node built-in, no npm package, no DOM code).', { path: '^src/shared/' }, { pathNot: '^src/shared/' }),
  rule('client-imports-client-and-shared', 'Browser code imports only src/client/ and src/shared/: no React, no npm package, no stage, no Node built-in.', { path: '^src/client/' }, { pathNot: '^src/(?:client|shared)/' }),
  rule('theme-imports-react-shared-types', "The theme imports React (and qrcode, and lucide's icon shapes), src/shared/, src/types.ts and the config's schema (its navbar and footer items), and never the file system or a Node built-in.", { path: '^themes/' }, { pathNot: ['^themes/', '^src/shared/', '^src/types\\.ts$', '^src/config/schema\\.ts$', '(?:^|/)node_modules/(?:@types/)?(?:react|react-dom|qrcode|lucide)/'] }),
  rule('cli-calls-entry-points', 'The CLI imports its own files, src/build.ts, src/standing.ts (the no-change check before the stages load), src/dev/index.ts, src/config/index.ts, src/worker.ts (its thread entry), the contracts and a theme\'s index, never the internals of a stage.', { path: '^cli/' }, { path: '^(?:src|themes)/', pathNot: ['^src/(?:build|standing|worker|types|diagnostics)\\.ts$', '^src/dev/index\\.ts$', '^src/config/index\\.ts$', '^themes/[^/]+/index\\.tsx?$'] }),
  rule('nothing-imports-the-cli', 'The CLI is the outermost layer.', { pathNot: '^cli/' }, { path: '^cli/' }),

  // Node built-ins (process.getBuiltinModule, require() and import() included)
  rule('fs-only-where-files-are-read', `The file system belongs to: ${Object.entries(FS_READERS).map(([p, why]) => `${p} (${why})`).join('; ')}.`, { path: PROJECT, pathNot: Object.keys(FS_READERS) }, { dependencyTypes: ['core'], path: FS }),
  rule('child-processes-where-needed', 'emit/generations.ts runs `sync -f` so a generation is on disk before dist points at it; load/git-history.ts runs one `git log` for the pages\' last updates.', { path: PROJECT, pathNot: '^src/(?:emit/generations|load/git-history)\\.ts$' }, { dependencyTypes: ['core'], path: core(['child_process']) }),
  rule('network-only-in-dev', 'Only the dev server listens.', { path: PROJECT, pathNot: '^src/dev/' }, { dependencyTypes: ['core'], path: core(['http', 'https', 'http2', 'net', 'tls', 'dgram', 'dns']) }),
  rule('threads-only-in-pool-and-worker', 'Worker threads are started by the pool and run src/worker.ts.', { path: PROJECT, pathNot: '^src/(?:pool|worker)\\.ts$' }, { dependencyTypes: ['core'], path: core(['worker_threads', 'cluster']) }),
  rule('module-loaders-where-needed', "node:module, node:vm and the like load or run code the graph cannot see: import-ts.ts (isBuiltin), source-map.ts (SourceMap), render/page.ts (react-dom/server through createRequire), highlight/index.ts (Prism grammars through createRequire, for a render), emit/sass.ts (the project's own sass package through createRequire), emit/tailwind.ts (the project's own postcss and @tailwindcss/postcss, likewise) limits.ts (vm timeouts) and cli/launcher.ts (the compiled CLI run from V8's code cache) only.", { path: PROJECT, pathNot: ['^src/(?:import-ts\\.ts|source-map\\.ts|limits\\.ts|render/page\\.ts|highlight/index\\.ts|emit/sass\\.ts|emit/tailwind\\.ts)$', '^cli/launcher\\.ts$'] }, { dependencyTypes: ['core'], path: core(['module', 'vm', 'wasi', 'repl', 'inspector']) }),

  // npm packages
  rule('packages-that-write-where-writes-are-allowed', "esbuild and Pagefind write files: only the places allowed to write use them, and compile/modules.ts, whose esbuild writes nothing (write: false), and render/thrown.ts, whose esbuild only transforms a failed page's code in memory.", { path: PROJECT, pathNot: [...Object.keys(FS_WRITERS), '^src/compile/modules(?:-plugin|-report)?\\.ts$', '^src/render/thrown\\.ts$'] }, { path: '(?:^|/)node_modules/(?:esbuild|pagefind)/' }),
  rule('shipped-code-uses-dependencies', 'quire ships src/, cli/ and themes/: what they import at run time is a dependency, not a devDependency.', { path: PROJECT }, { dependencyTypes: ['npm-dev'], dependencyTypesNot: ['type-only'] }),
  rule('no-unlisted-packages', 'A package that is not in package.json.', { path: PROJECT }, { dependencyTypes: ['npm-no-pkg', 'npm-unknown'], dependencyTypesNot: ['type-only'] }),
];

/** build.ts drives every stage and the CLI drives build, dev and the worker: a renamed stage folder fails here too. */
const required = [
  ...STAGES.map((stage) => ({ name: `build-drives-${stage}`, severity: 'error', comment: `src/build.ts calls the ${stage} stage through src/${stage}/index.ts.`, module: { path: '^src/build\\.ts$' }, to: { path: `^src/${stage}/index\\.ts$` } })),
  { name: 'cli-drives-build', severity: 'error', module: { path: '^cli/quire\\.ts$' }, to: { path: '^src/build\\.ts$' } },
  { name: 'cli-drives-dev', severity: 'error', module: { path: '^cli/quire\\.ts$' }, to: { path: '^src/dev/index\\.ts$' } },
  { name: 'cli-starts-workers', severity: 'error', module: { path: '^cli/worker\\.ts$' }, to: { path: '^src/worker\\.ts$' } },
];

const options = {
  // Type-only imports are part of the architecture too (a stage naming another stage's types is coupled to it).
  tsPreCompilationDeps: true,
  detectProcessBuiltinModuleCalls: true,
  moduleSystems: ['es6', 'cjs'],
  doNotFollow: { path: 'node_modules' },
  enhancedResolveOptions: {
    exportsFields: ['exports'],
    conditionNames: ['import', 'require', 'node', 'default', 'types'],
    mainFields: ['module', 'main', 'types', 'typings'],
  },
};

module.exports = { forbidden, required, options };

// The source walk of scripts/lint-deps.mjs reads the same places; dependency-cruiser refuses unknown keys in a
// configuration, so they are not enumerable.
Object.defineProperty(module.exports, 'layout', {
  value: { srcFolders: SRC_FOLDERS, srcFiles: SRC_FILES, other: ['cli', 'themes/classic'], fsWriters: FS_WRITERS, computedImports: COMPUTED_IMPORTS, requirePassers: REQUIRE_PASSERS },
});
