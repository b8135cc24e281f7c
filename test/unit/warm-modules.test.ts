import path from 'node:path';
import { build, type Metafile } from 'esbuild';
import { beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../helpers.ts';

/**
 * What a build loads before it knows whether anything must be compiled: the modules `build` and the theme import
 * statically, as scripts/compile.mjs bundles them (the same packages left external). A warm build compiles
 * nothing, so the highlighter (refractor, Prism's grammars) must load only with the compiler, and the footer's
 * QR codes must not bring the qrcode package's image renderers (pngjs) into every build.
 */
const EXTERNAL = ['esbuild', 'pagefind', 'react', 'react/*', 'react-dom', 'react-dom/*', 'refractor', 'refractor/*', 'chokidar', 'qrcode'];

/** Every input and external module reached from the entries through static imports only. */
function staticClosure(metafile: Metafile, entries: string[]): Set<string> {
  const reached = new Set<string>(entries);
  const queue = [...entries];
  while (queue.length) {
    const file = queue.shift()!;
    for (const imported of metafile.inputs[file]?.imports ?? []) {
      if (imported.kind === 'dynamic-import' || reached.has(imported.path)) continue;
      reached.add(imported.path);
      if (!imported.external) queue.push(imported.path);
    }
  }
  return reached;
}

describe('modules a warm build loads', () => {
  let reached: Set<string>;
  let lazily: Set<string>;

  beforeAll(async () => {
    const entries = ['src/build.ts', 'themes/classic/index.tsx'];
    const { metafile } = await build({
      absWorkingDir: repoRoot,
      entryPoints: entries,
      bundle: true,
      splitting: true,
      format: 'esm',
      platform: 'node',
      outdir: path.join(repoRoot, '.quire/warm-modules-test'),
      write: false,
      metafile: true,
      external: EXTERNAL,
      alias: { 'jsonc-parser': 'jsonc-parser/lib/esm/main.js' },
      jsx: 'automatic',
      logLevel: 'silent',
    });
    reached = staticClosure(metafile, entries);
    lazily = new Set(Object.values(metafile.inputs).flatMap((input) => input.imports.map((i) => i.path)));
  });

  it('loads the highlighter only with the compiler', () => {
    expect([...reached].filter((p) => p.startsWith('refractor') || p === 'src/compile/plugins/code.ts')).toEqual([]);
    // It is still there, behind a dynamic import (the compiler's and the code-module bundler's).
    expect(lazily.has('refractor/core')).toBe(true);
  });

  it("loads qrcode's encoder, not its renderers", () => {
    expect(reached.has('qrcode')).toBe(false);
    expect(reached.has('qrcode/lib/core/qrcode.js')).toBe(true);
  });
});
