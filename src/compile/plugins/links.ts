import path from 'node:path';
import type { Root } from 'mdast';
import { walk, type WalkNode } from './walk.ts';
import { ASSET_PLACEHOLDER, FILE_PLACEHOLDER } from '../../shared/placeholders.ts';
import { normalizePath, withBase } from '../../shared/route-match.ts';
import { URL_KEYS } from '../../shared/url-keys.ts';
import type { AssetRef, LinkRef } from '../../types.ts';

export interface LinkOptions {
  /** `/de/` */
  baseUrl: string;
  /** Route path of the page, to resolve relative links: `/docs/features/pdf/`. */
  pagePath: string;
  /** Project-relative file of the page. */
  file: string;
  /** Added to node lines: the body's first line in the file. */
  lineOffset: number;
}


/**
 * Rewrites Markdown links and images to the final site (base path prefixed, relative paths resolved)
 * and records every internal link and asset for the link checker and the emitter, and the ids of JSX
 * elements (`<a id="x" />`), which links may target like headings.
 */
export function remarkLinks() {
  return (tree: Root, file: { data: Record<string, unknown> }) => {
    // Per-file options travel in file.data, so one processor serves every file.
    const options = file.data.linkOptions as LinkOptions;
    const links: LinkRef[] = [];
    const assets: AssetRef[] = [];
    const anchors: string[] = [];
    const place = (node: Positioned) => placeIn(node, options);
    walk(tree, (n: WalkNode) => {
      const node = n as Root['children'][number];
      if (node.type === 'link' || node.type === 'definition') {
        const resolved = resolveLink(node.url, options);
        if (resolved.ref) links.push({ ...resolved.ref, ...place(node) });
        node.url = resolved.url;
      } else if (node.type === 'image') {
        const resolved = resolveAsset(node.url, options, assets, place(node));
        if (resolved.ref) links.push({ ...resolved.ref, ...place(node) });
        node.url = resolved.url;
      } else if (node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') {
        for (const attr of node.attributes) {
          if (attr.type === 'mdxJsxAttribute' && attr.name === 'id' && typeof attr.value === 'string') anchors.push(attr.value);
          if (attr.type !== 'mdxJsxAttribute' || typeof attr.value !== 'string' || !URL_KEYS.has(attr.name)) continue;
          const ref = internalRef(attr.value, options.pagePath);
          if (ref) links.push({ ...ref, ...place(node) });
        }
      }
    });
    file.data.links = links;
    file.data.assets = assets;
    if (anchors.length) file.data.anchors = anchors;
  };
}

type Positioned = { position?: { start: { line: number; column: number } } };

/** Where a node is in the content file (node lines count from the body's first line). */
export function placeIn(node: Positioned, options: LinkOptions): { line?: number; column?: number } {
  return { line: node.position ? node.position.start.line + options.lineOffset - 1 : undefined, column: node.position?.start.column };
}

function isExternal(url: string): boolean {
  return /^[a-z][a-z0-9+.-]*:/i.test(url) || url.startsWith('//');
}

/** A link as the link checker sees it: site path without base, and hash. Undefined for external links. */
export function internalRef(url: string, pagePath: string): { url: string; path: string; hash?: string } | undefined {
  if (!url || isExternal(url)) return undefined;
  if (url.startsWith('#')) return { url, path: pagePath, hash: decodeSafe(url.slice(1)) };
  const u = new URL(url, 'http://site' + pagePath);
  const last = u.pathname.split('/').pop() ?? '';
  const sitePath = last.includes('.') && !last.endsWith('.html') ? decodeSafe(u.pathname) : normalizePath(u.pathname);
  return { url, path: sitePath, hash: u.hash ? decodeSafe(u.hash.slice(1)) : undefined };
}

export function resolveLink(url: string, options: LinkOptions): { url: string; ref?: LinkRef } {
  if (!url || isExternal(url) || url.startsWith('#')) {
    return { url, ref: url.startsWith('#') ? { url, path: options.pagePath, hash: decodeSafe(url.slice(1)) } : undefined };
  }
  const [pathPart, hash = ''] = splitHash(url);
  if (/\.mdx?$/.test(pathPart) && !pathPart.startsWith('/')) {
    // A link to another content file: the route is known only after planning.
    const target = path.posix.normalize(path.posix.join(path.posix.dirname(options.file), decodeSafe(pathPart)));
    return { url: FILE_PLACEHOLDER + target + (hash ? '#' + hash : ''), ref: { url, path: FILE_PLACEHOLDER + target, hash: hash ? decodeSafe(hash) : undefined } };
  }
  const ref = internalRef(url, options.pagePath)!;
  const u = new URL(url, 'http://site' + options.pagePath);
  return { url: withBase(options.baseUrl, u.pathname + u.search + u.hash), ref };
}

export function resolveAsset(url: string, options: LinkOptions, assets: AssetRef[], at: { line?: number; column?: number }): { url: string; ref?: LinkRef } {
  if (!url || isExternal(url)) return { url };
  if (url.startsWith('/')) return { url: options.baseUrl + url.slice(1), ref: { url, path: decodeSafe(url.split(/[?#]/)[0]) } };
  const file = path.posix.normalize(path.posix.join(path.posix.dirname(options.file), decodeSafe(url.split(/[?#]/)[0])));
  const placeholder = ASSET_PLACEHOLDER + file;
  assets.push({ file, placeholder, from: { file: options.file, ...at } });
  return { url: placeholder };
}

function splitHash(url: string): [string, string | undefined] {
  const i = url.indexOf('#');
  return i < 0 ? [url, undefined] : [url.slice(0, i), url.slice(i + 1)];
}

function decodeSafe(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}
