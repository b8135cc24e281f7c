/**
 * Inline elements Pagefind reads only for their text: it appends an inline element's text to its parent's
 * as if the tags were not there (the anchors of a heading reach into them alike). In Pagefind 1.5's parser
 * (fossick/parser.rs) these are its inline elements less those with a role of their own: `br` (a space),
 * `img` (the result image), `label` and `script` (removed), form controls (parsed apart by HTML).
 */
const PLAIN_INLINE = new Set('a abbr acronym b bdo big cite code dfn em i kbd q samp small span strong sub sup time tt var'.split(' '));

/** Elements Pagefind leaves out (its removed elements): their inline children are kept, see unwrapInline. */
const LEFT_OUT = new Set(['head', 'style', 'script', 'noscript', 'label', 'form', 'svg', 'footer', 'nav', 'iframe', 'template']);

/** Elements without an end tag. */
const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'param', 'source', 'track', 'wbr']);

/** Elements whose content HTML parses otherwise (raw text, foreign content): a fragment holding one is kept whole. */
const OTHER_PARSING = /<(?:script|style|textarea|title|xmp|plaintext|iframe|noembed|noframes|noscript|svg|math|template|select)[\s/>]/i;

/** What follows a tag's name, tried where the name ends: its attributes, and whether it ends in `/>`. */
const TAG_REST = /((?:\s+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*)\s*(\/?)>/y;

/** An `&` that does not start a complete character reference: joining text across a removed tag could complete it. */
const OPEN_AMPERSAND = /&(?![a-zA-Z][a-zA-Z0-9]*;|#[0-9]+;|#[xX][0-9a-fA-F]+;)/;

/** An anchor for Pagefind: an inline element with an `id` keeps its tags (its children need not). */
const ANCHOR = /(?:^|\s)id(?=[\s=]|$)/i;

/** Pagefind's own attributes but the body marker (ignore, weight, meta, filter…): the element and its content stay. */
const PAGEFIND_ATTRIBUTE = /(?:^|\s)data-pagefind-(?!body(?=[\s=]|$))/i;

/** An open element: whether its start tag was taken out, and whether its inline children must stay as they are. */
interface Open {
  name: string;
  unwrapped: boolean;
  keepsChildren: boolean;
}

/**
 * The HTML of a page's content element with the tags of its plain inline elements taken out (PLAIN_INLINE:
 * without an `id` or `data-pagefind-*` attribute, outside any element with a `data-pagefind-*` attribute or one
 * that Pagefind leaves out), their text kept in place. Pagefind builds the same index from it (the same words
 * at the same positions, excerpts, anchors and their texts) while parsing far fewer elements: the highlighter's
 * tokens alone are four in ten of a typical docs page's. Anything unusual (tags that do not balance, raw-text
 * or foreign elements, an `&` that is not a complete reference, a `<` that is not a tag, a second body) keeps
 * the fragment as it is: always right, only slower.
 */
export function unwrapInline(html: string): string {
  if (OTHER_PARSING.test(html) || OPEN_AMPERSAND.test(html)) return html;
  if (html.indexOf('data-pagefind-body') !== html.lastIndexOf('data-pagefind-body')) return html;
  const open: Open[] = [];
  let out = '';
  let copied = 0;
  for (let at = html.indexOf('<'); at >= 0; ) {
    const tag = readTag(html, at);
    if (tag === undefined) return html;
    if (tag.name === undefined) {
      at = html.indexOf('<', tag.end);
      continue;
    }
    let unwrapped: boolean;
    if (tag.closing) {
      const top = open.pop();
      if (!top || top.name !== tag.name || tag.attributes || tag.selfClosing) return html;
      unwrapped = top.unwrapped;
    } else if (VOID.has(tag.name)) unwrapped = false;
    else {
      if (tag.selfClosing) return html;
      const { name, attributes } = tag;
      const parentKeeps = open.length > 0 && open[open.length - 1].keepsChildren;
      const pagefinds = attributes !== '' && PAGEFIND_ATTRIBUTE.test(attributes);
      unwrapped = PLAIN_INLINE.has(name) && !parentKeeps && !pagefinds && !(attributes !== '' && ANCHOR.test(attributes));
      open.push({ name, unwrapped, keepsChildren: parentKeeps || pagefinds || LEFT_OUT.has(name) });
    }
    if (unwrapped) {
      out += html.slice(copied, at);
      copied = tag.end;
    }
    at = html.indexOf('<', tag.end);
  }
  if (open.length) return html;
  return copied ? out + html.slice(copied) : html;
}

/** A tag read at a `<`; without a name: text or a comment, to be passed over up to `end`. */
interface Tag {
  name?: string;
  closing: boolean;
  attributes: string;
  selfClosing: boolean;
  end: number;
}

/**
 * The tag at `at` (a `<`), or undefined where HTML would read something this module does not (a doctype, a
 * processing instruction, a tag it cannot end). A `<` before a space, a digit or the like is text, as in HTML.
 * Names are read by hand and attributes by TAG_REST only when there are some: most tags are `</span>` and `<p>`.
 */
function readTag(html: string, at: number): Tag | undefined {
  const next = html.charCodeAt(at + 1);
  if (next === 33 /* ! */) {
    const close = html.startsWith('<!--', at) ? html.indexOf('-->', at + 4) : -1;
    return close < 0 ? undefined : { closing: false, attributes: '', selfClosing: false, end: close + 3 };
  }
  const closing = next === 47; /* / */
  const start = at + (closing ? 2 : 1);
  let stop = start;
  for (let c = html.charCodeAt(stop); isNameCode(c) && (stop > start || !isDigitOrHyphen(c)); c = html.charCodeAt(++stop));
  if (stop === start) return closing || next === 63 /* ? */ ? undefined : { closing, attributes: '', selfClosing: false, end: at + 1 };
  // React and hast write names in lower case already.
  const name = html.slice(start, stop).toLowerCase();
  if (html.charCodeAt(stop) === 62 /* > */) return { name, closing, attributes: '', selfClosing: false, end: stop + 1 };
  TAG_REST.lastIndex = stop;
  const rest = TAG_REST.exec(html);
  if (!rest) return undefined;
  return { name, closing, attributes: rest[1], selfClosing: rest[2] === '/', end: stop + rest[0].length };
}

const isNameCode = (c: number) => (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || isDigitOrHyphen(c);
const isDigitOrHyphen = (c: number) => (c >= 48 && c <= 57) || c === 45;
