import type { Root } from 'mdast';
import type { ContainerDirective } from 'mdast-util-directive';
import { ADMONITIONS, admonitionStyle } from '../../shared/admonitions.ts';
import { walk, type WalkNode } from './walk.ts';

export { ADMONITIONS } from '../../shared/admonitions.ts';

/** `:::name Title` with any name, so an unknown type with a title is reported like one without (see remarkNotes). */
const TITLE_FENCE = /^(\s*:::+)([a-zA-Z][\w-]*)[ \t]+([^[{\n][^\n]*?)[ \t]*$/;

/**
 * Rewrites the Docusaurus form `:::tip Titel` into remark-directive's `:::tip[Titel]`, outside fenced code (a
 * Markdown example in a code block stays as written). Keeps every line in place, so error positions stay right.
 */
export function normalizeAdmonitionTitles(markdown: string): string {
  if (!markdown.includes(':::')) return markdown;
  const lines = markdown.split('\n');
  let fence: string | undefined;
  let changed = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    // Most lines are neither a fence nor an admonition: two substring tests spare them the regular expressions.
    const marker = line.includes('```') || line.includes('~~~') ? /^[ \t>]*(`{3,}|~{3,})/.exec(line)?.[1] : undefined;
    if (fence) {
      if (marker && marker[0] === fence[0] && marker.length >= fence.length && /^[ \t>]*[`~]+[ \t]*\r?$/.test(line)) fence = undefined;
      continue;
    }
    if (marker) {
      fence = marker;
      continue;
    }
    if (!line.includes(':::')) continue;
    lines[i] = line.replace(
      TITLE_FENCE,
      (_all, open: string, name: string, title: string) => `${open}${name}[${title.replace(/[[\]]/g, '\\$&')}]`,
    );
    changed ||= lines[i] !== line;
  }
  return changed ? lines.join('\n') : markdown;
}

/** Turns admonition container directives into `<aside class="admonition admonition-tip" role="note">` with a title. */
export function remarkAdmonitions() {
  return (tree: Root, file: { data: Record<string, unknown> }) => {
    const titles = file.data.admonitionTitles as Record<string, string>;
    walk(tree, (n: WalkNode) => {
      if (n.type !== 'containerDirective') return;
      const node = n as ContainerDirective;
      if (!(ADMONITIONS as readonly string[]).includes(node.name)) return;
      const type = admonitionStyle(node.name);
      let titleChildren: Root['children'] | undefined;
      const first = node.children[0];
      if (first && first.type === 'paragraph' && (first.data as { directiveLabel?: boolean } | undefined)?.directiveLabel) {
        titleChildren = first.children as Root['children'];
        node.children.shift();
      }
      // role="note": an aside would otherwise be a complementary landmark, one more unnamed one per admonition.
      node.data = {
        hName: 'aside',
        hProperties: { className: ['admonition', `admonition-${type}`], role: 'note', 'data-admonition': type },
      };
      const title = {
        type: 'paragraph' as const,
        data: { hName: 'p', hProperties: { className: ['admonition-title'] } },
        children: titleChildren ?? [{ type: 'text' as const, value: titles[node.name] ?? titles[type] ?? node.name }],
      };
      node.children.unshift(title as (typeof node.children)[number]);
    });
  };
}
