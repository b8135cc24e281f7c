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
 * characters its file must then contain (a table a `|`, a footnote `[^`, a literal autolink `://` or
 * `www`, an e-mail address `@`, a directive `:` before a letter, …); a file without them parses
 * identically without the extension, and faster: the table extension inspects every line, and the
 * literal-autolink extension tries an e-mail address at the start of every word of text, reading the
 * word to its end before it gives up (measured, best of five: 1,000 generated pages parse in 1.59 ms
 * per page with all extensions, 1.08 without the autolink one; the site's pages in 4.1 and 2.6 ms).
 * So web addresses and e-mail addresses are separate parts of that extension.
 */
export interface SyntaxParts {
  directive: boolean;
  /** Literal web addresses: `https://…`, `www.…`. */
  autolink: boolean;
  /** Literal e-mail addresses: `name@example.org`. */
  email: boolean;
  footnote: boolean;
  strikethrough: boolean;
  table: boolean;
  taskList: boolean;
}

export function syntaxPartsFor(text: string): SyntaxParts {
  return {
    directive: /:[A-Za-z]/.test(text),
    autolink: /:\/\/|www/i.test(text),
    email: text.includes('@'),
    footnote: text.includes('[^'),
    strikethrough: text.includes('~'),
    table: text.includes('|'),
    taskList: /\[[\sxX]\]/.test(text),
  };
}

/** A short key per combination, for caching one processor per combination. */
export function syntaxKey(parts: SyntaxParts): string {
  return (['directive', 'autolink', 'email', 'footnote', 'strikethrough', 'table', 'taskList'] as const).map((k) => (parts[k] ? '1' : '0')).join('');
}

type Construct = { name?: string };
type ConstructRecord = Record<string, Construct | Construct[]>;

/**
 * The literal-autolink extension with only the constructs `parts` needs: its e-mail construct is tried
 * at every letter and digit of text, its web-address constructs only at `h` and `w`. The tree extension
 * is the same for both (it also finds addresses in text afterwards, by their characters).
 */
function autolinkLiteral(parts: SyntaxParts): { text: ConstructRecord } {
  const { text } = gfmAutolinkLiteral() as { text: ConstructRecord };
  if (parts.autolink && parts.email) return { text };
  const keep = (construct: Construct) => (construct.name === 'emailAutolink' ? parts.email : parts.autolink);
  const chosen: ConstructRecord = {};
  for (const [code, constructs] of Object.entries(text)) {
    const kept = (Array.isArray(constructs) ? constructs : [constructs]).filter(keep);
    if (kept.length) chosen[code] = kept;
  }
  return { text: chosen };
}

/**
 * Each extension, in remark-gfm's order, then directives: whether a file uses it, and its syntax and tree
 * extensions.
 */
const EXTENSIONS: [(parts: SyntaxParts) => boolean, (parts: SyntaxParts) => unknown, () => unknown][] = [
  [(parts) => parts.autolink || parts.email, autolinkLiteral, gfmAutolinkLiteralFromMarkdown],
  [(parts) => parts.footnote, () => gfmFootnote(), gfmFootnoteFromMarkdown],
  [(parts) => parts.strikethrough, () => gfmStrikethrough(), gfmStrikethroughFromMarkdown],
  [(parts) => parts.table, () => gfmTable(), gfmTableFromMarkdown],
  [(parts) => parts.taskList, () => gfmTaskListItem(), gfmTaskListItemFromMarkdown],
  [(parts) => parts.directive, () => directive(), directiveFromMarkdown],
];

/** The remark plugin: adds the chosen extensions. */
export function remarkSyntax(this: Processor, parts: SyntaxParts) {
  const data = this.data() as { micromarkExtensions?: unknown[]; fromMarkdownExtensions?: unknown[] };
  const syntax = (data.micromarkExtensions ??= []);
  const tree = (data.fromMarkdownExtensions ??= []);
  for (const [uses, syntaxExtension, treeExtension] of EXTENSIONS) {
    if (!uses(parts)) continue;
    syntax.push(syntaxExtension(parts));
    tree.push(treeExtension());
  }
}
