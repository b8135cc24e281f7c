// Speed fixes to the compiler's dependencies (the Markdown parser and a tree walker), applied to their source
// when scripts/compile.mjs bundles the CLI (and when bench/run.mjs bundles its parsing floor). Each one changes
// how a module does its work, never what it produces: test/unit/dependency-patches.test.ts parses every page of
// the site, and pages written to exercise each fix, with and without them and compares the syntax trees, then
// compiles every page both ways and compares the output.
//
// Each edit must find its text exactly once in the installed version, or bundling stops with an error
// naming the patch: a new version of the package has to be looked at (the fix may have landed upstream,
// or the code may have moved) before quire is built with it.
//
// Measured on the generated 1,000-page site (743 kB of Markdown), the parser alone, first pass (what a cold
// build pays), median of five interleaved runs on the 2-core machine in a slow hour: 2.77 s without the
// patches; 1.99 s with the first (one context object); 1.80 s with the first two; 1.89 s with all three in
// a noisier series (where the first two measured 1.99 s). The fourth (unnamed visitors) shows on the real
// site, whose MDX pages go through more tree walks: its compile step 1.73 → 1.65 s, median of five pairs.
// Keeping one syntax-tree compiler per processor (session 16, added to the first patch) took the parser's
// helper threads (V8 optimising it) from 1.47–1.64 s to 1.05–1.15 s of CPU over the 1,000 pages, and the
// first pass from a median of 1,311 to 1,140 ms (five interleaved pairs).

import { readFileSync } from 'node:fs';

/**
 * @typedef {{ find: string, replace: string }} Edit
 * @typedef {{ name: string, module: string, why: string, edits: Edit[] }} DependencyPatch
 */

/** @type {DependencyPatch[]} */
export const dependencyPatches = [
  {
    name: 'one compiler per processor, one context object per document',
    module: 'mdast-util-from-markdown/lib/index.js',
    why:
      'mdast-util-from-markdown 2.1.0 builds its whole compiler for every document: a table of some 120 event ' +
      'handlers, the syntax extensions merged into it, and 80 functions made anew. Called once per page, that ' +
      'function is hot enough for V8 to optimise, and being that large it was the costliest thing V8 ' +
      'optimised in a cold build (0.43 s of a helper thread\'s time for the 1,000 pages, of 3.4 s for all 438 ' +
      'functions). The compiler reads its options only for the extensions, so one is kept per list of them ' +
      '(made again should the list grow), and the one thing it kept per document, the scratch object ' +
      '`data`, is made for each document instead. Then, each event handler was called with a new copy of ' +
      'the compile context (eight fields), made for that one call: about a million short-lived objects for ' +
      'the 1,000-page site, and a third of the parser\'s garbage collection. The handlers never keep `this` ' +
      'or set fields on it (they write to `this.stack`, `this.data`, which are shared anyway), so one object ' +
      'per document, whose `sliceSerialize` is set before each call, serves them the same.',
    edits: [
      {
        find: '  return compiler(options)(postprocess(parse(options).document().write(preprocess()(value, encoding, true))));\n}\n',
        replace:
          '  return compilerFor(options)(postprocess(parse(options).document().write(preprocess()(value, encoding, true))));\n}\n' +
          'const compilers = new WeakMap();\n' +
          'const noExtensions = [];\n' +
          'function compilerFor(options) {\n' +
          '  const extensions = (options || {}).mdastExtensions || noExtensions;\n' +
          '  let made = compilers.get(extensions);\n' +
          '  if (!made || made.length !== extensions.length) {\n' +
          '    made = { length: extensions.length, compile: compiler(options) };\n' +
          '    compilers.set(extensions, made);\n' +
          '  }\n' +
          '  return made.compile;\n' +
          '}\n',
      },
      {
        find: '      resume,\n      data\n    };\n',
        replace: '      resume,\n      data: {}\n    };\n    const handlerContext = {\n      ...context,\n      sliceSerialize: undefined\n    };\n',
      },
      {
        find: '        handler[events[index][1].type].call({\n          ...context,\n          sliceSerialize: events[index][2].sliceSerialize\n        }, events[index][1]);',
        replace: '        handlerContext.sliceSerialize = events[index][2].sliceSerialize;\n        handler[events[index][1].type].call(handlerContext, events[index][1]);',
      },
    ],
  },
  {
    name: 'jumps in a Map',
    module: 'micromark-util-subtokenize/index.js',
    why:
      'micromark-util-subtokenize 2.1.0 keeps the event indices to jump over in a plain object with number ' +
      'keys, looked up for every event of every pass (`index in jumps`) and merged with `Object.assign`; V8 ' +
      'keeps such sparse keys in a slow dictionary. A Map does the same lookups faster.',
    edits: [
      { find: '  const jumps = {};\n', replace: '  const jumps = new Map();\n' },
      { find: '    while (index in jumps) {\n      index = jumps[index];\n    }', replace: '    while (jumps.has(index)) {\n      index = jumps.get(index);\n    }' },
      {
        find: '        Object.assign(jumps, subcontent(events, index));\n        index = jumps[index];',
        replace: '        for (const [from, to] of subcontent(events, index)) jumps.set(from, to);\n        index = jumps.get(index);',
      },
      { find: '  const gaps = {};\n', replace: '  const gaps = new Map();\n' },
      { find: '    gaps[adjust + jumps[index][0]] = adjust + jumps[index][1];', replace: '    gaps.set(adjust + jumps[index][0], adjust + jumps[index][1]);' },
    ],
  },
  {
    name: 'syntax extensions combined once',
    module: 'micromark/lib/parse.js',
    why:
      'micromark 4.0.3 combines its syntax extensions anew for every document it parses (remark-parse passes ' +
      'the same processor\'s list each time). The combination is only read while parsing, so it is kept per ' +
      'list (and made again should the list grow).',
    edits: [
      {
        find: 'export function parse(options) {\n  const settings = options || {};\n  const constructs = /** @type {FullNormalizedExtension} */\n  combineExtensions([defaultConstructs, ...(settings.extensions || [])]);\n',
        replace:
          'const combinedExtensions = new WeakMap();\n' +
          'export function parse(options) {\n  const settings = options || {};\n' +
          '  const extensions = settings.extensions || [];\n' +
          '  let combined = combinedExtensions.get(extensions);\n' +
          '  if (!combined || combined.length !== extensions.length) {\n' +
          '    combined = { length: extensions.length, constructs: combineExtensions([defaultConstructs, ...extensions]) };\n' +
          '    combinedExtensions.set(extensions, combined);\n' +
          '  }\n' +
          '  const constructs = /** @type {FullNormalizedExtension} */\n  combined.constructs;\n',
      },
    ],
  },
  {
    name: 'visitor functions left unnamed',
    module: 'unist-util-visit-parents/lib/index.js',
    why:
      'unist-util-visit-parents 6.1.0 names the function it makes for each node it visits after the node ' +
      '(`node (heading)`, coloured for a terminal), with `Object.defineProperty`: a help for reading stack ' +
      'traces, paid for every node of every tree that mdast-util-to-hast, the GFM transforms and MDX walk. ' +
      'Nothing reads the names.',
    edits: [
      {
        find:
          "    if (typeof value.type === 'string') {\n      const name =\n        // `hast`\n        typeof value.tagName === 'string'\n          ? value.tagName\n" +
          "          : // `xast`\n            typeof value.name === 'string'\n            ? value.name\n            : undefined\n\n" +
          "      Object.defineProperty(visit, 'name', {\n        value:\n          'node (' + color(node.type + (name ? '<' + name + '>' : '')) + ')'\n      })\n    }\n",
        replace: '',
      },
    ],
  },
];

/** The patch for `file` (a path, with either kind of slash), if it is a patched module. */
const patchFor = (file) => dependencyPatches.find((p) => file.split('\\').join('/').endsWith(`/node_modules/${p.module}`));

/**
 * The patched source of `file` (a path ending in a patched module), or undefined when no patch is for it.
 * Throws when an edit does not find its text exactly once.
 */
export function patchedSource(file, source) {
  const patch = patchFor(file);
  if (!patch) return undefined;
  let out = source;
  for (const edit of patch.edits) {
    const at = out.indexOf(edit.find);
    if (at < 0 || out.indexOf(edit.find, at + 1) >= 0) {
      throw new Error(
        `The dependency patch "${patch.name}" no longer fits ${patch.module} (${at < 0 ? 'text not found' : 'text found more than once'}: ${JSON.stringify(edit.find.slice(0, 60))}…). ` +
          'A new version of the package is installed: check whether the fix is still needed, then update or remove it in scripts/dependency-patches.mjs.',
      );
    }
    out = out.slice(0, at) + edit.replace + out.slice(at + edit.find.length);
  }
  return out;
}

/**
 * An esbuild plugin applying the patches. Bundling fails when a patched module is not met at all (the
 * package no longer used, or moved): the patch list must follow the dependencies.
 */
export function dependencyPatchPlugin() {
  const escaped = (s) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&').replace(/\\\//g, '[\\\\/]');
  const filter = new RegExp(`node_modules[\\\\/](${dependencyPatches.map((p) => escaped(p.module)).join('|')})$`);
  return {
    name: 'quire-dependency-patches',
    setup(build) {
      const met = new Set();
      build.onLoad({ filter }, (args) => {
        met.add(patchFor(args.path).name);
        return { contents: patchedSource(args.path, readFileSync(args.path, 'utf8')), loader: 'js' };
      });
      build.onEnd((result) => {
        if (result.errors.length) return;
        const unmet = dependencyPatches.filter((p) => !met.has(p.name));
        // Thrown: esbuild reports it and fails the build.
        if (unmet.length) throw new Error(`Dependency patches for modules the bundle does not contain: ${unmet.map((p) => `${p.name} (${p.module})`).join(', ')}. Update scripts/dependency-patches.mjs.`);
      });
    },
  };
}
