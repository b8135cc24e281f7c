import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DevHandle } from '../../src/dev/index.ts';
import type { OverlayPayload } from '../../src/dev/live-client.ts';
import { makeSite } from '../helpers.ts';
import { openEvents } from './events.ts';
import { saveAtomically, startTestDev } from './helpers.ts';
import { get } from './http.ts';

/** The terminal line and the overlay say what is served while a file has an error: as saved, as it last worked, 404, or nothing new. */
describe('quire dev: what is served while a file has an error', () => {
  let dev: DevHandle;
  let root: string;
  let cleanup: () => Promise<void>;
  const logs: string[] = [];
  /** Saves a file (as editors do) and waits for the build that read it. */
  const save = async (file: string, text: string | ((old: string) => string)) => {
    const abs = path.join(root, file);
    const content = typeof text === 'function' ? text(await readFile(abs, 'utf8').catch(() => '')) : text;
    const since = Date.now();
    const deadline = since + 30_000;
    const waiting = (async () => {
      for (;;) {
        const report = await Promise.race([
          dev.nextReport(),
          new Promise<undefined>((r) => setTimeout(() => r(undefined), Math.max(0, deadline - Date.now()))),
        ]);
        if (!report) throw new Error(`no build of ${file}; terminal:\n${logs.join('\n')}`);
        if (report.changed.includes(file) && report.startedAt >= since) return report;
      }
    })();
    await saveAtomically(abs, content);
    return waiting;
  };

  beforeAll(async () => {
    ({ root, cleanup } = await makeSite('basic'));
    dev = await startTestDev(root, { log: (text) => logs.push(text), searchDelayMs: 10_000 });
  });
  afterAll(async () => {
    await dev?.close();
    await cleanup?.();
  });

  it('dev: should say a page with a broken link is served as saved, not as it last worked', async () => {
    const events = openEvents(`${dev.url}/__quire/events`);
    await events.next('hello');
    const failing = events.next<OverlayPayload>('errors');
    const report = await save('content/docs/guide/start.md', (t) =>
      t.replace('Der erste Absatz', 'Der neue Absatz mit [Link](/docs/gibt-es-nicht/)'),
    );
    expect(report.ok).toBe(false);
    expect((await get(dev.siteUrl + 'docs/guide/start/')).body.toString()).toContain('Der neue Absatz');
    expect(logs.at(-1)).toMatch(
      /^content\/docs\/guide\/start\.md: 1 page\(s\) rendered in \d+ ms; content\/docs\/guide\/start\.md has a broken link, served as saved$/,
    );
    const overlay = await failing;
    expect(overlay.errors[0].code).toBe('Q060');
    expect(overlay.note).toBe(
      'The rest of the site is served with your edits. content/docs/guide/start.md is served as saved. Save a fix and this message goes away by itself.',
    );
    events.close();
    expect((await save('content/docs/guide/start.md', (t) => t.replace('[Link](/docs/gibt-es-nicht/)', 'Text'))).ok).toBe(true);
  });

  it('dev: should say a page that never compiled answers 404', async () => {
    const events = openEvents(`${dev.url}/__quire/events`);
    await events.next('hello');
    const failing = events.next<OverlayPayload>('errors');
    expect((await save('content/docs/neu.mdx', '---\ntitle: Neu\n---\nText <Offen\n')).ok).toBe(false);
    expect((await failing).note).toBe(
      'The rest of the site is served with your edits. content/docs/neu.mdx has never built: its address answers 404 until it works. Save a fix and this message goes away by itself.',
    );
    // Another edit while it is broken: built, and the line says what the broken page answers.
    const report = await save('content/docs/guide/start.md', (t) => t.replace('Der neue Absatz', 'Der zweite Absatz'));
    expect(report.rendered).toContain('/de/docs/guide/start/');
    expect(logs.at(-1)).toMatch(
      /^content\/docs\/guide\/start\.md: 1 page\(s\) rendered in \d+ ms; content\/docs\/neu\.mdx has never built, so its address answers 404 until fixed$/,
    );
    expect((await get(dev.siteUrl + 'docs/neu/')).status).toBe(404);
    events.close();
    expect((await save('content/docs/neu.mdx', '---\ntitle: Neu\n---\nText\n')).ok).toBe(true);
  });

  it('dev: should say that no edit is built while the sidebar file is broken', async () => {
    const events = openEvents(`${dev.url}/__quire/events`);
    await events.next('hello');
    const failing = events.next<OverlayPayload>('errors');
    const sidebar = await readFile(path.join(root, 'content/sidebars.ts'), 'utf8');
    expect(
      (await save('content/sidebars.ts', "export default {\n  docs: ['index', { type: 'categroy', label: 'Leitfaden', items: [] }],\n};\n"))
        .ok,
    ).toBe(false);
    const overlay = await failing;
    expect(overlay.errors[0].code).toBe('Q040');
    expect(overlay.note).toBe(
      'No edit is built until this is fixed: the site is served as it was before. Save a fix and this message goes away by itself.',
    );
    // And so it is: a page edit waits for the fix.
    const waiting = await save('content/docs/guide/start.md', (t) => t.replace('Der zweite Absatz', 'Der dritte Absatz'));
    expect(waiting.ok).toBe(false);
    expect((await get(dev.siteUrl + 'docs/guide/start/')).body.toString()).toContain('Der zweite Absatz');
    events.close();
    expect((await save('content/sidebars.ts', sidebar)).ok).toBe(true);
    expect((await get(dev.siteUrl + 'docs/guide/start/')).body.toString()).toContain('Der dritte Absatz');
  });
});
