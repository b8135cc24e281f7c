import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDev, type DevHandle } from '../../src/dev/index.ts';
import { classicTheme } from '../../themes/classic/index.tsx';
import { makeSite, repoRoot } from '../helpers.ts';
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
    const started = await startDev({
      root,
      toolRoot: repoRoot,
      theme: classicTheme,
      port: 0,
      cacheDir: false,
      themeDirs: [],
      clientDirs: [],
      log: () => {},
      searchDelayMs: 20,
      onSearchIndex: () => indexes.splice(0).forEach((resolve) => resolve()),
    });
    if ('diagnostics' in started) throw new Error(JSON.stringify(started.diagnostics));
    dev = started;
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
    const count = async () => (JSON.parse((await get(dev.siteUrl + 'pagefind/pagefind-entry.json')).body.toString()) as { languages: Record<string, { page_count: number }> }).languages;
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
});
