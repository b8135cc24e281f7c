import { readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OverlayPayload } from '../../src/dev/live-client.ts';
import { startDev, type DevHandle } from '../../src/dev/index.ts';
import { classicTheme } from '../../themes/classic/index.tsx';
import { makeSite, repoRoot } from '../helpers.ts';
import { openEvents } from './events.ts';
import { get } from './http.ts';

/** `quire dev` started on a site whose first build fails: no site to show yet, and the overlay says so. */
describe('quire dev: a first build that fails', () => {
  let dev: DevHandle;
  let root: string;
  let cleanup: () => Promise<void>;
  const file = 'content/docs/guide/mdx.mdx';
  let good: string;

  beforeAll(async () => {
    ({ root, cleanup } = await makeSite('basic'));
    good = await readFile(path.join(root, file), 'utf8');
    await writeFile(path.join(root, file), good + '\n<Offen>\n');
    const started = await startDev({ root, toolRoot: repoRoot, theme: classicTheme, port: 0, cacheDir: false, themeDirs: [], clientDirs: [], log: () => {} });
    if ('diagnostics' in started) throw new Error(JSON.stringify(started.diagnostics));
    dev = started;
  });
  afterAll(async () => {
    await dev?.close();
    await cleanup?.();
  });

  it('dev: should answer 503 with the overlay saying the site has not built yet, and serve the site once the file is fixed', async () => {
    const page = await get(dev.siteUrl + 'docs/');
    expect(page.status).toBe(503);
    expect(page.body.toString()).toContain('/__quire/');
    const events = openEvents(`${dev.url}/__quire/events`);
    const { overlay } = await events.next<{ overlay: OverlayPayload }>('hello');
    expect(overlay.errors[0].code).toBe('Q030');
    expect(overlay.note).toBe('The site has not built yet. Save a fix and the site appears by itself.');
    const fixed = events.next('ok');
    const temporary = path.join(root, path.dirname(file), '.mdx.mdx.tmp');
    await writeFile(temporary, good);
    await rename(temporary, path.join(root, file));
    await fixed;
    expect((await get(dev.siteUrl + 'docs/')).status).toBe(200);
    events.close();
  });
});
