import type { PhrasingContent, Root, Text } from 'mdast';
import type { VFile } from 'vfile';
import { toString } from 'mdast-util-to-string';
import { SKIP, walk, type WalkNode } from './walk.ts';
import { ADMONITIONS } from './admonitions.ts';

interface Place {
  start?: { offset?: number };
  end?: { offset?: number };
}

type InlineDirective = WalkNode & { type: 'textDirective' | 'leafDirective'; name: string; children: PhrasingContent[]; position?: Place };

/**
 * What an inline or leaf directive that is not ours was written as: its source up to the label, the label's
 * content as parsed (its formatting stays), and its source after the label (`]` and any `{…}` attributes).
 * Without positions, the name and the label's text.
 */
function asWritten(node: InlineDirective, source: string): PhrasingContent[] {
  const start = node.position?.start?.offset;
  const end = node.position?.end?.offset;
  if (start === undefined || end === undefined) {
    const label = toString(node);
    return [syntax(`${node.type === 'leafDirective' ? '::' : ':'}${node.name}${label ? `[${label}]` : ''}`)];
  }
  const first = (node.children[0] as { position?: Place } | undefined)?.position?.start?.offset;
  const last = (node.children[node.children.length - 1] as { position?: Place } | undefined)?.position?.end?.offset;
  if (first === undefined || last === undefined) return [syntax(source.slice(start, end))];
  return [syntax(source.slice(start, first)), ...node.children, syntax(source.slice(last, end))];
}

/** Text holding a directive's written form, not its label (see isDirectiveSyntax). */
const syntax = (value: string): Text => ({ type: 'text', value, data: { directiveSyntax: true } as Text['data'] });

/**
 * Whether a node is the written form of a directive put back as text: what Docusaurus, which puts unknown
 * directives back only after its headings have their ids, does not count in a heading's text.
 */
export function isDirectiveSyntax(node: WalkNode): boolean {
  return (node as { data?: { directiveSyntax?: unknown } }).data?.directiveSyntax === true;
}

/**
 * remark-directive reads `Verhältnis:Text` or `10:30 Uhr` style text as directives. Anything that is not
 * one of our admonitions goes back to the text it was written as: `:30`, `:name[**label**]{a=b}` with its
 * label's formatting and its attributes.
 */
export function remarkRestoreUnknownDirectives() {
  return (tree: Root, file: VFile) => {
    const source = String(file.value);
    walk(tree, (n: WalkNode, index, parent) => {
      if (!parent || index === undefined) return;
      const node = n as Root['children'][number] & { type: string };
      if (node.type === 'textDirective' || node.type === 'leafDirective') {
        const written = asWritten(node as unknown as InlineDirective, source);
        if (node.type === 'leafDirective') parent.children!.splice(index, 1, { type: 'paragraph', children: written } as never);
        else parent.children!.splice(index, 1, ...(written as never[]));
        // Visited next: a directive in the label goes back to its text too.
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
