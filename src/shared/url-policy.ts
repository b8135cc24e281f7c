import { URL_KEYS } from './url-keys.ts';

/**
 * The one policy for every URL and piece of HTML a writer or the config supplies: Markdown links and images,
 * HTML in `.md` files, JSX in `.mdx` files (string props), and the config's HTML (`announcementBar.content`,
 * `footer.copyright`). Nothing published may run code in a visitor's browser, so these are refused (Q064) at
 * their place rather than cleaned away (the writer's markup is otherwise published as written):
 * - `javascript:` and `vbscript:` URLs, in any attribute that is not plain text;
 * - `data:` URLs in attributes that load or open a URL, except PNG, JPEG, GIF, WebP and AVIF images where an
 *   image is shown (an SVG can hold scripts, and any other type can open as a document);
 * - inline event handlers (`onerror="…"`), and `<script>` other than a JSON data block;
 * - HTML inside `<noscript>` that closes it (browsers with scripting read what follows as markup), and config
 *   HTML that ends inside a tag (the page's own markup would continue it).
 * A URL's scheme is read as browsers' URL parser reads it (see `urlScheme`); character references are
 * decoded by the HTML or MDX parser before a value gets here.
 *
 * Shared code imports no packages: compile and config hand `createUrlPolicy` the attribute map of
 * html-url-attributes and parse5's fragment parser.
 */

/** html-url-attributes' `urlAttributes`: hast property names of attributes holding a URL, and the elements they do on (null: any). */
export type UrlAttributeMap = Readonly<Record<string, readonly string[] | null>>;

/** The parts of a parse5 tree the policy reads (parse5's `DefaultTreeAdapterMap` nodes). */
export interface Parse5Node {
  nodeName: string;
  tagName?: string;
  attrs?: { name: string; value: string; prefix?: string }[];
  childNodes?: Parse5Node[];
  /** A `<template>`'s contents. */
  content?: Parse5Node;
}

/** parse5's `parseFragment(html, options)`. */
export type ParseFragment = (
  html: string,
  options: { scriptingEnabled: boolean; onParseError: (error: { code: string; startOffset: number }) => void },
) => Parse5Node;

/** The parts of a hast element the policy reads. */
export interface HastElementLike {
  type: string;
  tagName?: string;
  properties?: Record<string, unknown>;
  children?: HastElementLike[];
  value?: unknown;
  content?: HastElementLike;
}

/**
 * What is refused, as data: the catalogue (Q064) words it, naming the thing, then each place it sits in (innermost
 * first), and says what to write instead.
 */
export type UnsafeFinding = UnsafeThing & { within?: UnsafePlace[] };

export type UnsafeThing =
  /** A `javascript:` or `vbscript:` URL (`url` as written). */
  | { kind: 'scriptUrl'; scheme: string; url: string }
  /** An SVG `data:` URL. */
  | { kind: 'svgData'; url: string }
  /** Any other `data:` URL where it is not published: outside an image, or not an image type shown safely. */
  | { kind: 'data'; url: string; place: UrlPlace }
  /** An inline event handler (`onclick="…"`). */
  | { kind: 'handler'; name: string; value: string; tag: string }
  /** A `<script>` that is not a JSON data block. */
  | { kind: 'script'; src?: string }
  /** HTML inside a `<noscript>` that closes it. */
  | { kind: 'noscriptClosed'; closing: string }
  /** The config's HTML ends inside a tag. */
  | { kind: 'unfinishedTag'; rest: string };

/** Where a refused thing sits: an element's attribute or prop, a refresh `<meta>`, an `<iframe srcdoc>`, Markdown. */
export type UnsafePlace =
  | { kind: 'attribute'; tag: string; attribute: string; component: boolean }
  | { kind: 'refresh'; tag: string }
  | { kind: 'srcdoc'; tag: string }
  | { kind: 'markdown'; node: 'image' | 'link' | 'definition' };

/** Where a URL is used: only an image place takes a `data:` image. */
export type UrlPlace = 'link' | 'image';

/** Data URL types shown as images without running anything. */
const SAFE_DATA_IMAGES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/avif']);

/**
 * A URL's scheme in lower case (`javascript`), read as browsers do (the WHATWG URL parser): leading and
 * trailing C0 controls and spaces are dropped and tabs and newlines anywhere removed first, so
 * ` \u0001Java\tScript:` is `javascript`. Undefined for a relative URL.
 */
export function urlScheme(url: string): string | undefined {
  const m = /^[a-zA-Z][a-zA-Z0-9+.-]*:/.exec(browserUrl(url));
  return m ? m[0].slice(0, -1).toLowerCase() : undefined;
}

/** The URL as the WHATWG URL parser starts from it (see `urlScheme`). */
function browserUrl(url: string): string {
  return url.replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '').replace(/[\t\n\r]/g, '');
}

/** A URL shortened to 40 characters for a message, its control characters made visible (`java\tscript:`). */
export function shortUrl(url: string): string {
  const shown = url.length > 40 ? url.slice(0, 37) + '…' : url;
  return shown.replace(/[\u0000-\u001f\u007f]/g, (c) =>
    c === '\t' ? '\\t' : c === '\n' ? '\\n' : c === '\r' ? '\\r' : `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** The media type of a `data:` URL (`image/png`), lower case, as the Fetch standard reads it (before `;` or `,`). */
function dataType(url: string): string {
  const body = browserUrl(url).slice('data:'.length);
  const comma = body.indexOf(',');
  return (comma < 0 ? body : body.slice(0, comma)).split(';')[0].trim().toLowerCase();
}

/**
 * What is wrong with a URL at a place (`link`: followed or loaded as a document; `image`: shown as an image),
 * or undefined. Callers add where it is.
 */
export function unsafeUrl(url: string, place: UrlPlace): UnsafeFinding | undefined {
  const scheme = urlScheme(url);
  if (scheme === 'javascript' || scheme === 'vbscript') return { kind: 'scriptUrl', scheme, url };
  if (scheme !== 'data') return undefined;
  const type = dataType(url);
  if (place === 'image' && SAFE_DATA_IMAGES.has(type)) return undefined;
  if (type === 'image/svg+xml') return { kind: 'svgData', url };
  return { kind: 'data', url, place };
}

/** A script URL (`javascript:`, `vbscript:`) in a value that is not a URL attribute: refused wherever it is. */
function scriptUrl(value: string): UnsafeFinding | undefined {
  const scheme = urlScheme(value);
  return scheme === 'javascript' || scheme === 'vbscript' ? unsafeUrl(value, 'link') : undefined;
}

/**
 * Attributes that hold text, never a URL, whatever they say (DOMPurify's URI-safe attributes, with React's
 * names for two of them, and `content`, whose refresh form is read separately); names as `normalName` gives them.
 */
export const TEXT_ATTRIBUTES: ReadonlySet<string> = new Set([
  ...['alt', 'class', 'classname', 'content', 'for', 'htmlfor', 'id', 'label', 'name', 'pattern'],
  ...['placeholder', 'role', 'style', 'summary', 'title', 'value', 'xmlns'],
]);

/**
 * URL attributes html-url-attributes does not list: SVG's and MathML's `xlink:href`, the `background` image of old
 * tables and bodies, and `longdesc` (a protocol-checked attribute of hast-util-sanitize's default schema).
 */
const MORE_URL_ATTRIBUTES = ['xlinkhref', 'background', 'longdesc'];

/** Attributes holding a list of URLs separated by spaces. */
const URL_LISTS = new Set(['ping', 'archive']);

/** Where an HTML element's attribute shows an image (a `data:` image is published there). */
function imageAttribute(tag: string, key: string): boolean {
  switch (key) {
    case 'src':
      return tag === 'img' || tag === 'input';
    case 'srcset':
    case 'lowsrc':
      return tag === 'img' || tag === 'source';
    case 'imagesrcset':
      return tag === 'link';
    case 'poster':
      return tag === 'video';
    case 'href':
    case 'xlinkhref':
      return tag === 'image' || tag === 'feimage';
    case 'background':
      return true;
    default:
      return false;
  }
}

/** Props of the theme's components that name an image (`<Figure src>`). */
const IMAGE_PROPS = new Set(['src', 'image']);

/** An attribute name compared without case, `:` and `-`: `xLinkHref`, `xlink:href` and `xlinkHref` are one. */
const normalName = (name: string) => name.toLowerCase().replace(/[:-]/g, '');

/** An inline event handler's name: `onclick` in HTML (any case), `onClick` on a component. */
const isHandler = (name: string, component: boolean) => (component ? /^on[A-Z]/ : /^on./i).test(name);

/** `data-*` and `aria-*` attributes (hast names them `dataFoo`, `ariaLabel`): text for scripts and assistive technology. */
const isDataOrAria = (name: string) => /^(?:data|aria)[-A-Z0-9]/.test(name);

/**
 * The candidates of a `srcset` (`klein.png 480w, gross.png 1080w`), each a URL and its descriptor, split as
 * browsers do: a URL runs to the next whitespace (commas at its end separate it from the next candidate),
 * a descriptor to the next comma.
 */
export function srcsetCandidates(value: string): { url: string; descriptor: string }[] {
  const out: { url: string; descriptor: string }[] = [];
  let i = 0;
  while (i < value.length) {
    while (i < value.length && /[\s,]/.test(value[i])) i++;
    if (i >= value.length) break;
    let end = i;
    while (end < value.length && !/\s/.test(value[end])) end++;
    const url = value.slice(i, end);
    if (url.endsWith(',')) {
      out.push({ url: url.replace(/,+$/, ''), descriptor: '' });
      i = end;
      continue;
    }
    const comma = value.indexOf(',', end);
    const stop = comma < 0 ? value.length : comma;
    out.push({ url, descriptor: value.slice(end, stop).trim() });
    i = stop + 1;
  }
  return out;
}

/**
 * The URL a `<meta http-equiv="refresh">` goes to (`0; url=…`), read as the HTML standard's refresh steps
 * read `content`: a time, a `;` or `,`, and an optional `url=`, the URL optionally quoted.
 */
function refreshUrl(content: string): string | undefined {
  const m = /^[\s]*[\d.]*[\s]*[;,]?[\s]*(?:url[\s]*=[\s]*)?(["']?)([\s\S]*)$/i.exec(content);
  if (!m?.[2]) return undefined;
  const url = m[1] && m[2].includes(m[1]) ? m[2].slice(0, m[2].indexOf(m[1])) : m[2];
  return url || undefined;
}

/** `<script>` with a JSON data block (structured data): browsers never run it. */
const DATA_BLOCK = /^\s*application\/(?:ld\+)?json\s*$/i;

/** An element's attribute (or a component's prop) as a place. */
const where = (tag: string, attribute: string, component: boolean): UnsafePlace => ({ kind: 'attribute', tag, attribute, component });

/** A finding with one more place around it (outermost last). */
export const at = (finding: UnsafeFinding, place: UnsafePlace): UnsafeFinding => ({
  ...finding,
  within: [...(finding.within ?? []), place],
});

/**
 * hast's property name as HTML writes the attribute: `xLinkHref` → `xlink:href`, `dataFooBar` → `data-foo-bar`,
 * `srcSet` → `srcset` (property-information's naming, undone).
 */
export function htmlAttributeName(property: string): string {
  const prefixed = /^(xLink|xml)([A-Z].*)$/.exec(property);
  if (prefixed) return `${prefixed[1].toLowerCase()}:${prefixed[2].toLowerCase()}`;
  if (/^(?:data|aria)[A-Z0-9]/.test(property))
    return (
      property.slice(0, 4) +
      property
        .slice(4)
        .replace(/[A-Z]/g, (c) => '-' + c.toLowerCase())
        .replace(/^(?!-)/, '-')
    );
  return property.toLowerCase();
}

/**
 * HTML that can hold nothing the policy refuses, told without parsing it: text without `&` and complete tags
 * whose attributes (none starting with `on`) are double-quoted values without `&`, `:` or `<>`, and no
 * `<script`. A URL needs a `:` (or a character reference for one) to have a scheme, so such HTML has none;
 * anything else is parsed and checked. The config's usual announcement passes, and the build skips loading
 * the HTML parser for it.
 */
export function isPlainHtml(html: string): boolean {
  return (
    !/<script/i.test(html) &&
    /^(?:[^<&]|<\/?[a-zA-Z][a-zA-Z0-9-]*(?:[ \t\n\f\r]+(?!on)[a-zA-Z][a-zA-Z0-9-]*="[^"&:<>]*")*[ \t\n\f\r]*\/?>)*$/i.test(html)
  );
}

export interface UrlPolicy {
  /**
   * What is wrong with an element (`a`, `Figure`) with these attributes (names as written in HTML or JSX, or as
   * hast properties, see `hastAttributes`), or undefined. `component`: a theme component's props, where only
   * `URL_KEYS` name URLs and handlers are `onX`.
   */
  element(tag: string, attributes: readonly (readonly [string, string])[], options?: { component?: boolean }): UnsafeFinding | undefined;
  /** An element of a hast tree parsed from a writer's HTML, with what it holds when that is not its children (a `<template>`'s contents, a `<noscript>`'s markup). */
  hastElement(node: HastElementLike): UnsafeFinding | undefined;
  /** Everything refused in a piece of HTML published as written (the config's), parsed as browsers parse it. */
  html(html: string): UnsafeFinding[];
}

/** The policy, with the attribute map of html-url-attributes and parse5's fragment parser (see the module comment). */
// biome-ignore lint/complexity/noExcessiveLinesPerFunction: the policy's checks are closures over the attribute sets it builds once; split, each would take them as arguments.
export function createUrlPolicy({
  urlAttributes,
  parseFragment,
}: {
  urlAttributes: UrlAttributeMap;
  parseFragment: ParseFragment;
}): UrlPolicy {
  // An attribute that holds a URL on some element is checked as one on any: SVG and MathML take `href` on
  // elements HTML's map does not name, and a browser's next version may load one from more.
  const urlKeys = new Set([...Object.keys(urlAttributes).map(normalName), ...MORE_URL_ATTRIBUTES]);
  const componentUrlKeys = new Set([...URL_KEYS].map(normalName));

  function attribute(tag: string, name: string, value: string, component: boolean): UnsafeFinding | undefined {
    if (isHandler(name, component)) {
      return { kind: 'handler', name, value, tag };
    }
    if (isDataOrAria(name)) return undefined;
    const key = normalName(name);
    if (TEXT_ATTRIBUTES.has(key)) return undefined;
    const lowerTag = tag.toLowerCase();
    const isUrl = component ? componentUrlKeys.has(key) : urlKeys.has(key) || key === 'srcset' || key === 'imagesrcset';
    if (!isUrl) {
      // SVG animation (`<animate attributeName="href" values="…;javascript:…">`) puts any value into an href.
      const values = key === 'values' ? value.split(';') : [value];
      for (const v of values) {
        const found = scriptUrl(v);
        if (found) return at(found, where(tag, name, component));
      }
      return undefined;
    }
    const place: UrlPlace = (component ? IMAGE_PROPS.has(key) : imageAttribute(lowerTag, key)) ? 'image' : 'link';
    const urls =
      key === 'srcset' || key === 'imagesrcset'
        ? srcsetCandidates(value).map((c) => c.url)
        : URL_LISTS.has(key)
          ? value.split(/\s+/)
          : [value];
    for (const url of urls) {
      const found = unsafeUrl(url, place);
      if (found) return at(found, where(tag, name, component));
    }
    return undefined;
  }

  function element(
    tag: string,
    attributes: readonly (readonly [string, string])[],
    { component = false }: { component?: boolean } = {},
  ): UnsafeFinding | undefined {
    const lowerTag = tag.toLowerCase();
    const get = (wanted: string) => attributes.find(([name]) => normalName(name) === wanted)?.[1];
    if (!component && lowerTag === 'script' && !DATA_BLOCK.test(get('type') ?? '')) {
      const src = get('src');
      return { kind: 'script', src };
    }
    for (const [name, value] of attributes) {
      const found = attribute(tag, name, value, component);
      if (found) return found;
    }
    if (component) return undefined;
    if (lowerTag === 'meta' && get('httpequiv')?.trim().toLowerCase() === 'refresh') {
      const url = refreshUrl(get('content') ?? '');
      const found = url && unsafeUrl(url, 'link');
      if (found) return at(found, { kind: 'refresh', tag });
    }
    const srcdoc = get('srcdoc');
    if (srcdoc !== undefined) {
      // The document of an iframe's srcdoc runs with the page's origin: its HTML gets the same check.
      const [found] = html(srcdoc, false);
      if (found) return at(found, { kind: 'srcdoc', tag });
    }
    return undefined;
  }

  function hastElement(node: HastElementLike): UnsafeFinding | undefined {
    const tag = node.tagName ?? '';
    const found = element(tag, hastAttributes(node.properties ?? {}));
    if (found) return found;
    if (tag === 'template' && node.content) {
      for (const child of hastElements(node.content)) {
        const inner = hastElement(child);
        if (inner) return inner;
      }
    }
    if (tag === 'noscript') {
      // hast-util-raw parses as a browser without scripting, where <noscript> holds markup, and the page is
      // written from that tree; a browser with scripting reads it as text up to the first `</noscript`, so
      // a `</noscript>` inside a value or text would end it early and publish the rest as markup.
      const closing = noscriptEnd(node);
      if (closing) return { kind: 'noscriptClosed', closing };
    }
    return undefined;
  }

  function html(source: string, wholeFragment = true): UnsafeFinding[] {
    const out: UnsafeFinding[] = [];
    let unfinished: number | undefined;
    const tree = parseFragment(source, {
      scriptingEnabled: true,
      onParseError: (e) => {
        if (e.code === 'eof-in-tag') unfinished ??= e.startOffset;
      },
    });
    // Published as written before the page's own markup, a tag left unfinished would take that markup in.
    if (wholeFragment && unfinished !== undefined) {
      const start = source.lastIndexOf('<', unfinished);
      out.push({ kind: 'unfinishedTag', rest: source.slice(Math.max(0, start)) });
    }
    for (const node of parse5Elements(tree)) {
      const attributes = (node.attrs ?? []).map(({ name, value, prefix }) => [prefix ? `${prefix}:${name}` : name, value] as const);
      const found = element(node.tagName ?? node.nodeName, attributes);
      if (found) out.push(found);
    }
    return out;
  }

  return { element, hastElement, html };
}

/**
 * A hast element's properties as attributes (`[name, value]`, names as HTML writes them): lists joined as
 * HTML writes them (a `srcset`'s candidates with commas, others with spaces), true as the empty string,
 * false and null left out (hast writes no attribute for them).
 */
export function hastAttributes(properties: Record<string, unknown>): [string, string][] {
  const out: [string, string][] = [];
  for (const [property, value] of Object.entries(properties)) {
    if (value === false || value === null || value === undefined) continue;
    const name = htmlAttributeName(property);
    out.push([name, Array.isArray(value) ? value.join(name.endsWith('srcset') ? ',' : ' ') : value === true ? '' : String(value)]);
  }
  return out;
}

/** Every element of a hast tree, in document order. */
function* hastElements(node: HastElementLike): Generator<HastElementLike> {
  if (node.type === 'element') yield node;
  for (const child of node.children ?? []) yield* hastElements(child);
}

/** Every element of a parse5 tree, `<template>` contents included. */
function* parse5Elements(node: Parse5Node): Generator<Parse5Node> {
  if (node.tagName) yield node;
  if (node.content) yield* parse5Elements(node.content);
  for (const child of node.childNodes ?? []) yield* parse5Elements(child);
}

/** The first `</noscript` in a `<noscript>`'s text or attribute values, with what follows it. */
function noscriptEnd(node: HastElementLike): string | undefined {
  const find = (s: string) => {
    const i = s.search(/<\/noscript/i);
    return i < 0 ? undefined : s.slice(i);
  };
  for (const child of node.children ?? []) {
    const inText = child.type === 'text' && typeof child.value === 'string' ? find(child.value) : undefined;
    if (inText) return inText;
    for (const [, value] of hastAttributes(child.properties ?? {})) {
      const inValue = find(value);
      if (inValue) return inValue;
    }
    const deeper = noscriptEnd(child);
    if (deeper) return deeper;
  }
  return undefined;
}
