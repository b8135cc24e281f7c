import { contentImageError, type Diagnostic, outsideProject } from '../diagnostics.ts';
import type { Compiled } from '../types.ts';

/**
 * The images pages show from their own folders (`![Karte](./karte.png)`, `<Figure src="./karte.png">`), by
 * project-relative file: the caller says which of them are missing (see `missingFiles` in load), so plan can
 * report them with the site's other problems, not a render later.
 */
export function contentImageFiles(compiled: Compiled[]): string[] {
  return [...new Set(compiled.flatMap((c) => c.assets.map((a) => a.file)))].filter((f) => !outsideProject(f)).sort();
}

/** Each use of an image that lies outside the project or is missing, at the place that shows it. */
export function contentImageProblems(compiled: Compiled[], missing: ReadonlySet<string>): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const c of compiled) {
    for (const asset of c.assets) {
      if (outsideProject(asset.file)) out.push(contentImageError(asset, 'outside'));
      else if (missing.has(asset.file)) out.push(contentImageError(asset, 'missing'));
    }
  }
  return out;
}
