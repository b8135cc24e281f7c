import { transformSync } from 'esbuild';

/**
 * What V8 tells about an error a page's own code threw, as data: its call sites (structured stack frames), which
 * of the page's two scripts a frame is in, and the name a ReferenceError could not resolve.
 */

/** The `sourceURL` each script a page runs is given (see mdxComponent and pageModules), so a frame says whose it is. */
const SCRIPT_URLS = { mdx: 'quire-page-mdx.js', modules: 'quire-page-modules.js' } as const;
export type PageScript = keyof typeof SCRIPT_URLS;

/** The comment that names a script for V8; appended to its code, it changes no line or column of the code. */
export function scriptUrlComment(script: PageScript): string {
  return `\n//# sourceURL=${SCRIPT_URLS[script]}`;
}

/** Call sites already read, by error: V8 formats a stack once, and more than one reader asks for it. */
const read = new WeakMap<Error, NodeJS.CallSite[] | undefined>();

/**
 * The error's stack as V8's call sites, read through `Error.prepareStackTrace` as its stack is formatted.
 * V8 formats a stack once, when it is first read: undefined when something else read it first.
 */
export function callSites(error: Error): NodeJS.CallSite[] | undefined {
  if (read.has(error)) return read.get(error);
  let sites: NodeJS.CallSite[] | undefined;
  const previous = Error.prepareStackTrace;
  Error.prepareStackTrace = (e, frames) => {
    sites = frames;
    // The stack text stays what it would have been: V8's own format, or that of a hook installed before.
    return previous ? previous(e, frames) : `${String(e)}${frames.map((f) => `\n    at ${f}`).join('')}`;
  };
  try {
    void error.stack;
  } finally {
    Error.prepareStackTrace = previous;
  }
  read.set(error, sites);
  return sites;
}

/** Names each script has bound that a parser sees as free: its `new Function` parameters, and `arguments`. */
const PARAMETERS: Record<PageScript, string[]> = { mdx: ['arguments'], modules: ['require', 'module', 'exports', 'arguments'] };

const IDENTIFIERS = /[$_\p{ID_Start}][$\p{ID_Continue}]*/gu;
/** Words that are never a name a ReferenceError is about (and that esbuild's `define` does not take). */
const RESERVED = new Set(
  (
    'await break case catch class const continue debugger default delete do else enum export extends false finally for ' +
    'function if implements import in instanceof interface let new null package private protected public return static ' +
    'super switch this throw true try typeof var void while with yield'
  ).split(' '),
);

/**
 * The name a ReferenceError could not resolve, and which of the page's scripts threw it: of the names free in that
 * script's code (bound nowhere in it, as esbuild's `define` finds them) and not globals here, the first after the
 * place V8 threw it (its top call site, which V8 puts at the start of the statement). Undefined when the error was
 * thrown outside the page's scripts (the theme's code, say), or its stack was read before.
 */
export function unresolvedName(
  error: unknown,
  scripts: Partial<Record<PageScript, string>>,
): { name: string; script: PageScript } | undefined {
  if (!(error instanceof ReferenceError)) return undefined;
  const top = callSites(error)?.[0];
  const url = top?.getScriptNameOrSourceURL();
  const script = (Object.keys(SCRIPT_URLS) as PageScript[]).find((s) => SCRIPT_URLS[s] === url);
  const code = script && scripts[script];
  const line = top?.getLineNumber();
  if (!script || !code || !line) return undefined;
  // Code made by `new Function` runs with two lines of the wrapper's before it.
  let start = 0;
  for (let l = 3; l < line; l++) {
    start = code.indexOf('\n', start) + 1;
    if (start === 0) return undefined;
  }
  const after = new Set<string>();
  for (const [word] of code.slice(start + (top?.getColumnNumber() ?? 1) - 1).matchAll(IDENTIFIERS))
    if (!RESERVED.has(word) && !(word in globalThis) && !PARAMETERS[script].includes(word)) after.add(word);
  const free = freeNames(code, [...after]);
  const name = [...after].find((word) => free.has(word));
  return name ? { name, script } : undefined;
}

/** Which of `names` occur free in `code` (a function body): esbuild's `define` replaces only those. */
function freeNames(code: string, names: string[]): Set<string> {
  const marker = (i: number) => `__quireFree${i}__`;
  const define = Object.fromEntries(names.map((name, i) => [name, marker(i)]));
  let out: string;
  try {
    out = transformSync(code, { define, loader: 'js', logLevel: 'silent' }).code;
  } catch {
    // A word esbuild does not take as a name: the diagnostic goes without the name, and so without its hint.
    return new Set();
  }
  return new Set(names.filter((_, i) => out.includes(marker(i))));
}
