import { readdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildSite } from '../src/build.ts';
import { classicTheme } from '../themes/classic/index.tsx';
import { makeSite, repoRoot } from './helpers.ts';

/**
 * A warm build that changes nothing leaves the output as it was, and with it the record of that output
 * (`.quire/cache/output-*.json`): it is neither read back file by file nor written again. A build that changes
 * a page writes it anew, and the build after that keeps every page with it.
 */

const START_WITHOUT_IMAGE = '---\ntitle: Start\n---\nDer erste Absatz wird zur Beschreibung.\n\n## Abschnitt\n\nText.\n';

let cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups) await c();
  cleanups = [];
});

async function recordStat(root: string) {
  const dir = path.join(root, '.quire/cache');
  const name = (await readdir(dir)).find((f) => /^output-.*\.json$/.test(f));
  if (!name) throw new Error('no output record');
  const s = await stat(path.join(dir, name));
  return { mtimeMs: s.mtimeMs, ino: s.ino };
}

describe('warm build record', () => {
  it('warm build: should keep the output record untouched when nothing changed, and write it when a page changed', async () => {
    const made = await makeSite('basic', { 'content/docs/guide/start.md': START_WITHOUT_IMAGE });
    cleanups.push(made.cleanup);
    const build = () =>
      buildSite({ root: made.root, toolRoot: repoRoot, theme: classicTheme, outDir: path.join(made.root, 'dist'), toolVersion: 'test-1' });
    const first = await build();
    expect(first.ok).toBe(true);
    const written = await recordStat(made.root);

    const warm = await build();
    expect(warm.ok).toBe(true);
    expect(warm.reused).toBe(warm.pages);
    // Written again, the record would be a new file (written beside it and renamed over it).
    expect(await recordStat(made.root)).toEqual(written);

    await writeFile(path.join(made.root, 'content/docs/guide/start.md'), START_WITHOUT_IMAGE.replace('Text.', 'Anderer Text.'));
    const changed = await build();
    expect(changed.ok).toBe(true);
    expect(changed.reused).toBe(changed.pages - 1);
    const rewritten = await recordStat(made.root);
    expect(rewritten).not.toEqual(written);

    // The new record describes the new output: the next build keeps every page.
    const again = await build();
    expect(again.reused).toBe(again.pages);
    expect(await recordStat(made.root)).toEqual(rewritten);
  });
});
