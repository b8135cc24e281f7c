import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { OverlayPayload } from '../../src/dev/live-client.ts';
import type { DevHandle } from '../../src/dev/index.ts';
import { makeSite } from '../helpers.ts';
import { bodyOnceItShows, saveAtomically, startTestDev } from './helpers.ts';
import { openEvents } from './events.ts';
import { get } from './http.ts';

/** `quire dev` on a site with a broken file: what is served, what the overlay says, and recovery. */
describe('quire dev: broken files', () => {
  let dev: DevHandle | undefined;
  let cleanup: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await dev?.close();
    await cleanup?.();
    dev = cleanup = undefined;
  });
  const start = async (broken: Record<string, (text: string) => string>) => {
    const made = await makeSite('basic');
    cleanup = made.cleanup;
    const good: Record<string, string> = {};
    for (const [file, change] of Object.entries(broken)) {
      good[file] = await readFile(path.join(made.root, file), 'utf8');
      await writeFile(path.join(made.root, file), change(good[file]));
    }
    const started = await startTestDev(made.root);
    dev = started;
    const save = (file: string, text: string) => saveAtomically(path.join(made.root, file), text);
    return { root: made.root, good, save, dev: started };
  };

  it('dev: should answer 503 with the overlay saying the site has not built yet, and serve the site once the file is fixed', async () => {
    const { good, save, dev } = await start({ 'content/sidebars.ts': (t) => t.replace('docs:', 'docs: [,') });
    const page = await get(dev.siteUrl + 'docs/');
    expect(page.status).toBe(503);
    expect(page.body.toString()).toContain('/__quire/');
    const events = openEvents(`${dev.url}/__quire/events`);
    const { overlay } = await events.next<{ overlay: OverlayPayload }>('hello');
    expect(overlay.errors[0].code).toBe('Q040');
    expect(overlay.note).toBe('The site has not built yet. Save a fix and the site appears by itself.');
    const fixed = events.next('ok');
    await save('content/sidebars.ts', good['content/sidebars.ts']);
    await fixed;
    expect((await get(dev.siteUrl + 'docs/')).status).toBe(200);
    events.close();
  });

  it('dev: should serve the other pages when one page does not compile on the first start, without blaming the sidebar for it', async () => {
    const { dev } = await start({ 'content/docs/guide/mdx.mdx': (t) => t + '\n<Offen>\n' });
    expect((await get(dev.siteUrl + 'docs/')).status).toBe(200);
    expect((await get(dev.siteUrl + 'docs/guide/mdx/')).status).toBe(404);
    const events = openEvents(`${dev.url}/__quire/events`);
    const { overlay } = await events.next<{ overlay: OverlayPayload }>('hello');
    expect(overlay.errors.map((e) => e.code)).toEqual(['Q030']);
    events.close();
  });

  it('dev: should keep building other edits while a page has broken front matter or a broken link, serving it as it last worked', async () => {
    const { save, dev } = await start({});
    const events = openEvents(`${dev.url}/__quire/events`);
    await events.next('hello');
    const failing = events.next<OverlayPayload>('errors');
    await save('content/docs/guide/start.md', '---\ntitle: [Start\n---\nKaputt.\n\nZum [Nirgendwo](/docs/nirgendwo/).\n');
    expect((await failing).errors.map((e) => e.code)).toEqual(['Q020']);
    const reloaded = events.next<{ files: string[] }>('ok', (data) =>
      (data as { files: string[] }).files.includes('de/docs/hidden/index.html'),
    );
    await save(
      'content/docs/hidden.md',
      '---\ntitle: Versteckt\nunlisted: true\n---\nNeu geschrieben, während eine andere Seite kaputt ist.\n',
    );
    await reloaded;
    expect((await get(dev.siteUrl + 'docs/hidden/')).body.toString()).toContain('Neu geschrieben');
    expect((await get(dev.siteUrl + 'docs/guide/start/')).body.toString()).not.toContain('Kaputt');
    // A broken link: the page is served with it, and the overlay names it.
    const linked = events.next<OverlayPayload>('errors', (data) => (data as OverlayPayload).errors.some((e) => e.code === 'Q060'));
    await save('content/docs/guide/start.md', '---\ntitle: Start\n---\nRepariert.\n\nZum [Nirgendwo](/docs/nirgendwo/).\n');
    expect((await linked).errors.map((e) => e.code)).toEqual(['Q060']);
    expect(await bodyOnceItShows(dev.siteUrl + 'docs/guide/start/', 'Repariert')).toContain('Repariert');
    events.close();
  });
});
