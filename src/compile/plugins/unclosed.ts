import type { Root } from 'mdast';
import type { VFile } from 'vfile';
import { unbalancedTag } from '../../shared/html-balance.ts';
import type { CompileNote } from '../../types.ts';
import { placeIn, type LinkOptions } from './links.ts';
import { walk, type WalkNode } from './walk.ts';

type Positioned = WalkNode & { name?: string; position?: { start: { line: number; column: number; offset?: number }; end: { offset?: number } } };

/**
 * Blocks left open, which Markdown closes only where the page (or the list item) ends: a code fence turns
 * the rest of the page into code, a `:::note` pulls the following sections into the box, an HTML `<details>`
 * hides them. Nothing fails to compile, so each is a note (a warning) at the line that opened it.
 */
export function remarkUnclosed() {
  return (tree: Root, file: VFile) => {
    const text = String(file.value);
    const options = file.data.linkOptions as LinkOptions;
    const notes: CompileNote[] = [];
    const html: string[] = [];
    let firstHtml: Positioned | undefined;
    walk(tree, (n) => {
      const node = n as Positioned;
      const start = node.position?.start.offset;
      const end = node.position?.end.offset;
      if (node.type === 'html' && typeof node.value === 'string') {
        html.push(node.value);
        firstHtml ??= node;
      }
      if (start === undefined || end === undefined) return;
      if (node.type === 'code') {
        const lines = text.slice(start, end).split('\n');
        const fence = /^[\s>]*(`{3,}|~{3,})/.exec(lines[0]);
        if (fence && (lines.length < 2 || !new RegExp(`^[\\s>]*\\${fence[1][0]}{${fence[1].length},}\\s*$`).test(lines[lines.length - 1]))) {
          notes.push({ ...placeIn(node, options), message: `The code block opened here is never closed: everything after it is shown as code.`, hint: `End it with a line of ${fence[1]}.` });
        }
      } else if (node.type === 'containerDirective') {
        const lines = text.slice(start, end).split('\n');
        if (lines.length < 2 || !/^[\s>]*:{3,}\s*$/.test(lines[lines.length - 1])) {
          notes.push({ ...placeIn(node, options), message: `The :::${node.name ?? ''} box opened here is never closed: everything after it is inside the box.`, hint: 'End it with a line of :::.' });
        }
      }
    });
    // HTML written in a .md file: one element left open takes the rest of the page in.
    const unbalanced = html.length && file.path?.endsWith('.md') ? unbalancedTag(html.join(''), { optionalEnds: true }) : undefined;
    if (unbalanced && firstHtml) {
      const tag = /<(\w[\w-]*)>/.exec(unbalanced)?.[1];
      const opener = walkFind(tree, (n) => n.type === 'html' && typeof n.value === 'string' && new RegExp(`<${tag}\\b`, 'i').test(n.value)) ?? firstHtml;
      notes.push({ ...placeIn(opener, options), message: `The HTML here ${unbalanced}: what follows ends up inside it.`, hint: 'Close each tag you open.' });
    }
    if (notes.length) file.data.notes = notes;
  };
}

/** The last node in document order that matches (the innermost element left open was opened last). */
function walkFind(tree: Root, test: (node: Positioned) => boolean): Positioned | undefined {
  let found: Positioned | undefined;
  walk(tree, (n) => {
    if (test(n as Positioned)) found = n as Positioned;
  });
  return found;
}
