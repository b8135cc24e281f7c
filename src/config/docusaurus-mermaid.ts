/**
 * Docusaurus's Mermaid diagrams (https://docusaurus.io/docs/markdown-features/diagrams): with `markdown.mermaid: true`
 * and `@docusaurus/theme-mermaid` in `themes`, a `mermaid` code block is a diagram the browser draws with the
 * project's own `mermaid` package, in the theme `themeConfig.mermaid.theme` names for each colour mode, with
 * `themeConfig.mermaid.options`. Without the theme or an installed `mermaid`, nothing is read (the settings are named
 * in Q003) and the blocks stay code.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

type Raw = Record<string, unknown>;
type Take = <T = unknown>(keyPath: string) => T | undefined;

const THEME = /^(@docusaurus\/theme-mermaid|docusaurus-theme-mermaid|mermaid)$/;
const SCRIPT = 'mermaid/dist/mermaid.min.js';

/**
 * The browser build of `mermaid` (one script that sets `window.mermaid`) where the theme's code would find the
 * package from the project's folder: the theme's own `node_modules`, else the project's, in it or a folder above.
 */
function mermaidScript(root: string): string | undefined {
  for (let dir = path.resolve(root); ; dir = path.dirname(dir)) {
    for (const modules of [
      path.join(dir, 'node_modules'),
      path.join(dir, 'node_modules', '@docusaurus', 'theme-mermaid', 'node_modules'),
    ]) {
      const file = path.join(modules, SCRIPT);
      if (existsSync(file)) return file;
    }
    if (path.dirname(dir) === dir) return undefined;
  }
}

/** quire's `markdown.mermaid` for the config, or undefined when it draws no diagrams. */
export function mapMermaid(raw: Raw, take: Take, root: string): Raw | undefined {
  const markdown = raw.markdown as Raw | undefined;
  if (markdown?.mermaid !== true) return undefined;
  const themes = Array.isArray(raw.themes) ? (raw.themes as unknown[]) : [];
  const at = themes.findIndex((entry) => {
    const name = Array.isArray(entry) ? entry[0] : entry;
    return typeof name === 'string' && THEME.test(name);
  });
  if (at < 0) return undefined;
  const script = mermaidScript(root);
  if (!script) return undefined;
  take('markdown.mermaid');
  take(`themes.${at}`);
  const light = take<unknown>('themeConfig.mermaid.theme.light');
  const dark = take<unknown>('themeConfig.mermaid.theme.dark');
  const options = take<unknown>('themeConfig.mermaid.options');
  // Published under its version (npm never changes a version's files), so pages can name it before it is written.
  let version = 'unknown';
  try {
    const pkg = JSON.parse(readFileSync(path.join(path.dirname(script), '..', 'package.json'), 'utf8')) as { version?: unknown };
    if (typeof pkg.version === 'string' && /^[\w.+-]+$/.test(pkg.version)) version = pkg.version;
  } catch {
    // No readable package.json beside it: the name says so.
  }
  return {
    script: path.relative(root, script).split(path.sep).join('/'),
    published: `assets/mermaid-${version}.min.js`,
    // The theme's defaults (theme-mermaid's validateThemeConfig).
    theme: { light: typeof light === 'string' ? light : 'default', dark: typeof dark === 'string' ? dark : 'dark' },
    options: options && typeof options === 'object' && !Array.isArray(options) ? options : {},
  };
}
