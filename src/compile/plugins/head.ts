import type { Root } from 'mdast';
import type { VFile } from 'vfile';
import { CODES } from '../../diagnostics.ts';
import type { CompileNote, HeadTag } from '../../types.ts';
import { compileNote, type CaseData, type CaseName } from '../compile-note.ts';
import { placeIn, type LinkOptions } from './links.ts';

type Attribute = { type: string; name?: string; value?: unknown };
type JsxNode = {
  type: string;
  name?: string | null;
  attributes?: Attribute[];
  children?: JsxNode[];
  value?: unknown;
  position?: Root['position'];
  data?: { estree?: { body?: { type: string; declaration?: { declarations?: { id?: { name?: string } }[] } }[] } };
};

/** The tags a page may put into the document's head: what Docusaurus's `<head>` in MDX is used for. */
const HEAD_TAGS = new Set(['title', 'meta', 'link']);

/** A quoted attribute's text, or undefined for an expression (`{…}`) or a spread. */
const literal = (a: Attribute) =>
  a.type === 'mdxJsxAttribute' && (typeof a.value === 'string' || a.value === null) ? (a.value ?? '') : undefined;

/**
 * `<head>` in MDX (https://docusaurus.io/docs/markdown-features/head-metadata): its `<title>`, `<meta>` and
 * `<link>` elements go into the page's head (`file.data.head`), not its body, where React would leave an empty
 * `<head>` element. What quire cannot put there (another element, a value written as an expression) is a note at
 * its place; so is `export const toc`, which Docusaurus reads as the page's table of contents and quire does not
 * (it builds it from the headings).
 */
export function remarkHead() {
  return (tree: Root, file: VFile) => {
    const options = file.data.linkOptions as LinkOptions;
    const notes: CompileNote[] = [];
    const tags: HeadTag[] = [];
    let title: string | undefined;
    const note = <K extends CaseName<'Q038'>>(node: JsxNode, name: K, data: CaseData<'Q038', K>) =>
      notes.push(compileNote(CODES.CONTENT_LEFT_OUT, name, data, placeIn(node as Parameters<typeof placeIn>[0], options)));
    tree.children = tree.children.filter((child) => {
      const node = child as unknown as JsxNode;
      if (node.type === 'mdxjsEsm') {
        const exportsToc = node.data?.estree?.body?.some((s) =>
          s.type === 'ExportNamedDeclaration' ? s.declaration?.declarations?.some((d) => d.id?.name === 'toc') : false,
        );
        // Only as written: a partial's own `toc` export (remarkToc) has no place in the file.
        if (exportsToc && child.position) note(node, 'headToc', {});
        return true;
      }
      if (node.type !== 'mdxJsxFlowElement' || node.name !== 'head') return true;
      for (const element of node.children ?? []) {
        if (element.type === 'text' && !String(element.value ?? '').trim()) continue;
        const name = element.name ?? '';
        if (!/^mdxJsx(Flow|Text)Element$/.test(element.type) || !HEAD_TAGS.has(name)) {
          note(element, 'headElement', { name: name || element.type });
          continue;
        }
        if (name === 'title') {
          const text = (element.children ?? []).flatMap((c) => (c.type === 'paragraph' ? (c.children ?? []) : [c]));
          if (text.every((c) => c.type === 'text'))
            title = text
              .map((c) => String(c.value))
              .join('')
              .trim();
          else note(element, 'headTitle', {});
          continue;
        }
        const attributes: Record<string, string> = {};
        let plain = true;
        for (const a of element.attributes ?? []) {
          const value = literal(a);
          if (value === undefined || !a.name) plain = false;
          else attributes[a.name] = value;
        }
        if (!plain) note(element, 'headExpression', { name });
        else tags.push({ tag: name as HeadTag['tag'], attributes });
      }
      return false;
    });
    if (title !== undefined || tags.length) file.data.head = { ...(title !== undefined ? { title } : {}), tags };
    if (notes.length) file.data.notes = [...((file.data.notes as CompileNote[] | undefined) ?? []), ...notes];
  };
}
