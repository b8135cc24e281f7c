import path from 'node:path';
import type { Root as HastRoot } from 'hast';
import { docsVersionsOf } from '../shared/doc-versions.ts';
import { fileKey, fileLinkPath, fileMarker, linkedFile } from '../shared/markers.ts';
import type { Compiled, SiteConfig } from '../types.ts';
import type { PlanMemo, ResolvedPage } from './memo.ts';

/**
 * Docusaurus resolves a link to a `.md`/`.mdx` file relative to the linking file first, then relative to the
 * content folder the file is in (`api/Store.md` from `docs/understanding/x/y.md` is `docs/api/Store.md`), see
 * https://docusaurus.io/docs/markdown-features/links, and last relative to the project's folder (its
 * `resolveMarkdownLinkPathname` tries the site's folder after the content folders). The compiler knows only the first (it sees one file at a
 * time); here, with every file known, a link whose first reading names no file but whose second does is pointed
 * there: its marker in the page and the path the link checker gets. Pages without such links are returned as they
 * were (the same objects). With a memo (dev), a page whose links and output are the objects of the last plan is
 * resolved as it was then, while the set of content files is the same.
 */
export function resolveFromContentRoot(
  compiled: Compiled[],
  fileRoutes: Map<string, string>,
  config: SiteConfig,
  memo?: PlanMemo,
): Compiled[] {
  // Each docs version's folder is the content root of its docs (a link resolves within its version).
  // A docs instance's folder is its docs' (config layout.docsInstances).
  const roots = [
    ...docsVersionsOf(config).map((v) => v.dir),
    ...config.layout.docsInstances.map((d) => d.dir),
    config.layout.blog,
    config.layout.pages,
  ]
    .filter((r): r is string => r !== null)
    .map((r) => r.replace(/\/$/, ''));
  const files = memo ? [String(fileRoutes.size), ...fileRoutes.keys(), ...roots].join('\u0000') : '';
  const known = memo?.contentRoot?.files === files ? memo.contentRoot.pages : undefined;
  const pages = new Map<string, ResolvedPage>();
  const out = compiled.map((page) => {
    const last = known?.get(page.source.file);
    const resolved =
      last && last.links === page.links && last.output === page.output && last.modules === page.modules
        ? last.resolved
        : resolveOne(page, roots, fileRoutes, config.baseUrl);
    if (memo) pages.set(page.source.file, { links: page.links, output: page.output, modules: page.modules, resolved });
    return resolved ? { ...page, ...resolved } : page;
  });
  if (memo) memo.contentRoot = { files, pages };
  return out;
}

/** A page's links and output with its content-root links pointed at their files; undefined when it has none. */
function resolveOne(page: Compiled, roots: string[], fileRoutes: Map<string, string>, baseUrl: string): ResolvedPage['resolved'] {
  // A translation (Source.origin) resolves from its original's content root too, as Docusaurus tries the
  // localized folder and then the original (resolveMarkdownLinkPathname): routesByFile knows both paths.
  const root = roots.find((r) => (page.source.origin ?? page.source.file).startsWith(r + '/'));
  if (!root) return undefined;
  const moved = new Map<string, string>();
  const links = page.links.map((link) => {
    const target = linkedFile(link.path);
    if (target === undefined) return link;
    const written = decodeSafe(link.url.split('#')[0].split('?')[0]);
    if (written.startsWith('.')) return link;
    // A link written from the root is never read relative to the linking file.
    if (fileRoutes.has(target) && !written.startsWith('/')) return link;
    // Then the site's folder, where the project's files are named from (`/docs/a/b.md` is `docs/a/b.md`).
    const candidate = [path.posix.join(root, written), written.replace(/^\/+/, '')]
      .map((file) => fileKey(path.posix.normalize(file)))
      .find((file) => fileRoutes.has(file));
    if (candidate === undefined) {
      // Written from the site's root and no content file: the site path as written (a file of static/, say).
      if (!written.startsWith('/')) return link;
      moved.set(fileMarker(target), baseUrl + written.slice(1));
      return { ...link, path: written };
    }
    moved.set(fileMarker(target), fileMarker(candidate));
    return { ...link, path: fileLinkPath(candidate) };
  });
  if (!moved.size) return undefined;
  // A partial's links are in the page's module bundle, which draws the partial.
  const modules = page.modules && { ...page.modules, code: swapIn(page.modules.code, moved) };
  return { links, output: replaceIn(page.output, moved), ...(modules ? { modules } : {}) };
}

/** The output with each old marker replaced (markers are unique strings, in HTML, in code and in tree properties). */
function replaceIn(output: Compiled['output'], moved: Map<string, string>): Compiled['output'] {
  const swap = (text: string) => swapIn(text, moved);
  if (output.type === 'html') return { type: 'html', html: swap(output.html) };
  if (output.type === 'mdx') return { ...output, code: swap(output.code) };
  return { type: 'hast', tree: JSON.parse(swap(JSON.stringify(output.tree))) as HastRoot };
}

function swapIn(text: string, moved: Map<string, string>): string {
  let out = text;
  for (const [from, to] of moved) out = out.split(from).join(to);
  return out;
}

function decodeSafe(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}
