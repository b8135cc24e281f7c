import type { Element, ElementContent, Root } from 'hast';
import { walk, type WalkNode } from './walk.ts';

const LINKED = new Set(['h2', 'h3', 'h4', 'h5', 'h6']);

/**
 * With config `markdown.headingLinks` (a Docusaurus project's; `fileData.headingLinks` is then the label, `Direct
 * link to {heading}` in the site's language): each Markdown heading h2–h6 with an id ends with a link to itself, as
 * Docusaurus's headings do, `<a class="hash-link" href="#id" aria-label="…" title="…" translate="no">`. It holds
 * a zero-width space (the theme's stylesheet draws the `#` on hover); its label names the heading by its text
 * when that is plain text, else by its id, as Docusaurus names it. A page without the setting is left as it is.
 */
export function rehypeHeadingLinks() {
  return (tree: Root, file: { data: Record<string, unknown> }) => {
    const label = file.data.headingLinks;
    if (typeof label !== 'string') return;
    walk(tree as WalkNode, (node) => {
      const heading = node as unknown as Element;
      if (heading.type !== 'element' || !LINKED.has(heading.tagName)) return;
      const id = heading.properties?.id;
      if (typeof id !== 'string' || !id) return;
      const only = heading.children.length === 1 ? heading.children[0] : undefined;
      const name = only?.type === 'text' ? only.value : id;
      const text = label.replace('{heading}', () => name);
      const link: ElementContent = {
        type: 'element',
        tagName: 'a',
        properties: { href: `#${id}`, className: ['hash-link'], ariaLabel: text, title: text, translate: 'no' },
        children: [{ type: 'text', value: '\u200b' }],
      };
      heading.children.push(link);
    });
  };
}
