import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Plugin, PluginBuild } from 'esbuild';

/**
 * Sass stylesheets of the project (`customCss: './src/css/custom.scss'`, which Docusaurus builds with
 * `docusaurus-plugin-sass`): each `.scss`/`.sass` file esbuild loads is compiled by the project's own `sass` package,
 * the one that plugin uses, and handed on as CSS. quire ships no Sass compiler: a project without `sass` installed
 * gets an error at the stylesheet saying so. `loaded` collects every file Sass read (partials included), so the
 * bundle's cache record knows them. The pages' modules use it too, for the Sass files the project's code imports.
 */
export function sassStylesheets(projectRoot: string, loaded: Set<string>): Plugin {
  return {
    name: 'quire-sass',
    setup(b: PluginBuild) {
      b.onLoad({ filter: /\.s[ac]ss$/ }, (args) => {
        const sass = projectSass(projectRoot);
        if (!sass) {
          return {
            errors: [
              {
                text: 'This stylesheet is Sass, and the project has no sass package to compile it: run npm install sass in the project (docusaurus-plugin-sass uses it too).',
                location: { file: args.path, line: 1, column: 0 },
              },
            ],
          };
        }
        try {
          const modules = path.join(projectRoot, 'node_modules');
          const result = sass.compile(args.path, { style: 'expanded', loadPaths: [modules], importers: [tildeImporter(modules)] });
          const read = result.loadedUrls.filter((u) => u.protocol === 'file:').map((u) => fileURLToPath(u));
          for (const file of read) loaded.add(file);
          // `x.module.scss` is a CSS module, as docusaurus-plugin-sass has webpack load it: its class names local.
          const loader = /\.module\.s[ac]ss$/.test(args.path) ? 'local-css' : 'css';
          return { contents: result.css, loader, resolveDir: path.dirname(args.path), watchFiles: read };
        } catch (e) {
          const span = (e as SassError).span;
          const file = span?.url?.protocol === 'file:' ? fileURLToPath(span.url) : args.path;
          return {
            errors: [
              {
                text: (e as SassError).sassMessage ?? String(e),
                // Sass counts lines and columns from 0, esbuild lines from 1 and columns from 0.
                location: { file, line: (span?.start.line ?? 0) + 1, column: span?.start.column ?? 0 },
              },
            ],
          };
        }
      });
    },
  };
}

/**
 * `@import '~bootstrap/scss/bootstrap'`: a leading `~` is webpack's sass-loader's way (docusaurus-plugin-sass uses
 * it) of naming a file in an installed package: the rest of the URL is looked up in the project's node_modules,
 * Sass then finding the partial (`_bootstrap.scss`) or the extension as it does for any file. `~/x` is left alone.
 */
function tildeImporter(modules: string): SassFileImporter {
  return {
    findFileUrl(url: string) {
      if (!/^~[^/]/.test(url)) return null;
      return pathToFileURL(path.join(modules, url.slice(1)));
    },
  };
}

/** A Sass importer that only turns a URL into a file for Sass to load (the JavaScript API's `FileImporter`). */
interface SassFileImporter {
  findFileUrl(url: string): URL | null;
}

/** The part of the `sass` package's API quire calls (its JavaScript API, `compile`). */
interface Sass {
  compile(
    file: string,
    options: { style: 'expanded'; loadPaths: string[]; importers: SassFileImporter[] },
  ): { css: string; loadedUrls: URL[] };
}

interface SassError {
  sassMessage?: string;
  span?: { url?: URL; start: { line: number; column: number } };
}

/** The project's `sass` package, where it has one installed. */
function projectSass(projectRoot: string): Sass | undefined {
  // The project's package, not one of quire's: loaded from the project's folder.
  const projectRequire = createRequire(path.join(projectRoot, 'package.json'));
  try {
    return projectRequire('sass') as Sass;
  } catch {
    return undefined;
  }
}
