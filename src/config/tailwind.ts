import { readFileSync } from 'node:fs';
import path from 'node:path';
import { CODES, report, type Diagnostic } from '../diagnostics.ts';

/**
 * What only Tailwind CSS's own build reads in a stylesheet: its at-rules (v3's `@tailwind`, v4's `@source`,
 * `@theme`, `@utility`, `@custom-variant`, …, and `@apply` in both) and an `@import` of the `tailwindcss` package.
 */
const TAILWIND =
  /@(?:tailwind|source|theme|utility|variant|custom-variant|apply|plugin|config|reference)\b|@import\s+(?:url\(\s*)?["']tailwindcss(?:\/[^"']*)?["']/g;

/** The text with its comments blanked out (each character a space, line breaks kept), so places stay where they were. */
function withoutComments(css: string): string {
  return css.replace(/\/\*[\s\S]*?\*\//g, (comment) => comment.replace(/[^\n]/g, ' '));
}

/**
 * A stylesheet the project adds to every page (`styles`, a Docusaurus config's `theme.customCss`) that is written
 * for Tailwind CSS: Docusaurus builds it through the PostCSS plugin a project's plugin adds (`configurePostCss`,
 * Lexical's website does so), which turns those rules into the utility classes its pages and components use.
 * quire bundles the stylesheet with esbuild and runs no PostCSS plugin, so those classes would have no styles,
 * unnoticed: one warning at the first such rule of the first file that has one (the file itself and the files it
 * imports by a relative path are read; `root`-relative paths).
 */
export function tailwindStylesheets(root: string, styles: readonly string[]): Diagnostic[] {
  const seen = new Set<string>();
  const find = (rel: string, depth: number): Diagnostic | undefined => {
    if (seen.has(rel)) return undefined;
    seen.add(rel);
    let css: string;
    try {
      css = withoutComments(readFileSync(path.join(root, rel), 'utf8'));
    } catch {
      // A file that cannot be read is the stylesheet bundle's error (Q005), not this warning's.
      return undefined;
    }
    TAILWIND.lastIndex = 0;
    const m = TAILWIND.exec(css);
    if (m) {
      const before = css.slice(0, m.index).split('\n');
      const place = { file: rel, line: before.length, column: before[before.length - 1].length + 1 };
      return report(CODES.CONFIG_UNKNOWN_KEY, 'tailwindUnbuilt', { file: rel, rule: m[0].replace(/\s+/g, ' ') }, place);
    }
    if (depth > 0) return undefined;
    for (const imported of css.matchAll(/@import\s+(?:url\(\s*)?["'](\.{1,2}\/[^"']+|[^"'/:][^"':]*\.css)["']/g)) {
      const found = find(path.posix.join(path.posix.dirname(rel), imported[1]), depth + 1);
      if (found) return found;
    }
    return undefined;
  };
  for (const file of styles) {
    const found = find(file, 0);
    if (found) return [found];
  }
  return [];
}
