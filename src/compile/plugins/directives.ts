import type { Root, Text } from 'mdast';
import { SKIP, walk, type WalkNode } from './walk.ts';
import { toString } from 'mdast-util-to-string';
import { ADMONITIONS } from './admonitions.ts';

/**
 * remark-directive reads `Verhältnis:Text` or `10:30 Uhr` style text as directives. Anything that is not
 * one of our admonitions goes back to the text it was written as.
 */
export function remarkRestoreUnknownDirectives() {
  return (tree: Root) => {
    walk(tree, (n: WalkNode, index, parent) => {
      if (!parent || index === undefined) return;
      const node = n as Root['children'][number] & { type: string };
      if (node.type === 'textDirective' || node.type === 'leafDirective') {
        const label = toString(node);
        const text: Text = { type: 'text', value: `${node.type === 'leafDirective' ? '::' : ':'}${node.name}${label ? `[${label}]` : ''}` };
        if (node.type === 'leafDirective') parent.children!.splice(index, 1, { type: 'paragraph', children: [text] } as never);
        else parent.children!.splice(index, 1, text as never);
        return [SKIP, index];
      }
      if (node.type === 'containerDirective' && !(ADMONITIONS as readonly string[]).includes(node.name)) {
        parent.children!.splice(index, 1, ...(node.children as never[]));
        return [SKIP, index];
      }
      return undefined;
    });
  };
}
