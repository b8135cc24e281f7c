import { mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DevHandle } from '../../src/dev/index.ts';
import { buildInMemory, makeSite } from '../helpers.ts';
import { bodyOnceItShows, saveAtomically, startTestDev } from './helpers.ts';
import { get } from './http.ts';

/** Symbolic links lead anywhere on the machine: neither `quire build` nor `quire dev` follows them. */
describe('symbolic links in the project', () => {
  let dev: DevHandle;
  let root: string;
  let outside: string;
  let cleanup: () => Promise<void>;
  beforeAll(async () => {
    ({ root, cleanup } = await makeSite('basic'));
    outside = await mkdtemp(path.join(os.tmpdir(), 'quire-outside-'));
    await writeFile(path.join(outside, 'geheim.txt'), 'GEHEIM');
    await writeFile(path.join(outside, 'seite.md'), '---\ntitle: Geheim\n---\nGEHEIM\n');
  });
  afterAll(async () => {
    await dev?.close();
    await cleanup?.();
    await rm(outside, { recursive: true, force: true });
  });

  it('build: should skip symbolic links in static/ and content/ with one warning naming them', async () => {
    await symlink(outside, path.join(root, 'static/draussen'));
    await symlink(path.join(outside, 'seite.md'), path.join(root, 'content/docs/geheim.md'));
    const { result, writer } = await buildInMemory(root);
    expect(result.ok).toBe(true);
    expect(result.diagnostics).toEqual([
      expect.objectContaining({
        code: 'Q014',
        severity: 'warning',
        message: 'Symbolic links are not followed, so these are not part of the site: content/docs/geheim.md, static/draussen.',
      }),
    ]);
    expect(writer.text('de/draussen/geheim.txt')).toBeUndefined();
    expect(writer.text('de/docs/geheim/index.html')).toBeUndefined();
    await rm(path.join(root, 'static/draussen'));
    await rm(path.join(root, 'content/docs/geheim.md'));
  });

  it('dev: should not serve a symbolic link added while it runs, to a folder or a page outside the project', async () => {
    dev = await startTestDev(root);
    await symlink(outside, path.join(root, 'static/draussen'));
    await symlink(path.join(outside, 'seite.md'), path.join(root, 'content/docs/geheim.md'));
    // An ordinary edit after the links: once it is served, the links' events have been handled too.
    const file = path.join(root, 'content/docs/guide/start.md');
    const edited = (await readFile(file, 'utf8')).replace('Der erste Absatz', 'Der geänderte erste Absatz');
    await new Promise((r) => setTimeout(r, 300));
    await saveAtomically(file, edited);
    expect(await bodyOnceItShows(dev.siteUrl + 'docs/guide/start/', 'geänderte')).toContain('geänderte');
    expect((await get(dev.siteUrl + 'draussen/geheim.txt')).status).toBe(404);
    const page = await get(dev.siteUrl + 'docs/geheim/');
    expect(page.status).toBe(404);
    expect(page.body.toString()).not.toContain('GEHEIM');
  });
});
