/**
 * A page's description when its front matter gives none, as Docusaurus makes it (its docs, blog and pages plugins
 * take the page's "excerpt": "description … defaults to the first line of Markdown content",
 * https://docusaurus.io/docs/api/plugins/@docusaurus/plugin-content-docs#markdown-front-matter): the first line of
 * the body that still holds text once its Markdown marks are taken off, read from the source line by line, not
 * from the parsed page, and not shortened. A leading Setext title, h1 lines, lines of imports and exports (up to the
 * next empty line) and fenced code are passed over; a line holding only a component (`<BigApp>`) is empty.
 *
 * Docusaurus's excerpt is a run of text substitutions with quirks of their own (`snake_case_name` loses its
 * underscores as if they were emphasis; a heading's closing `##` stays): the scanners below give the same text on
 * each of them, and `test/docusaurus/excerpt.test.ts` holds the cases. Written from the behaviour, checked against
 * Docusaurus 3's output on the docs of Jest, pnpm and Redux.
 */
export function firstLineExcerpt(body: string): string | undefined {
  let text = body.trimStart();
  // A Setext title at the start (`Title` then a line of `=`): the title and the `=` run go.
  const setext = /^[^\r\n]*\r?\n=+/.exec(text);
  if (setext) text = text.slice(setext[0].length);
  let fence: number | undefined;
  let declaration = false;
  for (const line of text.split(/\r?\n/)) {
    const trimmed = line.trim();
    if (!trimmed) {
      declaration = false;
      continue;
    }
    if (fence === undefined && (declaration || /^(?:import|export)\s/.test(line))) {
      declaration = true;
      continue;
    }
    if (trimmed.startsWith('```')) {
      const ticks = trimmed.length - trimmed.replace(/^`+/, '').length;
      // A fence opened by more backticks holds shorter runs as text.
      if (fence === undefined) fence = ticks;
      else if (ticks >= fence) fence = undefined;
      continue;
    }
    if (fence !== undefined) continue;
    const plain = plainText(line);
    if (plain) return plain;
  }
  return undefined;
}

type Step = (line: string) => string;

/** The kinds of marks, taken off in this order (the order matters: an h1 line goes before headings lose their marks). */
const STEPS: Step[] = [
  withoutTags,
  withoutTitle,
  withoutHeadingMarks,
  (s) => scan(s, emphasis),
  (s) => scan(s, strikethrough),
  (s) => scan(s, (t, at) => (t.startsWith('![', at) ? bracketed(t, at + 2) : undefined)),
  (s) => scan(s, footnote),
  (s) => scan(s, (t, at) => (t[at] === '[' ? bracketed(t, at + 1) : undefined)),
  (s) => scan(s, inlineCode),
  withoutQuoteMark,
  (s) => (s.includes(':::') ? s.slice(0, s.indexOf(':::')) : s),
  (s) => scan(s, emoji),
  withoutHeadingId,
];

/** One line without its marks, each kind taken off in turn. */
function plainText(line: string): string {
  return STEPS.reduce((text, step) => step(text), line).trim();
}

/**
 * Replaces, left to right, each match `find` reports at a position (`[end, replacement]`) and goes on after it;
 * where it reports none, the character stays.
 */
function scan(text: string, find: (text: string, at: number) => [number, string] | undefined): string {
  let out = '';
  let at = 0;
  while (at < text.length) {
    const found = find(text, at);
    if (found) {
      out += found[1];
      at = found[0];
    } else out += text[at++];
  }
  return out;
}

/** `<…>` up to the first `>` goes, whatever it holds; a `<` with no `>` after it stays. */
function withoutTags(text: string): string {
  let out = '';
  let at = 0;
  for (;;) {
    const open = text.indexOf('<', at);
    const close = open < 0 ? -1 : text.indexOf('>', open + 1);
    if (close < 0) return out + text.slice(at);
    out += text.slice(at, open);
    at = close + 1;
  }
}

/** A line opening with `#` and a character that is not one: the title, up to and with the next `#`, goes. */
function withoutTitle(text: string): string {
  if (text[0] !== '#' || text.length < 2 || text[1] === '#') return text;
  const next = text.indexOf('#', 1);
  return next < 0 ? '' : text.slice(next + 1);
}

/** A heading's opening marks (up to six), the spaces after them, and up to six more marks. */
function withoutHeadingMarks(text: string): string {
  if (text[0] !== '#') return text;
  let at = 0;
  while (at < 6 && text[at] === '#') at++;
  while (at < text.length && /\s/.test(text[at])) at++;
  for (let more = 0; more < 6 && text[at] === '#'; more++) at++;
  return text.slice(at);
}

/**
 * Emphasis: a run of one to three `*` or `_` (mixed too), the shortest text after it, and the same run again; the
 * longest run is tried first. The text stays.
 */
function emphasis(text: string, at: number): [number, string] | undefined {
  let run = 0;
  while (run < 3 && (text[at + run] === '*' || text[at + run] === '_')) run++;
  for (let size = run; size > 0; size--) {
    const mark = text.slice(at, at + size);
    const close = text.indexOf(mark, at + size);
    if (close >= 0) return [close + size, text.slice(at + size, close)];
  }
  return undefined;
}

/** `~~text~~` where the text starts and ends with a non-space, up to the last such `~~` of the line. */
function strikethrough(text: string, at: number): [number, string] | undefined {
  if (!text.startsWith('~~', at) || !/\S/.test(text[at + 2] ?? ' ')) return undefined;
  for (let end = text.length - 2; end > at + 3; end--) {
    if (text.startsWith('~~', end) && /\S/.test(text[end - 1])) return [end + 2, text.slice(at + 2, end)];
  }
  return undefined;
}

/**
 * A link or image whose label starts at `labelStart` (after its `[` or `![`): the shortest label up to a `]`
 * followed by `[` or `(`, then anything up to the first `]` or `)`. The label stays.
 */
function bracketed(text: string, labelStart: number): [number, string] | undefined {
  for (let close = text.indexOf(']', labelStart); close >= 0; close = text.indexOf(']', close + 1)) {
    const opener = text[close + 1];
    if (opener !== '[' && opener !== '(') continue;
    const end = firstOf(text, ']', ')', close + 2);
    return end < 0 ? undefined : [end + 1, text.slice(labelStart, close)];
  }
  return undefined;
}

function firstOf(text: string, a: string, b: string, from: number): number {
  const i = text.indexOf(a, from);
  const j = text.indexOf(b, from);
  return i < 0 ? j : j < 0 ? i : Math.min(i, j);
}

/** A footnote reference `[^x]` goes; a definition `[^x]: …` goes with the rest of the line. */
function footnote(text: string, at: number): [number, string] | undefined {
  if (!text.startsWith('[^', at)) return undefined;
  const close = text.indexOf(']', at + 3);
  if (close < 0) return undefined;
  return [text.startsWith(': ', close + 1) ? text.length : close + 1, ''];
}

/** `` `code` ``: a backtick, at least one character, and the next backtick; the code stays. */
function inlineCode(text: string, at: number): [number, string] | undefined {
  if (text[at] !== '`') return undefined;
  const close = text.indexOf('`', at + 2);
  return close < 0 ? undefined : [close + 1, text.slice(at + 1, close)];
}

/** A quote's `>` at the start (after up to three spaces), and one space after it. */
function withoutQuoteMark(text: string): string {
  const mark = /^\s{0,3}>\s?/.exec(text);
  return mark ? text.slice(mark[0].length) : text;
}

/**
 * An emoji name between colons (`:tada:`, with one space before it), where `::` counts as a character of the name:
 * the name is read as far as it goes, then gives back a `::` to end on its first colon if it must.
 */
function emoji(text: string, at: number): [number, string] | undefined {
  const colonAt = /\s/.test(text[at]) && text[at + 1] === ':' ? at + 1 : text[at] === ':' ? at : -1;
  if (colonAt < 0) return undefined;
  let i = colonAt + 1;
  let lastPair = -1;
  let count = 0;
  while (i < text.length && text[i] !== '\n') {
    if (text.startsWith('::', i)) {
      lastPair = i;
      i += 2;
    } else if (text[i] !== ':') i += 1;
    else break;
    count++;
  }
  if (count > 0 && text[i] === ':') return [i + 1, ''];
  // Give back to the last `::` read after at least one other character, and end on its first colon.
  if (lastPair > colonAt + 1) return [lastPair + 1, ''];
  return undefined;
}

/** The first heading id (`{#id}`) goes. */
function withoutHeadingId(text: string): string {
  return text.replace(/\{#*[\w-]+\}/, '');
}
