import { cp, mkdtemp, rm, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSite, type BuildOptions } from '../src/build.ts';
import { MemoryWriter } from '../src/emit/index.ts';
import { classicTheme } from '../themes/classic/index.tsx';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const fixture = (name: string) => path.join(repoRoot, 'test/fixtures', name);

/** Copies a fixture into a temp folder and applies an overlay (file → content, or null to delete). */
export async function makeSite(name: string, overlay: Record<string, string | Buffer | null> = {}): Promise<{ root: string; cleanup: () => Promise<void> }> {
  const root = await mkdtemp(path.join(tmpdir(), `quire-${name}-`));
  await cp(fixture(name), root, { recursive: true });
  for (const [file, content] of Object.entries(overlay)) {
    const abs = path.join(root, file);
    if (content === null) await rm(abs, { recursive: true, force: true });
    else {
      await mkdir(path.dirname(abs), { recursive: true });
      await writeFile(abs, content);
    }
  }
  return { root, cleanup: () => rm(root, { recursive: true, force: true }) };
}

/** Builds a site into memory. */
export async function buildInMemory(root: string, options: Partial<BuildOptions> = {}) {
  const writer = new MemoryWriter();
  const result = await buildSite({ root, toolRoot: repoRoot, theme: classicTheme, writer, cacheDir: false, ...options });
  return { result, writer };
}
