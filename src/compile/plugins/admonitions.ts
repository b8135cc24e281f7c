import type { Root } from 'mdast';
import type { ContainerDirective } from 'mdast-util-directive';
import { walk, type WalkNode } from './walk.ts';

/** The admonition types writers can use: `:::tip Titel` … `:::`. */
export const ADMONITIONS = ['note', 'tip', 'info', 'warning', 'danger', 'caution'] as const;

const TITLE_FENCE = new RegExp(`^(\\s*:::+)(${ADMONITIONS.join('|')})[ \\t]+([^\\[{\\n][^\\n]*?)[ \\t]*$`, 'gm');

/**
 * Rewrites the Docusaurus form `:::tip Titel` into remark-directive's `:::tip[Titel]`.
 * Keeps every line in place, so error positions stay right.
 */
export function normalizeAdmonitionTitles(markdown: string): string {
  return markdown.replace(TITLE_FENCE, (_all, fence: string, name: string, title: string) => `${fence}${name}[${title.replace(/[[\]]/g, '\\$&')}]`);
}

/** Turns admonition container directives into `<aside class="admonition admonition-tip" role="note">` with a title. */
export function remarkAdmonitions() {
  return (tree: Root) => {
    walk(tree, (n: WalkNode) => {
      if (n.type !== 'containerDirective') return;
      const node = n as ContainerDirective;
      if (!(ADMONITIONS as readonly string[]).includes(node.name)) return;
      const type = node.name === 'caution' ? 'warning' : node.name;
      let titleChildren: Root['children'] | undefined;
      const first = node.children[0];
      if (first && first.type === 'paragraph' && (first.data as { directiveLabel?: boolean } | undefined)?.directiveLabel) {
        titleChildren = first.children as Root['children'];
        node.children.shift();
      }
      // role="note": an aside would otherwise be a complementary landmark, one more unnamed one per admonition.
      node.data = { hName: 'aside', hProperties: { className: ['admonition', `admonition-${type}`], role: 'note', 'data-admonition': type } };
      const title = {
        type: 'paragraph' as const,
        data: { hName: 'p', hProperties: { className: ['admonition-title'] } },
        children: titleChildren ?? [{ type: 'text' as const, value: DEFAULT_TITLES[type] ?? type }],
      };
      node.children.unshift(title as (typeof node.children)[number]);
    });
  };
}

/** German default titles; the locale catalogue is for UI, content is German. */
const DEFAULT_TITLES: Record<string, string> = { note: 'Hinweis', tip: 'Tipp', info: 'Info', warning: 'Achtung', danger: 'Gefahr' };
