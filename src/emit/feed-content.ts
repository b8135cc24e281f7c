import type { Element, ElementContent, Nodes, Root } from 'hast';
import { fromHtml } from 'hast-util-from-html';
import { toHtml } from 'hast-util-to-html';
import { TRUNCATE_ELEMENT } from '../shared/markers.ts';

/**
 * A post's content as its feed item carries it: the HTML of the post's body in its rendered page (what the theme
 * wrote into the article's `data-pagefind-body` element), with every link and image address made absolute against
 * the post's own, since a feed reader shows it away from the site. Docusaurus takes the same part of its rendered
 * page (its post container). Undefined when the page has no such body (a theme of the project's own making).
 */
export function feedItemContent(pageHtml: string, postUrl: string): string | undefined {
  // Only the post's article is parsed, not the page around it (a blog without a feed limit has every post in it).
  const start = pageHtml.indexOf('<article class="blog-post"');
  const end = pageHtml.lastIndexOf('</article>');
  const article = start >= 0 && end > start ? pageHtml.slice(start, end + '</article>'.length) : undefined;
  const body = findBody(article === undefined ? fromHtml(pageHtml) : fromHtml(article, { fragment: true }));
  if (!body) return undefined;
  absolutize(body, postUrl);
  // The content itself, without the theme's one wrapper around it (`<div class="markdown">`).
  const elements = body.children.filter((n) => n.type === 'element');
  const only = elements.length === 1 ? elements[0] : undefined;
  const inner = only && Array.isArray(only.properties.className) && only.properties.className.includes('markdown') ? only : body;
  return toHtml(inner.children);
}

function findBody(root: Root): Element | undefined {
  let article: Element | undefined;
  const visit = (node: Nodes): Element | undefined => {
    if (node.type === 'element') {
      const className = node.properties.className;
      const isArticle = node.tagName === 'article' && Array.isArray(className) && className.includes('blog-post');
      if (isArticle) article = node;
      if (article && node.properties.dataPagefindBody !== undefined) return node;
    }
    if ('children' in node)
      for (const child of node.children) {
        const found = visit(child);
        if (found) return found;
      }
    return undefined;
  };
  return visit(root);
}

/** The elements around a project's hydrated component and its children (render/modules.ts). */
const ISLAND_ELEMENTS = new Set(['quire-island', 'quire-children']);

/**
 * `href` of links, `src` and `srcset` of images, resolved against the post's address (`#x` becomes `<post>#x`); the
 * truncate marker's element left out.
 */
function absolutize(node: Element, base: string): void {
  const resolve = (value: string) => {
    try {
      return new URL(value, base).href;
    } catch {
      return value;
    }
  };
  const p = node.properties;
  if (node.tagName === 'a' && typeof p.href === 'string') p.href = resolve(p.href);
  if (node.tagName === 'img' || node.tagName === 'source') {
    if (typeof p.src === 'string') p.src = resolve(p.src);
    // `srcset`: comma-separated candidates (hast parses them into a list), each an address and its descriptor.
    const srcSet: unknown = p.srcSet;
    const candidates = Array.isArray(srcSet) ? srcSet.map(String) : typeof srcSet === 'string' ? srcSet.split(',') : [];
    if (candidates.length)
      p.srcSet = candidates
        .map((candidate) => {
          const [url, ...descriptor] = candidate.trim().split(/\s+/);
          return [resolve(url), ...descriptor].join(' ');
        })
        .join(', ');
  }
  // The truncate marker's element (a list's place to cut the post) means nothing to a feed reader; nor do the
  // elements a hydrated component is drawn in (their props for the page's script): their content is what
  // Docusaurus's feed carries of a component, its server-rendered HTML.
  node.children = node.children
    .filter((n) => !(n.type === 'element' && n.tagName === TRUNCATE_ELEMENT))
    .flatMap(function unwrap(n): ElementContent[] {
      return n.type === 'element' && ISLAND_ELEMENTS.has(n.tagName) ? n.children.flatMap(unwrap) : [n];
    });
  for (const child of node.children) if (child.type === 'element') absolutize(child, base);
}
