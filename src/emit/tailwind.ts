import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin, PluginBuild } from 'esbuild';

/**
 * Tailwind CSS 4 in the project's stylesheets (`@import 'tailwindcss'` in `customCss`), which a Docusaurus project
 * builds through a plugin whose `configurePostCss` adds `@tailwindcss/postcss` (DocSearch's site does): such a
 * stylesheet is run through the project's own `postcss` and `@tailwindcss/postcss`, with the project's folder as
 * the base Tailwind scans for class names (Docusaurus's working folder), and handed on as CSS. quire ships no
 * Tailwind: a project without those packages installed gets an error at the stylesheet saying so. `loaded` collects
 * every file Tailwind read or scanned, so the bundle's cache record knows them. `read` gives a stylesheet's text
 * (the file system is client.ts's).
 */
export function tailwindStylesheets(projectRoot: string, loaded: Set<string>, read: (file: string) => Promise<string>): Plugin {
  const inProject = (file: string) =>
    !path.relative(projectRoot, file).startsWith('..') && !file.includes(`${path.sep}node_modules${path.sep}`);
  return {
    name: 'quire-tailwind',
    setup(b: PluginBuild) {
      b.onLoad({ filter: /\.css$/ }, async (args) => {
        if (!inProject(args.path)) return undefined;
        const text = await read(args.path);
        // Comments may name such a rule (`@theme/ThemedImage`): blanked, keeping the lines for the error's place.
        const at = TAILWIND_IMPORT.exec(text.replace(/\/\*[\s\S]*?\*\//g, (c) => c.replace(/[^\n]/g, ' ')));
        if (!at) return undefined;
        const line = text.slice(0, at.index).split('\n').length;
        const tools = projectTailwind(projectRoot);
        if (!tools) {
          return {
            errors: [
              {
                text: "This stylesheet imports Tailwind CSS, which Docusaurus builds through a plugin's PostCSS settings; quire runs the project's own @tailwindcss/postcss and postcss, and the project has not installed them: run npm install @tailwindcss/postcss postcss in the project.",
                location: { file: args.path, line, column: 0 },
              },
            ],
          };
        }
        try {
          const result = await tools.postcss([tools.tailwind({ base: projectRoot })]).process(text, { from: args.path });
          const used = result.messages.flatMap((m) => (m.type === 'dependency' && typeof m.file === 'string' ? [m.file] : []));
          for (const file of used) loaded.add(file);
          return { contents: result.css, loader: 'css', resolveDir: path.dirname(args.path), watchFiles: used };
        } catch (e) {
          const error = e as PostcssError;
          return {
            errors: [
              {
                text: error.reason ?? String(e),
                // PostCSS counts lines from 1 and columns from 1, esbuild lines from 1 and columns from 0.
                location: { file: error.file ?? args.path, line: error.line ?? line, column: Math.max(0, (error.column ?? 1) - 1) },
              },
            ],
          };
        }
      });
    },
  };
}

/**
 * `@import 'tailwindcss'` (or `"tailwindcss"`, `url(…)`, with a layer or other conditions after it), or one of
 * Tailwind's own at-rules (`@apply`, `@theme`, `@reference`, …), which only Tailwind makes CSS of.
 */
const TAILWIND_IMPORT =
  /@import\s+(?:url\(\s*)?["']tailwindcss(?:\/[\w.-]+)?["']|@(?:tailwind|apply|theme|utility|variant|custom-variant|reference|source|config|plugin)(?=[\s{;])/;

/** The part of PostCSS's API quire calls. */
type Postcss = (plugins: unknown[]) => {
  process(css: string, options: { from: string }): Promise<{ css: string; messages: { type: string; file?: unknown }[] }>;
};

interface PostcssError {
  reason?: string;
  file?: string;
  line?: number;
  column?: number;
}

/** The project's `postcss` and `@tailwindcss/postcss`, where it has both installed. */
function projectTailwind(projectRoot: string): { postcss: Postcss; tailwind: (options: { base: string }) => unknown } | undefined {
  // The project's packages, not quire's: loaded from the project's folder.
  const projectRequire = createRequire(path.join(projectRoot, 'package.json'));
  try {
    // Its CommonJS entry is the plugin itself, or a module whose `default` is.
    const module = projectRequire('@tailwindcss/postcss') as { default?: unknown };
    const tailwind = (typeof module === 'function' ? module : module.default) as (options: { base: string }) => unknown;
    return { postcss: projectRequire('postcss') as Postcss, tailwind };
  } catch {
    return undefined;
  }
}
