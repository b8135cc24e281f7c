import type { Root } from 'mdast';
import remarkGfm from 'remark-gfm';
import type { Processor } from 'unified';
import { walk, type WalkNode } from './walk.ts';

type Transform = (tree: Root) => Root | undefined | void;

/** Every literal autolink GFM finds in text contains one of these (`https://`, `www.`, an e-mail's `@`). */
const MAY_AUTOLINK = /@|:\/\/|www/i;

/**
 * remark-gfm (tables, task lists, strikethrough, footnotes, literal autolinks), with one shortcut: the
 * literal-autolink transform searches every text node with five regular expressions through a generic
 * find-and-replace walk, the most expensive step of parsing a typical page (a quarter of it, measured).
 * It now runs only when some text could contain a literal autolink at all; otherwise it could not
 * change anything.
 */
export function remarkGfmFast(this: Processor) {
  remarkGfm.call(this);
  const extensions = this.data('fromMarkdownExtensions') as unknown[];
  const guard = (ext: unknown): unknown => {
    if (Array.isArray(ext)) return ext.map(guard);
    const transforms = (ext as { transforms?: Transform[] }).transforms;
    if (!transforms?.length) return ext;
    return { ...(ext as object), transforms: transforms.map((t) => (tree: Root) => (mayAutolink(tree) ? t(tree) : undefined)) };
  };
  extensions[extensions.length - 1] = guard(extensions[extensions.length - 1]);
}

function mayAutolink(tree: Root): boolean {
  let found = false;
  walk(tree, (node: WalkNode) => {
    if (found) return 'skip';
    if (node.type === 'text' && MAY_AUTOLINK.test(node.value as string)) found = true;
    return undefined;
  });
  return found;
}
