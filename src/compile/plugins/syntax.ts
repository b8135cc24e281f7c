import { gfmAutolinkLiteralFromMarkdown } from 'mdast-util-gfm-autolink-literal';
import { gfmFootnoteFromMarkdown } from 'mdast-util-gfm-footnote';
import { gfmStrikethroughFromMarkdown } from 'mdast-util-gfm-strikethrough';
import { gfmTableFromMarkdown } from 'mdast-util-gfm-table';
import { gfmTaskListItemFromMarkdown } from 'mdast-util-gfm-task-list-item';
import { gfmAutolinkLiteral } from 'micromark-extension-gfm-autolink-literal';
import { gfmFootnote } from 'micromark-extension-gfm-footnote';
import { gfmStrikethrough } from 'micromark-extension-gfm-strikethrough';
import { gfmTable } from 'micromark-extension-gfm-table';
import { gfmTaskListItem } from 'micromark-extension-gfm-task-list-item';
import { directiveFromMarkdown } from 'mdast-util-directive';
import { directive } from 'micromark-extension-directive';
import type { Processor } from 'unified';

/**
 * The syntax extensions beyond CommonMark: GitHub Flavored Markdown (literal autolinks, footnotes,
 * strikethrough, tables, task lists; the extensions remark-gfm combines) and directives (`:::tip`, the
 * extensions remark-directive adds), but only those a file can use at all. Each construct needs
 * characters its file must then contain (a table a `|`, a footnote `[^`, a literal autolink `://`,
 * `www` or an e-mail's `@`, a directive `:` before a letter, …); a file without them parses identically
 * without the extension, and faster: the literal-autolink extension inspects every character of text
 * and the table extension every line (measured, best of five: 1,000 generated pages parse in 1.59 ms
 * per page with all extensions, 1.08 without the autolink one; the site's pages in 4.1 and 2.6 ms).
 */
export interface SyntaxParts {
  directive: boolean;
  autolink: boolean;
  footnote: boolean;
  strikethrough: boolean;
  table: boolean;
  taskList: boolean;
}

export function syntaxPartsFor(text: string): SyntaxParts {
  return {
    directive: /:[A-Za-z]/.test(text),
    autolink: /@|:\/\/|www/i.test(text),
    footnote: text.includes('[^'),
    strikethrough: text.includes('~'),
    table: text.includes('|'),
    taskList: /\[[\sxX]\]/.test(text),
  };
}

/** A short key per combination, for caching one processor per combination. */
export function syntaxKey(parts: SyntaxParts): string {
  return (['directive', 'autolink', 'footnote', 'strikethrough', 'table', 'taskList'] as const).map((k) => (parts[k] ? '1' : '0')).join('');
}

/** Each part's syntax extension and tree extension, in remark-gfm's order, then directives. */
const EXTENSIONS: [keyof SyntaxParts, () => unknown, () => unknown][] = [
  ['autolink', gfmAutolinkLiteral, gfmAutolinkLiteralFromMarkdown],
  ['footnote', gfmFootnote, gfmFootnoteFromMarkdown],
  ['strikethrough', gfmStrikethrough, gfmStrikethroughFromMarkdown],
  ['table', gfmTable, gfmTableFromMarkdown],
  ['taskList', gfmTaskListItem, gfmTaskListItemFromMarkdown],
  ['directive', directive, directiveFromMarkdown],
];

/** The remark plugin: adds the chosen extensions. */
export function remarkSyntax(this: Processor, parts: SyntaxParts) {
  const data = this.data() as { micromarkExtensions?: unknown[]; fromMarkdownExtensions?: unknown[] };
  const syntax = (data.micromarkExtensions ??= []);
  const tree = (data.fromMarkdownExtensions ??= []);
  for (const [part, syntaxExtension, treeExtension] of EXTENSIONS) {
    if (!parts[part]) continue;
    syntax.push(syntaxExtension());
    tree.push(treeExtension());
  }
}
