import { afterAll, describe, expect, it } from 'vitest';
import { scriptUrlComment, unresolvedName, type PageScript } from '../../src/render/thrown.ts';
import { buildInMemory, makeSite } from '../helpers.ts';

/** What running `body` as a page's script (named as mdxComponent names it), or as other code, threw. */
function thrownBy(body: string, script?: PageScript): unknown {
  try {
    new Function(body + (script ? scriptUrlComment(script) : ''))();
  } catch (e) {
    return e;
  }
  throw new Error('expected the code to throw');
}

const cleanups: (() => Promise<void>)[] = [];
afterAll(() => Promise.all(cleanups.map((c) => c())));

describe('the name a ReferenceError could not resolve, as data', () => {
  it('unresolvedName: should read the name from the code at V8’s call site, not from the message', () => {
    const mdx = '"use strict";\nconst a = 1;\nreturn a +\n  unbekannt * 2;';
    const error = thrownBy(mdx, 'mdx') as Error;
    // A message in another wording (another engine's, or V8's next) changes nothing.
    error.message = 'irgendetwas anderes';
    expect(unresolvedName(error, { mdx })).toEqual({ name: 'unbekannt', script: 'mdx' });
    const modules = 'function Breite() {\n  return window.innerWidth;\n}\nreturn Breite();';
    expect(unresolvedName(thrownBy(modules, 'modules'), { modules })).toEqual({ name: 'window', script: 'modules' });
    // Non-ASCII names, as German pages write them.
    const umlaut = 'return 1 + größe;';
    expect(unresolvedName(thrownBy(umlaut, 'mdx'), { mdx: umlaut })?.name).toBe('größe');
  });

  it('unresolvedName: should give nothing for errors thrown outside the page’s scripts, or of another kind', () => {
    const code = 'return unbekannt;';
    // Thrown in code that is neither of the page's scripts (the theme's, quire's).
    expect(unresolvedName(thrownBy(code), { mdx: code })).toBeUndefined();
    // The script's code not given.
    expect(unresolvedName(thrownBy(code, 'mdx'), { modules: code })).toBeUndefined();
    expect(unresolvedName(thrownBy('null.x;', 'mdx'), { mdx: 'null.x;' })).toBeUndefined();
    // Its stack already formatted by someone else: V8 gives no call sites any more.
    const read = thrownBy(code, 'mdx') as Error;
    void read.stack;
    expect(unresolvedName(read, { mdx: code })).toBeUndefined();
  });

  it('unresolvedName: should pass over names the code binds, globals, and words in its strings', () => {
    // b is declared, only later: a use before its declaration, not a name nothing defines.
    const early = '"use strict";\nconst a = b;\nconst b = 1;\nreturn a;';
    expect(unresolvedName(thrownBy(early, 'mdx'), { mdx: early })).toBeUndefined();
    // The statement V8 points at names bound and global names and words in text before the one nothing defines.
    const body =
      '"use strict";\nconst { jsx: _jsx } = { jsx: (t, p) => p };\nfunction c(props) {\n  const _components = { p: "p", ...props };\n' +
      '  return _jsx(_components.p, { children: ["Wert: ", props.x, Math.max(1, 2), unbekannt, fehlt] });\n}\nreturn c({});';
    expect(unresolvedName(thrownBy(body, 'mdx'), { mdx: body })).toEqual({ name: 'unbekannt', script: 'mdx' });
    // The modules script's parameters are bound, though a parser of its body alone sees them free.
    const modules = 'module.exports = require("x");\nreturn exports.y + document.title;';
    const run = new Function('require', 'module', 'exports', modules + scriptUrlComment('modules'));
    let error: unknown;
    try {
      run(() => ({}), {}, {});
    } catch (e) {
      error = e;
    }
    expect(unresolvedName(error, { modules })).toEqual({ name: 'document', script: 'modules' });
  });

  it('Q080: should name an MDX page’s unknown name in its hint, and not a name the page declares below its use', async () => {
    const site = await makeSite('basic', {
      'content/docs/unbekannt.mdx': '---\ntitle: Unbekannt\n---\n\nWert: {unbekannt + 1}\n',
      'content/docs/spaeter.mdx': '---\ntitle: Später\n---\n\nexport const a = b\nexport const b = 1\n\nWert: {a}\n',
    });
    cleanups.push(site.cleanup);
    const { result } = await buildInMemory(site.root);
    const failed = (file: string) => result.diagnostics.find((d) => d.code === 'Q080' && d.file === file);
    expect(failed('content/docs/unbekannt.mdx')).toMatchObject({
      message: expect.stringMatching(/unbekannt is not defined$/),
      hint: expect.stringContaining('nothing defines unbekannt'),
    });
    const early = failed('content/docs/spaeter.mdx');
    expect(early?.message).toMatch(/before initialization/);
    expect(early?.hint ?? '').not.toContain('nothing defines');
  });
});
