import type { OnResolveArgs, Plugin, PluginBuild } from 'esbuild';
import { existsSync, readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { CORE_SCHEMA, load as loadYaml, YAMLException } from 'js-yaml';
import path from 'node:path';
import { withExcerpt, type Diagnostic } from '../diagnostics.ts';
import { assetMarker, relativeMarker } from '../shared/markers.ts';
import { withBase } from '../shared/route-match.ts';
import { closestName } from '../shared/text.ts';
import type { ElementContent } from 'hast';
import { CODE_MODULE } from '../shared/markers.ts';
import { MDX_COMPONENTS_MODULE } from './plugins/global-components.ts';
import type { AssetRef, Compiled } from '../types.ts';
import { noteDiagnostic } from './compile-note.ts';
import { exportsTargetWithExtension } from './modules-exports.ts';
import type { BundleOptions } from './modules.ts';
import type { CompiledPartial } from './processors.ts';
import { unwrapMdxCodeBlocks } from '../shared/mdx-code-blocks.ts';

/**
 * The modules a page's own code may import that the render provides rather than the bundle: React (one copy,
 * the one that renders the page) and the theme's stand-ins for Docusaurus's modules (Theme.modules).
 */
const RENDER_PROVIDED = new Set(['react', 'react/jsx-runtime', 'react/jsx-dev-runtime', 'react-dom', '@mdx-js/react']);

/** Files an import turns into their published URL (`import logo from './logo.png'`), as Docusaurus's bundler does. */
const FILE_URL = /\.(png|jpe?g|gif|webp|avif|ico|bmp|mp4|webm|ogg|mp3|wav|pdf|woff2?|ttf|eot)$/i;

/** A page whose imports are bundled: the build's entry `p<index>`. */
export interface Entry {
  compiled: Compiled;
  absFile: string;
}

export const slash = (p: string) => p.split(path.sep).join('/');

/**
 * What one bundling run shares between its server and browser builds: the files imported as URLs (their asset
 * markers), the partials compiled and their notes.
 */
export class BundleState {
  readonly partials = new Map<string, CompiledPartial>();
  readonly notes: Diagnostic[] = [];
  readonly assets = new Map<string, AssetRef>();
  readonly theme: Set<string>;
  /**
   * Each CSS module's class names as the server build made them (absolute file → local name → class): the browser
   * build takes these, since its own would be minified (`"o"` for `styles_box`) and name no rule of the page's CSS,
   * which is the server build's (see cssModuleNamesOf).
   */
  readonly cssModuleNames = new Map<string, Record<string, string>>();
  /** The files the project's Sass compiler read for the bundle (partials included): inputs of the kept bundle. */
  readonly sassRead = new Set<string>();
  /**
   * Modules with a top-level `await` (absolute files), which the server build cannot carry (see awaitingModules):
   * filled from a first build's errors.
   */
  readonly awaiting = new Set<string>();

  constructor(
    readonly root: string,
    readonly options: BundleOptions,
  ) {
    this.theme = new Set(Object.keys(options.provided));
  }

  /** The asset marker of a file imported by code or named from CSS, recorded once with its first importer. */
  markerOf(absFile: string, importer: string): string {
    const file = slash(path.relative(this.root, absFile));
    let asset = this.assets.get(file);
    if (!asset)
      this.assets.set(file, (asset = { file, marker: assetMarker(file), from: { file: slash(path.relative(this.root, importer)) } }));
    return asset.marker;
  }
}

type Target = 'server' | 'browser';

/**
 * The esbuild plugin that bundles each page's imports (see bundleModules): the pages as entries, `@site/…`,
 * React and the theme's modules, files imported as URLs or SVG components, and `.md`/`.mdx` partials.
 */
export function modulesPlugin(state: BundleState, target: Target, pages: Entry[]): Plugin {
  return {
    name: 'quire-modules',
    setup(b) {
      if (target === 'server' && state.awaiting.size) awaitingModules(b, state);
      pageEntries(b, state, target, pages);
      providedModules(b, state, target);
      if (target === 'server') nodeBuiltins(b);
      mdxComponentsModule(b, state);
      importedFiles(b, state, target);
      themeModuleStubs(b, state, target);
      // Before the partials: `raw-loader!./x.mdx` is the partial's text, not the partial.
      rawFiles(b, state);
      codeBlocks(b, state, target, pages);
      partialFiles(b, state);
      if (target === 'browser') serverCssModuleNames(b, state);
      // Last: only for the bare imports no hook above took.
      packageExports(b);
    },
  };
}

/**
 * In the server build, a module with a top-level `await` (yoga-layout's entry awaits its WebAssembly) is one that
 * throws when it runs: the render's CommonJS bundle runs at once and cannot wait. Docusaurus's server render
 * cannot either when a page imports it statically (facebook/docusaurus#7238), so projects import it with `import()`
 * (`React.lazy`), which the build-time render does not wait for; the browser's module keeps it (browserBuild).
 */
function awaitingModules(b: PluginBuild, state: BundleState): void {
  const files = [...state.awaiting].map((file) => file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  // The module stays ES (its package may say `"type": "module"`), re-exporting one outside any package, which is
  // CommonJS: its importers' names are then looked up when it runs, and it throws first.
  b.onLoad({ filter: new RegExp(`^(?:${files.join('|')})$`), namespace: 'file' }, (args) => {
    const thrower = JSON.stringify(`quire-awaiting:${args.path}`);
    return { contents: `export * from ${thrower};\nexport { default } from ${thrower};`, loader: 'js' };
  });
  b.onResolve({ filter: /^quire-awaiting:/ }, (args) => ({ path: args.path.slice('quire-awaiting:'.length), namespace: 'quire-awaiting' }));
  b.onLoad({ filter: /.*/, namespace: 'quire-awaiting' }, (args) => {
    const file = slash(path.relative(state.root, args.path));
    const message = `${file} uses a top-level await, which quire's build-time render cannot wait for: import it with import() (React.lazy), as Docusaurus's server render needs too.`;
    return { contents: `throw new Error(${JSON.stringify(message)});`, loader: 'js' };
  });
}

/** A CSS module, also one written in Sass (`x.module.scss`, compiled by the project's sass: BundleOptions.sass). */
const CSS_MODULE = /\.module\.(?:css|s[ac]ss)$/;

/**
 * In the browser build a CSS module is the server build's class names: the page's HTML and CSS carry those, and a
 * component the browser draws anew (inside `<BrowserOnly>`, an element mounted later) must use them too. Lexical's
 * gallery, drawn in the browser only, had none of its styles.
 */
function serverCssModuleNames(b: PluginBuild, state: BundleState): void {
  b.onLoad({ filter: CSS_MODULE }, (args) => {
    const names = state.cssModuleNames.get(args.path);
    if (!names) return undefined;
    const named = Object.entries(names).filter(([local]) => /^[A-Za-z_$][\w$]*$/.test(local) && local !== 'default');
    const contents = [
      `const names = ${JSON.stringify(names)};`,
      'export default names;',
      ...named.map(([local]) => `export const ${local} = names[${JSON.stringify(local)}];`),
    ].join('\n');
    return { contents, loader: 'js' };
  });
}

/**
 * The class names of the CSS modules in a server bundle's code, by absolute file: esbuild writes each module after
 * a comment naming its file (relative to `root`), as a variable per name the code imports by name
 * (`var card = "Cards_card";`) and an object of local names and classes for its default export
 * (`var Cards_default = { card, "card-title": "Cards_card-title" };`).
 */
export function cssModuleNamesOf(code: string, root: string, into: Map<string, Record<string, string>>): void {
  for (const m of code.matchAll(/^\/\/ (\S+\.module\.(?:css|s[ac]ss))\n((?:var [\w$]+ = (?:"[^\n]*"|\{[^}]*\});\n)+)/gm))
    into.set(path.resolve(root, m[1]), namesOfDeclarations(m[2]));
  // A module reached through import() (Yoga's viewer, behind React.lazy) is set when first used: its variables are
  // declared, then assigned in an `init_…` function (`var init_x = __esm({ "x.module.css"() { x_default = {…}; } });`).
  const LAZY =
    /^\/\/ (\S+\.module\.(?:css|s[ac]ss))\n(?:var [\w$, ]+;\n)+var init_[\w$]+ = __esm\(\{\n\s*"[^"\n]*"\(\) \{\n([\s\S]*?)\n\s*\}\n\}\);$/gm;
  for (const m of code.matchAll(LAZY)) {
    const declarations = m[2]
      .split('\n')
      .map((line) => line.trim())
      .map((line) => (/^[\w$]+ = /.test(line) ? `var ${line}` : line))
      .join('\n');
    into.set(path.resolve(root, m[1]), namesOfDeclarations(`${declarations}\n`));
  }
}

/** A CSS module's names from esbuild's declarations of them: `var card = "x_card";` lines, `var x_default = {…};`. */
function namesOfDeclarations(declarations: string): Record<string, string> {
  const STRING = String.raw`"((?:[^"\\]|\\.)*)"`;
  const unquote = (text: string) => JSON.parse(`"${text}"`) as string;
  const vars = new Map<string, string>();
  const names: Record<string, string> = {};
  let object: string | undefined;
  for (const d of declarations.matchAll(new RegExp(String.raw`^var ([\w$]+) = (?:${STRING}|\{([^}]*)\});$`, 'gm'))) {
    if (d[2] !== undefined) vars.set(d[1], unquote(d[2]));
    else object = d[3];
  }
  if (object !== undefined) {
    for (const e of object.matchAll(new RegExp(String.raw`(?:${STRING}|([\w$-]+))(?::\s*(?:${STRING}|([\w$]+)))?\s*(?:,|$)`, 'g'))) {
      const local = e[1] !== undefined ? unquote(e[1]) : e[2];
      const value = e[3] !== undefined ? unquote(e[3]) : vars.get(e[4] ?? local);
      if (local && value !== undefined) names[local] = value;
    }
  }
  // Only names imported by name: the variable is the local name, or esbuild's renaming of it (`card2`).
  else for (const [name, value] of vars) names[value.endsWith(`_${name}`) ? name : name.replace(/\d+$/, '')] = value;
  return names;
}

/**
 * One class name per CSS module class in every page's server bundle (`outputs`: file → text), written into `into`
 * (absolute file → local name → class). esbuild names a module's classes anew for each page that imports it
 * (`Playground_wrapper2`, `Playground_wrapper3`, …: one build, its names unique), while the browser's module shares
 * one copy among the pages: what it draws anew (Yoga's playground editor, once hydrated) had another page's names,
 * which the page's CSS does not style. Each page's code and CSS take the names the first page using the class got.
 */
export function sameCssModuleNames(outputs: Map<string, string>, root: string, into: Map<string, Record<string, string>>): void {
  for (const [file, code] of outputs) {
    if (!file.endsWith('.js')) continue;
    const own = new Map<string, Record<string, string>>();
    cssModuleNamesOf(code, root, own);
    const renames = new Map<string, string>();
    for (const [module, names] of own) {
      const kept = into.get(module) ?? {};
      into.set(module, kept);
      for (const [local, name] of Object.entries(names)) {
        kept[local] ??= name;
        // A class composed of others (`composes:`) is their names with spaces: renamed one by one.
        const [mine, theirs] = [name.split(/\s+/), kept[local].split(/\s+/)];
        if (mine.length === theirs.length) mine.forEach((one, i) => one !== theirs[i] && renames.set(one, theirs[i]));
      }
    }
    if (!renames.size) continue;
    const names = [...renames.keys()].map((name) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
    const pattern = new RegExp(`(?<![\\w-])(?:${names.join('|')})(?![\\w-])`, 'g');
    const rename = (text: string) => text.replace(pattern, (name) => renames.get(name)!);
    outputs.set(file, rename(code));
    const css = file.replace(/\.js$/, '.css');
    const sheet = outputs.get(css);
    if (sheet !== undefined) outputs.set(css, rename(sheet));
  }
}

/** A page's imports that hold no component: raw-loader and yaml-loader imports and the CodeBlocks drawn of them. */
const TEXT_ONLY = new RegExp(`^(?:!{0,2}(?:raw|yaml)-loader!|${CODE_MODULE})`);

/** Each page is an entry `quire-page:<index>` whose code imports the page's modules, one line per import. */
function pageEntries(b: PluginBuild, { options }: BundleState, target: Target, pages: Entry[]): void {
  const { styles, browser } = options;
  b.onResolve({ filter: /^quire-page:/ }, (args) => ({ path: args.path, namespace: 'quire-page' }));
  b.onLoad({ filter: /.*/, namespace: 'quire-page' }, (args) => {
    const entry = pages[Number(args.path.slice('quire-page:'.length))];
    const imports = entry.compiled.imports!;
    // The theme's styles for the project's code first (its own CSS overrides them), then one line per import,
    // so an error in line k + 1 is the page's k-th import.
    const lines = [target === 'server' && styles && existsSync(styles) ? `import ${JSON.stringify(styles)};` : ''];
    // In the browser only the modules that can hold a component an island mounts: a raw-loader import is text, and
    // a CodeBlock of one is drawn at build time (see codeBlocks); the island module need not carry either.
    const used = imports
      .map((imp, k) => ({ source: imp.source, k }))
      .filter(({ source }) => target === 'server' || !TEXT_ONLY.test(source));
    lines.push(...imports.map((imp, k) => (used.some((u) => u.k === k) ? `import * as m${k} from ${JSON.stringify(imp.source)};` : '')));
    const map = `{${used.map(({ source, k }) => `${JSON.stringify(source)}: m${k}`).join(', ')}}`;
    if (target === 'server') lines.push(`export default ${map};`);
    else
      lines.push(
        `import { mountProject } from ${JSON.stringify(browser!.island)};`,
        `const modules = ${map};`,
        'export function mount(element, props) { return mountProject(element, props, modules); }',
      );
    return { contents: lines.join('\n'), resolveDir: path.dirname(entry.absFile), loader: 'js' };
  });
}

/** `@site/…` from the project's root; React and the theme's modules from the render (or in the browser, quire's). */
function providedModules(b: PluginBuild, { root, theme, options }: BundleState, target: Target): void {
  const { browser } = options;
  b.onResolve({ filter: /^@site\// }, (args) =>
    b.resolve(`./${args.path.slice('@site/'.length)}`, {
      resolveDir: root,
      kind: args.kind,
      importer: args.importer,
      namespace: 'file',
    }),
  );
  b.onResolve({ filter: /^(react|react-dom)(\/|$)|^@theme(?:-original|-init)?\/|^@docusaurus\/|^@mdx-js\/react$/ }, (args) => {
    // A resolve this plugin asked for itself (below): esbuild's own.
    if (args.pluginData === 'quire-file') return undefined;
    // The stub of a theme module takes the module from the render (see themeModuleStubs).
    if (args.namespace === 'quire-theme' && target === 'server') return { path: args.path, external: true };
    // The project's own theme component (src/theme/) for `@theme/…`; `@theme-original/…` is the theme's.
    const own = /^@theme\/(.+)$/.exec(args.path)?.[1];
    const file = own === undefined ? undefined : options.themeComponents?.[own];
    if (file) return b.resolve(`./${file}`, { resolveDir: root, kind: args.kind, importer: args.importer, namespace: 'file' });
    const name = args.path.replace(/^@theme-(?:original|init)\//, '@theme/');
    if (target === 'browser') {
      // In the browser: quire's React (one copy, the one the island module mounts with), the theme's modules.
      if (/^(react|react-dom)(\/|$)/.test(name))
        return b.resolve(name, { resolveDir: browser!.quire, kind: args.kind, importer: args.importer, pluginData: 'quire-file' });
      if (theme.has(name) || name === '@mdx-js/react') return { path: name, namespace: 'quire-theme' };
    }
    if (RENDER_PROVIDED.has(name)) return { path: name, external: true };
    // On the server the theme's module comes from the render: through a stub that names its exports, so an import
    // of a name the module does not have fails the bundle at its line (Q039) instead of the page's render.
    if (theme.has(name)) return { path: name, namespace: 'quire-theme' };
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
}

/** Node's own modules (node 20's `builtinModules`, without the `_`-prefixed internals), by the names code imports them. */
export const NODE_BUILTINS: ReadonlySet<string> = new Set(
  (
    'assert assert/strict async_hooks buffer child_process cluster console constants crypto dgram diagnostics_channel ' +
    'dns dns/promises domain events fs fs/promises http http2 https inspector inspector/promises module net os path ' +
    'path/posix path/win32 perf_hooks process punycode querystring readline readline/promises repl stream ' +
    'stream/consumers stream/promises stream/web string_decoder sys timers timers/promises tls trace_events tty url ' +
    'util util/types v8 vm wasi worker_threads zlib'
  ).split(' '),
);

/**
 * esbuild's own resolve of an import a hook looked at (by default its path from its folder), marked with the hook's
 * `marker` (a `quire-` name) so that hook, seeing its marker, leaves this resolve to esbuild instead of asking again.
 */
function resolveAgain(
  b: PluginBuild,
  args: OnResolveArgs,
  marker: string,
  { path = args.path, resolveDir = args.resolveDir }: { path?: string; resolveDir?: string } = {},
) {
  return b.resolve(path, { resolveDir, kind: args.kind, importer: args.importer, pluginData: marker });
}

/**
 * A Node module (`fs`, `node:path`) that a package's build-time entry imports (the `ai` SDK's `@vercel/oidc`, under
 * `@docsearch/react`): Docusaurus renders on Node, where the import loads and what is not called does nothing; the
 * render here has no file system, so the module is an empty object. A page that calls it at build time fails its
 * render at the call. A package of the same name installed in the project (the `events` polyfill) is taken instead.
 */
function nodeBuiltins(b: PluginBuild): void {
  b.onResolve({ filter: /^(node:)?[a-z_]+(\/[a-z_]+)?$/ }, async (args) => {
    const name = args.path.replace(/^node:/, '');
    if (args.pluginData === 'quire-builtin' || !NODE_BUILTINS.has(name)) return undefined;
    if (!args.path.startsWith('node:')) {
      const installed = await resolveAgain(b, args, 'quire-builtin');
      if (!installed.errors.length) return undefined;
    }
    return { path: name, namespace: 'quire-node-builtin' };
  });
  b.onLoad({ filter: /.*/, namespace: 'quire-node-builtin' }, () => ({ contents: 'module.exports = {};', loader: 'js' }));
}

/**
 * `@quire/mdx-components` (MDX_COMPONENTS_MODULE): the project's `src/theme/MDXComponents` with each component it
 * adds (SiteConfig.mdxComponents, those not taken from a theme module) as a named export, which the pages using
 * them import (remarkGlobalComponents). Its default export is the object, as Docusaurus's module has it.
 */
function mdxComponentsModule(b: PluginBuild, { root, options }: BundleState): void {
  b.onResolve({ filter: new RegExp(`^${MDX_COMPONENTS_MODULE}$`) }, (args) => ({ path: args.path, namespace: 'quire-mdx-components' }));
  b.onLoad({ filter: /.*/, namespace: 'quire-mdx-components' }, () => {
    const own = Object.entries(options.settings?.mdxComponents ?? {}).filter(([, from]) => !from.source);
    return {
      contents: [
        "import * as module from '@theme/MDXComponents';",
        'const all = module.default ?? module;',
        ...own.map(([key]) => `export const ${key} = all[${JSON.stringify(key)}];`),
      ].join('\n'),
      loader: 'js',
      resolveDir: root,
    };
  });
}

/**
 * A file imported by code: its published URL (`quire-url`), or for an SVG a component (`quire-svg`). Named from
 * CSS (`url(./bg.png)`) it stays a URL: its marker, replaced by the published URL at emit. In the browser,
 * esbuild's file loader publishes other files beside the island module.
 */
function importedFiles(b: PluginBuild, state: BundleState, target: Target): void {
  const { baseUrl, staticPaths, browser, roots } = state.options;
  const fileHook = (namespace: 'quire-url' | 'quire-svg') => async (args: OnResolveArgs) => {
    if (args.pluginData === 'quire-file' || (namespace === 'quire-url' && target === 'browser')) return undefined;
    const found = await resolveAgain(b, args, 'quire-file');
    if (found.errors.length) return { errors: found.errors };
    if (args.kind === 'url-token' || args.kind === 'import-rule')
      return { path: state.markerOf(found.path, args.importer), external: true };
    return { path: found.path, namespace };
  };
  // CSS naming a static file from the site's root (`url(/img/bg.png)`) means the published file, as in Docusaurus:
  // its path under the base path. A root path that is no static file is left to esbuild, which reports it.
  b.onResolve({ filter: /^\/[^/]/ }, async (args) => {
    if (args.kind === 'url-token' || args.kind === 'import-rule') {
      const sitePath = decodeURI(args.path.split(/[?#]/)[0]);
      return staticPaths?.has(sitePath) ? { path: withBase(baseUrl, args.path), external: true } : undefined;
    }
    return args.pluginData === 'quire-root' ? undefined : fromRoots(b, args, roots ?? []);
  });
  b.onResolve({ filter: FILE_URL }, fileHook('quire-url'));
  b.onResolve({ filter: /\.svg$/i }, fileHook('quire-svg'));
  b.onLoad({ filter: /.*/, namespace: 'quire-url' }, (args) => ({
    contents: `export default ${JSON.stringify(state.markerOf(args.path, args.path))};`,
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
}

/**
 * Code's import of a server-relative path (`import RenderExample from '/src/components/RenderExample.tsx'`, as
 * gmail-processor's example pages write it): webpack looks for it under each of Docusaurus's `resolve.roots` in
 * turn, then as an absolute path on disk (https://webpack.js.org/configuration/resolve/#resolveroots); esbuild
 * alone reads it as absolute only. Undefined when no root holds it: esbuild's own resolve, and its error.
 */
async function fromRoots(b: PluginBuild, args: OnResolveArgs, roots: readonly string[]) {
  for (const root of roots) {
    const found = await resolveAgain(b, args, 'quire-root', { path: `.${args.path}`, resolveDir: root });
    if (!found.errors.length) return found;
  }
  return undefined;
}

/**
 * A bare import whose package's `exports` names a file without its extension (gmail-processor's
 * `"./examples/*": "./build/examples/*"`): esbuild finds no file, webpack tries its extensions (see
 * exportsTargetWithExtension). Every other bare import is esbuild's own resolve, errors included.
 */
function packageExports(b: PluginBuild): void {
  b.onResolve({ filter: /^(?:@[\w.-]+\/)?[\w.-][^:!]*$/ }, async (args) => {
    // A resolve another hook here asked for (its own marker) is that hook's: asking again would go round between them.
    if ((typeof args.pluginData === 'string' && args.pluginData.startsWith('quire-')) || args.path.startsWith('.')) return undefined;
    const found = await resolveAgain(b, args, 'quire-exports');
    if (!found.errors.length) return found;
    const file = exportsTargetWithExtension(args.path, args.resolveDir);
    return file ? { path: file } : { errors: found.errors, warnings: found.warnings };
  });
}

/**
 * `@mdx-js/react` in the browser: a partial's links drawn there lead where the page's build-time drawing leads. A
 * relative link to a page is a marker there (LinkOptions.perPage), resolved from the page's own address (without
 * its trailing slash where the site's links are written so, SiteConfig.relativeUrls), as compile resolves it for
 * the page's HTML (modules.ts).
 */
export function browserMdxReact(noSlash: boolean): string {
  return [
    "import { createElement } from 'react';",
    `const MARKER = ${JSON.stringify(relativeMarker(''))};`,
    'function A(props) {',
    '  const href = props.href;',
    "  if (typeof href !== 'string' || !href.startsWith(MARKER)) return createElement('a', props);",
    `  const from = location.pathname${noSlash ? ".replace(/(.)\\/$/, '$1')" : ''};`,
    '  const to = new URL(decodeURIComponent(href.slice(MARKER.length)), location.origin + from);',
    "  return createElement('a', { ...props, href: to.pathname + to.search + to.hash });",
    '}',
    'export const useMDXComponents = (given) => ({ a: A, ...given });',
    'export const MDXProvider = ({ children }) => children;',
  ].join('\n');
}

/**
 * The theme's modules as stubs exporting each name the module has: in the browser read from the theme's
 * `docusaurusModules` (and `@mdx-js/react` made here), on the server imported from the render (external).
 */
function themeModuleStubs(b: PluginBuild, { root, options }: BundleState, target: Target): void {
  const { provided, browser } = options;
  b.onLoad({ filter: /.*/, namespace: 'quire-theme' }, (args) => {
    if (target === 'browser' && args.path === '@mdx-js/react')
      return { contents: browserMdxReact(options.settings?.relativeUrls === 'noSlash'), loader: 'js', resolveDir: browser!.quire };
    const source =
      target === 'browser'
        ? [
            `import { docusaurusModules } from ${JSON.stringify(browser!.modules)};`,
            `const m = docusaurusModules[${JSON.stringify(args.path)}];`,
          ]
        : [`import * as m from ${JSON.stringify(args.path)};`];
    return {
      contents: [
        ...source,
        'export default m.default;',
        ...(provided[args.path] ?? [])
          .filter((name) => name !== 'default' && name !== '__esModule')
          .map((name) => `export const ${name} = m.${name};`),
      ].join('\n'),
      loader: 'js',
      resolveDir: target === 'browser' ? browser!.quire : root,
    };
  });
}

/** webpack's raw-loader prefix as Docusaurus's docs write it (`!!raw-loader!./x.js`, `raw-loader!@site/x.js`). */
const RAW_LOADER = /^!{0,2}raw-loader!/;

/** webpack's inline loader prefix of either loader quire stands in for: `raw-loader` and `yaml-loader`. */
const TEXT_LOADER = /^!{0,2}(raw|yaml)-loader!/;

/**
 * `import Source from '!!raw-loader!./example.js'` is the file's text as the default export
 * (https://docusaurus.io/docs/markdown-features/react#importing-code-snippets); `import data from
 * '!!yaml-loader!./x.yaml'` is the file read as YAML, as the yaml-loader package's default (one document, its
 * value as the default export). The file is an input of the bundle (`quire-raw:` or `quire-yaml:` in its
 * metafile), so an edit to it re-renders the pages that import it.
 */
function rawFiles(b: PluginBuild, { root }: BundleState): void {
  b.onResolve({ filter: TEXT_LOADER }, async (args) => {
    const wanted = args.path.replace(TEXT_LOADER, '');
    const namespace = `quire-${TEXT_LOADER.exec(args.path)![1]}`;
    const found = await b.resolve(wanted, {
      resolveDir: args.resolveDir,
      kind: args.kind,
      importer: args.importer,
      pluginData: 'quire-file',
    });
    if (!found.errors.length) return { path: found.path, namespace };
    const near = nearFile(
      wanted.startsWith('@site/') ? path.join(root, wanted.slice('@site/'.length)) : path.resolve(args.resolveDir, wanted),
    );
    const suggestion = near && `${wanted.slice(0, wanted.length - path.basename(wanted).length)}${near}`;
    return {
      errors: found.errors.map((e) => ({
        ...e,
        notes: suggestion ? [{ text: `Did you mean ${args.path.replace(wanted, suggestion)}?` }] : e.notes,
      })),
    };
  });
  b.onLoad({ filter: /.*/, namespace: 'quire-raw' }, async (args) => ({
    contents: `export default ${JSON.stringify(await readFile(args.path, 'utf8'))};`,
    loader: 'js',
    watchFiles: [args.path],
  }));
  // The core schema, as yaml-loader's parser (the yaml package) reads YAML 1.2: a date stays a text.
  b.onLoad({ filter: /.*/, namespace: 'quire-yaml' }, async (args) => {
    const text = await readFile(args.path, 'utf8');
    try {
      const value = loadYaml(text, { schema: CORE_SCHEMA }) ?? null;
      return { contents: `export default ${JSON.stringify(value)};`, loader: 'js', watchFiles: [args.path] };
    } catch (e) {
      if (!(e instanceof YAMLException)) throw e;
      const file = slash(path.relative(root, args.path));
      const location = e.mark
        ? { file, line: e.mark.line + 1, column: e.mark.column, lineText: text.split('\n')[e.mark.line] ?? '' }
        : { file };
      return { errors: [{ text: `${file} is not YAML: ${e.reason}`, location }], watchFiles: [args.path] };
    }
  });
}

/** What theme-modules.ts writes into a code block's module name (CODE_MODULE). */
interface CodeSpec {
  language: string;
  meta: string;
  line?: number;
  column?: number;
  /** The page or partial that holds the block, from the root. */
  file: string;
}

/**
 * `<CodeBlock language="js" title="…">{Source}</CodeBlock>` of a raw-loader import in MDX: a module whose component
 * draws the file's text as the fenced block with that language and meta draws it (code.ts's codeFigure), with the
 * notes on its meta at the CodeBlock's place. The module's path is the file's, so an edit to it counts as one to
 * the raw import's; the spec is its suffix, which keeps two blocks of one file apart.
 *
 * The block is drawn at build time only, like a fenced one: its component's name is not a component's (lower
 * case), so the render does not make it an island (withIslands, src/render/modules.ts), and in the browser build
 * of a page with an island the module is a stub that draws nothing (no island mounts it), so neither the code nor
 * its markup is shipped, and its notes come from the server build alone.
 */
function codeBlocks(b: PluginBuild, state: BundleState, target: Target, pages: Entry[]): void {
  b.onResolve({ filter: new RegExp(`^${CODE_MODULE}`) }, async (args) => {
    const rest = args.path.slice(CODE_MODULE.length);
    const cut = rest.indexOf(':');
    if (target === 'browser') return { path: rest.slice(0, cut), namespace: 'quire-code-stub' };
    const source = rest.slice(cut + 1);
    const found = await b.resolve(source.replace(RAW_LOADER, ''), {
      resolveDir: args.resolveDir,
      kind: args.kind,
      importer: args.importer,
      pluginData: 'quire-file',
    });
    if (found.errors.length) return { errors: found.errors };
    const page = /^quire-page:(\d+)$/.exec(args.importer);
    const file = page ? pages[Number(page[1])].compiled.source.file : slash(path.relative(state.root, args.importer));
    const spec: CodeSpec = { ...(JSON.parse(decodeURIComponent(rest.slice(0, cut))) as Omit<CodeSpec, 'file'>), file };
    return { path: found.path, namespace: 'quire-code', suffix: `?${rest.slice(0, cut)}`, pluginData: spec };
  });
  b.onLoad({ filter: /.*/, namespace: 'quire-code-stub' }, () => ({
    contents: 'export default function codeBlock() { return null; }',
    loader: 'js',
  }));
  b.onLoad({ filter: /.*/, namespace: 'quire-code' }, async (args) => {
    const spec = args.pluginData as CodeSpec;
    const text = (await readFile(args.path, 'utf8')).replace(/\n$/, '');
    // The highlighter is loaded when a page's code block needs it, not with the stage.
    const { codeFigure, loadLanguages } = await import('./plugins/code.ts');
    await loadLanguages([spec.language]);
    const place = { line: spec.line, column: spec.column };
    const { figure, notes } = codeFigure(text, spec.language, spec.meta, place, false, state.options.settings?.magicComments);
    for (const note of notes) state.notes.push(noteDiagnostic(note, spec.file));
    return {
      contents: [
        "import { jsx as _jsx, jsxs as _jsxs } from 'react/jsx-runtime';",
        `export default function codeBlock() { return ${jsxOf(figure)}; }`,
      ].join('\n'),
      loader: 'js',
      resolveDir: state.root,
      watchFiles: [args.path],
    };
  });
}

/** A hast element as the jsx-runtime calls MDX compiles it to (a `style` text as React's object). */
function jsxOf(node: ElementContent): string {
  if (node.type === 'text') return JSON.stringify(node.value);
  if (node.type !== 'element') return 'null';
  const props = Object.entries(node.properties).map(([key, value]) => {
    if (key === 'className') return `className: ${JSON.stringify((value as string[]).join(' '))}`;
    if (key === 'style') return `style: ${JSON.stringify(styleObject(String(value)))}`;
    return `${JSON.stringify(key)}: ${JSON.stringify(value)}`;
  });
  const children = node.children.map(jsxOf);
  if (children.length === 1) props.push(`children: ${children[0]}`);
  else if (children.length) props.push(`children: [${children.join(', ')}]`);
  return `${children.length > 1 ? '_jsxs' : '_jsx'}(${JSON.stringify(node.tagName)}, {${props.join(', ')}})`;
}

/** `counter-reset: line 4` → `{ counterReset: 'line 4' }`. */
function styleObject(style: string): Record<string, string> {
  return Object.fromEntries(
    style
      .split(';')
      .map((d) => d.split(':'))
      .filter((d) => d.length === 2)
      .map(([k, v]) => [k.trim().replace(/-([a-z])/g, (_, c: string) => c.toUpperCase()), v.trim()]),
  );
}

/** The name of the file beside `absFile` whose name is closest to its own, if one is close. */
function nearFile(absFile: string): string | undefined {
  try {
    return closestName(path.basename(absFile), readdirSync(path.dirname(absFile)));
  } catch {
    return undefined;
  }
}

/** `.md`/`.mdx` partials: compiled as MDX with the site's plugins; `_`-prefixed ones are not pages of their own. */
function partialFiles(b: PluginBuild, state: BundleState): void {
  const { baseUrl, texts, settings } = state.options;
  b.onLoad({ filter: /\.mdx?$/ }, async (args) => {
    const file = slash(path.relative(state.root, args.path));
    const text = await readFile(args.path, 'utf8');
    const { body, bodyLine, frontMatter } = withoutFrontMatter(text);
    const format = partialFormat(file, frontMatter, settings?.markdownFormat ?? 'mdx');
    if (typeof format !== 'string')
      return { errors: [{ text: format.error, location: { file, line: format.line, column: 0, lineText: '' } }] };
    const { compilePartial } = await import('./processors.ts');
    try {
      const partial = await compilePartial(body, bodyLine, file, '/', baseUrl, texts, settings, format);
      state.partials.set(file, partial);
      for (const note of partial.notes) state.notes.push(withExcerpt(noteDiagnostic(note, file), body, bodyLine));
      return { contents: partial.code, loader: 'js', resolveDir: path.dirname(args.path) };
    } catch (e) {
      const m = e as { reason?: string; message: string; line?: number | null; column?: number | null };
      return {
        errors: [
          {
            text: `The partial cannot be compiled: ${m.reason ?? m.message}`,
            // The message's line is the body's, below the front matter.
            location: { file, line: (m.line ?? 1) + bodyLine - 1, column: Math.max(0, (m.column ?? 1) - 1), lineText: '' },
          },
        ],
      };
    }
  });
}

/**
 * A partial's body without its front matter (Docusaurus shows none of a partial's fields) and with its
 * `mdx-code-block` fences unwrapped, as a page's, the body's first line, and the front matter's text.
 */
function withoutFrontMatter(text: string): { body: string; bodyLine: number; frontMatter?: string } {
  const match = /^---\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/.exec(text);
  if (!match) return { body: unwrapMdxCodeBlocks(text), bodyLine: 1 };
  return { body: unwrapMdxCodeBlocks(text.slice(match[0].length)), bodyLine: match[0].split('\n').length, frontMatter: match[1] };
}

const FORMATS = ['md', 'mdx', 'detect'];

/**
 * How a partial is read, as Docusaurus's MDX loader chooses for every file it compiles (its getFormat): the
 * partial's own `mdx.format` front matter, else the config's `markdown.format`; `detect` goes by the extension.
 * Front matter that cannot be read, or another format, fails there as it fails Docusaurus's build.
 */
function partialFormat(file: string, frontMatter: string | undefined, siteFormat: string): 'md' | 'mdx' | { error: string; line: number } {
  let own: unknown;
  if (frontMatter?.includes('format')) {
    try {
      own = (loadYaml(frontMatter, { schema: CORE_SCHEMA }) as { mdx?: { format?: unknown } } | null)?.mdx?.format;
    } catch (e) {
      const mark = (e as YAMLException).mark;
      return { error: `The partial's front matter cannot be read: ${(e as YAMLException).reason}`, line: (mark?.line ?? 0) + 2 };
    }
    if (own !== undefined && !FORMATS.includes(own as string)) {
      const line = frontMatter.split('\n').findIndex((l) => /^\s+format:/.test(l)) + 2;
      return { error: `The partial's mdx.format is ${JSON.stringify(own)}: it is md, mdx or detect.`, line: Math.max(line, 2) };
    }
  }
  const format = (own as string | undefined) ?? siteFormat;
  if (format !== 'detect') return format as 'md' | 'mdx';
  return file.endsWith('.mdx') ? 'mdx' : 'md';
}
