import { configPlace } from '../shared/config-place.ts';
import { posix } from 'node:path';
import type { LinkHint, LinkWhy } from '../catalogue.ts';
import { CODES, report, type Diagnostic } from '../diagnostics.ts';
import { fileKey, linkedFile } from '../shared/markers.ts';
import { createRouteMatcher, isSitePath } from '../shared/route-match.ts';
import { closestName } from '../shared/text.ts';
import type { Compiled, Draft, LinkRef, Route, SiteConfig } from '../types.ts';
import type { PageLinks, PlanMemo } from './memo.ts';

export interface LinkCheckInput {
  config: SiteConfig;
  routes: Route[];
  compiled: Compiled[];
  staticPaths: Set<string>;
  /** Links named by a key path: from the config (navbar, footer; no `file`), from data files and the sidebar (`file`, and a place when known). */
  keyedLinks: { to: string; keyPath: string; file?: string; line?: number; column?: number; isFile?: boolean }[];
  /** Content file → route path, for links to `.md`/`.mdx` files. */
  fileRoutes: Map<string, string>;
  /** Pages left out as drafts: a link to one is broken in this build, and the error says why. */
  drafts?: Draft[];
  /** React pages left out as quire cannot build their code (Q039): a link to one is broken, and the error says why. */
  leftOut?: { path: string; file: string }[];
  /** False when two pages claim one address: which page a link reaches is unsettled, so its anchors are not checked. */
  checkAnchors?: boolean;
  /**
   * The last plan's results (dev): while no page, heading, file, draft or setting the checks read changed,
   * only the pages whose links (or front matter, or duplicate ids) changed are checked again.
   */
  memo?: PlanMemo;
}

/**
 * Every internal link must reach a route or a static file; anchors must reach a heading of the target, or an
 * element written with that id.
 * Severity follows `onBrokenLinks` / `onBrokenAnchors` (throw → error, warn → warning, ignore → nothing).
 */
// biome-ignore lint/complexity/noExcessiveLinesPerFunction: one loop over every link and anchor, whose cases share the route and anchor indexes and the onBroken* policy.
export function checkLinks({
  config,
  routes,
  compiled,
  staticPaths,
  keyedLinks,
  fileRoutes,
  drafts = [],
  leftOut = [],
  checkAnchors = true,
  memo,
}: LinkCheckInput): Diagnostic[] {
  let diagnostics: Diagnostic[] = [];
  const context = memo
    ? linkContext({ config, routes, compiled, staticPaths, fileRoutes, drafts, leftOut, checkAnchors }, memo)
    : undefined;
  // The same context: the last plan's matcher and anchors are those this one would make.
  const same = memo?.links?.context === context ? memo?.links : undefined;
  const pages = new Map<string, PageLinks>();
  // The shared matcher (index.html/.html stripped, trailing slash, bounded cache): a link resolves exactly as
  // the dev server, `quire serve` and the browser resolve the address.
  const matcher =
    same?.matcher ?? createRouteMatcher(routes.filter((r) => r.kind !== 'notFound').map((r): [string, string] => [r.path, r.path]));
  let anchors = same?.anchors;
  if (!anchors) {
    const made = new Map<string, Set<string>>();
    // A stand-in's headings are unknown: links into it are checked for the page, not for the anchor. So are a
    // React page's, drawn after the check (Docusaurus's also knows the ids its code hands to useBrokenLinks).
    // Docusaurus's h1 has no id (its Heading drops it), so no link reaches it (markdown.headingIds: 'docusaurus').
    const linkable = config.markdown.headingIds === 'docusaurus' ? (h: { depth: number }) => h.depth > 1 : () => true;
    compiled.forEach(
      (c) =>
        c.standIn ||
        c.source.react ||
        made.set(c.source.path, new Set([...c.headings.filter(linkable).map((h) => h.id), ...(c.anchors ?? [])])),
    );
    anchors = made;
  }
  const known = same?.pages;

  // Kept with the severity its setting gives (onBrokenLinks, or onBrokenAnchors for anchors and duplicate ids).
  const own = { mdLink: config.onBrokenMarkdownLinks, mdImage: config.onBrokenMarkdownImages, siteImage: config.onBrokenSiteImages };
  const flag = (kind: 'link' | 'anchor' | keyof typeof own, found: Diagnostic) => {
    const mode = kind === 'anchor' ? config.onBrokenAnchors : ((kind === 'link' ? undefined : own[kind]) ?? config.onBrokenLinks);
    if (mode !== 'ignore') diagnostics.push({ ...found, severity: mode === 'throw' ? 'error' : 'warning' });
  };

  const resolvePath = (path: string): string | undefined => {
    const file = linkedFile(path);
    if (file !== undefined) return fileRoutes.get(file);
    if (staticPaths.has(path)) return path;
    return matcher.match(path);
  };

  // What the writer most likely meant: a link written with the base path (`/de/docs/faq/`) that names a page
  // once the base is taken off, the nearest page or file (`/docs/fqa/`, `./epub.md` beside epub.mdx), or for
  // a file link with nothing near, how such links are written. `from`: the linking page's file.
  const pagePaths = routes.filter((r) => r.kind !== 'notFound').map((r) => r.path);
  const linkHint = (path: string | undefined, from?: string): LinkHint => {
    const bare = path?.startsWith(config.baseUrl) && config.baseUrl !== '/' ? '/' + path.slice(config.baseUrl.length) : undefined;
    if (bare && (staticPaths.has(bare) || matcher.match(bare))) return { kind: 'base', path: bare };
    if (path && draftAt(path)) return { kind: 'draft' };
    if (path && leftOutAt(path)) return { kind: 'leftOut' };
    const file = linkedFile(path);
    if (file !== undefined) {
      const near = nearestPath(file, fileRoutes.keys());
      if (near && from) {
        const relative = posix.relative(posix.dirname(from), near);
        return { kind: 'near', path: relative.startsWith('.') ? relative : './' + relative };
      }
      if (near) return { kind: 'near', path: near };
      return { kind: 'fileLink' };
    }
    const near = path ? nearestPath(path, path.endsWith('/') ? pagePaths : staticPaths) : undefined;
    if (near) return { kind: 'near', path: near };
    return { kind: 'sitePath' };
  };

  // Images (social cards, the config's icon and logo) must be files of static/, not pages.
  const isStaticFile = (url: string) => staticPaths.has(url.split(/[?#]/)[0]);

  // A link to a draft is broken in a production build: the error names the draft instead of "no page".
  const draftMatcher = createRouteMatcher(drafts.map((d): [string, string] => [d.path, d.file]));
  const draftFiles = new Set(drafts.map((d) => fileKey(d.file)));
  const draftAt = (path: string): string | undefined => {
    const file = linkedFile(path);
    if (file !== undefined) return draftFiles.has(file) ? file : undefined;
    return drafts.length ? draftMatcher.match(path) : undefined;
  };
  const leftOutMatcher = createRouteMatcher(leftOut.map((p): [string, string] => [p.path, p.file]));
  const leftOutAt = (path: string): string | undefined => (leftOut.length ? leftOutMatcher.match(path) : undefined);
  const why = (path: string): LinkWhy => {
    const draft = draftAt(path);
    if (draft) return { draft };
    const page = leftOutAt(path);
    return page ? { leftOut: page } : { missing: linkedFile(path) ?? config.baseUrl + path.slice(1) };
  };

  const check = (link: LinkRef, file: string) => {
    const target = resolvePath(link.path!);
    if (!target && link.image) {
      const place = { file, line: link.line, column: link.column };
      flag(
        link.element ? 'siteImage' : 'mdImage',
        report(CODES.BROKEN_LINK, 'staticImage', { url: link.url, path: link.path!, hint: linkHint(link.path) }, place),
      );
      return;
    }
    if (!target) {
      const data = { url: link.url, why: why(link.path!), hint: linkHint(link.path, file) };
      const kind = linkedFile(link.path!) === undefined ? 'link' : 'mdLink';
      flag(kind, report(CODES.BROKEN_LINK, 'link', data, { file, line: link.line, column: link.column }));
      return;
    }
    if (checkAnchors && link.hash && anchors.has(target) && !anchors.get(target)!.has(link.hash)) {
      const ids = [...anchors.get(target)!];
      const meant = closestName(link.hash, ids);
      const data = { url: link.url, page: `${config.baseUrl}${target.slice(1)}`, hash: link.hash, meant, ids };
      flag('anchor', report(CODES.BROKEN_ANCHOR, 'anchor', data, { file, line: link.line, column: link.column }));
    }
  };

  // Per page, in three groups: every page's broken links, then front matter images, then duplicate ids.
  const pageLinks = (c: Compiled): PageLinks => {
    const last = known?.get(c.source.file);
    if (last && last.source === c.source && last.links === c.links && last.duplicateIds === c.duplicateIds) return last;
    const found = (run: () => void) => {
      diagnostics = [];
      run();
      return diagnostics;
    };
    const broken = found(() => {
      for (const link of c.links) if (link.path) check(link, c.source.file);
    });
    // The social card image of a page (front matter `image`), when it is a site path.
    const image = found(() => {
      const image = c.source.frontMatter.image;
      if (!image || !isSitePath(image) || isStaticFile(image)) return;
      flag('siteImage', report(CODES.BROKEN_LINK, 'frontMatterImage', { image }, { file: c.source.file, ...c.source.fieldPlaces?.image }));
    });
    // Two headings with one id: a link to it (and the table of contents) reaches only the first.
    const duplicates = found(() => {
      for (const d of c.duplicateIds ?? [])
        flag('anchor', report(CODES.DUPLICATE_ANCHOR, 'twice', { id: d.id }, { file: c.source.file, line: d.line, column: d.column }));
    });
    return { source: c.source, links: c.links, duplicateIds: c.duplicateIds, broken, image, duplicates };
  };
  const perPage = compiled.map((c) => {
    const found = pageLinks(c);
    pages.set(c.source.file, found);
    return found;
  });
  diagnostics = [...perPage.flatMap((p) => p.broken), ...perPage.flatMap((p) => p.image), ...perPage.flatMap((p) => p.duplicates)];
  if (memo && context !== undefined) memo.links = { context, pages, matcher, anchors };
  for (const { to, keyPath, file, line, column, isFile } of keyedLinks) {
    const path = to.split(/[?#]/)[0];
    if (isFile ? isStaticFile(path) : resolvePath(path)) continue;
    if (isFile) flag('siteImage', report(CODES.BROKEN_LINK, 'configImage', { to }, configPlace(config.configSource, keyPath)));
    else if (!file)
      flag(
        'link',
        report(CODES.BROKEN_LINK, 'configLink', { to, why: why(path), hint: linkHint(path) }, configPlace(config.configSource, keyPath)),
      );
    else {
      const data = { to, keyPath, atLine: !!line, why: why(path), hint: linkHint(path) };
      flag('link', report(CODES.BROKEN_LINK, 'keyedLink', data, line ? { file, line, column } : { file }));
    }
  }
  return diagnostics;
}

/**
 * Everything a page's link check reads besides the page itself, as one text: when it is the same as for the
 * last plan, a page whose links are the same objects has the same problems.
 */
function linkContext(
  {
    config,
    routes,
    compiled,
    staticPaths,
    fileRoutes,
    drafts,
    leftOut,
    checkAnchors,
  }: Required<Omit<LinkCheckInput, 'keyedLinks' | 'memo'>>,
  memo: PlanMemo,
): string {
  // Each list led by its length, so that no two different inputs make the same text.
  const parts: string[] = [config.baseUrl, config.onBrokenLinks, config.onBrokenAnchors, String(checkAnchors)];
  parts.push(config.onBrokenMarkdownLinks ?? '', config.onBrokenMarkdownImages ?? '');
  const paths = routes.filter((r) => r.kind !== 'notFound').map((r) => r.path);
  parts.push(String(paths.length), ...paths);
  const shown = compiled.filter((c) => !c.standIn);
  parts.push(String(shown.length));
  for (const c of shown) parts.push(c.source.path, memo.idsText(c));
  parts.push(String(staticPaths.size), ...staticPaths, String(fileRoutes.size));
  for (const [file, route] of fileRoutes) parts.push(file, route);
  parts.push(String(drafts.length));
  for (const d of drafts) parts.push(d.path, d.file);
  parts.push(String(leftOut.length));
  for (const p of leftOut) parts.push(p.path, p.file);
  return parts.join('\u0000');
}

/**
 * The existing path (a page's `/docs/faq/`, a file's `content/docs/epub.mdx` or `/img/logo.svg`) a broken one
 * most likely meant: in the same folder, the same name with the other Markdown extension (`epub.md` for
 * `epub.mdx`) or the nearest name by edit distance (`fqa` for `faq`); else the one path elsewhere with the
 * same name (a page that moved). Undefined when nothing is near.
 */
export function nearestPath(wanted: string, candidates: Iterable<string>): string | undefined {
  const split = (p: string) => {
    const trimmed = p.endsWith('/') && p.length > 1 ? p.slice(0, -1) : p;
    const at = trimmed.lastIndexOf('/');
    return { folder: trimmed.slice(0, at + 1), name: trimmed.slice(at + 1) };
  };
  const { folder, name } = split(wanted);
  if (!name) return undefined;
  const stem = (n: string) => n.replace(/\.mdx?$/, '');
  const siblings = new Map<string, string>();
  const elsewhere: string[] = [];
  for (const candidate of candidates) {
    const c = split(candidate);
    if (c.folder === folder) siblings.set(c.name, candidate);
    else if (c.name.toLowerCase() === name.toLowerCase()) elsewhere.push(candidate);
  }
  for (const [n, candidate] of siblings) if (/\.mdx?$/.test(name) && /\.mdx?$/.test(n) && stem(n) === stem(name)) return candidate;
  const meant = closestName(name, siblings.keys());
  if (meant !== undefined) return siblings.get(meant);
  return elsewhere.length === 1 ? elsewhere[0] : undefined;
}
