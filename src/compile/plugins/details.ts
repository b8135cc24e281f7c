import type { ElementContent, Root } from 'hast';
import { walk, type WalkNode } from './walk.ts';

/** A hast element, or an MDX JSX element in the HTML tree, named `name`. */
function named(node: WalkNode, name: string): boolean {
  if (node.type === 'element') return (node as unknown as { tagName: string }).tagName === name;
  if (node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') return (node as unknown as { name?: string }).name === name;
  return false;
}

/**
 * With config `markdown.detailsSummary` (a Docusaurus project's; `fileData.detailsSummary` is its text): a `<details>`
 * with no `<summary>` among its own children gets one first, as Docusaurus's MDX components draw each `<details>`
 * with its theme's Details, which writes "Details" where the writer gave no summary (a summary further down, inside
 * a paragraph, is not the disclosure's own there either). Raw HTML and MDX's elements alike. A page without the
 * setting is left as it is, and the browser shows its own summary.
 */
export function rehypeDetailsSummary() {
  return (tree: Root, file: { data: Record<string, unknown> }) => {
    const text = file.data.detailsSummary;
    if (typeof text !== 'string') return;
    walk(tree as WalkNode, (node) => {
      if (!named(node, 'details')) return;
      const children = (node.children ?? []) as WalkNode[];
      if (children.some((child) => named(child, 'summary'))) return;
      const summary: ElementContent = { type: 'element', tagName: 'summary', properties: {}, children: [{ type: 'text', value: text }] };
      node.children = [summary as unknown as WalkNode, ...children];
    });
  };
}
