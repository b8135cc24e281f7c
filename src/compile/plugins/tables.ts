import type { Element, Root } from 'hast';
import { SKIP, walk, type WalkNode } from './walk.ts';

/** Class of the box around each table; the theme lets it scroll sideways, the client makes it reachable. */
export const TABLE_SCROLL_CLASS = 'table-scroll';

/**
 * Puts every table in a box of its own. A table wider than a phone's screen (long German words keep
 * their letters together) then scrolls sideways inside its box instead of the page, and its words are
 * no longer broken between any two letters to make it fit.
 */
export function rehypeTables() {
  return (tree: Root) => {
    walk(tree as WalkNode, (node, index, parent) => {
      const element = node as unknown as Element;
      if (element.type !== 'element' || element.tagName !== 'table' || !parent || index === undefined) return;
      const box: Element = { type: 'element', tagName: 'div', properties: { className: [TABLE_SCROLL_CLASS] }, children: [element] };
      parent.children![index] = box as unknown as WalkNode;
      return [SKIP, index + 1];
    });
  };
}
