import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { deserialize, serialize } from 'node:v8';
import type { BuildOptions, Metafile, Plugin } from 'esbuild';
import { codeThemeCss } from '../shared/code-theme.ts';
import { sassStylesheets } from './sass.ts';
import { tailwindStylesheets } from './tailwind.ts';
import type { SiteConfig } from '../types.ts';

export interface ClientBundle {
  /** Output files relative to the base path: `assets/main.AB12CD.js`. */
  files: { file: string; contents: Uint8Array }[];
  /** URL path (under base) of the entry script and the stylesheet. */
  js: string;
  css: string;
  /** Island name → module URL. */
  islands: Record<string, string>;
  /** The files esbuild read (absolute): the theme's and the project's stylesheets and code. */
  inputs?: readonly string[];
}

/** React islands: name → client entry (under the tool root). Each becomes its own lazily loaded module. */
export const ISLAND_ENTRIES: Record<string, string> = {
  MangaPromo: 'themes/classic/islands/manga-promo.client.tsx',
  SearchModal: 'themes/classic/islands/search-modal.client.tsx',
  SearchPage: 'themes/classic/islands/search-page.client.tsx',
};

/**
 * The browser side: `src/client/main.ts` (plain TypeScript, no React) and the theme's stylesheet,
 * bundled by esbuild into content-hashed files that can be cached forever.
 * This is the one place where client code and the theme's styles meet.
 */
export async function bundleClient({
  toolRoot,
  baseUrl,
  minify = true,
  projectRoot,
  styles = [],
  setsPrimary = false,
  codeTheme,
  cacheDir,
  scripts,
  islands,
}: {
  toolRoot: string;
  baseUrl: string;
  minify?: boolean;
  /** With `styles`: the project's stylesheets (project-relative), bundled after the theme's (SiteConfig.styles). */
  projectRoot?: string;
  styles?: readonly string[];
  /** One of `styles` sets Infima's `--ifm-color-primary` (load's StyleFacts: emit does not read the project). */
  setsPrimary?: boolean;
  /** Code colours from the config (SiteConfig.codeTheme), written after every other stylesheet. */
  codeTheme?: SiteConfig['codeTheme'];
  /** With it, a bundle whose every input file is as when it was made is taken from this folder (see BundleRecord). */
  cacheDir?: string;
  /** Scripts published as they are: absolute paths by the file each becomes (`assets/mermaid-11.16.1.min.js`). */
  scripts?: Record<string, string>;
  /** Islands only some sites have, by name (tool-relative entries, as ISLAND_ENTRIES): `Mermaid` where it draws diagrams. */
  islands?: Record<string, string>;
}): Promise<ClientBundle> {
  const bundle = await bundleClientCode({ toolRoot, baseUrl, minify, projectRoot, styles, setsPrimary, codeTheme, cacheDir, islands });
  return scripts && Object.keys(scripts).length ? withScripts(bundle, scripts) : bundle;
}

/**
 * What a site's client bundle has besides everyone's (bundleClient's `scripts` and `islands`): where it draws Mermaid
 * diagrams, the project's browser build of mermaid and the island that draws each diagram with it.
 */
export function siteClientParts(root: string, config: SiteConfig): { scripts?: Record<string, string>; islands?: Record<string, string> } {
  const mermaid = config.markdown.mermaid;
  return mermaid
    ? { scripts: { [mermaid.published]: path.resolve(root, mermaid.script) }, islands: { Mermaid: 'src/client/mermaid.ts' } }
    : {};
}

/** The bundle with `scripts` added as they are (read afresh each build: they are not esbuild's). */
async function withScripts(bundle: ClientBundle, scripts: Record<string, string>): Promise<ClientBundle> {
  const files = [...bundle.files];
  for (const [published, file] of Object.entries(scripts)) files.push({ file: published, contents: await readFile(file) });
  return { ...bundle, files, inputs: [...(bundle.inputs ?? []), ...Object.values(scripts)] };
}

/** esbuild's part of bundleClient: taken from the cache folder where its inputs are unchanged. */
async function bundleClientCode({
  toolRoot,
  baseUrl,
  minify,
  projectRoot,
  styles = [],
  setsPrimary = false,
  codeTheme,
  cacheDir,
  islands = {},
}: {
  toolRoot: string;
  baseUrl: string;
  minify: boolean;
  projectRoot?: string;
  styles?: readonly string[];
  setsPrimary?: boolean;
  codeTheme?: SiteConfig['codeTheme'];
  cacheDir?: string;
  islands?: Record<string, string>;
}): Promise<ClientBundle> {
  const projectStyles = projectRoot ? styles.map((file) => path.resolve(projectRoot, file)) : [];
  const codeCss = codeTheme ? codeThemeCss(codeTheme) : '';
  // A site without islands of its own keeps its record's name (the settings' hash) as before.
  const settings = { toolRoot, baseUrl, minify, projectStyles, setsPrimary, codeCss, ...(Object.keys(islands).length ? { islands } : {}) };
  const record = cacheDir ? path.join(cacheDir, `client-${sha1(JSON.stringify(settings)).slice(0, 12)}.bin`) : undefined;
  const cached = record ? await readRecord(record) : undefined;
  if (cached && (await inputsHash(cached.inputs)) === cached.inputsHash) return { ...cached.bundle, inputs: cached.inputs };
  const { bundle, inputs } = await makeBundle({ ...settings, projectRoot });
  if (record) await writeRecord(record, { inputs, inputsHash: await inputsHash(inputs), bundle });
  return { ...bundle, inputs };
}

/**
 * A bundle kept in the cache folder (`client-<hash of the settings>.bin`) with the files it was made of: every
 * input esbuild read (its metafile) and what else decides its bytes, esbuild's version and the tool's TypeScript
 * settings. A warm build with none of them changed takes it instead of running esbuild (its service's start and
 * the bundling cost more CPU time than the rest of such a build's emit stage).
 */
interface BundleRecord {
  inputs: string[];
  inputsHash: string;
  bundle: ClientBundle;
}

async function readRecord(file: string): Promise<BundleRecord | undefined> {
  try {
    const value = deserialize(await readFile(file)) as BundleRecord;
    return Array.isArray(value?.inputs) && typeof value.inputsHash === 'string' && value.bundle ? value : undefined;
  } catch {
    return undefined;
  }
}

/** A record that cannot be written costs the next build its esbuild run, nothing else. */
async function writeRecord(file: string, record: BundleRecord): Promise<void> {
  try {
    await mkdir(path.dirname(file), { recursive: true });
    const tmp = `${file}.${process.pid}.tmp`;
    await writeFile(tmp, serialize(record));
    await rename(tmp, file);
  } catch {
    // See above.
  }
}

/** One hash of the inputs' paths and bytes; a file that cannot be read counts as missing. */
async function inputsHash(files: string[]): Promise<string> {
  const contents = await Promise.all(files.map((f) => readFile(f).catch(() => undefined)));
  const hash = createHash('sha1');
  files.forEach((f, i) => {
    const bytes = contents[i];
    hash.update(`${f}\0${bytes ? bytes.byteLength : -1}\0`);
    if (bytes) hash.update(bytes);
  });
  return hash.digest('hex');
}

function sha1(text: string): string {
  return createHash('sha1').update(text).digest('hex');
}

/** The files besides its inputs that decide a bundle's bytes: esbuild's version, the TypeScript settings it reads. */
function settingFiles(toolRoot: string): string[] {
  const own = ['tsconfig.json', 'src/client/tsconfig.json', 'package.json'].map((f) => path.join(toolRoot, f));
  try {
    // The esbuild this module imports (resolved as its import is), without loading it.
    return [...own, fileURLToPath(import.meta.resolve('esbuild/package.json'))];
  } catch {
    return own;
  }
}

async function makeBundle({
  toolRoot,
  baseUrl,
  minify,
  projectStyles,
  setsPrimary,
  codeCss,
  projectRoot,
  islands: siteIslands = {},
}: {
  toolRoot: string;
  baseUrl: string;
  minify: boolean;
  projectStyles: string[];
  setsPrimary: boolean;
  codeCss: string;
  projectRoot?: string;
  islands?: Record<string, string>;
}): Promise<{ bundle: ClientBundle; inputs: string[] }> {
  const entries = { ...ISLAND_ENTRIES, ...siteIslands };
  // Loaded only when a bundle is made: a warm build takes it from the cache.
  const { build } = await import('esbuild');
  const options = {
    define: { 'process.env.NODE_ENV': JSON.stringify(minify ? 'production' : 'development') },
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    target: ['es2020'],
    minify,
    write: false,
    outdir: path.join(toolRoot, '.quire-out/assets'),
    entryNames: '[name].[hash]',
    chunkNames: 'chunks/[name].[hash]',
    assetNames: '[name].[hash]',
    // Paths in the output (and so its hashes) are relative to this folder: the same from any working directory,
    // so a build started elsewhere does not rename the bundle and re-render every page.
    absWorkingDir: toolRoot,
    logLevel: 'silent',
    legalComments: 'none',
    metafile: true,
  } satisfies BuildOptions;
  // Two builds: the page's own script shares no chunk with the islands, so a search or promotion module that
  // cannot be loaded never stops the script that shows the failure and its Retry button.
  const themeStyles = path.join(toolRoot, 'themes/classic/styles/index.css');
  // The files Sass and Tailwind read for the project's stylesheets, which esbuild's metafile does not list.
  const sassRead = new Set<string>();
  const [page, rest] = await Promise.all([
    build({ ...options, entryPoints: { main: path.join(toolRoot, 'src/client/main.ts') } }),
    build({
      ...options,
      ...((projectStyles.length && projectRoot) || codeCss
        ? {
            plugins: [
              stylesEntry(themeStyles, projectStyles, { baseUrl, projectRoot: projectRoot ?? toolRoot, setsPrimary, codeCss }),
              tailwindStylesheets(projectRoot ?? toolRoot, sassRead, (file) => readFile(file, 'utf8')),
              sassStylesheets(projectRoot ?? toolRoot, sassRead),
            ],
            loader: ASSET_LOADERS,
          }
        : {}),
      entryPoints: {
        styles: (projectStyles.length && projectRoot) || codeCss ? STYLES_ENTRY : themeStyles,
        ...Object.fromEntries(Object.entries(entries).map(([name, file]) => [`island-${name}`, path.join(toolRoot, file)])),
      },
    }).catch((e: unknown) => {
      throw stylesheetError(e, toolRoot, projectRoot, projectStyles) ?? e;
    }),
  ]);
  // A chunk both builds make has the same name (its content hash) and bytes: written once.
  const result = { outputFiles: [...new Map([...page.outputFiles, ...rest.outputFiles].map((f) => [f.path, f])).values()] };
  const outRoot = path.join(toolRoot, '.quire-out');
  const files = result.outputFiles.map((f) => ({ file: path.relative(outRoot, f.path).split(path.sep).join('/'), contents: f.contents }));
  const js = files.find((f) => /^assets\/main\.[\w-]+\.js$/.test(f.file))!.file;
  const css = files.find((f) => /^assets\/styles\.[\w-]+\.css$/.test(f.file))!.file;
  const islands = Object.fromEntries(
    Object.keys(entries).map((name) => [
      name,
      baseUrl + files.find((f) => f.file.startsWith(`assets/island-${name}.`) && f.file.endsWith('.js'))!.file,
    ]),
  );
  const bundle = { files, js: baseUrl + js, css: baseUrl + css, islands };
  return {
    bundle,
    inputs: [...new Set([...inputFiles(page.metafile, toolRoot), ...inputFiles(rest.metafile, toolRoot), ...sassRead])].concat(
      settingFiles(toolRoot),
    ),
  };
}

/**
 * The files a build read (absolute paths), without its virtual modules (`quire-styles:styles`, the stylesheet
 * entry; a namespace is longer than a Windows drive letter).
 */
function inputFiles(metafile: Metafile, toolRoot: string): string[] {
  return Object.keys(metafile.inputs)
    .filter((f) => !/^[\w-]{2,}:/.test(f))
    .map((f) => path.resolve(toolRoot, f))
    .sort();
}

/** The stylesheet entry when the project has stylesheets: the theme's, then each of the project's in order. */
const STYLES_ENTRY = 'quire:styles';

/** What a project's stylesheet may name relatively besides CSS: images and fonts, published as hashed files. */
const ASSET_LOADERS: BuildOptions['loader'] = Object.fromEntries(
  ['.png', '.jpg', '.jpeg', '.gif', '.webp', '.avif', '.svg', '.ico', '.woff', '.woff2', '.ttf', '.otf', '.eot'].map((ext) => [
    ext,
    'file',
  ]),
);

/**
 * The stylesheet entry: `@import`s of the theme's stylesheet and the project's, in that order, so the project's
 * rules win as in Docusaurus. A `url(/img/x.png)` in them is a site path (Docusaurus serves static files there),
 * kept under the base path rather than looked up on this machine; `@site/…` names a file of the project. Where the project sets Infima's primary colour,
 * the theme's primary colour follows it (Infima's other variables have no counterpart in this theme).
 */
function stylesEntry(
  themeStyles: string,
  projectStyles: string[],
  { baseUrl, projectRoot, setsPrimary, codeCss }: { baseUrl: string; projectRoot: string; setsPrimary: boolean; codeCss: string },
): Plugin {
  const imports = [themeStyles, ...projectStyles].map((file) => `@import ${JSON.stringify(file)};`);
  // On light backgrounds the theme's primary is text on off-white surfaces: Infima's darker shade keeps it readable
  // (WCAG AA), where the template's own green is 4.4:1 on them; on dark backgrounds the primary itself is.
  const bridge = setsPrimary
    ? [
        'html[data-theme] { --c-primary: var(--ifm-color-primary-dark, var(--ifm-color-primary)); --c-primary-dark: var(--ifm-color-primary-darker, var(--ifm-color-primary)); }',
        'html[data-theme="dark"] { --c-primary: var(--ifm-color-primary); --c-primary-dark: var(--ifm-color-primary-light, var(--ifm-color-primary)); }',
      ].join('\n')
    : '';
  return {
    name: 'quire-styles',
    setup(b) {
      b.onResolve({ filter: /^quire:styles$/ }, () => ({ path: 'styles', namespace: 'quire-styles' }));
      b.onLoad({ filter: /.*/, namespace: 'quire-styles' }, () => ({
        contents: [...imports, bridge, codeCss].join('\n'),
        loader: 'css',
        resolveDir: '/',
      }));
      b.onResolve({ filter: /^\// }, (args) =>
        args.kind === 'url-token' && !args.path.startsWith('//') ? { path: baseUrl + args.path.slice(1), external: true } : undefined,
      );
      // Docusaurus's alias for the project's folder, in `url()` and `@import` as in its modules.
      b.onResolve({ filter: /^@site\// }, (args) => ({ path: path.join(projectRoot, args.path.slice('@site/'.length)) }));
    },
  };
}

/** A project's stylesheet esbuild could not bundle: its first error, at its place in the project. */
export class StylesheetError extends Error {
  constructor(
    message: string,
    readonly place: { file: string; line?: number; column?: number },
  ) {
    super(message);
  }
}

/** The StylesheetError for an esbuild failure in one of the project's stylesheets (or what they import), if it is one. */
function stylesheetError(
  e: unknown,
  toolRoot: string,
  projectRoot: string | undefined,
  projectStyles: string[],
): StylesheetError | undefined {
  if (!projectRoot || !projectStyles.length) return undefined;
  const errors = (e as { errors?: { text: string; location?: { file: string; line: number; column: number } | null }[] }).errors ?? [];
  for (const error of errors) {
    // esbuild names files relative to its working directory (the tool's folder).
    const file = error.location && path.resolve(toolRoot, error.location.file);
    if (!file || path.relative(projectRoot, file).startsWith('..')) continue;
    const rel = path.relative(projectRoot, file).split(path.sep).join('/');
    return new StylesheetError(error.text, { file: rel, line: error.location!.line, column: error.location!.column + 1 });
  }
  return undefined;
}
