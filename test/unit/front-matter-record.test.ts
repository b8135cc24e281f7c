import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { minimalConfig } from './config-fixture.ts';
import { splitFrontMatter } from '../../src/load/front-matter.ts';
import { FrontMatterRecord } from '../../src/load/front-matter-record.ts';
import { load } from '../../src/load/index.ts';
import { makeSite } from '../helpers.ts';

/**
 * The load stage keeps each content file's parsed front matter between builds (`.quire/cache/front-matter.bin`),
 * keyed by the file and the hash of its bytes: a warm build takes it from there instead of parsing again.
 */

const sha1 = (text: string) => createHash('sha1').update(text).digest('hex');
const PAGE = '---\ntitle: Start\nkeywords: [a, b]\n---\n\nDer erste Absatz.\n';

let cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups) await c();
  cleanups = [];
});

async function tempDir(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'quire-fm-record-'));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

describe('front matter record', () => {
  it('front matter record: should give an unchanged file the split it gave before, without parsing it again', async () => {
    const dir = await tempDir();
    const first = await FrontMatterRecord.open(dir);
    const fresh = first.split(PAGE, 'content/docs/a.md', sha1(PAGE));
    expect(first.parsed).toBe(1);
    await first.save();

    const second = await FrontMatterRecord.open(dir);
    const again = second.split(PAGE, 'content/docs/a.md', sha1(PAGE));
    expect([second.reused, second.parsed]).toEqual([1, 0]);
    expect(again).toEqual(splitFrontMatter(PAGE, 'content/docs/a.md'));
    expect(again.body).toBe(fresh.body);
    // As fieldPlaces makes them: without a prototype, so a field named like one of its members is found as a key.
    expect(Object.getPrototypeOf(again.fieldPlaces)).toBe(null);
    expect(again.fieldPlaces?.keywords).toEqual({ line: 3, column: 11 });
    // Load completes a page's front matter in the object it gets: that must not reach the record.
    again.frontMatter.date = '2024-01-01';
    expect(second.split(PAGE, 'content/docs/a.md', sha1(PAGE)).frontMatter.date).toBeUndefined();

    // Other bytes, or the same bytes in another file, are split anew.
    const changed = PAGE.replace('Start', 'Anfang');
    expect(second.split(changed, 'content/docs/a.md', sha1(changed)).frontMatter.title).toBe('Anfang');
    second.split(PAGE, 'content/docs/b.md', sha1(PAGE));
    expect(second.parsed).toBe(2);
  });

  it('front matter record: should keep no file with diagnostics, so its warnings are made again', async () => {
    const dir = await tempDir();
    const text = '---\ntitel: Start\n---\nText.\n';
    const first = await FrontMatterRecord.open(dir);
    expect(first.split(text, 'a.md', sha1(text)).diagnostics).toHaveLength(1);
    await first.save();
    const second = await FrontMatterRecord.open(dir);
    expect(second.split(text, 'a.md', sha1(text)).diagnostics).toHaveLength(1);
    expect([second.reused, second.parsed]).toEqual([0, 1]);
  });

  it('front matter record: should not write the record again when a build used just what it read', async () => {
    const dir = await tempDir();
    const first = await FrontMatterRecord.open(dir);
    first.split(PAGE, 'a.md', sha1(PAGE));
    await first.save();
    const written = await stat(path.join(dir, 'front-matter.bin'));
    const second = await FrontMatterRecord.open(dir);
    second.split(PAGE, 'a.md', sha1(PAGE));
    await second.save();
    expect((await stat(path.join(dir, 'front-matter.bin'))).mtimeMs).toBe(written.mtimeMs);
  });

  it('front matter record: should return, not throw, the error of a record it cannot write', async () => {
    const dir = await tempDir();
    await writeFile(path.join(dir, 'cache'), 'not a folder');
    const record = await FrontMatterRecord.open(path.join(dir, 'cache'));
    expect(record.split(PAGE, 'a.md', sha1(PAGE)).frontMatter.title).toBe('Start');
    expect((await record.save())?.message).toMatch(/ENOTDIR|EEXIST/);
  });

  it('front matter record: should be what the load stage reads an unchanged content file with', async () => {
    const site = await makeSite('basic');
    cleanups.push(site.cleanup);
    const cacheDir = path.join(site.root, '.quire/cache');
    const file = 'content/docs/index.md';
    const text = await readFile(path.join(site.root, file), 'utf8');
    // An entry for the file's bytes that says another title: only a load that trusts the record shows it.
    const planted = await FrontMatterRecord.open(cacheDir);
    planted.split(text.replace(/^title: .*$/m, 'title: Aus dem Protokoll'), file, sha1(text));
    await planted.save();

    const loaded = await load({ root: site.root, config: minimalConfig(), mode: 'production', cacheDir });
    expect(loaded.value.sources.find((s) => s.file === file)?.frontMatter.title).toBe('Aus dem Protokoll');
    // Without a cache folder, every file is parsed.
    const uncached = await load({ root: site.root, config: minimalConfig(), mode: 'production' });
    expect(uncached.value.sources.find((s) => s.file === file)?.frontMatter.title).not.toBe('Aus dem Protokoll');
  });
});
