import MarkdownIt from 'markdown-it';
import type Token from 'markdown-it/lib/token.mjs';
import type { Root } from 'mdast';
import type { Processor } from 'unified';

/**
 * A fast path for parsing `.md` files: markdown-it's tokens turned into the syntax tree micromark (remark-parse
 * with the extensions of `syntax.ts`) gives, positions included, for files whose every construct it can map
 * with certainty. micromark is several times slower on ordinary documentation pages; markdown-it follows the
 * same CommonMark. Anything outside that subset (HTML, escapes, entities, references, images, blockquotes,
 * setext headings, loose lists, GFM's other extensions, directives other than a plain `:::name` container, …),
 * or any place where the tokens do not line up with the source, gives `undefined`, and the file goes to
 * micromark. `test/unit/fast-markdown.test.ts` compares both parsers' trees over the site, the benchmark's pages
 * and the CommonMark spec.
 */

// The CommonMark preset (HTML on, so HTML is recognised and sent to micromark) with GFM's tables.
const md = new MarkdownIt('commonmark').enable('table');

/** Nesting beyond this goes to micromark: markdown-it stops parsing structure at its `maxNesting`. */
const MAX_LEVEL = 12;

/** Thrown inside the converter when the file leaves the subset; caught by `fastMarkdown`. */
class Unsupported extends Error {}
function unsupported(): never {
  throw new Unsupported();
}

/** Characters that make a file micromark's: tabs (columns), CR, NUL, BOM, surrogates (astral characters). */
const UNSUPPORTED_TEXT = /[\t\r\0\uFEFF\uD800-\uDFFF]/;

/**
 * What in inline text is outside the subset: escapes, entities, HTML and autolinks (`<`), GFM's strikethrough (`~`),
 * footnotes, literal autolinks (`://`, `www`, `@`), directives (a colon before a name character, `::`), table
 * pipes and delimiter-like `:-`/`-:` (a table micromark may find where markdown-it did not), references (`]:`),
 * images and trailing or hard line breaks (spaces before a line ending).
 */
const UNSUPPORTED_INLINE = /[\\&<~|]|\[\^|:\/\/|www|@|:[^ \n!-/:-@[-`{-~]|::|:-|-:|\]:|!\[| \n/i;

/** A task list item's checkbox at the start of an item's paragraph (GFM's extension). */
const TASK = /^\[[\sxX]\]/;

/** A container directive's opening line (no label, no attributes) as its paragraph's whole text. */
const DIRECTIVE_OPEN = /^:::([a-z][a-z0-9-]*)$/i;

interface Point {
  line: number;
  column: number;
  offset: number;
}
interface Position {
  start: Point;
  end: Point;
}
/** The mdast nodes built here, loosely typed: the test compares them with micromark's trees. */
interface Node {
  type: string;
  children?: Node[];
  value?: string;
  position: Position;
  [key: string]: unknown;
}

/** The document's lines and where each starts. */
class Source {
  readonly lines: string[];
  readonly starts: number[];
  constructor(readonly text: string) {
    this.lines = text.split('\n');
    this.starts = [];
    let offset = 0;
    for (const line of this.lines) {
      this.starts.push(offset);
      offset += line.length + 1;
    }
  }
  /** The point at 0-based `line` and 0-based column `column`. */
  point(line: number, column: number): Point {
    return { line: line + 1, column: column + 1, offset: this.starts[line] + column };
  }
  /** The first column of a line that is not a space. */
  indent(line: number): number {
    const text = this.lines[line];
    let column = 0;
    while (text.charCodeAt(column) === 32) column++;
    return column;
  }
  blank(line: number): boolean {
    return line >= this.lines.length || this.lines[line].trim() === '';
  }
}

/** Maps offsets in an inline token's content to points in the source, line by line. */
interface InlineMap {
  /** For each line of the content: its offset in the content, its 0-based source line and column. */
  lines: { at: number; line: number; column: number }[];
}

function pointIn(source: Source, map: InlineMap, at: number): Point {
  let index = map.lines.length - 1;
  while (index > 0 && map.lines[index].at > at) index--;
  const line = map.lines[index];
  return source.point(line.line, line.column + at - line.at);
}

/**
 * Where each line of a paragraph's (or heading's, or cell's) content sits in the source: every content line must
 * be the end of its source line (markdown-it strips only what precedes it: indentation, list markers).
 */
function mapLines(source: Source, content: string, firstLine: number): InlineMap {
  const lines: InlineMap['lines'] = [];
  let at = 0;
  content.split('\n').forEach((text, index) => {
    const line = firstLine + index;
    const sourceLine = source.lines[line];
    if (sourceLine === undefined || !sourceLine.endsWith(text)) unsupported();
    lines.push({ at, line, column: sourceLine.length - text.length });
    at += text.length + 1;
  });
  return { lines };
}

/** Appends text, merged into a text node right before it (micromark makes one node of adjacent text). */
function addText(parent: Node, value: string, start: Point, end: Point, joinAt = start.offset): void {
  const last = parent.children![parent.children!.length - 1];
  if (last && last.type === 'text' && (last.position.end.offset === start.offset || last.position.end.offset === joinAt)) {
    last.value += value;
    last.position.end = end;
  } else parent.children!.push({ type: 'text', value, position: { start, end } });
}

/** The destination of an inline link at `at` (after `](`), without a title: `[end, url]`. */
function linkDestination(content: string, at: number): [number, string] {
  let depth = 0;
  let index = at;
  for (; index < content.length; index++) {
    const code = content.charCodeAt(index);
    if (code <= 32) unsupported();
    if (code === 40) depth++;
    else if (code === 41) {
      if (depth === 0) break;
      depth--;
    }
  }
  if (index >= content.length || index === at) unsupported();
  return [index + 1, content.slice(at, index)];
}

/** Converts an inline token's children into `parent`'s children, checking each against the source text. */
// biome-ignore lint/complexity/noExcessiveLinesPerFunction: one walk over an inline token stream with one shared stack and source cursor; each token kind is a few lines.
function inline(source: Source, token: Token, map: InlineMap, parent: Node): void {
  const content = token.content;
  if (UNSUPPORTED_INLINE.test(content)) unsupported();
  const stack: Node[] = [parent];
  const links: Token[] = [];
  let at = 0;
  // After a line ending: where the next line's text starts in the content, and the source offset of its line.
  let indented = -1;
  let gap = -1;
  const point = (offset: number) => pointIn(source, map, offset);
  const expect = (text: string) => {
    if (!content.startsWith(text, at)) unsupported();
    at += text.length;
  };
  for (const child of token.children ?? []) {
    const top = stack[stack.length - 1];
    if (child.level > MAX_LEVEL) unsupported();
    switch (child.type) {
      case 'text': {
        if (!child.content) break;
        // A backtick left as text: markdown-it can miss a code span after an unclosed `[` (its scan of the link
        // label leaves a backtick run unmatched), where micromark finds it.
        if (child.content.includes('`')) unsupported();
        const start = at;
        expect(child.content);
        addText(top, child.content, point(start), point(at), start === indented ? gap : point(start).offset);
        break;
      }
      case 'softbreak': {
        const start = at;
        expect('\n');
        // micromark's line ending ends where the next source line starts, before any indentation (what markdown-it
        // strips of it too); a text there continues the same node.
        const next = point(at);
        const lineStart = source.point(next.line - 1, 0);
        addText(top, '\n', point(start), lineStart);
        gap = lineStart.offset;
        while (content.charCodeAt(at) === 32) at++;
        indented = at;
        break;
      }
      case 'code_inline': {
        const start = at;
        expect(child.markup);
        const close = content.indexOf(child.markup, at);
        if (close < 0 || content.charCodeAt(close + child.markup.length) === 96) unsupported();
        let value = content.slice(at, close);
        if (value.includes('\n')) unsupported();
        if (value.length > 1 && value[0] === ' ' && value[value.length - 1] === ' ' && value.trim()) value = value.slice(1, -1);
        if (value !== child.content) unsupported();
        at = close + child.markup.length;
        top.children!.push({ type: 'inlineCode', value, position: { start: point(start), end: point(at) } });
        break;
      }
      case 'em_open':
      case 'strong_open': {
        const start = at;
        expect(child.markup);
        const node: Node = {
          type: child.type === 'em_open' ? 'emphasis' : 'strong',
          children: [],
          position: { start: point(start), end: point(start) },
        };
        top.children!.push(node);
        stack.push(node);
        break;
      }
      case 'em_close':
      case 'strong_close': {
        if (top.type !== (child.type === 'em_close' ? 'emphasis' : 'strong')) unsupported();
        expect(child.markup);
        top.position.end = point(at);
        stack.pop();
        break;
      }
      case 'link_open': {
        const start = at;
        expect('[');
        const node: Node = { type: 'link', title: null, url: '', children: [], position: { start: point(start), end: point(start) } };
        top.children!.push(node);
        stack.push(node);
        links.push(child);
        break;
      }
      case 'link_close': {
        if (top.type !== 'link') unsupported();
        expect('](');
        const [end, url] = linkDestination(content, at);
        const open = links.pop();
        // markdown-it normalises the destination it read; the one read here from the source must be the same.
        if (!open || open.attrGet('title') !== null || open.attrGet('href') !== md.normalizeLink(url)) unsupported();
        top.url = url;
        at = end;
        top.position.end = point(at);
        stack.pop();
        break;
      }
      default:
        unsupported();
    }
  }
  if (stack.length !== 1 || at !== content.length) unsupported();
}

/** Converts the block tokens `tokens[from…to)` into `parent`'s children. */
class Converter {
  /** Lines covered by a block; every line that is not blank must be (references leave no token). */
  readonly covered: boolean[];
  /** The lines list items start on: two on one line (`- - a`) go to micromark. */
  readonly itemLines = new Set<number>();
  constructor(
    readonly source: Source,
    readonly tokens: Token[],
  ) {
    this.covered = new Array(source.lines.length).fill(false);
  }

  cover(from: number, to: number): void {
    for (let line = from; line < to; line++) this.covered[line] = true;
  }

  /** The index of the close token matching the open token at `index`. */
  close(index: number): number {
    const open = this.tokens[index];
    for (let i = index + 1; i < this.tokens.length; i++) if (this.tokens[i].level === open.level && this.tokens[i].nesting === -1) return i;
    return unsupported();
  }

  /** A paragraph's, heading's or cell's inline token at `index`, converted into `node`. */
  inlineInto(index: number, node: Node, firstLine: number): InlineMap {
    const token = this.tokens[index];
    if (token.type !== 'inline') unsupported();
    const map = mapLines(this.source, token.content, firstLine);
    inline(this.source, token, map, node);
    return map;
  }

  // biome-ignore lint/complexity/noExcessiveLinesPerFunction: one loop over the block tokens, a case per block kind, each checked against the source before it is taken.
  blocks(from: number, to: number, parent: Node, inList: boolean): void {
    const { source, tokens } = this;
    let directive: Node | undefined;
    let target = parent;
    for (let index = from; index < to; index++) {
      const token = tokens[index];
      if (token.level > MAX_LEVEL || !token.map) unsupported();
      const [first, after] = token.map;
      this.cover(first, after);
      for (let line = first; line < after; line++)
        if (!source.blank(line) && token.type !== 'fence' && /\s$/.test(source.lines[line])) unsupported();
      switch (token.type) {
        case 'paragraph_open': {
          const end = index + 2;
          const inlineToken = tokens[index + 1];
          const opening = DIRECTIVE_OPEN.exec(inlineToken.content);
          if (parent.type === 'root' && (opening || inlineToken.content === ':::')) {
            if (first + 1 !== after) unsupported();
            const column = source.indent(first);
            if (opening) {
              if (directive) unsupported();
              directive = {
                type: 'containerDirective',
                name: opening[1],
                attributes: {},
                children: [],
                position: { start: source.point(first, column), end: source.point(first, column) },
              };
              parent.children!.push(directive);
              target = directive;
            } else {
              if (!directive) unsupported();
              directive.position.end = source.point(first, column + 3);
              directive = undefined;
              target = parent;
            }
            index = end;
            break;
          }
          if (inList && TASK.test(inlineToken.content) && target.type === 'listItem' && target.children!.length === 0) unsupported();
          const node: Node = { type: 'paragraph', children: [], position: undefined as unknown as Position };
          const map = this.inlineInto(index + 1, node, first);
          node.position = { start: pointIn(source, map, 0), end: pointIn(source, map, inlineToken.content.length) };
          if (!node.children!.length) unsupported();
          target.children!.push(node);
          index = end;
          break;
        }
        case 'heading_open': {
          if (token.markup[0] !== '#' || after !== first + 1) unsupported();
          const depth = token.markup.length;
          const text = source.lines[first];
          const content = tokens[index + 1].content;
          if (!text.endsWith(content)) unsupported();
          let hashes = text.length - content.length;
          if (content) {
            if (text.charCodeAt(hashes - 1) !== 32) unsupported();
            while (text.charCodeAt(hashes - 1) === 32) hashes--;
          }
          const start = hashes - depth;
          if (text.slice(start, hashes) !== token.markup || (start > 0 && text[start - 1] !== ' ')) unsupported();
          if (content.endsWith('#')) unsupported();
          const node: Node = {
            type: 'heading',
            depth,
            children: [],
            position: { start: source.point(first, start), end: source.point(first, text.length) },
          };
          if (content) this.inlineInto(index + 1, node, first);
          target.children!.push(node);
          index += 2;
          break;
        }
        case 'fence': {
          const text = source.lines[after - 1];
          const start = source.indent(first);
          if (!source.lines[first].startsWith(token.markup, start)) unsupported();
          const info = token.info.trim();
          if (after - first < 2 || /[\\&`]/.test(info)) unsupported();
          const closing = text.trim();
          if (source.indent(after - 1) !== start) unsupported();
          if (closing.length < token.markup.length || closing !== closing[0].repeat(closing.length) || closing[0] !== token.markup[0])
            unsupported();
          const space = info.search(/\s/);
          const lang = space < 0 ? info : info.slice(0, space);
          const meta = space < 0 ? '' : info.slice(space).trim();
          target.children!.push({
            type: 'code',
            lang: lang || null,
            meta: meta || null,
            value: token.content.endsWith('\n') ? token.content.slice(0, -1) : token.content,
            position: { start: source.point(first, start), end: source.point(after - 1, text.length) },
          });
          break;
        }
        case 'hr': {
          if (after !== first + 1) unsupported();
          const start = source.indent(first);
          if (source.lines[first][start] !== token.markup[0]) unsupported();
          target.children!.push({
            type: 'thematicBreak',
            position: { start: source.point(first, start), end: source.point(first, source.lines[first].length) },
          });
          break;
        }
        case 'bullet_list_open':
        case 'ordered_list_open': {
          const end = this.close(index);
          target.children!.push(this.list(index, end));
          index = end;
          break;
        }
        case 'table_open': {
          const end = this.close(index);
          target.children!.push(this.table(index, end));
          index = end;
          break;
        }
        default:
          unsupported();
      }
    }
    if (directive) unsupported();
  }

  /** A list without blank lines in it (a tight list: micromark's `spread` is false throughout). */
  list(open: number, close: number): Node {
    const { source, tokens } = this;
    const ordered = tokens[open].type === 'ordered_list_open';
    const node: Node = { type: 'list', ordered, start: null, spread: false, children: [], position: undefined as unknown as Position };
    for (let index = open + 1; index < close; index++) {
      const item = tokens[index];
      if (item.type !== 'list_item_open' || !item.map) unsupported();
      const end = this.close(index);
      const line = item.map[0];
      if (this.itemLines.has(line)) unsupported();
      this.itemLines.add(line);
      const column = source.indent(line);
      const marker = ordered ? item.info + item.markup : item.markup;
      if (!source.lines[line].startsWith(marker, column)) unsupported();
      if (ordered && node.children!.length === 0) node.start = Number(item.info);
      const listItem: Node = { type: 'listItem', spread: false, checked: null, children: [], position: undefined as unknown as Position };
      this.blocks(index + 1, end, listItem, true);
      const last = listItem.children![listItem.children!.length - 1];
      if (!last) unsupported();
      listItem.position = { start: source.point(line, column), end: last.position.end };
      node.children!.push(listItem);
      index = end;
    }
    const items = node.children!;
    if (!items.length) unsupported();
    node.position = { start: items[0].position.start, end: items[items.length - 1].position.end };
    for (let line = node.position.start.line - 1; line < node.position.end.line; line++) if (source.blank(line)) unsupported();
    return node;
  }

  /** A table whose rows all start and end with a pipe, with as many cells as its head, followed by a blank line. */
  table(open: number, close: number): Node {
    const { source, tokens } = this;
    const [first, after] = tokens[open].map!;
    if (!source.blank(after)) unsupported();
    const node: Node = { type: 'table', align: [], children: [], position: undefined as unknown as Position };
    let line = first;
    let columns = -1;
    for (let index = open + 1; index < close; index++) {
      const token = tokens[index];
      if (token.type !== 'tr_open') continue;
      const text = source.lines[line];
      const start = source.indent(line);
      if (text[start] !== '|' || !text.endsWith('|')) unsupported();
      const pipes: number[] = [];
      for (let at = text.indexOf('|', start); at >= 0; at = text.indexOf('|', at + 1)) pipes.push(at);
      const row: Node = {
        type: 'tableRow',
        children: [],
        position: { start: source.point(line, start), end: source.point(line, text.length) },
      };
      let cell = 0;
      const end = this.close(index);
      for (let i = index + 1; i < end; i++) {
        const open = tokens[i];
        if (open.type !== 'th_open' && open.type !== 'td_open') continue;
        if (columns < 0) {
          const style = open.attrGet('style');
          (node.align as (string | null)[]).push(style ? style.replace('text-align:', '') : null);
        }
        const from = pipes[cell];
        const to = pipes[cell + 1];
        if (to === undefined) unsupported();
        const content = tokens[i + 1].content;
        const inner = text.slice(from + 1, to);
        if (inner.trim() !== content) unsupported();
        const last = cell + 2 === pipes.length;
        const tableCell: Node = {
          type: 'tableCell',
          children: [],
          position: { start: source.point(line, from), end: source.point(line, last ? to + 1 : to) },
        };
        if (content) {
          const column = from + 1 + inner.indexOf(content);
          const map: InlineMap = { lines: [{ at: 0, line, column }] };
          inline(source, tokens[i + 1], map, tableCell);
        }
        row.children!.push(tableCell);
        cell++;
      }
      if (cell !== pipes.length - 1) unsupported();
      if (columns < 0) columns = cell;
      else if (cell !== columns) unsupported();
      node.children!.push(row);
      // The delimiter row follows the head.
      line += line === first ? 2 : 1;
      index = end;
    }
    if (line !== after) unsupported();
    // A table of a head alone ends with its delimiter row.
    node.position = { start: node.children![0].position.start, end: source.point(after - 1, source.lines[after - 1].length) };
    return node;
  }
}

/**
 * The syntax tree of `text` as remark-parse with quire's extensions reads it, or undefined when the text leaves
 * what this fast path maps exactly (then micromark parses it).
 */
export function fastMarkdown(text: string): Root | undefined {
  if (UNSUPPORTED_TEXT.test(text)) return undefined;
  try {
    const source = new Source(text);
    const tokens = md.parse(text, {});
    const root: Node = {
      type: 'root',
      children: [],
      position: { start: source.point(0, 0), end: source.point(source.lines.length - 1, source.lines[source.lines.length - 1].length) },
    };
    const converter = new Converter(source, tokens);
    converter.blocks(0, tokens.length, root, false);
    for (let line = 0; line < source.lines.length; line++) if (!converter.covered[line] && !source.blank(line)) return undefined;
    return root as unknown as Root;
  } catch (error) {
    if (error instanceof Unsupported) return undefined;
    // markdown-it or the converter failing on input micromark accepts: micromark's answer stands.
    return undefined;
  }
}

/**
 * The remark plugin: a file the fast path covers skips micromark. It comes after remark-parse and remarkSyntax,
 * whose parser it wraps.
 */
export function remarkFastMarkdown(this: Processor) {
  const parse = this.parser;
  if (!parse) throw new Error('quire bug: remarkFastMarkdown must come after remark-parse');
  this.parser = (document, file) => fastMarkdown(document) ?? parse(document, file);
}
