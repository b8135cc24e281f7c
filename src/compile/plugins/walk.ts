/**
 * A small pre-order tree walk for the plugins (mdast and hast alike). unist-util-visit builds a closure
 * and an ancestor array per node; on a large site its six passes cost more than parsing tables, this
 * loop a small fraction of that (figures in bench/HISTORY.md).
 *
 * The visitor may return `SKIP` (do not enter this node's children) or `[SKIP, index]` (the node was
 * replaced in its parent: continue with the sibling now at `index`).
 */
export const SKIP = 'skip' as const;

export interface WalkNode {
  type: string;
  children?: WalkNode[];
  value?: unknown;
}

// biome-ignore lint/suspicious/noConfusingVoidType: a visitor that returns nothing goes on into the node's children.
export type WalkResult = void | typeof SKIP | [typeof SKIP, number];

export function walk<T extends WalkNode>(
  tree: T,
  visitor: (node: WalkNode, index: number | undefined, parent: WalkNode | undefined) => WalkResult,
): void {
  const enter = (node: WalkNode, index: number | undefined, parent: WalkNode | undefined): number => {
    const result = visitor(node, index, parent);
    const next = (index ?? 0) + 1;
    if (result === SKIP) return next;
    if (Array.isArray(result)) return result[1];
    const children = node.children;
    if (children) for (let i = 0; i < children.length; ) i = enter(children[i], i, node);
    return next;
  };
  enter(tree, undefined, undefined);
}
