import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from './helpers.ts';

const STAGES = ['config', 'load', 'compile', 'plan', 'render', 'emit', 'dev'];

async function files(dir: string): Promise<string[]> {
  const entries = await readdir(path.join(repoRoot, dir), { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile() && /\.tsx?$/.test(e.name)).map((e) => path.relative(repoRoot, path.join(e.parentPath, e.name)).split(path.sep).join('/'));
}

async function imports(file: string): Promise<string[]> {
  const text = await readFile(path.join(repoRoot, file), 'utf8');
  const out: string[] = [];
  for (const m of text.matchAll(/^\s*(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|^\s*import\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/gm)) {
    out.push(m[1] ?? m[2] ?? m[3]);
  }
  return out;
}

/** Resolves a relative import to a repo path; bare specifiers stay as they are. */
function resolve(from: string, spec: string): string {
  return spec.startsWith('.') ? path.posix.normalize(path.posix.join(path.posix.dirname(from), spec)) : spec;
}

describe('architecture', () => {
  it('architecture: a stage imports only types, diagnostics, shared/, import-ts, source-map and its own folder', async () => {
    const problems: string[] = [];
    for (const stage of STAGES) {
      for (const file of await files(`src/${stage}`)) {
        for (const spec of await imports(file)) {
          const target = resolve(file, spec);
          if (!target.startsWith('src/')) continue;
          const ok = target.startsWith(`src/${stage}/`) || target.startsWith('src/shared/') || ['src/types.ts', 'src/diagnostics.ts', 'src/import-ts.ts', 'src/source-map.ts'].includes(target);
          // The dev server runs the pipeline: the build, the stages' entry points and the worker threads.
          const devMayCall = stage === 'dev' && (['src/build.ts', 'src/pool.ts', 'src/worker.ts'].includes(target) || STAGES.some((s) => target.startsWith(`src/${s}/index.ts`)));
          if (!ok && !devMayCall) problems.push(`${file} → ${target}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('architecture: the theme imports React, shared/ and types only, and never the file system', async () => {
    const problems: string[] = [];
    for (const file of await files('themes')) {
      for (const spec of await imports(file)) {
        const target = resolve(file, spec);
        if (target.startsWith('themes/')) continue;
        const ok = ['react', 'react/jsx-runtime', 'react-dom/client', 'qrcode'].includes(target) || target.startsWith('src/shared/') || target === 'src/types.ts' || target === 'src/config/schema.ts';
        if (!ok || target.startsWith('node:')) problems.push(`${file} → ${target}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('architecture: client code imports only shared/ and its own folder, and no React', async () => {
    const problems: string[] = [];
    for (const file of await files('src/client')) {
      for (const spec of await imports(file)) {
        const target = resolve(file, spec);
        if (!(target.startsWith('src/client/') || target.startsWith('src/shared/'))) problems.push(`${file} → ${target}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('architecture: shared/ imports nothing from Node or the DOM-only client', async () => {
    const problems: string[] = [];
    for (const file of await files('src/shared')) {
      for (const spec of await imports(file)) {
        const target = resolve(file, spec);
        if (!target.startsWith('src/shared/')) problems.push(`${file} → ${target}`);
      }
      const text = await readFile(path.join(repoRoot, file), 'utf8');
      if (/\b(window|document|localStorage|process)\./.test(text)) problems.push(`${file} uses a platform global`);
    }
    expect(problems).toEqual([]);
  });

  it('architecture: only load, config and emit touch the file system among the stages', async () => {
    const problems: string[] = [];
    for (const stage of ['compile', 'plan', 'render']) {
      for (const file of await files(`src/${stage}`)) {
        if (file === 'src/compile/cache.ts') continue; // the compile cache is compile's own store
        for (const spec of await imports(file)) if (/^node:fs|^fs/.test(spec)) problems.push(`${file} → ${spec}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('architecture: zod is imported as a namespace, so the bundle leaves out what the build never calls', async () => {
    // `import { z } from 'zod'` is zod's whole namespace object: bundled, it brought its 60-odd message
    // locales and JSON Schema code (the CLI's zod chunk: 765 kB, loaded at every start); `import * as z`
    // lets esbuild keep what is used (274 kB). Loading zod alone: 35–53 ms against 18–29 ms.
    const problems: string[] = [];
    for (const file of [...(await files('src')), ...(await files('themes'))]) {
      const text = await readFile(path.join(repoRoot, file), 'utf8');
      for (const m of text.matchAll(/^import\s+(?!type\b)([^'"]*?)\s+from\s+'zod(?:\/[^']*)?'/gm)) if (!/^\*\s+as\s+\w+$/.test(m[1])) problems.push(`${file}: ${m[0]}`);
    }
    expect(problems).toEqual([]);
  });
});
