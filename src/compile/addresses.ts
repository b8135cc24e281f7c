import { createHash } from 'node:crypto';
import path from 'node:path';
import { permalink } from '../shared/addresses.ts';
import { fileKey } from '../shared/markers.ts';
import type { Compiled, SiteConfig, Source } from '../types.ts';

/**
 * What a Docusaurus project's own remark and rehype plugins see for a link to a `.md`/`.mdx` file: the linked page's
 * address. Docusaurus resolves such links before the project's `remarkPlugins` run (its MDX loader,
 * `@docusaurus/mdx-loader/lib/processor.js`, lists `resolveMarkdownLinks` after `beforeDefaultRemarkPlugins` and
 * before `remarkPlugins`; rehype plugins all come later), with each content plugin's `sourceToPermalink`
 * (`@docusaurus/utils/lib/markdownLinks.js`, `resolveMarkdownLinkPathname`): the doc's `permalink` with the link's
 * `?query#hash` put back (`serializeURLPath`). The permalink is the page's address before `trailingSlash` is applied
 * (core applies it to routes and Link, not to the metadata), so it ends with a slash only where the slug does: an
 * index doc (`guides/index.md` is `/docs/guides/`), a `slug:` written with one, the site's root. A link whose file is
 * not there is left as written (`onBrokenMarkdownLinks`). Electron's `api-structure-previews` keys the pages it waits
 * for by that address.
 *
 * quire writes a marker for such a link (src/shared/markers.ts) and render puts in the address from the route table;
 * only a page whose project plugins would see the link is shown the address (`shownAddress`), and the marker comes back
 * after them (`rehypeFileMarkers`, links.ts), so the page's output is what it was. The address a page was shown is an
 * input of its compile (`Compiled.shownAddresses`): a cached page is compiled again when one moved (`addressesHold`).
 */
export interface PageAddresses {
  /** Each content file's page address (base path included), keyed as links name files (fileKey); translations by their original's path too. */
  byFile: Map<string, string>;
  /** A hash of the whole map: quire dev's compile workers are started again when it changes. */
  key: string;
}

/** The addresses project plugins are shown, for a project with plugins (undefined without: nothing is shown). */
export function pageAddresses(sources: readonly Source[], config: SiteConfig): PageAddresses | undefined {
  if (!config.markdown.plugins) return undefined;
  const byFile = new Map<string, string>();
  for (const source of sources) {
    const address = permalink(source, config.baseUrl);
    byFile.set(fileKey(source.file), address);
    if (source.origin) byFile.set(fileKey(source.origin), address);
  }
  const hash = createHash('sha1');
  for (const [file, address] of byFile) hash.update(`${file}\u0000${address}\u0000`);
  return { byFile, key: hash.digest('hex') };
}

/** What one page was shown, by linked file: the address, or null where no file was there (the link stayed as written). */
export type ShownAddresses = Record<string, string | null>;

/**
 * The address a link to a content file shows project plugins, or undefined when its file is none (Docusaurus leaves
 * it as written). `target`: the file read relative to the linking file; `written`: the link's path as written;
 * `root`: the content folder the page is in, from which Docusaurus tries a link not written with `./` or `../`,
 * before the site's folder (resolveFromContentRoot in src/plan/file-links.ts does the same for the marker). Each file tried is noted in `seen`.
 */
export function shownAddress(
  target: string,
  written: string,
  root: string | undefined,
  addresses: Map<string, string>,
  seen: ShownAddresses,
): string | undefined {
  // `/x.md` is never read relative to the linking file; `x.md` is, first; both then from the content folder and
  // the site's folder (Docusaurus's resolveMarkdownLinkPathname).
  const tried = written.startsWith('/') ? [] : [target];
  if (!written.startsWith('./') && !written.startsWith('../')) {
    if (root !== undefined) tried.push(fileKey(path.posix.normalize(path.posix.join(root, written))));
    tried.push(fileKey(path.posix.normalize(written.replace(/^\/+/, ''))));
  }
  for (const file of tried) {
    const address = addresses.get(file);
    seen[file] = address ?? null;
    if (address !== undefined) return address;
  }
  return undefined;
}

/** Whether the addresses a compiled page was shown are still the pages' addresses (always, for a page shown none). */
export function addressesHold(compiled: Pick<Compiled, 'shownAddresses'>, addresses: PageAddresses | undefined): boolean {
  const shown = compiled.shownAddresses;
  if (!shown) return true;
  for (const file in shown) if ((addresses?.byFile.get(file) ?? null) !== shown[file]) return false;
  return true;
}
