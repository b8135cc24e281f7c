import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DevHandle } from '../../src/dev/index.ts';
import { makeSite } from '../helpers.ts';
import { bodyOnceItShows, saveAtomically, startTestDev } from './helpers.ts';
import { get } from './http.ts';

describe('quire dev: what a build publishes, dev serves', () => {
  let dev: DevHandle;
  let root: string;
  let cleanup: () => Promise<void>;
  const indexes: (() => void)[] = [];
  const nextIndex = () => new Promise<void>((resolve) => indexes.push(resolve));
  let firstIndex: Promise<void>;
  beforeAll(async () => {
    firstIndex = nextIndex();
    ({ root, cleanup } = await makeSite('basic', { 'static/.well-known/security.txt': 'Contact: mailto:sicherheit@example.org\n' }));
    dev = await startTestDev(root, { searchDelayMs: 20, onSearchIndex: () => indexes.splice(0).forEach((resolve) => resolve()) });
  });
  afterAll(async () => {
    await dev?.close();
    await cleanup?.();
  });

  it('dev: should serve static/.well-known/ as a build publishes it', async () => {
    const res = await get(dev.siteUrl + '.well-known/security.txt');
    expect(res.status).toBe(200);
    expect(res.body.toString()).toContain('sicherheit@example.org');
    expect((await get(dev.siteUrl + '.env')).status).toBe(404);
  });

  it('dev: should take a deleted page out of the search index', async () => {
    const count = async () =>
      (
        JSON.parse((await get(dev.siteUrl + 'pagefind/pagefind-entry.json')).body.toString()) as {
          languages: Record<string, { page_count: number }>;
        }
      ).languages;
    const pages = async () => Object.values(await count()).reduce((n, l) => n + l.page_count, 0);
    await firstIndex;
    const before = await pages();
    let indexed = nextIndex();
    await mkdir(path.join(root, 'content/docs/neu'), { recursive: true });
    await writeFile(path.join(root, 'content/docs/neu/suche.md'), '---\ntitle: Suche\n---\nXylophonkatze.\n');
    await indexed;
    expect(await pages()).toBe(before + 1);
    indexed = nextIndex();
    await rm(path.join(root, 'content/docs/neu/suche.md'));
    await indexed;
    expect(await pages()).toBe(before);
  });

  const served = (page: string, text: string) => bodyOnceItShows(dev.siteUrl + page, text);
  const save = async (file: string, change: (text: string) => string) => {
    const abs = path.join(root, file);
    await saveAtomically(abs, change(await readFile(abs, 'utf8')));
  };

  it('dev: should keep seeing the config after two atomic saves in quick succession', async () => {
    await save('site.config.ts', (t) => t.replace("title: 'Fixture',", "title: 'FixA',"));
    await save('site.config.ts', (t) => t.replace("title: 'FixA',", "title: 'FixB',"));
    expect(await served('docs/', '| FixB</title>')).toContain('| FixB</title>');
    await new Promise((r) => setTimeout(r, 300));
    await save('site.config.ts', (t) => t.replace("title: 'FixB',", "title: 'FixC',"));
    expect(await served('docs/', '| FixC</title>')).toContain('| FixC</title>');
  });

  it('dev: should watch content/ again after it was moved away and back', async () => {
    const away = path.join(os.tmpdir(), `quire-away-${process.pid}`);
    await rename(path.join(root, 'content'), away);
    // Gone: the build fails (the pages stay served as they last worked) and the folder's watch ends.
    await new Promise((r) => setTimeout(r, 400));
    await rename(away, path.join(root, 'content'));
    expect(await served('docs/guide/start/', 'Der erste Absatz')).toContain('Der erste Absatz');
    await new Promise((r) => setTimeout(r, 300));
    await save('content/docs/guide/start.md', (t) => t.replace('Der erste Absatz', 'Der zurückgekehrte Absatz'));
    expect(await served('docs/guide/start/', 'zurückgekehrte')).toContain('zurückgekehrte');
  });
});
