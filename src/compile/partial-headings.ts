import type { Compiled, Heading } from '../types.ts';
import type { CompiledPartial } from './processors.ts';

/**
 * A page's headings and table of contents with those of the Markdown partials it shows (Compiled.partialHeadings),
 * as Docusaurus's MDX loader lists them: each `<Partial />` of a default-imported `.md`/`.mdx` file puts the
 * partial's own table of contents (its headings, and those of partials it shows in turn) at its place in the
 * page's (https://docusaurus.io/docs/markdown-features/toc#table-of-contents-heading-level, its remark `toc`
 * plugin's "slices"). The page's levels apply to them; their ids are the partial's own, so links to them work too.
 * `partials` are the compiled partials by project-relative file; a module not among them adds nothing. `resolve`
 * names the file an importer's import (as written) was bundled from, as the bundle resolved it (`@site/`, relative,
 * the roots of `/…`, packages); the page is the importer `importer`.
 */
export function addPartialHeadings(
  page: Compiled,
  importer: string,
  partials: ReadonlyMap<string, CompiledPartial>,
  resolve: (importer: string, source: string) => string | undefined,
): void {
  const slices = page.partialHeadings;
  if (!slices?.length) return;
  const headings = [...page.headings];
  const toc = [...page.toc];
  // From the last, so the places written for the page's own lists still hold.
  for (const slice of [...slices].reverse()) {
    const added = headingsOf(importer, slice.source, partials, resolve, new Set());
    if (!added.length) continue;
    headings.splice(slice.at, 0, ...added);
    if (slice.toc) {
      const { at, min, max } = slice.toc;
      toc.splice(at, 0, ...added.filter((h) => h.depth >= min && h.depth <= max));
    }
  }
  page.headings = headings;
  page.toc = toc;
}

/** The headings a partial shows, imported by `importer` as `source`, with its own partials' (once each along a path). */
function headingsOf(
  importer: string,
  source: string,
  partials: ReadonlyMap<string, CompiledPartial>,
  resolve: (importer: string, source: string) => string | undefined,
  seen: Set<string>,
): Heading[] {
  const file = resolve(importer, source);
  const partial = file === undefined ? undefined : partials.get(file);
  if (file === undefined || !partial || seen.has(file)) return [];
  const headings = [...partial.headings];
  for (const slice of [...partial.partialHeadings].reverse())
    headings.splice(slice.at, 0, ...headingsOf(file, slice.source, partials, resolve, new Set([...seen, file])));
  return headings;
}
