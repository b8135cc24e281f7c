import type { Element, Root } from 'hast';
import { raw } from 'hast-util-raw';
import type { VFile } from 'vfile';
import type { AssetRef, LinkRef } from '../../types.ts';
import { placeIn, refuseUnsafe, resolveUrl, urlAttribute, urlPolicyForPlugins, type LinkOptions } from './links.ts';
import { SKIP, walk, type WalkNode } from './walk.ts';

/** Set on the links and images Markdown made (already resolved by remarkLinks) while raw HTML is parsed. */
const FROM_MARKDOWN = 'dataQuireFromMarkdown';

const MDX_NODES = ['mdxFlowExpression', 'mdxJsxFlowElement', 'mdxJsxTextElement', 'mdxTextExpression', 'mdxjsEsm'];

/**
 * HTML written in a `.md` file (CommonMark's raw HTML: `<kbd>`, `<br>`, `<details>` around Markdown, …):
 * remark-rehype keeps it as raw strings, and this plugin parses them together with the Markdown around them
 * into real elements (hast-util-raw, the HTML parser browsers follow), so a block opened in one piece and
 * closed in another nests as written. Their links, images (`src` and `srcset`) and media are then treated like Markdown's: internal
 * links get the base path and are checked, relative files become assets, each with its line and column,
 * and elements with an `id` are recorded as anchors links may target. Each element goes through the URL
 * policy (src/shared/url-policy.ts) in the same pass: a script URL, an event handler or a `<script>` is an error.
 * HTML comments are the writer's notes and are dropped. Files without HTML skip all of this.
 *
 * `.mdx` files never get here: MDX parses tags as components itself. A `.md` partial read as CommonMark does.
 */
export function rehypeRawHtml() {
  return (tree: Root, file: VFile): Root | undefined => {
    let hasRaw = false;
    walk(tree as WalkNode, (node) => {
      if (node.type === 'raw') hasRaw = true;
      return hasRaw ? SKIP : undefined;
    });
    if (!hasRaw) return undefined;
    walk(tree as WalkNode, (node) => {
      if (!isElement(node)) return;
      if (urlProperties(node).length) node.properties[FROM_MARKDOWN] = true;
      // A fence's meta (title, highlighted lines, showLineNumbers) travels in `data`, which the HTML parser does
      // not keep: as a property it survives, and rehypeCode reads it from there (before, any HTML on the page
      // dropped every code block's title and highlights without a word).
      const meta = (node.data as { meta?: unknown } | undefined)?.meta;
      if (node.tagName === 'code' && typeof meta === 'string' && meta) node.properties.metastring = meta;
    });
    // MDX nodes a project's remark plugin made stay as they are in a CommonMark partial (compiled by MDX with
    // format 'md'), as Docusaurus's rehype-raw lets them through.
    const parsed = raw(tree, { file, passThrough: MDX_NODES }) as Root;
    const options = file.data.linkOptions as LinkOptions;
    const links = (file.data.links ??= []) as LinkRef[];
    const assets = (file.data.assets ??= []) as AssetRef[];
    const anchors = (file.data.anchors ??= []) as string[];
    walk(parsed as WalkNode, (node, index, parent) => {
      if (node.type === 'comment' && parent?.children && index !== undefined) {
        parent.children.splice(index, 1);
        return [SKIP, index];
      }
      if (!isElement(node)) return undefined;
      if (typeof node.properties.id === 'string') anchors.push(node.properties.id);
      if (node.properties[FROM_MARKDOWN] !== undefined) {
        delete node.properties[FROM_MARKDOWN];
        return undefined;
      }
      // Markdown's own links and images were checked as Markdown (remarkLinks); everything else here may be the writer's HTML.
      refuseUnsafe(urlPolicyForPlugins().hastElement(node), file, node);
      for (const [key, value] of urlProperties(node)) {
        const at = placeIn(node, options);
        // hast keeps a `srcset` as its list of candidates.
        const resolved = resolveUrl(urlAttribute(node.tagName, key)!, Array.isArray(value) ? value.join(', ') : value, options, assets, at);
        links.push(...resolved.refs.map((ref) => ({ ...ref, ...at })));
        node.properties[key] = resolved.url;
      }
      return undefined;
    });
    return parsed;
  };
}

function isElement(node: WalkNode): node is WalkNode & Element {
  return node.type === 'element';
}

/** The properties of an element that hold URLs (see `urlAttribute`), with their values. */
function urlProperties(node: Element): [string, string | (string | number)[]][] {
  const out: [string, string | (string | number)[]][] = [];
  for (const [key, value] of Object.entries(node.properties)) {
    if ((typeof value === 'string' || Array.isArray(value)) && urlAttribute(node.tagName, key)) out.push([key, value]);
  }
  return out;
}
