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
 * `www`, an e-mail address `@`, a directive `:` before a letter or digit, …); a file without them parses
 * identically without the extension, and faster: the table extension inspects every line, and the
 * literal-autolink extension tries an e-mail address at the start of every word of text, reading the
 * word to its end before it gives up (a large share of the parse time; figures in
 * bench/HISTORY.md).
 * So web addresses and e-mail addresses are separate parts of that extension, and where a page has
 * e-mail addresses the construct is tried only where one can start (see `emailStarts`).
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

/**
 * What a table's delimiter row (`| --- |`, `:--`) has: a `|`, or without one a colon at a cell's end
 * (a row of hyphens alone is a heading's underline).
 */
const TABLE_DELIMITER = /\||:-|-:/;

/**
 * A colon before what can start a directive's name: micromark-extension-directive takes any character that is not
 * a line ending, whitespace, punctuation or a symbol (`:tip`, `:ä`, the `30` of `10:30`, which is then written
 * back as text), and a tab, which micromark hands it as a code of its own. Every ASCII punctuation character is
 * punctuation or a symbol, so this is the package's rule or wider.
 */
const DIRECTIVE_NAME_START = /:[^ \n\r!-/:-@[-`{-~]/;

export function syntaxPartsFor(text: string): SyntaxParts {
  return {
    directive: DIRECTIVE_NAME_START.test(text),
    autolink: /:\/\/|www/i.test(text),
    email: text.includes('@'),
    footnote: text.includes('[^'),
    strikethrough: text.includes('~'),
    table: TABLE_DELIMITER.test(text),
    taskList: /\[[\sxX]\]/.test(text),
  };
}

/** A short key per combination, for caching one processor per combination. */
export function syntaxKey(parts: SyntaxParts): string {
  return (['directive', 'autolink', 'email', 'footnote', 'strikethrough', 'table', 'taskList'] as const)
    .map((k) => (parts[k] ? '1' : '0'))
    .join('');
}

/** What this module needs of micromark's constructs (micromark-util-types). */
type State = (code: number | null) => unknown;
interface TokenizeContext {
  now(): { offset: number; line: number };
}
interface Construct {
  name?: string;
  previous?: (this: TokenizeContext, code: number | null) => boolean;
  tokenize: (this: TokenizeContext, effects: unknown, ok: State, nok: State) => State;
}
type ConstructRecord = Record<string, Construct | Construct[]>;

/** The document being parsed: where in it an e-mail address and a table can start (see remarkSyntax). */
interface ParseState {
  emailStarts: ReadonlySet<number>;
  tableLines: ReadonlySet<number>;
}

/** `+ - . _`, letters and digits: the characters of an e-mail address's name (GFM's "atext"). */
function isAtext(code: number): boolean {
  return (
    code === 43 ||
    code === 45 ||
    code === 46 ||
    code === 95 ||
    (code >= 48 && code <= 57) ||
    (code >= 65 && code <= 90) ||
    (code >= 97 && code <= 122)
  );
}

/**
 * The offsets where a literal e-mail address can start in `text`: the start of the run of name
 * characters before each `@`. The parser's e-mail construct starts nowhere else (it needs such a run,
 * then `@`, and no name character before it), so elsewhere it need not be tried.
 */
export function emailStarts(text: string): Set<number> {
  const starts = new Set<number>();
  for (let at = text.indexOf('@'); at >= 0; at = text.indexOf('@', at + 1)) {
    let start = at;
    while (start > 0 && isAtext(text.charCodeAt(start - 1))) start--;
    if (start < at) starts.add(start);
  }
  return starts;
}

/**
 * `construct`, tried only where `canStart` says it can start (in its `previous`, when it has one, and before its
 * tokenizer is made). micromark starts a construct's tokenizer at the code it is given next, so `now()` is that
 * code's place.
 */
function triedOnlyWhere(construct: Construct, canStart: (place: { offset: number; line: number }) => boolean): Construct {
  const previous = construct.previous;
  return {
    ...construct,
    ...(previous && {
      previous(this: TokenizeContext, code: number | null) {
        return previous.call(this, code) && canStart(this.now());
      },
    }),
    tokenize(effects, ok, nok) {
      return canStart(this.now()) ? construct.tokenize.call(this, effects, ok, nok) : nok;
    },
  };
}

/**
 * An extension's construct record with each construct replaced by `choose(construct)`, or left out where that is
 * undefined (and a code left out with no construct left). A construct registered at many codes is replaced by one
 * and the same construct.
 */
function chooseConstructs(record: ConstructRecord, choose: (construct: Construct) => Construct | undefined): ConstructRecord {
  const chosen = new Map<Construct, Construct | undefined>();
  const out: ConstructRecord = {};
  for (const [code, constructs] of Object.entries(record)) {
    const kept = (Array.isArray(constructs) ? constructs : [constructs]).flatMap((construct) => {
      if (!chosen.has(construct)) chosen.set(construct, choose(construct));
      return chosen.get(construct) ?? [];
    });
    if (kept.length) out[code] = kept;
  }
  return out;
}

/**
 * The lines (numbered from 1) where a table's row can start: the line before a line that can be a
 * delimiter row (the table's head), that line, and the lines after it up to a blank line (its body).
 * The table construct starts nowhere else: a head needs the delimiter row right after it, and a table
 * ends at a blank line.
 */
export function tableLines(text: string): Set<number> {
  const lines = text.split(/\r\n|\r|\n/);
  const found = new Set<number>();
  let body = false;
  for (let index = 0; index < lines.length; index++) {
    if (/^[ \t]*$/.test(lines[index])) {
      body = false;
      continue;
    }
    const delimiter = TABLE_DELIMITER.test(lines[index]);
    if (body || delimiter || (index + 1 < lines.length && TABLE_DELIMITER.test(lines[index + 1]))) found.add(index + 1);
    if (delimiter) body = true;
  }
  return found;
}

/**
 * The table extension, its construct tried only on the lines where a table can start. Unchanged, it is tried at
 * the start of every block and paragraph line of a page with a table, reads the line to its end as a possible
 * head row and then gives up; the line is then read again.
 */
function table(state: ParseState): { flow: ConstructRecord } {
  const { flow } = gfmTable() as unknown as { flow: ConstructRecord };
  return {
    flow: chooseConstructs(flow, (construct) =>
      construct.name === 'table' ? triedOnlyWhere(construct, ({ line }) => state.tableLines.has(line)) : construct,
    ),
  };
}

/**
 * The literal-autolink extension with only the constructs `parts` needs: its web-address constructs are tried at
 * `h` and `w`, its e-mail construct only where `state` has an address start. Unchanged, the e-mail construct is
 * tried at the start of every word of text and reads the word to its end before it gives up; the text is then
 * read again as plain text. The tree extension is the same for all (it also finds addresses in text afterwards,
 * by their characters).
 */
function autolinkLiteral(parts: SyntaxParts, state: ParseState): { text: ConstructRecord } {
  const { text } = gfmAutolinkLiteral() as unknown as { text: ConstructRecord };
  return {
    text: chooseConstructs(text, (construct) => {
      if (construct.name !== 'emailAutolink') return parts.autolink ? construct : undefined;
      return parts.email ? triedOnlyWhere(construct, ({ offset }) => state.emailStarts.has(offset)) : undefined;
    }),
  };
}

/**
 * Each extension, in remark-gfm's order, then directives: whether a file uses it, and its syntax and tree
 * extensions.
 */
const EXTENSIONS: [(parts: SyntaxParts) => boolean, (parts: SyntaxParts, state: ParseState) => unknown, () => unknown][] = [
  [(parts) => parts.autolink || parts.email, autolinkLiteral, gfmAutolinkLiteralFromMarkdown],
  [(parts) => parts.footnote, () => gfmFootnote(), gfmFootnoteFromMarkdown],
  [(parts) => parts.strikethrough, () => gfmStrikethrough(), gfmStrikethroughFromMarkdown],
  [(parts) => parts.table, (_parts, state) => table(state), gfmTableFromMarkdown],
  [(parts) => parts.taskList, () => gfmTaskListItem(), gfmTaskListItemFromMarkdown],
  [(parts) => parts.directive, () => directive(), directiveFromMarkdown],
];

/**
 * The remark plugin: adds the chosen extensions. It comes after remark-parse, whose parser it wraps to
 * learn each document before it is parsed (parsing is synchronous, so the state is the document's until
 * the parser returns).
 */
export function remarkSyntax(this: Processor, parts: SyntaxParts) {
  const data = this.data() as { micromarkExtensions?: unknown[]; fromMarkdownExtensions?: unknown[] };
  const syntax = (data.micromarkExtensions ??= []);
  const tree = (data.fromMarkdownExtensions ??= []);
  const state: ParseState = { emailStarts: new Set(), tableLines: new Set() };
  for (const [uses, syntaxExtension, treeExtension] of EXTENSIONS) {
    if (!uses(parts)) continue;
    syntax.push(syntaxExtension(parts, state));
    tree.push(treeExtension());
  }
  const parse = this.parser;
  if (!parts.email && !parts.table) return;
  if (!parse) throw new Error('quire bug: remarkSyntax must come after remark-parse');
  this.parser = (document, file) => {
    const outer = { ...state };
    if (parts.email) state.emailStarts = emailStarts(document);
    if (parts.table) state.tableLines = tableLines(document);
    try {
      return parse(document, file);
    } finally {
      Object.assign(state, outer);
    }
  };
}
