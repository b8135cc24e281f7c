import GithubSlugger from 'github-slugger';
import type { Heading as MdHeading, Root, Text } from 'mdast';
import { toString } from 'mdast-util-to-string';
import { walk, type WalkNode } from './walk.ts';
import type { Heading } from '../../types.ts';

const CUSTOM_ID = /\s*\\?\{#([\w\-:.\u00C0-\uFFFF]+)\\?\}\s*$/;

/** Escapes `{#id}` at the end of headings so MDX reads it as text, not as an expression. Line count unchanged. */
export function escapeHeadingIds(markdown: string): string {
  return markdown.replace(/^(#{1,6}[ \t].*?)[ \t]*\{#([\w\-:.\u00C0-\uFFFF]+)\}[ \t]*$/gm, '$1 \\{#$2\\}');
}

/**
 * Gives every heading an id (GitHub-style slug, or `{#custom-id}`) and records the headings in `file.data.headings`.
 */
export function remarkHeadingIds() {
  return (tree: Root, file: { data: Record<string, unknown> }) => {
    const slugger = new GithubSlugger();
    const headings: Heading[] = [];
    walk(tree, (n: WalkNode) => {
      if (n.type !== 'heading') return;
      const node = n as MdHeading;
      let id: string | undefined;
      const last = node.children[node.children.length - 1];
      if (last && last.type === 'text') {
        const m = CUSTOM_ID.exec((last as Text).value);
        if (m) {
          id = m[1];
          (last as Text).value = (last as Text).value.slice(0, m.index);
          if (!(last as Text).value) node.children.pop();
        }
      }
      const text = toString(node).trim();
      id ??= slugger.slug(text);
      node.data = { ...node.data, hProperties: { ...(node.data?.hProperties ?? {}), id } };
      headings.push({ depth: node.depth, text, id });
    });
    file.data.headings = headings;
  };
}
