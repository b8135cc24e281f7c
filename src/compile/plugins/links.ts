import path from 'node:path';
import type { Properties, Root as HastRoot } from 'hast';
import type { Image, Link, LinkReference, Root } from 'mdast';
import { walk, type WalkNode } from './walk.ts';
import { CODES, report } from '../../diagnostics.ts';
import {
  assetMarker,
  fileKey,
  fileLinkPath,
  fileMarker,
  linkedFile,
  relativeLinkPath,
  relativeMarker,
  SIZE_PROPERTY,
  sizeMarker,
} from '../../shared/markers.ts';
import { shownAddress, type ShownAddresses } from '../addresses.ts';
import { isExternal, normalizePath, withBase, withoutBase } from '../../shared/route-match.ts';
import { URL_KEYS } from '../../shared/url-keys.ts';
import { at, srcsetCandidates, unsafeUrl, type UnsafeFinding, type UrlPolicy } from '../../shared/url-policy.ts';
import type { Position } from 'unist';
import type { VFile } from 'vfile';
import type { AssetRef, LinkRef } from '../../types.ts';

export { srcsetCandidates } from '../../shared/url-policy.ts';

let policy: UrlPolicy | undefined;

/**
 * The URL policy (src/shared/url-policy.ts) the plugins check content with, handed over by processors.ts when the
 * pipeline loads: it is built with parse5, which a build that compiles nothing should not load (compile/index.ts
 * imports this file).
 */
export function setUrlPolicy(value: UrlPolicy): void {
  policy = value;
}

export function urlPolicyForPlugins(): UrlPolicy {
  if (!policy) throw new Error('quire bug: a content plugin ran before processors.ts set the URL policy');
  return policy;
}

export interface LinkOptions {
  /** `/de/` */
  baseUrl: string;
  /** Route path of the page: `/docs/features/pdf/`. */
  pagePath: string;
  /**
   * What relative links resolve against: the page path (`/docs/features/pdf/`), or without its trailing slash
   * (`/docs/features/pdf`) where the site's config says links are written for addresses without one
   * (`relativeUrls: 'noSlash'`, Docusaurus's unset `trailingSlash`). Default: the page path.
   */
  relativeBase?: string;
  /** Project-relative file of the page. */
  file: string;
  /** Added to node lines: the body's first line in the file. */
  lineOffset: number;
  /** Markdown links to other sites and `pathname://` links open a new tab (SiteConfig.markdown.newTabLinks). */
  newTab?: true;
  /** A site path written with the base path in it leads under the base (SiteConfig.markdown.linksMayHaveBase). */
  mayHaveBase?: true;
  /**
   * The content folder the page is in (a docs version's, the blog's…), from which a link to a `.md` file not written
   * with `./` or `../` is tried too, for the address project plugins are shown (see src/compile/addresses.ts).
   */
  contentRoot?: string;
  /**
   * The content is a partial shown by other pages: a relative link to a page (not to a `.md` file or an image) is
   * resolved by each page that shows it, from its own address (see relativeMarker), as the browser resolves it.
   */
  perPage?: true;
}

/**
 * Rewrites Markdown links and images to the final site (base path prefixed, relative paths resolved)
 * and records every internal link and asset for the link checker and the emitter, and the ids of JSX
 * elements (`<a id="x" />`), which links may target like headings.
 *
 * JSX in MDX: HTML elements written as tags (`<a href>`, `<img src srcSet>`, `<video poster>`) are
 * rewritten like Markdown's links and images, since MDX hands them to the page as written. The theme's
 * components (`<Hero primaryHref="/download/">`) add the base path themselves: their URL props (URL_KEYS)
 * are checked, and only relative values are rewritten (see `componentUrl`).
 */
/** The nodes of a tree whose URLs remarkLinks resolved already, so a second pass leaves them as they are. */
const resolvedNodes = new WeakMap<Root, WeakSet<object>>();

/** The node types whose URLs remarkLinks checks and resolves. */
const RESOLVED_TYPES = new Set(['link', 'definition', 'image', 'mdxJsxFlowElement', 'mdxJsxTextElement']);

export function remarkLinks({
  again = false,
  beforeProject = false,
  show = false,
}: {
  again?: boolean;
  /** A project's remark plugins run next: only links to Markdown files are resolved now (the rest in the pass `again`). */
  beforeProject?: boolean;
  /** A project's plugins run next: a Markdown link shows them its page's address (showAddress) instead of a marker. */
  show?: boolean;
} = {}) {
  return (tree: Root, file: VFile) => {
    // Per-file options travel in file.data, so one processor serves every file.
    const options = file.data.linkOptions as LinkOptions;
    // The second pass (after a project's remark plugins) takes only the nodes they added, and adds to the lists.
    let done = resolvedNodes.get(tree);
    if (!done) resolvedNodes.set(tree, (done = new WeakSet()));
    const links: LinkRef[] = again ? ((file.data.links as LinkRef[] | undefined) ?? []) : [];
    const assets: AssetRef[] = again ? ((file.data.assets as AssetRef[] | undefined) ?? []) : [];
    const anchors: string[] = again ? ((file.data.anchors as string[] | undefined) ?? []) : [];
    const measured: string[] = again ? ((file.data.measuredImages as string[] | undefined) ?? []) : [];
    const place = (node: Positioned) => placeIn(node, options);
    const outward = new Set<string>();
    walk(tree, (n: WalkNode) => {
      const node = n as Root['children'][number];
      // Only these nodes carry URLs; the others are neither read nor remembered (a WeakSet entry per node costs).
      if (!RESOLVED_TYPES.has(node.type) || done.has(node)) return;
      // Docusaurus resolves only the links to Markdown files before a project's remarkPlugins run: they see the others
      // as written (Electron's github-content-links sends `../../DEPS` to GitHub). Those wait for the second pass.
      if (beforeProject && (node.type === 'link' || node.type === 'definition') && !namesMarkdownFile(node.url)) return;
      done.add(node);
      if (node.type === 'link' || node.type === 'definition' || node.type === 'image') {
        // A definition may serve an image (`![Karte][karte]`), so it may hold a data: image.
        const found = unsafeUrl(node.url, node.type === 'link' ? 'link' : 'image');
        if (found) refuseUnsafe(at(found, { kind: 'markdown', node: node.type }), file, node);
      }
      if (node.type === 'link' || node.type === 'definition') {
        const written = node.url;
        const resolved = resolveLink(written, options);
        if (resolved.ref) links.push({ ...resolved.ref, ...place(node) });
        node.url = show && !again ? showAddress(written, resolved, file.data, options) : resolved.url;
        // Docusaurus's Markdown links are its Link, which opens any URL with a scheme (`https:`, `pathname:`) in a
        // new tab; a reference link (`[x][ref]`) is its definition's.
        if (options.newTab && isExternal(written)) {
          if (node.type === 'link') newTab(node);
          else outward.add(node.identifier);
        }
      } else if (node.type === 'image') {
        const resolved = resolveAsset(node.url, options, assets, place(node));
        if (resolved.ref) links.push({ ...resolved.ref, ...place(node) });
        node.url = resolved.url;
        imageAttributes(node, resolved.sizeKey);
        if (resolved.sizeKey !== undefined && !measured.includes(resolved.sizeKey)) measured.push(resolved.sizeKey);
      } else if (node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') {
        const at = place(node);
        const htmlElement = node.name !== null && /^[a-z]/.test(node.name);
        const written: [string, string][] = [];
        for (const attr of node.attributes) {
          if (attr.type !== 'mdxJsxAttribute') continue;
          // `src={"/img/a.png"}` is the same as `src="/img/a.png"`, and is checked and rewritten like it.
          const literal = stringLiteral(attr.value);
          if (literal !== undefined) attr.value = literal;
          if (typeof attr.value === 'string') written.push([attr.name, attr.value]);
        }
        if (node.name !== null) refuseUnsafe(urlPolicyForPlugins().element(node.name, written, { component: !htmlElement }), file, node);
        for (const attr of node.attributes) {
          if (attr.type !== 'mdxJsxAttribute' || typeof attr.value !== 'string') continue;
          if (attr.name === 'id') anchors.push(attr.value);
          const kind = htmlElement ? urlAttribute(node.name!, attr.name) : undefined;
          if (kind) {
            const resolved = resolveUrl(kind, attr.value, options, assets, at);
            links.push(...resolved.refs.map((ref) => ({ ...ref, ...at })));
            attr.value = resolved.url;
          } else if (URL_KEYS.has(attr.name)) {
            const resolved = componentUrl(attr.name, attr.value, options, assets, at);
            if (resolved.ref) links.push({ ...resolved.ref, ...at });
            attr.value = resolved.url;
          }
        }
      }
    });
    if (outward.size)
      walk(tree, (n: WalkNode) => {
        if (n.type === 'linkReference' && outward.has((n as LinkReference).identifier)) newTab(n as LinkReference);
      });
    file.data.links = links;
    file.data.assets = assets;
    if (anchors.length) file.data.anchors = anchors;
    if (measured.length) file.data.measuredImages = measured;
  };
}

/**
 * The URL a project's plugins see for a Markdown link: for a link to a content file, its page's address as Docusaurus
 * shows it (src/compile/addresses.ts; the link as written when there is no such file), noted in `data.shownAddresses`
 * and, to be put back after the plugins (rehypeFileMarkers), in `data.shownMarkers`; any other link as resolved.
 */
function showAddress(
  written: string,
  resolved: { url: string; ref?: LinkRef },
  data: Record<string, unknown>,
  options: LinkOptions,
): string {
  const target = linkedFile(resolved.ref?.path);
  const addresses = data.pageAddresses as Map<string, string> | undefined;
  if (target === undefined || !addresses) return resolved.url;
  const [pathPart, hash] = splitHash(written);
  const [filePart, query] = splitQuery(pathPart);
  const seen = (data.shownAddresses ??= {}) as ShownAddresses;
  const address = shownAddress(target, decodeSafe(filePart), options.contentRoot, addresses, seen);
  const shown = address ?? filePart;
  const markers = (data.shownMarkers ??= new Map()) as Map<string, string>;
  markers.set(shown, fileMarker(target));
  return shown + (query === undefined ? '' : `?${query}`) + (hash === undefined ? '' : `#${hash}`);
}

/**
 * The markers of the links project plugins were shown addresses for (showAddress) put back, after the plugins: the
 * page's output is as without them, its links resolved by render like any other's. A value of an element's property or
 * a JSX attribute that is one of those addresses (with a `#hash` or not) gets its marker: a plugin that moved the link
 * into a component's prop (Electron's `<APIStructurePreview url>`) hands the component the page's link.
 */
export function rehypeFileMarkers() {
  return (tree: HastRoot, file: VFile) => {
    const markers = file.data.shownMarkers as Map<string, string> | undefined;
    if (!markers?.size) return;
    const restore = (value: string): string => {
      const end = value.search(/[?#]/);
      const marker = markers.get(end < 0 ? value : value.slice(0, end));
      return marker === undefined ? value : marker + (end < 0 ? '' : value.slice(end));
    };
    walk(tree, (node: WalkNode) => {
      const element = node as { properties?: Record<string, unknown>; attributes?: { type: string; value?: unknown }[] };
      if (element.properties)
        for (const [name, value] of Object.entries(element.properties))
          if (typeof value === 'string') element.properties[name] = restore(value);
      for (const attribute of element.attributes ?? [])
        if (attribute.type === 'mdxJsxAttribute' && typeof attribute.value === 'string') attribute.value = restore(attribute.value);
    });
  };
}

/** A link that opens in a new tab, as Docusaurus's Link opens one to another site. */
function newTab(node: Link | LinkReference): void {
  node.data = { ...node.data, hProperties: { ...node.data?.hProperties, target: '_blank', rel: ['noopener', 'noreferrer'] } };
}

/**
 * A Markdown image loads when the reader scrolls near it and is decoded off the main thread (as Docusaurus's
 * theme draws them); one of the site's own files (`sizeKey`: its site path or asset marker, the key plan measures
 * it by) also gets a size marker, which render turns into its `width` and `height`. Images written as HTML or JSX
 * keep the attributes their writer gave them.
 */
function imageAttributes(node: Image, sizeKey: string | undefined): void {
  const properties: Properties = { ...node.data?.hProperties, loading: 'lazy', decoding: 'async' };
  if (sizeKey !== undefined) properties[SIZE_PROPERTY] = sizeMarker(sizeKey);
  node.data = { ...node.data, hProperties: properties };
}

/**
 * Something the URL policy refuses (src/shared/url-policy.ts) is a compile error at its place, with its own
 * code (Q064): the page would run code in the visitor's browser.
 */
export function refuseUnsafe(found: UnsafeFinding | undefined, file: VFile, node: Positioned): void {
  if (!found) return;
  const words = report(CODES.UNSAFE_URL, 'finding', found, {});
  const message: ReturnType<VFile['message']> & { unsafe?: UnsafeFinding } = file.message(words.message, {
    place: (node as { position?: Position }).position,
    ruleId: CODES.UNSAFE_URL,
    source: 'quire',
  });
  message.fatal = true;
  message.note = words.hint;
  // The finding travels as data: compile reports it from this, not from the message's words.
  message.unsafe = found;
  throw message;
}

/** The text of an attribute expression that is nothing but a string (`{"…"}`, `{'…'}`, a template without `${}`). */
function stringLiteral(value: unknown): string | undefined {
  type Estree = {
    body?: {
      type: string;
      expression?: { type: string; value?: unknown; expressions?: unknown[]; quasis?: { value: { cooked?: string | null } }[] };
    }[];
  };
  const v = value as { type?: string; data?: { estree?: Estree } } | null;
  if (!v || typeof v !== 'object' || v.type !== 'mdxJsxAttributeValueExpression') return undefined;
  const body = v.data?.estree?.body;
  if (body?.length !== 1 || body[0].type !== 'ExpressionStatement') return undefined;
  const e = body[0].expression;
  if (e?.type === 'Literal' && typeof e.value === 'string') return e.value;
  if (e?.type === 'TemplateLiteral' && e.expressions?.length === 0) return e.quasis?.[0]?.value.cooked ?? undefined;
  return undefined;
}

/** Elements whose `src` names a file the page loads (relative ones are published as assets, like images). */
const SOURCE_ELEMENTS = new Set(['img', 'video', 'audio', 'source', 'track', 'embed']);

/**
 * What an HTML element's attribute holds, if a URL: a link (`href` of `a` and `area`, a frame's `src`), a file the page
 * loads (`src` of images and media, a video's `poster`) or a list of images (`srcset` of `img` and
 * `source`). Names as written in HTML or JSX (`srcset`, `srcSet`).
 */
export function urlAttribute(tagName: string, name: string): 'link' | 'file' | 'srcset' | undefined {
  switch (name.toLowerCase()) {
    case 'href':
      return tagName === 'a' || tagName === 'area' ? 'link' : undefined;
    case 'src':
      // A frame shows a page (or a static file) of the site: its relative `src` is resolved from the page's
      // address, as the browser does and Docusaurus leaves it, and checked like a link.
      if (tagName === 'iframe') return 'link';
      return SOURCE_ELEMENTS.has(tagName) ? 'file' : undefined;
    case 'poster':
      return tagName === 'video' ? 'file' : undefined;
    case 'srcset':
      return tagName === 'img' || tagName === 'source' ? 'srcset' : undefined;
    default:
      return undefined;
  }
}

/** An HTML attribute's URL (see `urlAttribute`) for the final site, with what the link checker must check. */
export function resolveUrl(
  kind: 'link' | 'file' | 'srcset',
  url: string,
  options: LinkOptions,
  assets: AssetRef[],
  at: { line?: number; column?: number },
): { url: string; refs: LinkRef[] } {
  if (kind === 'link') {
    const resolved = resolveLink(url, options);
    return { url: resolved.url, refs: resolved.ref ? [resolved.ref] : [] };
  }
  // A file an element loads (`<img src>`): checked, and marked as an element's (LinkRef.element).
  if (kind === 'file') {
    const resolved = resolveAsset(url, options, assets, at);
    return { url: resolved.url, refs: resolved.ref ? [{ ...resolved.ref, element: true }] : [] };
  }
  const refs: LinkRef[] = [];
  const candidates = srcsetCandidates(url).map(({ url: image, descriptor }) => {
    const resolved = resolveAsset(image, options, assets, at);
    if (resolved.ref) refs.push({ ...resolved.ref, element: true });
    return descriptor ? `${resolved.url} ${descriptor}` : resolved.url;
  });
  return { url: candidates.join(', '), refs };
}

/** Props of the theme's components that name a file (`<Figure src>`), not a page. */
const FILE_PROPS = new Set(['src', 'image']);

/**
 * A URL prop of a theme component. Site paths stay as written (`/download/`: the component adds the base
 * path) and are checked. Relative values are resolved here, as a component cannot know the page's file:
 * a content file (`./pdf.mdx`) becomes the page's route, a file prop (`src="./bild.png"`) an asset
 * published with the page, any other relative path the site path it points to.
 */
function componentUrl(
  name: string,
  url: string,
  options: LinkOptions,
  assets: AssetRef[],
  at: { line?: number; column?: number },
): { url: string; ref?: LinkRef } {
  if (!url || isExternal(url) || url.startsWith('#') || url.startsWith('/')) {
    const ref = internalRef(url, options.pagePath, options.relativeBase);
    return { url, ref: ref && FILE_PROPS.has(name) ? { ...ref, image: true } : ref };
  }
  if (FILE_PROPS.has(name)) return resolveAsset(url, options, assets, at);
  if (namesMarkdownFile(url) || options.perPage) return resolveLink(url, options);
  const u = new URL(url, 'http://site' + (options.relativeBase ?? options.pagePath));
  const sitePath = u.pathname + u.search + u.hash;
  return { url: sitePath, ref: { ...internalRef(sitePath, options.pagePath)!, url } };
}

type Positioned = { position?: { start: { line: number; column: number } } };

/** Where a node is in the content file (node lines count from the body's first line). */
export function placeIn(node: Positioned, options: LinkOptions): { line?: number; column?: number } {
  return { line: node.position ? node.position.start.line + options.lineOffset - 1 : undefined, column: node.position?.start.column };
}

/** A link as the link checker sees it: site path without base, and hash. Undefined for external links. */
export function internalRef(
  url: string,
  pagePath: string,
  relativeBase = pagePath,
): { url: string; path: string; hash?: string } | undefined {
  if (!url || isExternal(url)) return undefined;
  if (url.startsWith('#')) return { url, path: pagePath, hash: decodeSafe(url.slice(1)) };
  const u = new URL(url, 'http://site' + relativeBase);
  const last = u.pathname.split('/').pop() ?? '';
  // A name with an extension is a file's path; `x.html` may be a static file or a page (the checker tries both).
  const sitePath = last.includes('.') ? decodeSafe(u.pathname) : normalizePath(u.pathname);
  return { url, path: sitePath, hash: u.hash ? decodeSafe(u.hash.slice(1)) : undefined };
}

export function resolveLink(written: string, options: LinkOptions): { url: string; ref?: LinkRef } {
  // Docusaurus's escape hatch (https://docusaurus.io/docs/advanced/routing#escaping-from-spa-redirects): the path as
  // written, under the base path, not checked (a file the server has that the site does not build, say).
  if (written.startsWith('pathname://')) {
    const rest = written.slice('pathname://'.length);
    return { url: rest.startsWith('/') ? options.baseUrl + rest.slice(1) : rest };
  }
  if (!written || isExternal(written) || written.startsWith('#')) {
    const url = written;
    return { url, ref: url.startsWith('#') ? { url, path: options.pagePath, hash: decodeSafe(url.slice(1)) } : undefined };
  }
  const [pathPart, hash = ''] = splitHash(written);
  const [filePart, query] = splitQuery(pathPart);
  if (/\.mdx?$/.test(filePart)) {
    const url = written;
    // A link to another content file: the route is known only after planning. One written from the site's root
    // (`/api/Store.md`) names a file of the content folder, as Docusaurus reads it (resolveFromContentRoot). A query
    // stays, as Docusaurus keeps it (`structures/x.md?inline`: its parseLocalURLPath and serializeURLPath).
    const target = fileKey(path.posix.normalize(path.posix.join(path.posix.dirname(options.file), decodeSafe(filePart))));
    return {
      url: fileMarker(target) + (query === undefined ? '' : '?' + query) + (hash ? '#' + hash : ''),
      ref: { url, path: fileLinkPath(target), hash: hash ? decodeSafe(hash) : undefined },
    };
  }
  if (options.perPage && !written.startsWith('/') && !written.startsWith('?'))
    return {
      url: relativeMarker(written),
      ref: { url: written, path: relativeLinkPath(written), hash: hash ? decodeSafe(hash) : undefined },
    };
  // A site path written with the base path in it (`/docs/config` under `/docs/`) means the page under the base, as
  // Docusaurus's Link reads it (a file link above is a file's path, not an address); messages keep it as written.
  const url = options.mayHaveBase ? withoutBase(options.baseUrl, written) : written;
  const ref = { ...internalRef(url, options.pagePath, options.relativeBase)!, url: written };
  const u = new URL(url, 'http://site' + (options.relativeBase ?? options.pagePath));
  return { url: withBase(options.baseUrl, u.pathname + u.search + u.hash), ref };
}

/**
 * A file the page loads (an image, a video): a site path gets the base path, a relative one becomes an asset of the
 * page (its marker). `sizeKey`: the key plan reads the file's pixel size by (Compiled.measuredImages); none for
 * another host's file.
 */
export function resolveAsset(
  url: string,
  options: LinkOptions,
  assets: AssetRef[],
  at: { line?: number; column?: number },
): { url: string; ref?: LinkRef; sizeKey?: string } {
  if (!url || isExternal(url)) return { url };
  if (url.startsWith('/')) {
    const sitePath = decodeSafe(url.split(/[?#]/)[0]);
    return { url: options.baseUrl + url.slice(1), ref: { url, path: sitePath, image: true }, sizeKey: sitePath };
  }
  const file = path.posix.normalize(path.posix.join(path.posix.dirname(options.file), decodeSafe(url.split(/[?#]/)[0])));
  const marker = assetMarker(file);
  assets.push({ file, marker, from: { file: options.file, ...at } });
  return { url: marker, sizeKey: marker };
}

function splitHash(url: string): [string, string | undefined] {
  const i = url.indexOf('#');
  return i < 0 ? [url, undefined] : [url.slice(0, i), url.slice(i + 1)];
}

/** A URL's path and its query (without the `?`), the hash taken off already. */
function splitQuery(url: string): [string, string | undefined] {
  const i = url.indexOf('?');
  return i < 0 ? [url, undefined] : [url.slice(0, i), url.slice(i + 1)];
}

/** Whether a URL names a Markdown file (its path, without query and hash, ends with `.md` or `.mdx`). */
export function namesMarkdownFile(url: string): boolean {
  return /\.mdx?$/.test(splitQuery(splitHash(url)[0])[0]);
}

function decodeSafe(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}
