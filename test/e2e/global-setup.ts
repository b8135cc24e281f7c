import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildSite } from '../../src/build.ts';
import { formatDiagnostic } from '../../src/diagnostics.ts';
import { classicTheme } from '../../themes/classic/index.tsx';
import { repoRoot } from '../helpers.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The real site, built once for all browser tests. */
    e2eDist: string;
  }
}

/** Builds the real site once (production mode) into a temporary folder for the browser tests. */
export default async function setup(project: TestProject) {
  const dir = await mkdtemp(path.join(tmpdir(), 'quire-e2e-'));
  const outDir = path.join(dir, 'dist');
  const result = await buildSite({ root: repoRoot, toolRoot: repoRoot, theme: classicTheme, outDir, cacheDir: false });
  if (!result.ok) throw new Error('The site did not build:\n' + result.diagnostics.map((d) => formatDiagnostic(d)).join('\n'));
  project.provide('e2eDist', outDir);
  return async () => {
    await rm(dir, { recursive: true, force: true });
  };
}
