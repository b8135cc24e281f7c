import { realpathSync, statSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire, isBuiltin } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build, transform, type Plugin } from 'esbuild';
import { mappedPlace, originalPlace } from './source-map.ts';
import { escapeRegExp } from './shared/text.ts';

/**
 * Runs a TypeScript module of the project (site.config.ts, content/sidebars.ts) and returns its default
 * export. esbuild bundles it into one ESM string that is imported from a data: URL (no temporary file unless
 * it imports npm packages, see below).
 * Shared by the config and load stages, which are the only readers of the project.
 */
export async function importTypeScript(file: string, options: ImportOptions = {}): Promise<{ value: unknown; inputs: string[] }> {
  const fileUrl = pathToFileURL(file).href;
  const result = await build({
    plugins: [...(options.plugins ?? []), typeScriptPackages(), ...(options.nodeGlobals ? [ownDirnames(file)] : [])],
    // CommonJS files written for Node (a Docusaurus config) use `require.resolve`, `__dirname` and `__filename`,
    // which an ESM bundle lacks: they are given as Node would give them to the file itself. `require.resolve` also
    // finds `./sidebars.js` written for a `sidebars.ts`, as Docusaurus's config loader (jiti) and TypeScript do.
    // `__dirname` and `__filename` reach the code through `define`, which replaces only names the module does not
    // declare: an ESM config that makes its own (`const __dirname = path.dirname(fileURLToPath(import.meta.url))`,
    // which jiti runs) keeps it rather than failing as a second declaration. esbuild renames a module's own
    // `require` by itself.
    ...(options.nodeGlobals
      ? {
          banner: {
            js: `import { createRequire as __quireCreateRequire } from 'node:module'; const require = __quireCreateRequire(${JSON.stringify(fileUrl)}); ${RESOLVE_TS} const __quireFilename = ${JSON.stringify(file)}; const __quireDirname = ${JSON.stringify(path.dirname(file))};`,
          },
          define: {
            __filename: '__quireFilename',
            __dirname: '__quireDirname',
            'import.meta.url': JSON.stringify(fileUrl),
            'import.meta.dirname': JSON.stringify(path.dirname(file)),
            'import.meta.filename': JSON.stringify(file),
          },
        }
      : {}),
    entryPoints: [file],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    metafile: true,
    logLevel: 'silent',
    packages: 'external',
    // Not written: the map only places an error thrown while the module runs (see EvaluationError).
    sourcemap: 'external',
    outfile: path.join(path.dirname(file), '__quire-evaluated.js'),
  });
  const code = result.outputFiles.find((f) => f.path.endsWith('.js'))!.text;
  const map = result.outputFiles.find((f) => f.path.endsWith('.map'))?.text;
  const inputs = Object.keys(result.metafile.inputs).map((p) => path.resolve(p));
  // A module imported from a data: URL cannot resolve npm packages (`import x from 'paket'`): when the file
  // imports one, the code runs from a temporary file in the project's node_modules/.quire/, where Node finds
  // the project's packages as usual (the way Vite runs its config). A file of an installed package (a preset
  // published as TypeScript) runs from beside itself instead, with a dot name: Node then finds the packages it
  // finds, its own nested ones too, and no folder is made inside the package. Compile workers may run the same
  // file at the same moment (a Docusaurus config, for its plugins), hence the random part of the name.
  const packages = Object.values(result.metafile.outputs).some((o) => o.imports.some((i) => i.external && !isBuiltin(i.path)));
  let url = 'data:text/javascript;base64,' + Buffer.from(code).toString('base64');
  let temporary: string | undefined;
  if (packages) {
    const inPackage = path.dirname(file).split(path.sep).includes('node_modules');
    const dir = inPackage ? path.dirname(file) : path.join(path.dirname(file), 'node_modules', '.quire');
    temporary = path.join(
      dir,
      `${inPackage ? '.' : ''}${path.basename(file)}.${process.pid}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}.mjs`,
    );
    if (!inPackage) await mkdir(dir, { recursive: true });
    await writeFile(temporary, code);
    url = pathToFileURL(temporary).href;
  }
  try {
    const mod = (await import(url)) as { default?: unknown };
    if (map) remember({ url, map, dir: path.dirname(file) });
    return { value: mod.default, inputs };
  } catch (e) {
    throw new EvaluationError(e, map ? placeOf(e, map, path.dirname(file), url) : undefined);
  } finally {
    if (temporary) await rm(temporary, { force: true });
  }
}

/**
 * The file Node finds for `name` as `fromFile` would `require.resolve` it (a package of the project, or a path), or
 * undefined where there is none: how a Docusaurus preset, plugin or theme named in the config is found.
 */
export function resolveFrom(fromFile: string, name: string): string | undefined {
  try {
    return createRequire(fromFile).resolve(name);
  } catch {
    return undefined;
  }
}

/**
 * A project module's text as plain JavaScript (TypeScript types and JSX compiled away, nothing run), for a stage
 * that reads its shape with a parser (src/config/mdx-components.ts). Throws esbuild's error on a syntax error.
 */
export async function plainJavaScript(file: string, text: string): Promise<string> {
  const ext = path.extname(file).slice(1);
  const loader = ext === 'ts' || ext === 'tsx' ? ext : 'jsx';
  // No `format`: a CommonJS file stays as written (`module.exports = …`), for the reader to find its export.
  return (await transform(text, { loader, jsx: 'transform', target: 'esnext', sourcefile: file, logLevel: 'silent' })).code;
}

/** The package a bare import names (`@scope/name/sub` → `@scope/name`). */
function packageName(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/** Whether `name` is installed in a node_modules folder on the way up from `dir` (Node's lookup). */
function installed(name: string, dir: string): boolean {
  for (let at = dir; ; at = path.dirname(at)) {
    if (statSync(path.join(at, 'node_modules', name, 'package.json'), { throwIfNoEntry: false })?.isFile()) return true;
    if (path.dirname(at) === at) return false;
  }
}

/** The registered symbol under which a stand-in (standInForMissingPackages) names its package. */
const MISSING_PACKAGE = 'quire.missing-package';

/**
 * The package a value stands in for, when it is (or was taken from) the stand-in of a package that is not installed:
 * a remark plugin from such a package is no plugin at all, and is known by its package's name.
 */
export function missingPackageOf(value: unknown): string | undefined {
  if ((typeof value !== 'function' && typeof value !== 'object') || value === null) return undefined;
  const name = (value as Record<symbol, unknown>)[Symbol.for(MISSING_PACKAGE)];
  return typeof name === 'string' ? name : undefined;
}

/**
 * An esbuild plugin: a bare import of a package that is not installed resolves to a stand-in, so the config still
 * runs. The stand-in is a value every property access, call and conversion of which gives the stand-in again
 * (`themes.github`, `require('x/themes/dracula')`), and it converts to an empty text.
 */
export function standInForMissingPackages(root: string, missing: Map<string, { importer: string }>): Plugin {
  return {
    name: 'quire-missing-packages',
    setup(build) {
      build.onResolve({ filter: /^[^./]/ }, (args) => {
        if (isBuiltin(args.path) || path.isAbsolute(args.path)) return undefined;
        const name = packageName(args.path);
        if (installed(name, args.resolveDir || root)) return undefined;
        if (!missing.has(name)) missing.set(name, { importer: args.importer });
        return { path: args.path, namespace: 'quire-missing-package' };
      });
      build.onLoad({ filter: /.*/, namespace: 'quire-missing-package' }, (args) => ({
        // CommonJS, so that esbuild reads any named import from it as a property (`import { themes } from …`); the
        // prototype trap answers the properties esbuild's interop looks up on a copy of the module object. It names
        // its package under MISSING_PACKAGE (see missingPackageOf).
        contents: `
const empty = () => '';
const name = ${JSON.stringify(packageName(args.path))};
const handler = { get: (_t, key) => (key === Symbol.for(${JSON.stringify(MISSING_PACKAGE)}) ? name : key === Symbol.toPrimitive || key === 'toString' || key === 'valueOf' ? empty : key === '__esModule' ? undefined : standIn), apply: () => standIn, construct: () => standIn };
const standIn = new Proxy(function () {}, { ...handler, getPrototypeOf: () => new Proxy({}, handler) });
module.exports = standIn;`,
        loader: 'js',
      }));
    },
  };
}

/** A file Node cannot run as it is (Node 20 does not strip types). */
const TYPESCRIPT_FILE = /\.(?:[cm]?ts|tsx)$/;

/**
 * An esbuild plugin: a package whose entry is a TypeScript file (a workspace package with `"main": "src/index.ts"`,
 * as React Native's website has its remark plugins) is bundled with the module rather than left for Node, which
 * cannot run it; Docusaurus's config loader (jiti) compiles such a file wherever it is. Every other package stays
 * external (`packages: 'external'`), and so do the bundled package's own imports of packages.
 */
function typeScriptPackages(): Plugin {
  return {
    name: 'quire-typescript-packages',
    setup(b) {
      b.onResolve({ filter: /^[^./]/ }, (args) => {
        if (args.kind === 'entry-point' || isBuiltin(args.path) || path.isAbsolute(args.path)) return undefined;
        const entry = resolveFrom(args.importer || path.join(args.resolveDir, 'index.js'), args.path);
        return entry && TYPESCRIPT_FILE.test(entry) ? { path: realpathSync(entry) } : undefined;
      });
    },
  };
}

/**
 * `__dirname` and `__filename` in each module the entry imports are that module's own, as Node (and jiti, which runs
 * a Docusaurus config) gives them: Electron's remark plugin in `src/transformers/` finds the docs folder from its own
 * folder, and the entry's (the `define` above) named a folder two levels above the project. A module that declares
 * the name keeps its own; the declaration goes on the first line, so the module's lines stay where they were.
 */
function ownDirnames(entry: string): Plugin {
  return {
    name: 'quire-own-dirnames',
    setup(b) {
      b.onLoad({ filter: /\.(?:[cm]?[jt]s|[jt]sx)$/, namespace: 'file' }, async (args) => {
        if (args.path === entry || args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
        const text = await readFile(args.path, 'utf8');
        const names = (['__dirname', '__filename'] as const).filter(
          (name) => new RegExp(`\\b${name}\\b`).test(text) && !new RegExp(`\\b(?:const|let|var|function)\\s+${name}\\b`).test(text),
        );
        if (!names.length) return undefined;
        const values = { __dirname: path.dirname(args.path), __filename: args.path };
        const declared = names.map((name) => `var ${name} = ${JSON.stringify(values[name])};`).join(' ');
        const ext = path.extname(args.path);
        const loader = ext === '.tsx' ? 'tsx' : ext === '.jsx' ? 'jsx' : /^\.[cm]?ts$/.test(ext) ? 'ts' : 'js';
        return { contents: declared + ' ' + text, loader };
      });
    },
  };
}

/**
 * Code put before the module: its `require.resolve` retried with the TypeScript file a relative `.js`, `.mjs` or
 * `.cjs` path names when that file does not exist (`./sidebars.js` → `./sidebars.ts`), or a relative path without
 * an extension (`./sidebars` → `./sidebars.ts`, as jiti tries TypeScript's extensions after Node's); a package that is not
 * installed resolves to its own name, as its imports stand in (standInForMissingPackages): a Docusaurus config
 * names its themes and plugins so (`require.resolve('docusaurus-theme-x')`), which quire does not run anyway and
 * names in its warning of unread keys.
 */
const RESOLVE_TS = `{ const resolve = require.resolve; require.resolve = (id, options) => { try { return resolve(id, options); } catch (e) { const m = /^(\\.{1,2}\\/.*)\\.([cm]?)js$/.exec(id); const bare = !m && /^\\.{1,2}\\/(?:.*\\/)?[^./][^/]*$/.test(id); for (const ext of m ? (m[2] ? [m[2] + 'ts'] : ['ts', 'tsx']) : bare ? ['ts', 'tsx', 'mts', 'cts'] : []) { try { return resolve((m ? m[1] : id) + '.' + ext, options); } catch {} } if (/^[^./]/.test(id) && e && e.code === 'MODULE_NOT_FOUND') return id; throw e; } }; }`;

export interface ImportOptions {
  /** esbuild plugins (the Docusaurus config loader stands in for packages the project has not installed). */
  plugins?: Plugin[];
  /** Give the module Node's CommonJS globals (`require`, `__dirname`, `__filename`) and its own `import.meta.url`. */
  nodeGlobals?: boolean;
}

/** An exception the project's module threw while it ran, with its place in the project's source when known. */
export class EvaluationError extends Error {
  constructor(
    readonly thrown: unknown,
    /** Absolute file, 1-based line and column. */
    readonly place?: { file: string; line: number; column: number },
  ) {
    super(thrown instanceof Error ? thrown.message : String(thrown));
  }
}

/** The first stack frame inside the evaluated module, mapped back to the project's TypeScript. */
function placeOf(e: unknown, mapText: string, mapDir: string, url: string): EvaluationError['place'] {
  const frame = url.startsWith('data:')
    ? /data:text\/javascript;base64,[A-Za-z0-9+/=]*:(\d+):(\d+)/
    : new RegExp(`${escapeRegExp(url)}:(\\d+):(\\d+)`);
  const at = originalPlace(e, frame, JSON.parse(mapText) as object);
  if (!at) return undefined;
  // The map names sources relative to where it would have been written.
  const file = at.source.startsWith('file://') ? fileURLToPath(at.source) : path.resolve(mapDir, at.source);
  return { file, line: at.line, column: at.column };
}

/** Modules of the project run here (their URL, source map, folder): what their code throws later is placed by them. */
const evaluated: { url: string; map: string; dir: string }[] = [];

/** Keeps the last few (`quire dev` runs the config again on each change of it). */
function remember(entry: { url: string; map: string; dir: string }): void {
  evaluated.push(entry);
  if (evaluated.length > 16) evaluated.shift();
}

/**
 * Where in the project's files an error was thrown by code of a module run here (the config and what it imports,
 * its plugins): the first frame of its stack in such a module, mapped to its source. Undefined when none is.
 */
export function evaluatedPlace(e: unknown): { file: string; line: number; column: number } | undefined {
  const stack = (e as Error | undefined)?.stack ?? '';
  let first: { at: number; entry: (typeof evaluated)[number]; line: number; column: number } | undefined;
  for (const entry of evaluated) {
    const at = stack.indexOf(entry.url + ':');
    const m = at < 0 ? null : /^:(\d+):(\d+)/.exec(stack.slice(at + entry.url.length));
    if (m && (!first || at < first.at)) first = { at, entry, line: Number(m[1]), column: Number(m[2]) };
  }
  if (!first) return undefined;
  const at = mappedPlace(JSON.parse(first.entry.map) as object, first.line, first.column);
  if (!at) return undefined;
  const file = at.source.startsWith('file://') ? fileURLToPath(at.source) : path.resolve(first.entry.dir, at.source);
  return { file, line: at.line, column: at.column };
}

/** A project file's path as diagnostics show it: relative to the project, with forward slashes. */
export function toProjectPath(root: string, abs: string): string {
  return path.relative(root, abs).split(path.sep).join('/');
}

/**
 * Why and where importing a project's TypeScript failed: esbuild's first error (`compile`, its text), or what the
 * module threw while it ran (`evaluation`), at its place in the project when known, else at `file`.
 */
export function importFailure(
  e: unknown,
  root: string,
  file: string,
): { kind: 'compile' | 'evaluation'; text: string; place: { file: string; line?: number; column?: number } } {
  const first = (e as EsbuildLikeError).errors?.[0];
  if (first) {
    // esbuild names files relative to the working directory; diagnostics name them relative to the project.
    const loc = first.location;
    const place = loc ? { file: toProjectPath(root, path.resolve(loc.file)), line: loc.line, column: loc.column + 1 } : { file };
    return { kind: 'compile', text: first.text, place };
  }
  const at = e instanceof EvaluationError ? e.place : undefined;
  const place = at ? { file: toProjectPath(root, at.file), line: at.line, column: at.column } : { file };
  return { kind: 'evaluation', text: (e as Error).message, place };
}

export interface EsbuildLikeError {
  errors?: { text: string; location?: { file: string; line: number; column: number } | null }[];
}
