import { build, type Message, type OnResolveArgs, type Plugin } from 'esbuild';
import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { CODES, error, warning, withExcerpt, type Diagnostic } from '../diagnostics.ts';
import { NOTE_CODES, type CompileTexts } from './compile.ts';
import type { CompiledPartial } from './processors.ts';
import type { PageSettings } from './pipeline.ts';
import { assetMarker } from '../shared/markers.ts';
import { withBase } from '../shared/route-match.ts';
import type { AssetRef, Compiled } from '../types.ts';

/**
 * The modules a page's own code may import that the render provides rather than the bundle: React (one copy,
 * the one that renders the page) and the theme's stand-ins for Docusaurus's modules (Theme.modules).
 */
const RENDER_PROVIDED = new Set(['react', 'react/jsx-runtime', 'react/jsx-dev-runtime', 'react-dom', '@mdx-js/react']);

/** Files an import turns into their published URL (`import logo from './logo.png'`), as Docusaurus's bundler does. */
const FILE_URL = /\.(png|jpe?g|gif|webp|avif|ico|bmp|mp4|webm|ogg|mp3|wav|pdf|woff2?|ttf|eot)$/i;

/** A page whose imports are bundled: the build's entry `p<index>`. */
interface Entry {
  compiled: Compiled;
  absFile: string;
}

const slash = (p: string) => p.split(path.sep).join('/');

/**
 * Bundles each page's imported modules (Compiled.imports) with esbuild, for the page's render
 * (src/render/modules.ts): one CommonJS bundle per page whose exports are the page's modules by import source,
 * `@site/…` read as the project's root (Docusaurus's alias), JSX in `.js` files, CSS and CSS modules
 * (`*.module.css`), SVG imported as a React component (as Docusaurus's SVGR does) and other files as their
 * published URL. React and the theme's modules come from the render, `styles` (the theme's stand-in for the
 * class names Docusaurus's code uses) comes first in each page's CSS. Each page gets `modules`; a module that
 * cannot be found or compiled is a Q039 at the import.
 */
export interface BundleOptions {
  /** The modules the theme provides (Theme.modules): each name, with the names it exports. */
  provided: Record<string, readonly string[]>;
  /** The theme's stylesheet for the project's code (Theme.moduleStyles), absolute. */
  styles?: string;
  baseUrl: string;
  /** The site paths of the static files (`/img/x.png`), which CSS names from the root (`url(/img/x.png)`). */
  staticPaths?: ReadonlySet<string>;
  /** The config's page settings, for `.md`/`.mdx` partials (see compilePartial). */
  settings?: PageSettings;
  /** The compiler's texts, for `.md`/`.mdx` partials (see compilePartial). */
  texts: CompileTexts;
  /**
   * For components that run in the browser too: quire's folder (its React), the theme's file exporting
   * `docusaurusModules` and its island file exporting `mountProject` and `svgComponent`, absolute.
   */
  browser?: { quire: string; modules: string; island: string };
}

/** The page's island module and the files it is made of (under the base path), when its code runs in the browser. */
export interface ModuleFile {
  file: string;
  contents: string;
}

/**
 * Code that needs the browser: React's state and effect hooks, the address it is shown at (`useLocation`), event
 * handlers (`onClick: …` once JSX is compiled), and Docusaurus's ways of asking for the browser (`BrowserOnly`,
 * `useIsBrowser`, `ExecutionEnvironment`). A page whose bundle has none is drawn at build time and ships no
 * JavaScript of its own.
 */
const NEEDS_BROWSER =
  /\buse(?:State|Effect|LayoutEffect|Reducer|SyncExternalStore|Transition|ImperativeHandle|Location|History|IsBrowser)\b|\bon[A-Z][A-Za-z]+:\s|@docusaurus\/(?:BrowserOnly|ExecutionEnvironment)\b/;

export async function bundleModules(
  root: string,
  compiled: Compiled[],
  { provided, styles, baseUrl, staticPaths, settings, texts, browser }: BundleOptions,
): Promise<{ diagnostics: Diagnostic[]; files: ModuleFile[]; dropped: Compiled[] }> {
  const entries: Entry[] = compiled
    .filter((c) => c.imports?.length && !c.standIn)
    .map((c) => ({ compiled: c, absFile: path.join(root, c.source.file) }));
  if (!entries.length) return { diagnostics: [], files: [], dropped: [] };
  const theme = new Set(Object.keys(provided));
  const partials = new Map<string, CompiledPartial>();
  const notes: Diagnostic[] = [];
  const assets = new Map<string, AssetRef>();
  const markerOf = (absFile: string, importer: string) => {
    const file = slash(path.relative(root, absFile));
    let asset = assets.get(file);
    if (!asset) assets.set(file, (asset = { file, marker: assetMarker(file), from: { file: slash(path.relative(root, importer)) } }));
    return asset.marker;
  };

  const pluginFor = (target: 'server' | 'browser', pages: Entry[]): Plugin => ({
    name: 'quire-modules',
    setup(b) {
      b.onResolve({ filter: /^quire-page:/ }, (args) => ({ path: args.path, namespace: 'quire-page' }));
      b.onLoad({ filter: /.*/, namespace: 'quire-page' }, (args) => {
        const entry = pages[Number(args.path.slice('quire-page:'.length))];
        const imports = entry.compiled.imports!;
        // The theme's styles for the project's code first (its own CSS overrides them), then one line per import,
        // so an error in line k + 1 is the page's k-th import.
        const lines = [target === 'server' && styles && existsSync(styles) ? `import ${JSON.stringify(styles)};` : ''];
        lines.push(...imports.map((imp, k) => `import * as m${k} from ${JSON.stringify(imp.source)};`));
        const map = `{${imports.map((imp, k) => `${JSON.stringify(imp.source)}: m${k}`).join(', ')}}`;
        if (target === 'server') lines.push(`export default ${map};`);
        else
          lines.push(
            `import { mountProject } from ${JSON.stringify(browser!.island)};`,
            `const modules = ${map};`,
            'export function mount(element, props) { return mountProject(element, props, modules); }',
          );
        return { contents: lines.join('\n'), resolveDir: path.dirname(entry.absFile), loader: 'js' };
      });
      b.onResolve({ filter: /^@site\// }, (args) =>
        b.resolve(`./${args.path.slice('@site/'.length)}`, {
          resolveDir: root,
          kind: args.kind,
          importer: args.importer,
          namespace: 'file',
        }),
      );
      b.onResolve({ filter: /^(react|react-dom)(\/|$)|^@theme\/|^@theme-original\/|^@docusaurus\/|^@mdx-js\/react$/ }, (args) => {
        // A resolve this plugin asked for itself (below): esbuild's own.
        if (args.pluginData === 'quire-file') return undefined;
        if (target === 'browser') {
          // In the browser: quire's React (one copy, the one the island module mounts with), the theme's modules.
          if (/^(react|react-dom)(\/|$)/.test(args.path))
            return b.resolve(args.path, { resolveDir: browser!.quire, kind: args.kind, importer: args.importer, pluginData: 'quire-file' });
          if (theme.has(args.path) || args.path === '@mdx-js/react') return { path: args.path, namespace: 'quire-theme' };
        }
        if (RENDER_PROVIDED.has(args.path) || theme.has(args.path)) return { path: args.path, external: true };
        if (/^(react|react-dom)(\/|$)/.test(args.path)) return undefined;
        const offered = [...theme].filter((name) => name.split('/')[0] === args.path.split('/')[0]);
        return {
          errors: [
            {
              text: `quire does not provide ${args.path}.`,
              notes: [
                {
                  text: offered.length
                    ? `quire provides ${offered.join(', ')}.`
                    : 'Write the part this module gives in a component of your own.',
                },
              ],
            },
          ],
        };
      });
      // A file imported by code: its published URL (`quire-url`), or for an SVG a component (`quire-svg`). Named
      // from CSS (`url(./bg.png)`) it stays a URL: its marker, replaced by the published URL at emit. In the
      // browser, esbuild's file loader publishes other files beside the island module.
      const fileHook = (namespace: 'quire-url' | 'quire-svg') => async (args: OnResolveArgs) => {
        if (args.pluginData === 'quire-file' || (namespace === 'quire-url' && target === 'browser')) return undefined;
        const found = await b.resolve(args.path, {
          resolveDir: args.resolveDir,
          kind: args.kind,
          importer: args.importer,
          pluginData: 'quire-file',
        });
        if (found.errors.length) return { errors: found.errors };
        if (args.kind === 'url-token' || args.kind === 'import-rule') return { path: markerOf(found.path, args.importer), external: true };
        return { path: found.path, namespace };
      };
      // CSS naming a static file from the site's root (`url(/img/bg.png)`) means the published file, as in Docusaurus:
      // its path under the base path. A root path that is no static file is left to esbuild, which reports it.
      b.onResolve({ filter: /^\/[^/]/ }, (args) => {
        if (args.kind !== 'url-token' && args.kind !== 'import-rule') return undefined;
        const sitePath = decodeURI(args.path.split(/[?#]/)[0]);
        return staticPaths?.has(sitePath) ? { path: withBase(baseUrl, args.path), external: true } : undefined;
      });
      b.onResolve({ filter: FILE_URL }, fileHook('quire-url'));
      b.onResolve({ filter: /\.svg$/i }, fileHook('quire-svg'));
      b.onLoad({ filter: /.*/, namespace: 'quire-url' }, (args) => ({
        contents: `export default ${JSON.stringify(markerOf(args.path, args.path))};`,
        loader: 'js',
        watchFiles: [args.path],
      }));
      // `import Logo from './logo.svg'` is a component drawing the SVG (props go on its <svg>), with the file's
      // default export also named ReactComponent, as SVGR gives it.
      b.onLoad({ filter: /.*/, namespace: 'quire-svg' }, async (args) => {
        const text = await readFile(args.path, 'utf8');
        return {
          contents: [
            `import { svgComponent } from '@quire/svg';`,
            `const Svg = svgComponent(${JSON.stringify(text)});`,
            `export default Svg;`,
            `export const ReactComponent = Svg;`,
          ].join('\n'),
          loader: 'js',
          watchFiles: [args.path],
        };
      });
      b.onResolve({ filter: /^@quire\/svg$/ }, (args) =>
        target === 'server' ? { path: args.path, external: true } : { path: browser!.island },
      );
      b.onLoad({ filter: /.*/, namespace: 'quire-theme' }, (args) => ({
        contents:
          args.path === '@mdx-js/react'
            ? 'export const useMDXComponents = (given) => ({ ...given });\nexport const MDXProvider = ({ children }) => children;'
            : [
                `import { docusaurusModules } from ${JSON.stringify(browser!.modules)};`,
                `const m = docusaurusModules[${JSON.stringify(args.path)}];`,
                'export default m.default;',
                ...(provided[args.path] ?? [])
                  .filter((name) => name !== 'default' && name !== '__esModule')
                  .map((name) => `export const ${name} = m.${name};`),
              ].join('\n'),
        loader: 'js',
        resolveDir: browser!.quire,
      }));
      // `.md`/`.mdx` partials: compiled as MDX with the site's plugins; `_`-prefixed ones are not pages of their own.
      b.onLoad({ filter: /\.mdx?$/ }, async (args) => {
        const file = slash(path.relative(root, args.path));
        const text = await readFile(args.path, 'utf8');
        const { body, bodyLine } = withoutFrontMatter(text);
        const { compilePartial } = await import('./processors.ts');
        try {
          const partial = await compilePartial(body, bodyLine, file, '/', baseUrl, texts, settings);
          partials.set(file, partial);
          for (const note of partial.notes)
            notes.push(
              withExcerpt(
                warning(NOTE_CODES[note.kind], note.message, { file, line: note.line, column: note.column, hint: note.hint }),
                body,
                bodyLine,
              ),
            );
          return { contents: partial.code, loader: 'js', resolveDir: path.dirname(args.path) };
        } catch (e) {
          const m = e as { reason?: string; message: string; line?: number | null; column?: number | null };
          return {
            errors: [
              {
                text: `The partial cannot be compiled: ${m.reason ?? m.message}`,
                location: { file, line: m.line ?? 1, column: Math.max(0, (m.column ?? 1) - 1), lineText: '' },
              },
            ],
          };
        }
      });
    },
  });

  const serverBuild = (list: Entry[]) =>
    build({
      absWorkingDir: root,
      entryPoints: list.map((_, i) => ({ in: `quire-page:${i}`, out: `p${i}` })),
      external: ['@mdx-js/react'],
      outdir: path.join(root, '.quire-modules'),
      bundle: true,
      // Packages installed in the project resolve from content outside its folder too (a docs folder beside the site), as webpack does for Docusaurus.
      nodePaths: [path.join(root, 'node_modules')],
      write: false,
      metafile: true,
      format: 'cjs',
      // The build-time copy takes a package's default entry, not its browser one, which may touch `document` as it
      // loads (decode-named-character-reference's does), nor its Node one, which may import Node's modules that
      // the evaluated bundle does not have (vfile's does).
      platform: 'neutral',
      mainFields: ['module', 'main'],
      target: 'es2020',
      jsx: 'automatic',
      loader: { '.js': 'jsx' },
      define: { 'process.env.NODE_ENV': '"production"' },
      logLevel: 'silent',
      plugins: [pluginFor('server', list)],
    });

  let list = entries;
  const dropped: Compiled[] = [];
  let result: Awaited<ReturnType<typeof serverBuild>>;
  try {
    result = await serverBuild(list);
  } catch (e) {
    const errors = esbuildErrors(e);
    if (!entries.some((entry) => entry.compiled.source.react))
      return { diagnostics: [...notes, ...errors.map((m) => moduleDiagnostic(m, root, entries))], files: [], dropped };
    // A React page quire cannot build is left out with a warning, as Docusaurus's other pages still build: which
    // pages fail is found by building each alone (only when the build as a whole failed).
    const found = new Map<string, Diagnostic>();
    for (const entry of entries) {
      const failed = await serverBuild([entry]).then(
        () => [],
        (error: unknown) => esbuildErrors(error),
      );
      if (!failed.length) continue;
      const react = entry.compiled.source.react === true;
      if (react) dropped.push(entry.compiled);
      for (const m of failed) {
        const d = moduleDiagnostic(m, root, [entry]);
        const shown = react
          ? {
              ...d,
              severity: 'warning' as const,
              message: `${d.message} The React page ${entry.compiled.source.file} is left out of the site.`,
            }
          : d;
        found.set(`${shown.severity}|${shown.file}|${shown.line}|${shown.message}`, shown);
      }
    }
    const diagnostics = [...notes, ...found.values()];
    list = entries.filter((entry) => !dropped.includes(entry.compiled));
    if (diagnostics.some((d) => d.severity === 'error') || !list.length) return { diagnostics, files: [], dropped };
    notes.splice(0, notes.length, ...diagnostics);
    result = await serverBuild(list);
  }
  const { outputFiles, metafile } = result;

  const outputs = new Map(outputFiles.map((f) => [slash(path.relative(root, f.path)), f.text]));
  list.forEach(({ compiled: page }, i) => {
    const js = outputs.get(`.quire-modules/p${i}.js`) ?? '';
    const css = outputs.get(`.quire-modules/p${i}.css`);
    const inputs = Object.keys(metafile.outputs[`.quire-modules/p${i}.js`]?.inputs ?? {});
    const files = inputs
      .map((input) => input.replace(/^[a-z-]+:/, ''))
      .filter((input) => !path.isAbsolute(input) || input.startsWith(root))
      .map((input) => slash(path.isAbsolute(input) ? path.relative(root, input) : input))
      .filter((input) => !input.startsWith('quire-page') && !input.includes('node_modules/'));
    const used = [...assets.values()].filter((a) => js.includes(a.marker) || css?.includes(a.marker));
    // What the page's partials link to and show is the page's: checked, and published, with its own.
    for (const file of files) {
      const partial = partials.get(file);
      if (!partial) continue;
      page.links = [...page.links, ...partial.links];
      used.push(...partial.assets);
    }
    page.modules = { code: js, ...(css ? { css } : {}), files };
    if (used.length) page.assets = [...page.assets, ...used.filter((a) => !page.assets.some((b) => b.marker === a.marker))];
  });

  // Pages whose code needs the browser get an island module: the same imports, bundled for the browser with
  // quire's React, split so what several pages share loads once.
  const interactive = browser ? list.filter((e) => NEEDS_BROWSER.test(e.compiled.modules!.code)) : [];
  if (!interactive.length) return { diagnostics: notes, files: [], dropped };
  let client: { path: string; text: string }[];
  try {
    client = (
      await build({
        absWorkingDir: root,
        entryPoints: interactive.map((_, i) => ({ in: `quire-page:${i}`, out: `p${i}` })),
        outdir: path.join(root, '.quire-modules/assets/project'),
        entryNames: '[name]-[hash]',
        chunkNames: 'chunk-[hash]',
        assetNames: '[name]-[hash]',
        publicPath: `${baseUrl}assets/project/`,
        bundle: true,
        // Packages installed in the project resolve from content outside its folder too (a docs folder beside the site), as webpack does for Docusaurus.
        nodePaths: [path.join(root, 'node_modules')],
        splitting: true,
        write: false,
        format: 'esm',
        platform: 'browser',
        target: 'es2020',
        minify: true,
        jsx: 'automatic',
        loader: { '.js': 'jsx', ...Object.fromEntries(FILE_EXTENSIONS.map((ext) => [ext, 'file' as const])) },
        define: { 'process.env.NODE_ENV': '"production"' },
        logLevel: 'silent',
        legalComments: 'none',
        plugins: [pluginFor('browser', interactive)],
      })
    ).outputFiles;
  } catch (e) {
    const errors = (e as { errors?: Message[] }).errors;
    if (!errors?.length) throw e;
    return { diagnostics: [...notes, ...errors.map((m) => moduleDiagnostic(m, root, interactive))], files: [], dropped };
  }
  const published = client
    .filter((f) => !f.path.endsWith('.css'))
    .map((f) => ({ file: slash(path.relative(path.join(root, '.quire-modules'), f.path)), contents: f.text }));
  interactive.forEach(({ compiled: page }, i) => {
    const entry = published.find((f) => new RegExp(`^assets/project/p${i}-[\\w-]+\\.js$`).test(f.file));
    if (entry) page.modules!.island = baseUrl + entry.file;
  });
  return { diagnostics: notes, files: published, dropped };
}

/** File types an island module publishes beside itself (see FILE_URL). */
const FILE_EXTENSIONS = [
  '.png',
  '.jpg',
  '.jpeg',
  '.gif',
  '.webp',
  '.avif',
  '.ico',
  '.bmp',
  '.mp4',
  '.webm',
  '.ogg',
  '.mp3',
  '.wav',
  '.pdf',
  '.woff',
  '.woff2',
  '.ttf',
  '.eot',
  '.svg',
];

/** A partial's body without its front matter (Docusaurus reads none from a partial), and the body's first line. */
function withoutFrontMatter(text: string): { body: string; bodyLine: number } {
  const match = /^---\r?\n[\s\S]*?\r?\n---[ \t]*(?:\r?\n|$)/.exec(text);
  if (!match) return { body: text, bodyLine: 1 };
  return { body: text.slice(match[0].length), bodyLine: match[0].split('\n').length };
}

/** esbuild's errors from a failed build; anything else it threw is a quire bug and thrown on. */
function esbuildErrors(e: unknown): Message[] {
  const errors = (e as { errors?: Message[] }).errors;
  if (!errors?.length) throw e;
  return errors;
}

/** An esbuild error as a Q039 at its place: in the page (its import line) or in the module that imports. */
function moduleDiagnostic(m: Message, root: string, entries: Entry[]): Diagnostic {
  // esbuild's advice about its own command line (`--external`, "mark the path as external") means nothing here.
  const hint =
    m.notes
      .map((n) => n.text)
      .filter((text) => !/external|--/.test(text))
      .join(' ') ||
    'Check the path (relative to the file, or @site/… from the project root) and that npm packages are installed (npm install).';
  const location = m.location;
  const page = location && /^(?:quire-page:)?quire-page:(\d+)$/.exec(location.file);
  if (page) {
    const { compiled } = entries[Number(page[1])];
    const imp = compiled.imports![location!.line - 2];
    return error(CODES.MODULE_IMPORT, `The page's import of ${imp?.source} cannot be bundled: ${m.text}`, {
      file: compiled.source.file,
      line: imp?.line,
      column: imp?.column,
      hint,
    });
  }
  const file = location ? slash(path.relative(root, path.resolve(root, location.file))) : undefined;
  // In a partial, esbuild's place is in the code compiled from it: the import it names is found in the file.
  const place =
    file && /\.mdx?$/.test(file) && location
      ? placeInPartial(path.join(root, file), location.lineText)
      : location && { line: location.line, column: location.column + 1 };
  return error(CODES.MODULE_IMPORT, `An imported module cannot be bundled: ${m.text}`, { file, ...place, hint });
}

/** Where in a partial the import statement esbuild quotes (`lineText`) is written: the line naming its module. */
function placeInPartial(absFile: string, lineText: string): { line?: number; column?: number } {
  const quoted = /(['"])([^'"]+)\1/.exec(lineText)?.[0];
  if (!quoted) return {};
  let text: string;
  try {
    text = readFileSync(absFile, 'utf8');
  } catch {
    return {};
  }
  const lines = text.split('\n');
  const at = lines.findIndex((line) => /^\s*import\b/.test(line) && line.includes(quoted));
  return at < 0 ? {} : { line: at + 1, column: 1 };
}
