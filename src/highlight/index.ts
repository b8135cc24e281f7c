import type { Element, ElementContent, RootContent } from 'hast';
import { createRequire } from 'node:module';
import { refractor } from 'refractor/core';
import { PRISM_ALIASES } from './prism-aliases.ts';

/**
 * Build-time highlighting with Prism grammars (through refractor, which produces HTML trees), the
 * highlighter the seed site's Docusaurus uses. Tokens get Prism's class names (`token keyword`); the
 * theme colours them for light and dark mode. Grammars load on first use.
 *
 * Chosen over a TextMate highlighter (shiki) for speed: compiling the TextMate grammars' regular
 * expressions in WebAssembly took a large share of the site's cold build, Prism a small fraction of
 * that for the same blocks (figures in bench/HISTORY.md).
 */

/** Languages a fence may name without highlighting. */
export const PLAIN = new Set(['', 'text', 'txt', 'plain', 'plaintext']);

/**
 * The registered grammar name for a fence language, once `loadGrammar` has run for it; undefined: plain text.
 * Synchronous, so that a page whose languages are loaded is highlighted inside the compile's time limit
 * (src/limits.ts times only the synchronous part of a compile).
 */
export function grammarFor(lang: string): string | undefined {
  return PLAIN.has(lang) || !refractor.registered(lang) ? undefined : lang;
}

/** The refractor file for a fence language, if it names one. */
function grammarFile(lang: string): string | undefined {
  return /^[a-z0-9+#-]+$/.test(lang) ? (Object.hasOwn(PRISM_ALIASES, lang) ? PRISM_ALIASES[lang] : lang) : undefined;
}

/** Whether `loadGrammar` has something to do for `lang` (a grammar not loaded yet, not known to be missing). */
export function needsLoading(lang: string): boolean {
  if (PLAIN.has(lang)) return false;
  if (!refractor.registered(lang)) {
    const file = grammarFile(lang);
    return file !== undefined && !missingGrammars.has(file);
  }
  return refractor.registered('markup') && MARKUP_EMBEDS.some((e) => !refractor.registered(e) && !missingGrammars.has(e));
}

/** Loads the grammar of a fence language on first use (and markup's embedded languages once markup is there). */
export async function loadGrammar(lang: string): Promise<void> {
  if (PLAIN.has(lang)) return;
  if (!refractor.registered(lang)) {
    const file = grammarFile(lang);
    if (!file || !(await register(file))) return;
  }
  if (!refractor.registered(lang)) return;
  // Prism's CSS and JavaScript grammars teach markup their <style> and <script> when they are registered:
  // without them an HTML block's script stayed plain text whenever no earlier page had needed JavaScript,
  // so a page's output depended on which pages were compiled before it (warm builds differed from cold).
  if (refractor.registered('markup')) for (const embedded of MARKUP_EMBEDS) if (!refractor.registered(embedded)) await register(embedded);
}

/** refractor files that could not be loaded: no grammar of that name. */
const missingGrammars = new Set<string>();

/** Grammars that extend markup (HTML, XML, SVG, and the templating languages built on it). */
const MARKUP_EMBEDS = ['css', 'javascript'];

async function register(file: string): Promise<boolean> {
  try {
    const grammar = (await import(`refractor/${file}`)) as { default: Parameters<typeof refractor.register>[0] };
    refractor.register(grammar.default);
    return true;
  } catch {
    missingGrammars.add(file);
    return false;
  }
}

/** `{1,3-5}` → Set {1,3,4,5} */
export function parseLineRanges(meta: string): Set<number> {
  const out = new Set<number>();
  const m = /\{([\d,\s-]+)\}/.exec(meta);
  if (!m) return out;
  for (const part of m[1].split(',')) {
    const [a, b] = part.trim().split('-').map(Number);
    if (!Number.isFinite(a)) continue;
    for (let n = a; n <= (Number.isFinite(b) ? b : a); n++) out.add(n);
  }
  return out;
}

/**
 * `showLineNumbers` in the meta numbers the lines from 1, `showLineNumbers=5` from 5; undefined: no numbers.
 */
export function parseLineNumbersStart(meta: string): number | undefined {
  const m = /(?:^|\s)showLineNumbers(?:=(\d+))?(?=\s|$)/.exec(meta);
  return m ? Number(m[1] ?? 1) : undefined;
}

/**
 * The comment forms a highlight comment may take, each an opening and a closing pattern (empty: to the line's end).
 * Which forms count depends on the block's language, as in Docusaurus's theme (theme-common's codeBlockUtils): a
 * `# highlight-next-line` in a JavaScript block is code, and JSX's comment in braces marks lines in `jsx` and `tsx`.
 */
const COMMENT_FORMS = {
  slashes: ['//', ''],
  block: ['/\\*', '\\*/'],
  jsx: ['\\{\\s*/\\*', '\\*/\\s*\\}'],
  hash: ['#', ''],
  html: ['<!--', '-->'],
  dashes: ['--', ''],
  semicolons: [';;', ''],
  percent: ['%', ''],
  quote: ["['‘’]", ''],
  vbnetQuote: ["(?:_\\s*)?['‘’]", ''],
  rem: ['[Rr][Ee][Mm]\\b', ''],
  bang: ['!', ''],
  ml: ['\\(\\*', '\\*\\)'],
  cobol: ['\\*>', ''],
} as const;
type CommentForm = keyof typeof COMMENT_FORMS;

/** The forms of a language's highlight comments; a language not named here takes the five common ones. */
const LANGUAGE_FORMS: Record<string, CommentForm[]> = {};
const COMMON_FORMS: CommentForm[] = ['slashes', 'block', 'jsx', 'hash', 'html'];
for (const [languages, forms] of [
  ['js javascript ts typescript', ['slashes', 'block']],
  ['jsx tsx', ['slashes', 'block', 'jsx']],
  ['html', ['slashes', 'block', 'html']],
  ['python py bash', ['hash']],
  ['markdown md', ['html', 'jsx', 'hash']],
  ['tex latex matlab', ['percent']],
  ['lua haskell', ['dashes']],
  ['sql', ['dashes', 'block']],
  ['wasm', ['semicolons']],
  ['vb vba visual-basic', ['quote', 'rem']],
  ['vbnet', ['vbnetQuote', 'rem']],
  ['batch', ['rem']],
  ['basic', ['rem', 'bang']],
  ['fsharp', ['slashes', 'ml']],
  ['ocaml sml', ['ml']],
  ['fortran', ['bang']],
  ['cobol', ['cobol']],
] as const satisfies readonly (readonly [string, readonly CommentForm[]])[])
  for (const language of languages.split(' ')) LANGUAGE_FORMS[language] = [...forms];

const magicCommentPatterns = new Map<string, RegExp>();

/** A line that is only a highlight comment in one of the language's comment forms; its directive is group 1, 2, … */
function magicCommentPattern(language: string): RegExp {
  const forms = LANGUAGE_FORMS[language] ?? COMMON_FORMS;
  const key = forms.join(' ');
  let pattern = magicCommentPatterns.get(key);
  if (!pattern) {
    const alternatives = forms.map((form) => {
      const [open, close] = COMMENT_FORMS[form];
      return `(?:${open}\\s*highlight-(next-line|start|end)\\s*${close})`;
    });
    pattern = new RegExp(`^\\s*(?:${alternatives.join('|')})\\s*$`);
    magicCommentPatterns.set(key, pattern);
  }
  return pattern;
}

/**
 * Removes highlight comments from code, as Docusaurus writers use them: `// highlight-next-line` marks the line
 * after it, `// highlight-start` … `// highlight-end` the lines between, in the comment forms of the block's
 * language as written (COMMENT_FORMS). Gives the code without them and the numbers (from 1) of the lines they mark.
 *
 * Blocks do not nest, as in Docusaurus's theme: a `start` moves the block's beginning (a second `start` before an
 * `end` drops the first), an `end` marks the lines from the last `start` (from the first line if none came), and a
 * `start` no `end` follows marks nothing. An `end` right after its `start` marks the lines on either side of it, as
 * Docusaurus's range of that block (`5-4`) reads.
 */
export function applyMagicComments(code: string, language = ''): { code: string; highlighted: Set<number> } {
  const highlighted = new Set<number>();
  if (!code.includes('highlight-')) return { code, highlighted };
  const pattern = magicCommentPattern(language);
  const kept: string[] = [];
  let nextLine = false;
  let blockStart = 1;
  for (const line of code.split('\n')) {
    const magic = pattern
      .exec(line)
      ?.slice(1)
      .find((d) => d !== undefined);
    if (magic === 'next-line') nextLine = true;
    else if (magic === 'start') blockStart = kept.length + 1;
    else if (magic === 'end') {
      const last = kept.length;
      for (let n = Math.max(1, Math.min(blockStart, last)); n <= Math.max(blockStart, last); n++) highlighted.add(n);
    } else {
      kept.push(line);
      if (nextLine) highlighted.add(kept.length);
      nextLine = false;
    }
  }
  // An empty block closing the code names a line past its end: nothing is there to mark.
  for (const n of highlighted) if (n > kept.length) highlighted.delete(n);
  return { code: kept.join('\n'), highlighted };
}

/**
 * loadGrammar without waiting, for a render (synchronous, as React's is): the same grammars in the same order,
 * through require(), which loads refractor's ES modules from Node 20.19 on (package.json's engines). So a language
 * is highlighted the same wherever a block of it is drawn, and a language with no grammar is plain text.
 */
export function loadGrammarNow(lang: string): void {
  if (!needsLoading(lang)) return;
  if (!refractor.registered(lang)) {
    const file = grammarFile(lang);
    if (!file || !registerNow(file)) return;
  }
  if (!refractor.registered(lang)) return;
  if (refractor.registered('markup')) for (const embedded of MARKUP_EMBEDS) if (!refractor.registered(embedded)) registerNow(embedded);
}

const requireGrammar = createRequire(import.meta.url);
function registerNow(file: string): boolean {
  try {
    const grammar = requireGrammar(`refractor/${file}`) as { default: Parameters<typeof refractor.register>[0] };
    refractor.register(grammar.default);
    return true;
  } catch {
    missingGrammars.add(file);
    return false;
  }
}

export function parseTitle(meta: string): string | undefined {
  return /title=(?:"([^"]*)"|'([^']*)')/
    .exec(meta)
    ?.slice(1)
    .find((v) => v !== undefined);
}

export interface Segment {
  className: string;
  text: string;
}

/** Token tree → runs of text, each with the classes of all its token ancestors (tokens nest, e.g. in template strings). */
export function segments(nodes: RootContent[] | ElementContent[], classes: string, out: Segment[]): Segment[] {
  for (const node of nodes) {
    if (node.type === 'text') out.push({ className: classes, text: node.value });
    else if (node.type === 'element') {
      // Each class once: nested tokens repeat `token` (and often their parent's kind).
      // Prism's Markdown grammar marks a fenced block inside the example `code-block`, the theme's class for a whole
      // block (border, padding): each inner token was drawn as a box. The tokens keep their other classes.
      const own = ((node.properties.className as string[] | undefined) ?? []).filter(
        (c) => c !== 'code-block' && !` ${classes} `.includes(` ${c} `),
      );
      segments(node.children, [classes, ...own].filter(Boolean).join(' '), out);
    }
  }
  return out;
}

/** What refractor inherits from Prism and does not type: its tokenizer and hooks (refractor/lib/prism-core.js). */
interface PrismToken {
  type: string;
  content: PrismStream;
  alias?: string | string[];
}
type PrismStream = string | PrismToken | (string | PrismToken | null | undefined)[];
interface PrismInternals {
  languages: Record<string, unknown>;
  tokenize(text: string, grammar: unknown): PrismStream;
  hooks: { all: Record<string, unknown[] | undefined>; run(name: string, env: Record<string, unknown>): void };
}
const prism = refractor as unknown as PrismInternals;

/**
 * Prism's tokens of `text` as runs (see segments), read from the tokens themselves: refractor builds an HTML tree of
 * them with hastscript, parsing a CSS selector per token, only for segments to read the classes back out. That tree
 * is still built when a `wrap` hook is registered (markup's, markdown's), which may change a token's classes or
 * content, and for a class that a selector would split.
 */
export function highlightRuns(text: string, grammar: string): Segment[] {
  if (!prism.hooks.all.wrap?.length) {
    const env: Record<string, unknown> = { code: text, grammar: prism.languages[grammar], language: grammar };
    // As Prism.highlight does before it stringifies (templating languages hook in here).
    prism.hooks.run('before-tokenize', env);
    if (env.grammar) {
      env.tokens = prism.tokenize(env.code as string, env.grammar);
      prism.hooks.run('after-tokenize', env);
      const runs = tokenRuns(env.tokens as PrismStream, '', []);
      if (runs) return runs;
    }
  }
  return segments(refractor.highlight(text, grammar).children, '', []);
}

/** segments() for Prism's token stream; undefined for a class that would not survive refractor's selector. */
function tokenRuns(stream: PrismStream, classes: string, out: Segment[]): Segment[] | undefined {
  if (typeof stream === 'string') out.push({ className: classes, text: stream });
  else if (Array.isArray(stream)) {
    for (const item of stream) if (item !== null && item !== undefined && item !== '' && !tokenRuns(item, classes, out)) return undefined;
  } else {
    const inherited = ` ${classes} `;
    let own = classes;
    // As segments() reads the classes refractor gives a token: `token`, its type, its aliases, each once per nesting.
    const add = (c: string): boolean => {
      if (c.includes('.') || c.includes('#')) return false;
      // refractor's selector drops empty classes.
      if (c !== '' && c !== 'code-block' && !inherited.includes(` ${c} `)) own = own ? `${own} ${c}` : c;
      return true;
    };
    const alias = stream.alias;
    if (!add('token') || !add(stream.type)) return undefined;
    if (typeof alias === 'string' ? !add(alias) : alias && !alias.every(add)) return undefined;
    if (!tokenRuns(stream.content, own, out)) return undefined;
  }
  return out;
}

/** One `<span class="line">` per source line (tokens spanning lines are split), joined by newlines. */
function lines(runs: Segment[], highlighted: Set<number>): ElementContent[] {
  const rows: ElementContent[][] = [[]];
  for (const run of runs) {
    const parts = run.text.split('\n');
    parts.forEach((part, i) => {
      if (i > 0) rows.push([]);
      if (!part) return;
      rows[rows.length - 1].push(
        run.className
          ? {
              type: 'element',
              tagName: 'span',
              properties: { className: run.className.split(' ') },
              children: [{ type: 'text', value: part }],
            }
          : { type: 'text', value: part },
      );
    });
  }
  const out: ElementContent[] = [];
  rows.forEach((children, i) => {
    if (i > 0) out.push({ type: 'text', value: '\n' });
    out.push({
      type: 'element',
      tagName: 'span',
      properties: { className: highlighted.has(i + 1) ? ['line', 'highlighted'] : ['line'] },
      children,
    });
  });
  return out;
}

/**
 * A code block's figure (title, `<pre>`, highlighted lines) from its code, the language it names and its meta, as
 * a fenced block with that language and meta draws it, and whether the language has a grammar (undefined for a
 * plain one: text, none). The language's grammar must be loaded (loadLanguages, loadGrammarNow).
 */
export function figureOf(source: string, requested: string, meta: string): { figure: Element; text: string; grammar?: boolean } {
  const { code: text, highlighted } = applyMagicComments(source, requested);
  for (const line of parseLineRanges(meta)) highlighted.add(line);
  const firstNumber = parseLineNumbersStart(meta);
  const grammar = grammarFor(requested.toLowerCase());
  const runs = grammar ? highlightRuns(text, grammar) : [{ className: '', text }];
  const title = parseTitle(meta);
  const pre: Element = {
    type: 'element',
    tagName: 'pre',
    properties: { className: ['code'], tabIndex: 0, 'data-language': requested },
    children: [
      {
        type: 'element',
        tagName: 'code',
        // Numbers are a CSS counter (never copied with the code); it counts from the given start.
        properties: {
          className: [`language-${requested}`],
          ...(firstNumber !== undefined && firstNumber !== 1 ? { style: `counter-reset: line ${firstNumber - 1}` } : {}),
        },
        children: lines(runs, highlighted),
      },
    ],
  };
  const children: ElementContent[] = [];
  if (title)
    children.push({
      type: 'element',
      tagName: 'figcaption',
      properties: { className: ['code-title'] },
      children: [{ type: 'text', value: title }],
    });
  children.push(pre);
  const figure: Element = {
    type: 'element',
    tagName: 'figure',
    properties: {
      className: firstNumber === undefined ? ['code-block'] : ['code-block', 'code-block--numbered'],
      'data-language': requested,
    },
    children,
  };
  return { figure, text, grammar: PLAIN.has(requested.toLowerCase()) ? undefined : grammar !== undefined };
}

/** Loads the grammars of these languages, as a page's compile does before codeFigure highlights with them. */
export async function loadLanguages(requested: string[]): Promise<void> {
  for (const lang of new Set(requested.map((r) => r.toLowerCase()))) if (needsLoading(lang)) await loadGrammar(lang);
}

let languages: string[] | undefined;
/** Fence languages to suggest for one that has no grammar: the aliases and the grammars they name, and the plain names. */
export function knownLanguages(): string[] {
  return (languages ??= [
    ...new Set([...Object.keys(PRISM_ALIASES), ...Object.values(PRISM_ALIASES), ...refractor.listLanguages(), ...PLAIN]),
  ].filter(Boolean));
}
