/** Elements whose end tag HTML lets the writer leave out. */
const OPTIONAL_END = new Set([
  'p',
  'li',
  'dt',
  'dd',
  'tr',
  'td',
  'th',
  'thead',
  'tbody',
  'tfoot',
  'colgroup',
  'option',
  'optgroup',
  'rt',
  'rp',
  'caption',
]);

/** Elements HTML never closes. */
const VOID_ELEMENTS = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);

/**
 * What is wrong with the nesting of a piece of HTML written in the config (`leaves <a> open`, `closes </b>
 * while <a> is open`), or undefined when each tag opened is closed in order.
 */
export function unbalancedTag(html: string, { optionalEnds = false }: { optionalEnds?: boolean } = {}): string | undefined {
  const open: string[] = [];
  for (const m of html.replace(/<!--[\s\S]*?-->/g, '').matchAll(/<(\/?)([a-zA-Z][\w-]*)\b(?:[^>"']|"[^"]*"|'[^']*')*?(\/?)>/g)) {
    const [, closing, rawName, selfClosing] = m;
    const name = rawName.toLowerCase();
    if (VOID_ELEMENTS.has(name) || selfClosing) continue;
    // HTML lets these end without their end tag (`<li>` before the next `<li>`): not counted where allowed.
    if (optionalEnds && OPTIONAL_END.has(name)) continue;
    // Nor is a paragraph's, wherever this HTML goes (a `<div>` or `<li>` of the theme's): the end of what holds it
    // closes an open `<p>`, and a `</p>` with none open is an empty paragraph; neither takes in what follows.
    // Docusaurus writes such HTML as it is (Electron's translated copyright ends its first paragraph unopened).
    if (name === 'p') continue;
    if (!closing) open.push(name);
    else if (open[open.length - 1] === name) open.pop();
    else return open.length ? `closes </${name}> while <${open[open.length - 1]}> is open` : `closes </${name}>, which was never opened`;
  }
  return open.length ? `leaves <${open[open.length - 1]}> open` : undefined;
}
