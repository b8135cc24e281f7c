import { contentImageError, type Diagnostic } from '../diagnostics.ts';
import type { Compiled, Loaded } from '../types.ts';

/**
 * The images pages show from their own folders (`![Karte](./karte.png)`, `<Figure src="./karte.png">`), by
 * project-relative file: the caller says which of them are missing (see `missingFiles` in load), so plan can
 * report them with the site's other problems, not a render later.
 */
export function contentImageFiles(compiled: Compiled[]): string[] {
  return [...new Set(compiled.flatMap((c) => c.assets.map((a) => a.file)))].filter((f) => !f.startsWith('../')).sort();
}

/** Each use of an image that lies outside the project or is missing, at the place that shows it. */
export function contentImageProblems(compiled: Compiled[], missing: ReadonlySet<string>): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const c of compiled) {
    for (const asset of c.assets) {
      if (asset.file.startsWith('../')) out.push(contentImageError(asset, 'outside'));
      else if (missing.has(asset.file)) out.push(contentImageError(asset, 'missing'));
    }
  }
  return out;
}

/**
 * The project files of the Markdown images pages show from the site itself (`Compiled.measuredImages`), by their
 * key: an asset next to a page by its marker, a file in static/ by its site path. Plan's caller reads their sizes.
 */
export function measuredImageFiles(compiled: Compiled[], staticFiles: Loaded['staticFiles']): Map<string, string> {
  const out = new Map<string, string>();
  let byPath: Map<string, string> | undefined;
  for (const c of compiled) {
    for (const key of c.measuredImages ?? []) {
      if (out.has(key)) continue;
      const asset = c.assets.find((a) => a.marker === key);
      if (asset) {
        if (!asset.file.startsWith('../')) out.set(key, asset.file);
        continue;
      }
      byPath ??= new Map(staticFiles.map((f) => [f.path, f.file]));
      const file = byPath.get(key.normalize('NFC'));
      if (file) out.set(key, file);
    }
  }
  return out;
}
