/**
 * One linear pass over a page's text, before it is parsed, for the shapes that make the parser's time grow
 * faster than the text (micromark 4.0.3, remark-parse 11):
 * - lists and block quotes nested deep: each level makes every following line's containers be checked again,
 *   and the syntax trees get as deep, which recursive tree code (mdast to hast, HTML, React) pays with its stack;
 * - many link and emphasis markers in one paragraph: each failed or unmatched `[`, `]`, `*`, `_` splits the
 *   paragraph's text, and micromark merges and resolves those pieces again and again (quadratic in their number).
 *
 * It reads block structure the way CommonMark does, simplified: containers continue while a line keeps their
 * prefix (`>`, or an item's indentation), lazy paragraph lines keep them open, fenced code, HTML blocks and MDX
 * import/export blocks are not looked into. Where it simplifies, it counts less rather than more as far as it
 * can (an item marker where CommonMark sees text can count one level more), so a page it lets through can still
 * be slow (the time limit stops that one); a page it refuses has about the nesting or the markers it names.
 */

export interface PrescanLimits {
  /** Lists and block quotes inside each other, at most. */
  maxNesting: number;
  /** Link brackets and emphasis runs in one paragraph, at most. */
  maxInlineMarkers: number;
}

export type PrescanProblem =
  /** `line`: 1-based line of the text where the nesting first went beyond the limit. */
  | { kind: 'nesting'; line: number; column: number; depth: number }
  /** `line`: the paragraph's first line; `count`: markers at the line where the limit was passed. */
  | { kind: 'markers'; line: number; count: number };

/** A container open at the current line: a block quote, or a list item whose content starts at `indent`. */
type Container = { quote: true; indent?: undefined } | { quote?: undefined; indent: number };

const SPACE = 32;
const TAB = 9;
const GT = 62;
const LT = 60;
const ESM = /^(?:import|export)\b/;
/** What may follow `<` where an HTML block starts: a tag name, `/`, `!` (comments), `?`. */
const HTML_START = /^[A-Za-z/!?]/;

/**
 * The first problem in `text` (a page body, as the parser gets it), or undefined. Most pages are let through by
 * two regular expressions over the whole text (no line starts with a long enough run of container marks, and
 * the page has fewer markers in all than one paragraph may have); only the others are read line by line.
 */
export function prescan(text: string, format: 'md' | 'mdx', limits: PrescanLimits): PrescanProblem | undefined {
  if (!deepPrefix(limits.maxNesting).test(text) && (text.match(MARKERS)?.length ?? 0) <= limits.maxInlineMarkers) return undefined;
  return scanLines(text, format, limits);
}

/**
 * Lines starting with enough container marks (spaces, tabs, `>`, list markers) to reach `maxNesting`: each
 * container takes at least one character of the line where it is opened or continued, or half a tab (an item
 * continued by indentation needs two columns, a tab gives four), so without such a line the nesting is within
 * bounds.
 */
function deepPrefix(maxNesting: number): RegExp {
  let re = deepPrefixes.get(maxNesting);
  if (!re) deepPrefixes.set(maxNesting, (re = new RegExp(`^[ \\t>*+\\-\\d.)]{${Math.floor(maxNesting / 2) + 1},}`, 'm')));
  return re;
}
const deepPrefixes = new Map<number, RegExp>();

/**
 * A link bracket, a run of emphasis marks, or an escaped character (not a marker, but matched so its mark is
 * skipped). A run of `_` inside a word (`snake_case`) neither opens nor closes emphasis and costs the parser
 * nothing more than text: it is not a marker.
 */
const MARKERS = /\\[\s\S]|[[\]]|[*~]+|(?<![\p{L}\p{N}_])_+(?!_)|(?<!_)_+(?![\p{L}\p{N}_])/gu;

// biome-ignore lint/complexity/noExcessiveLinesPerFunction: a line scanner whose state (open containers, fences, counts) changes with every line; split, each part would take all of it.
function scanLines(text: string, format: 'md' | 'mdx', limits: PrescanLimits): PrescanProblem | undefined {
  const stack: Container[] = [];
  const counter = new MarkerCounter(text);
  let fence: { char: number; length: number; depth: number } | undefined;
  // The current paragraph (for laziness and the markers count): its first line (0: none) and markers so far.
  let paragraphLine = 0;
  let markers = 0;
  // MDX import/export blocks run until a blank line and are JavaScript, not Markdown.
  let esm = false;
  // An HTML block in Markdown (the containers it is in, -1: none) is HTML until a blank line.
  let html = -1;
  let lineNumber = 0;
  for (let start = 0; start <= text.length; ) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    lineNumber++;
    const blank = lineStart(text, start, end) >= end;
    if (esm || (blank && stack.length === 0 && !fence)) {
      // Nothing to open or close; a blank line ends the paragraph and the ESM block.
      if (blank) {
        esm = false;
        paragraphLine = 0;
      }
      start = end + 1;
      continue;
    }
    // Which open containers this line continues; `at` moves past their prefixes.
    let at = start;
    let matched = 0;
    for (; matched < stack.length; matched++) {
      const container = stack[matched];
      if (container.quote) {
        const gt = lineStart(text, at, end);
        if (gt - at > 3 || gt >= end || text.charCodeAt(gt) !== GT) break;
        at = afterQuoteMarker(text, gt, end);
      } else if (!blank) {
        const to = advance(text, start, at, end, container.indent);
        if (column(text, start, to) < container.indent) break;
        at = to;
      }
    }
    if (fence) {
      if (matched >= fence.depth) {
        // Inside the fence: only its closing line matters.
        const from = lineStart(text, at, end);
        let run = 0;
        while (from + run < end && text.charCodeAt(from + run) === fence.char) run++;
        if (from - at <= 3 && run >= fence.length && lineStart(text, from + run, end) >= end) fence = undefined;
        start = end + 1;
        continue;
      }
      // A container of the fence ended: so did the fence.
      fence = undefined;
    }
    if (html >= 0) {
      if (matched >= html && !blank) {
        start = end + 1;
        continue;
      }
      html = -1;
    }
    // A line that continues a paragraph lazily keeps every container open (CommonMark's laziness).
    const lazy = matched < stack.length && paragraphLine > 0 && !blank && !startsBlock(text, lineStart(text, at, end), end);
    const closed = !lazy && matched < stack.length;
    if (closed) stack.length = matched;
    if (blank) {
      paragraphLine = 0;
      start = end + 1;
      continue;
    }
    // New containers at the start of the rest of the line.
    let opened = false;
    while (!lazy) {
      const marker = lineStart(text, at, end);
      if (marker >= end || column(text, start, marker) - column(text, start, at) > 3) break;
      if (text.charCodeAt(marker) === GT) {
        stack.push({ quote: true });
        at = afterQuoteMarker(text, marker, end);
      } else {
        const width = listMarker(text, marker, end);
        if (!width || isThematicBreak(text, marker, end)) break;
        const content = lineStart(text, marker + width, end);
        const markerColumn = column(text, start, marker);
        const spaces = column(text, start, content) - markerColumn - width;
        // Content after 1–4 spaces; with none (an empty item) or 5 and more (indented code), one column after the marker.
        if (content >= end || spaces > 4) {
          stack.push({ indent: markerColumn + width + 1 });
          at = marker + width + (content > marker + width ? 1 : 0);
        } else {
          stack.push({ indent: column(text, start, content) });
          at = content;
        }
      }
      opened = true;
      if (stack.length > limits.maxNesting) return { kind: 'nesting', line: lineNumber, column: at - start + 1, depth: stack.length };
    }
    const leaf = lineStart(text, at, end);
    const indented = column(text, start, leaf) - column(text, start, at) >= 4;
    const open = indented ? undefined : fenceOpening(text, leaf, end);
    if (open) {
      fence = { ...open, depth: stack.length };
      paragraphLine = 0;
    } else if (format === 'mdx' && stack.length === 0 && leaf === start && ESM.test(text.slice(leaf, Math.min(end, leaf + 7)))) {
      esm = true;
      paragraphLine = 0;
    } else if (format === 'md' && !indented && text.charCodeAt(leaf) === LT && HTML_START.test(text.slice(leaf + 1, leaf + 2))) {
      html = stack.length;
      paragraphLine = 0;
    } else if (isThematicBreak(text, leaf, end) || (indented && (paragraphLine === 0 || opened || closed))) {
      // A rule, or indented code: nothing inline.
      paragraphLine = 0;
    } else {
      const heading = text.charCodeAt(leaf) === 35; // `#`
      // A table row's cells are parsed one by one: a long table is not one long paragraph.
      if (opened || closed || paragraphLine === 0 || heading || has(text, 124, leaf, end)) {
        paragraphLine = lineNumber;
        markers = 0;
      }
      markers += counter.count(leaf, end);
      if (markers > limits.maxInlineMarkers) return { kind: 'markers', line: paragraphLine, count: markers };
      if (heading) paragraphLine = 0;
    }
    start = end + 1;
  }
  return undefined;
}

/** Past a block quote's `>` at `at` and the one space or tab after it. */
function afterQuoteMarker(text: string, at: number, end: number): number {
  const next = text.charCodeAt(at + 1);
  return at + 1 < end && (next === SPACE || next === TAB) ? at + 2 : at + 1;
}

/** Column of `at` in the line starting at `start` (a tab goes to the next multiple of 4). */
function column(text: string, start: number, at: number): number {
  let col = 0;
  for (let i = start; i < at; i++) col = text.charCodeAt(i) === TAB ? col + 4 - (col % 4) : col + 1;
  return col;
}

/** Past spaces and tabs from `at`, up to column `upTo` of the line starting at `start`. */
function advance(text: string, start: number, at: number, end: number, upTo: number): number {
  let col = column(text, start, at);
  while (at < end && col < upTo) {
    const c = text.charCodeAt(at);
    if (c === SPACE) col++;
    else if (c === TAB) col += 4 - (col % 4);
    else break;
    at++;
  }
  return at;
}

/** Whether the character `code` is in text[at, end). */
function has(text: string, code: number, at: number, end: number): boolean {
  for (let i = at; i < end; i++) if (text.charCodeAt(i) === code) return true;
  return false;
}

/** Index of the first character of the line that is not a space or tab. */
function lineStart(text: string, at: number, end: number): number {
  for (let c = text.charCodeAt(at); at < end && (c === SPACE || c === TAB || c === 13); c = text.charCodeAt(++at));
  return at;
}

/** Width of a list marker at `at` (`-`, `+`, `*`, `1.`, `12)`) followed by a space, a tab or the line's end; 0 for none. */
function listMarker(text: string, at: number, end: number): number {
  const c = text.charCodeAt(at);
  let width = 0;
  if (c === 45 || c === 43 || c === 42) width = 1;
  else {
    let digits = 0;
    while (digits < 10 && at + digits < end && isDigit(text.charCodeAt(at + digits))) digits++;
    if (digits === 0 || digits > 9) return 0;
    const after = text.charCodeAt(at + digits);
    if (after !== 46 && after !== 41) return 0;
    width = digits + 1;
  }
  if (at + width >= end) return width;
  const next = text.charCodeAt(at + width);
  return next === SPACE || next === TAB || next === 13 ? width : 0;
}

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

/** `---`, `* * *`, `___`: a line of three or more of one of these, with spaces between. */
function isThematicBreak(text: string, at: number, end: number): boolean {
  const c = text.charCodeAt(at);
  if (c !== 45 && c !== 42 && c !== 95) return false;
  let count = 0;
  for (let i = at; i < end; i++) {
    const d = text.charCodeAt(i);
    if (d === c) count++;
    else if (d !== SPACE && d !== TAB && d !== 13) return false;
  }
  return count >= 3;
}

/** A fence opening at `at`: three or more backticks (with no backtick after them) or tildes. */
function fenceOpening(text: string, at: number, end: number): { char: number; length: number } | undefined {
  const c = text.charCodeAt(at);
  if (c !== 96 && c !== 126) return undefined;
  let length = 0;
  while (at + length < end && text.charCodeAt(at + length) === c) length++;
  if (length < 3) return undefined;
  if (c === 96 && has(text, 96, at + length, end)) return undefined;
  return { char: c, length };
}

/** Whether the line (from its first non-blank character) starts a block of its own instead of continuing a paragraph. */
function startsBlock(text: string, at: number, end: number): boolean {
  const c = text.charCodeAt(at);
  if (c === GT || c === 35) return true;
  if (fenceOpening(text, at, end)) return true;
  if (isThematicBreak(text, at, end)) return true;
  return listMarker(text, at, end) > 0;
}

/**
 * Counts link brackets and emphasis runs (see MARKERS) line by line, with one regular expression moving forward
 * through the whole text: linear however the lines are skipped or counted.
 */
class MarkerCounter {
  private readonly re = new RegExp(MARKERS.source, MARKERS.flags);
  /** Index of the next match not yet counted (Infinity: none left), its length, and whether it is an escape. */
  private at = -1;
  private length = 0;
  private escape = false;

  constructor(private readonly text: string) {}

  private find(from: number): void {
    this.re.lastIndex = from;
    const match = this.re.exec(this.text);
    this.at = match ? match.index : Infinity;
    this.length = match ? match[0].length : 0;
    this.escape = match !== null && match[0].charCodeAt(0) === 92;
  }

  /** Markers in text[from, to); what lies before `from` and was not counted is passed over. */
  count(from: number, to: number): number {
    if (this.at < from) this.find(from);
    let n = 0;
    while (this.at < to) {
      if (!this.escape) n++;
      this.find(this.at + this.length);
    }
    return n;
  }
}
