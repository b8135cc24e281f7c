import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildSite } from '../../src/build.ts';
import { classicTheme } from '../../themes/classic/index.tsx';
import { makeSite } from '../helpers.ts';

// A stand-in for Pagefind's process that records whether the build let go of its index.
const pagefind = vi.hoisted(() => ({ created: 0, deleted: 0 }));
vi.mock('pagefind', () => ({
  createIndex: async () => {
    pagefind.created++;
    const ok = { errors: [] };
    return {
      errors: [],
      index: {
        addHTMLFile: async () => ({ ...ok, file: {} }),
        addCustomRecord: async () => ({ ...ok, file: {} }),
        getFiles: async () => ({ ...ok, files: [] }),
        writeFiles: async () => ({ ...ok, outputPath: '' }),
        deleteIndex: async () => {
          pagefind.deleted++;
        },
      },
    };
  },
}));

describe('build: a quire bug thrown inside a step', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0)) await cleanup();
  });

  it('build: should stop the search index it started and leave the output folder alone', async () => {
    const site = await makeSite('basic');
    cleanups.push(site.cleanup);
    // A tool folder without the client's sources: the client bundle fails, which render reports as a quire bug.
    const toolRoot = await mkdtemp(path.join(tmpdir(), 'quire-no-client-'));
    cleanups.push(() => rm(toolRoot, { recursive: true, force: true }));
    const outDir = path.join(site.root, 'dist');
    await expect(buildSite({ root: site.root, toolRoot, theme: classicTheme, outDir, cacheDir: false })).rejects.toThrow(
      /^quire bug: the client bundle failed/,
    );
    expect(pagefind.created).toBe(1);
    expect(pagefind.deleted).toBe(1);
    const { existsSync } = await import('node:fs');
    expect(existsSync(outDir)).toBe(false);
  });
});
