import os from 'node:os';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdir, readdir, readFile, realpath, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildSite, type BuildResult } from '../src/build.ts';
import { DirWriter } from '../src/emit/writer.ts';
import { storeOf } from '../src/emit/generations.ts';
import { classicTheme } from '../themes/classic/index.tsx';
import { makeSite, png, repoRoot } from './helpers.ts';

/**
 * Incremental output: a build into a folder that the previous build wrote re-renders only the pages
 * whose inputs changed, leaves every other file untouched (same bytes, same mtime), removes what is no
 * longer produced, and reuses the search index when no page changed. Output always equals a full build.
 */

// The fixture's start page shows a content image; without it every page may be kept.
const run = promisify(execFile);

const START_WITHOUT_IMAGE = '---\ntitle: Start\n---\nDer erste Absatz wird zur Beschreibung.\n\n## Abschnitt\n\nText.\n';

let cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups) await c();
  cleanups = [];
});

async function site(overlay: Record<string, string | null> = {}) {
  const made = await makeSite('basic', { 'content/docs/guide/start.md': START_WITHOUT_IMAGE, ...overlay });
  cleanups.push(made.cleanup);
  const out = path.join(made.root, 'dist');
  const build = (options: { toolVersion?: string; cacheDir?: false; outDir?: string; beforeCompile?: (sources: number) => void } = {}) =>
    buildSite({
      root: made.root,
      toolRoot: repoRoot,
      theme: classicTheme,
      outDir: options.outDir ?? out,
      toolVersion: 'toolVersion' in options ? options.toolVersion : 'test-1',
      cacheDir: options.cacheDir,
      beforeCompile: options.beforeCompile,
    });
  return { root: made.root, out, build };
}

/** Every file of a folder: relative path → bytes and mtime. */
async function snapshot(dir: string): Promise<Map<string, { bytes: string; mtimeMs: number }>> {
  const out = new Map<string, { bytes: string; mtimeMs: number }>();
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const abs = path.join(entry.parentPath, entry.name);
    out.set(path.relative(dir, abs).split(path.sep).join('/'), {
      bytes: (await readFile(abs)).toString('base64'),
      mtimeMs: (await stat(abs)).mtimeMs,
    });
  }
  return out;
}

function ok(result: BuildResult): BuildResult {
  expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  return result;
}

const changedFiles = (before: Map<string, { bytes: string; mtimeMs: number }>, after: Map<string, { bytes: string; mtimeMs: number }>) =>
  [...after]
    .filter(([f, v]) => before.get(f)?.mtimeMs !== v.mtimeMs || before.get(f)?.bytes !== v.bytes)
    .map(([f]) => f)
    .sort();

describe('incremental output', () => {
  it('incremental: should render every page again when the social card changed its size under the same name', async () => {
    const { root, out, build } = await site({
      'site.config.ts': (await readFile(path.join(repoRoot, 'test/fixtures/basic/site.config.ts'), 'utf8')).replace(
        'flags:',
        "image: '/img/karte.png',\n  flags:",
      ),
    });
    ok(await build());
    expect(await readFile(path.join(out, 'de/docs/index.html'), 'utf8')).toContain('<meta property="og:image:width" content="12"/>');
    await writeFile(path.join(root, 'static/img/karte.png'), png(1200, 630));
    const second = ok(await build());
    expect(second.reused).toBe(0);
    expect(await readFile(path.join(out, 'de/docs/index.html'), 'utf8')).toContain('<meta property="og:image:width" content="1200"/>');
  });

  it('incremental: should keep every file untouched when nothing changed', async () => {
    const { out, build } = await site();
    const first = ok(await build());
    expect(first.reused).toBe(0);
    const before = await snapshot(out);
    const second = ok(await build());
    expect(second.reused).toBe(second.pages);
    expect(second.pages).toBe(first.pages);
    const after = await snapshot(out);
    expect([...after.keys()].sort()).toEqual([...before.keys()].sort());
    expect(changedFiles(before, after)).toEqual([]);
  });

  it('incremental: should keep a page with a content image while the image is the same, and render it again when the image changed', async () => {
    const { root, out, build } = await site({ 'content/docs/guide/start.md': null });
    await writeFile(path.join(root, 'content/docs/guide/start.md'), START_WITHOUT_IMAGE + '\n![Bild](./bild.svg)\n');
    ok(await build());
    const before = await snapshot(out);
    const second = ok(await build());
    expect(second.reused).toBe(second.pages);
    expect(changedFiles(before, await snapshot(out))).toEqual([]);
    await writeFile(path.join(root, 'content/docs/guide/bild.svg'), '<svg xmlns="http://www.w3.org/2000/svg" width="2" height="2"/>');
    const third = ok(await build());
    expect(third.pages - third.reused).toBe(1);
    const after = await snapshot(out);
    const changed = changedFiles(before, after);
    expect(changed.filter((f) => f.endsWith('.html'))).toEqual(['de/docs/guide/start/index.html']);
    const images = (files: Map<string, unknown>) => [...files.keys()].filter((f) => /^de\/assets\/bild\./.test(f));
    expect(images(after)).toHaveLength(1);
    expect(images(after)).not.toEqual(images(before));
    expect(Buffer.from(after.get('de/docs/guide/start/index.html')!.bytes, 'base64').toString()).toContain(`src="/${images(after)[0]}"`);
  });

  it('incremental: should render again only the pages showing a Markdown image from static/ when it changed its size', async () => {
    const { root, out, build } = await site({ 'content/docs/guide/karte.md': '---\ntitle: Karte\n---\n\n![Karte](/img/karte.png)\n' });
    ok(await build());
    const page = () => readFile(path.join(out, 'de/docs/guide/karte/index.html'), 'utf8');
    expect(await page()).toContain('alt="Karte" loading="lazy" decoding="async" width="12" height="6"');
    const before = await snapshot(out);
    await writeFile(path.join(root, 'static/img/karte.png'), png(30, 20));
    const second = ok(await build());
    expect(second.pages - second.reused).toBe(1);
    expect(await page()).toContain('alt="Karte" loading="lazy" decoding="async" width="30" height="20"');
    expect(changedFiles(before, await snapshot(out)).filter((f) => f.endsWith('.html'))).toEqual(['de/docs/guide/karte/index.html']);
  });

  it("incremental: should render a blog list again when a post's text changed, as the list shows it", async () => {
    // Not its first paragraph, which is its description too.
    const post = (text: string) =>
      `---\ntitle: Hallo Blog\nauthors: [Team]\n---\nErster Absatz.\n\n${text}\n\n<!-- truncate -->\n\nRest.\n`;
    const { root, out, build } = await site({ 'content/blog/2025-01-02-hallo.md': post('Vorher.') });
    ok(await build());
    const list = () => readFile(path.join(out, 'de/blog/index.html'), 'utf8');
    expect(await list()).toContain('<p>Vorher.</p>');
    await writeFile(path.join(root, 'content/blog/2025-01-02-hallo.md'), post('Nachher.'));
    ok(await build());
    expect(await list()).toContain('<p>Nachher.</p>');
  });

  it('incremental: should name the client bundle the same from any working directory', async () => {
    // The compiled CLI, a process each time: esbuild keeps the working directory its service started in.
    const { root } = await site();
    const assetsFrom = async (cwd: string, out: string) => {
      await run(process.execPath, [path.join(repoRoot, 'lib/quire.js'), '--root', root, 'build', '--no-cache', '--out', out], {
        cwd,
        env: { ...process.env, CI: '1' },
      });
      return (await readdir(path.join(out, 'de/assets'), { recursive: true })).sort();
    };
    const fromTmp = await assetsFrom(os.tmpdir(), path.join(root, 'out-a'));
    expect(fromTmp.some((f) => f.startsWith('main.'))).toBe(true);
    expect(await assetsFrom(root, path.join(root, 'out-b'))).toEqual(fromTmp);
  });

  it("incremental: should write a kept page's content image again when it was deleted from the output by hand", async () => {
    const { root, out, build } = await site({ 'content/docs/guide/start.md': null });
    await writeFile(path.join(root, 'content/docs/guide/start.md'), START_WITHOUT_IMAGE + '\n![Bild](./bild.svg)\n');
    ok(await build());
    const image = (await readdir(path.join(out, 'de/assets'))).find((f) => f.startsWith('bild.'))!;
    await rm(path.join(out, 'de/assets', image));
    const again = ok(await build());
    expect(again.reused).toBe(again.pages);
    expect(await readFile(path.join(out, 'de/assets', image), 'utf8')).toBe(
      await readFile(path.join(root, 'content/docs/guide/bild.svg'), 'utf8'),
    );
  });

  it('incremental: should tell the caller before compiling how many sources are not in the compile cache', async () => {
    const { root, build: buildWith } = await site();
    const seen: number[] = [];
    const build = () => buildWith({ beforeCompile: (n) => seen.push(n) });
    const first = await build();
    expect(first.ok).toBe(true);
    await writeFile(path.join(root, 'content/docs/guide/start.md'), START_WITHOUT_IMAGE + '\nNeu.\n');
    expect((await build()).ok).toBe(true);
    expect((await build()).ok).toBe(true);
    // Every source at first, then the edited one, then none.
    expect(seen).toEqual([first.site!.compiled.length, 1, 0]);
  });

  it('incremental: should render only the edited page and leave the others untouched', async () => {
    const { root, out, build } = await site();
    ok(await build());
    const before = await snapshot(out);
    await writeFile(
      path.join(root, 'content/docs/hidden.md'),
      '---\ntitle: Versteckt\nunlisted: true\n---\nNeuer Text im versteckten Dokument.\n',
    );
    const result = ok(await build());
    expect(result.pages - result.reused).toBe(1);
    const after = await snapshot(out);
    expect(Buffer.from(after.get('de/docs/hidden/index.html')!.bytes, 'base64').toString()).toContain(
      'Neuer Text im versteckten Dokument.',
    );
    // The page changed; the search index, sitemap and every other page did not (the page is unlisted: noindex).
    expect(changedFiles(before, after)).toEqual(['de/docs/hidden/index.html']);
  });

  it('incremental: should rebuild the search index when an indexed page changed', async () => {
    const { root, out, build } = await site();
    ok(await build());
    const before = await snapshot(out);
    await writeFile(path.join(root, 'content/docs/guide/start.md'), START_WITHOUT_IMAGE.replace('Text.', 'Zwiebelkuchen.'));
    const result = ok(await build());
    expect(result.pages - result.reused).toBe(1);
    const after = await snapshot(out);
    const changed = changedFiles(before, after);
    expect(changed).toContain('de/docs/guide/start/index.html');
    expect(changed.some((f) => f.startsWith('de/pagefind/'))).toBe(true);
    expect(changed.filter((f) => f.endsWith('.html'))).toEqual(['de/docs/guide/start/index.html']);
    // Of the index, only what the edit changed is new: one page's fragment replaces its old one, and the
    // fragments of the other pages stay untouched (not created again).
    const fragments = (files: Map<string, unknown>) => [...files.keys()].filter((f) => f.startsWith('de/pagefind/fragment/'));
    expect(fragments(before).length).toBeGreaterThan(3);
    expect(changed.filter((f) => f.startsWith('de/pagefind/fragment/'))).toHaveLength(1);
    expect(fragments(after)).toHaveLength(fragments(before).length);
    expect(Buffer.from(after.get(changed.find((f) => f.startsWith('de/pagefind/fragment/'))!)!.bytes, 'base64').length).toBeGreaterThan(0);
  });

  it('incremental: should equal a full build after edits, additions and removals', async () => {
    const { root, out, build } = await site();
    ok(await build());
    await writeFile(path.join(root, 'content/docs/guide/start.md'), START_WITHOUT_IMAGE.replace('title: Start', 'title: Anfang'));
    await rm(path.join(root, 'content/landing-page/star-gate.md'));
    await writeFile(path.join(root, 'content/pages/neu.md'), '---\ntitle: Neu\n---\nEine neue Seite.\n');
    // Shown on the blog list too: its page must follow.
    await writeFile(
      path.join(root, 'content/blog/2025-01-02-hallo.md'),
      '---\ntitle: Hallo Blog\ndescription: Eine neue Beschreibung.\nauthors: [Team]\ntags: [News]\n---\nBeitrag.\n',
    );
    ok(await build());
    expect(await readFile(path.join(out, 'de/blog/index.html'), 'utf8')).toContain('Eine neue Beschreibung.');
    const full = path.join(root, 'full');
    ok(await build({ outDir: full, cacheDir: false }));
    // Pagefind names some index files by a hash that differs from run to run: compare those by count.
    const [inc, ref] = [await snapshot(out), await snapshot(full)];
    const stable = (m: Map<string, unknown>) => [...m.keys()].filter((f) => !f.startsWith('de/pagefind/')).sort();
    expect(stable(inc)).toEqual(stable(ref));
    for (const file of stable(ref)) expect(inc.get(file)?.bytes, file).toBe(ref.get(file)?.bytes);
    expect(inc.size).toBe(ref.size);
    const pageCount = (m: Map<string, { bytes: string }>) =>
      JSON.parse(Buffer.from(m.get('de/pagefind/pagefind-entry.json')!.bytes, 'base64').toString()).languages.de.page_count;
    expect(pageCount(inc)).toBe(pageCount(ref));
    // Page fragments are named by their content: the same set, none left over from before the edits.
    const fragments = (m: Map<string, unknown>) => [...m.keys()].filter((f) => f.startsWith('de/pagefind/fragment/')).sort();
    expect(fragments(inc)).toEqual(fragments(ref));
    // The removed landing page is gone, and so is its now empty folder.
    await expect(stat(path.join(out, 'de/landing-page/star-gate'))).rejects.toThrow();
  });

  it('incremental: should render a page again when its file was changed by hand', async () => {
    const { out, build } = await site();
    ok(await build());
    const file = path.join(out, 'de/pricing/index.html');
    const original = await readFile(file, 'utf8');
    await writeFile(file, 'von Hand geändert');
    const result = ok(await build());
    expect(result.pages - result.reused).toBe(1);
    expect(await readFile(file, 'utf8')).toBe(original);
  });

  it('incremental: should render everything when quire itself changed', async () => {
    const { build } = await site();
    ok(await build());
    const result = ok(await build({ toolVersion: 'test-2' }));
    expect(result.reused).toBe(0);
  });

  it('incremental: should leave the previous output byte-identical when a later build fails', async () => {
    const { root, out, build } = await site();
    ok(await build());
    const before = await snapshot(out);
    await writeFile(path.join(root, 'content/docs/guide/start.md'), START_WITHOUT_IMAGE + '\n[kaputt](/docs/gibt-es-nicht/)\n');
    const failed = await build();
    expect(failed.ok).toBe(false);
    expect(await snapshot(out)).toEqual(before);
  });

  it('incremental: should build a whole new output when the old one holds a folder where a file must go', async () => {
    const { root, out, build } = await site();
    ok(await build());
    // A folder where the new sitemap must go.
    await rm(path.join(out, 'de/sitemap.xml'));
    await mkdir(path.join(out, 'de/sitemap.xml'));
    await writeFile(path.join(out, 'de/sitemap.xml/blocker'), 'x');
    await writeFile(path.join(root, 'content/docs/guide/start.md'), START_WITHOUT_IMAGE.replace('Text.', 'Geändert.'));
    const result = ok(await build());
    expect(result.reused).toBeGreaterThan(0);
    expect(await readFile(path.join(out, 'de/sitemap.xml'), 'utf8')).toContain('<urlset');
    expect(await readFile(path.join(out, 'de/docs/guide/start/index.html'), 'utf8')).toContain('Geändert.');
    const full = path.join(root, 'full');
    ok(await build({ outDir: full, cacheDir: false }));
    const html = async (dir: string) => [...(await snapshot(dir))].filter(([f]) => f.endsWith('.html')).map(([f, v]) => [f, v.bytes]);
    expect(await html(out)).toEqual(await html(full));
    expect((await readdir(path.dirname(out))).filter((f) => f.startsWith('dist.'))).toEqual([]);
  });

  it('incremental: should leave the output as it was when the commit fails, and keep unchanged files as hard links', async () => {
    const { out } = await site();
    const first = new DirWriter(out);
    await first.write('de/a/index.html', 'A');
    await first.write('de/b/index.html', 'B');
    await first.write('de/c/index.html', 'C');
    await first.commit();
    const before = await snapshot(out);
    /** Fails on the second kept file it links into the new generation. */
    class Failing extends DirWriter {
      links = 0;
      protected override linkKept(from: string, to: string): void {
        if (++this.links === 2) throw new Error('disk full');
        super.linkKept(from, to);
      }
    }
    const second = new Failing(out);
    await second.write('de/a/index.html', 'A2');
    await second.write('de/b/index.html', 'B');
    await second.write('de/c/index.html', 'C');
    await expect(second.commit()).rejects.toThrow('disk full');
    expect(await snapshot(out)).toEqual(before);
    await second.abort();
    expect((await readdir(path.dirname(out))).filter((f) => f.startsWith('dist.'))).toEqual([]);
    // The generation the output shows, and no other.
    expect(await readdir(storeOf(out))).toEqual([path.basename(await realpath(out))]);
    const third = new DirWriter(out);
    await third.write('de/a/index.html', 'A3');
    await third.write('de/b/index.html', 'B');
    third.keep('de/c/index.html');
    await third.commit();
    const now = await snapshot(out);
    expect(now.get('de/b/index.html')).toEqual(before.get('de/b/index.html'));
    expect(now.get('de/c/index.html')).toEqual(before.get('de/c/index.html'));
    const [b1, b2] = [
      (await stat(path.join(storeOf(out), path.basename(first.tmp), 'de/b/index.html'))).ino,
      (await stat(path.join(out, 'de/b/index.html'))).ino,
    ];
    expect(b2).toBe(b1);
  });

  it('incremental: should remove old generations, report what it could not delete, and clear it up in a later build', async () => {
    const { out } = await site();
    const writeA = async (writer: DirWriter, text: string) => {
      await writer.write('de/a/index.html', text);
      return writer.commit();
    };
    const first = new DirWriter(out);
    await writeA(first, 'A');
    const second = new DirWriter(out);
    await writeA(second, 'A2');
    await writeA(new DirWriter(out), 'A3');
    // The third build removes the first generation in the background; the second stays as the one replaced.
    for (let i = 0; i < 100 && (await readdir(storeOf(out))).some((e) => e.startsWith(path.basename(first.tmp))); i++)
      await new Promise((r) => setTimeout(r, 20));
    expect((await readdir(storeOf(out))).sort()).toEqual(
      [path.basename(second.tmp), path.basename(await realpath(out)), 'previous'].sort(),
    );
    // What a dead build left in the store (its thousands of files) is renamed and removed in the background:
    // the build does not wait for it.
    const killed = path.join(storeOf(out), 'mwz00000-2147483645');
    await mkdir(path.join(killed, 'de/a'), { recursive: true });
    await writeFile(path.join(killed, 'de/a/index.html'), 'half');
    const removedHere: string[] = [];
    class Watched extends DirWriter {
      protected override remove(p: string): void {
        removedHere.push(p);
        super.remove(p);
      }
    }
    const watched = new Watched(out);
    expect(removedHere).toEqual([]);
    expect(await readdir(storeOf(out))).not.toContain(path.basename(killed));
    await watched.abort();
    for (let i = 0; i < 100 && (await readdir(storeOf(out))).some((e) => e.startsWith(path.basename(killed))); i++)
      await new Promise((r) => setTimeout(r, 20));
    expect((await readdir(storeOf(out))).filter((e) => e.startsWith(path.basename(killed)))).toEqual([]);
    // A removal an earlier build did not finish, which this build cannot finish either: reported, and the build
    // still works.
    const dead = path.join(storeOf(out), 'mwz00000-2147483646.removing');
    await mkdir(dead);
    class Stuck extends DirWriter {
      protected override remove(p: string): void {
        if (p === dead) throw Object.assign(new Error('permission denied'), { code: 'EACCES' });
        super.remove(p);
      }
    }
    const { leftovers } = await writeA(new Stuck(out), 'A4');
    expect(leftovers).toEqual([{ path: dead, reason: 'EACCES' }]);
    expect(await readFile(path.join(out, 'de/a/index.html'), 'utf8')).toBe('A4');
    // What an older quire left, by a process that is gone, goes; a live process's stays; the dead build's
    // folder goes once it can.
    const deadOld = path.join(path.dirname(out), 'dist.old-2147483646-x1');
    await mkdir(deadOld);
    const alive = path.join(path.dirname(out), `dist.tmp-${process.pid}-y2`);
    await mkdir(alive);
    const fifth = new DirWriter(out);
    expect((await readdir(path.dirname(out))).filter((f) => f.startsWith('dist.'))).toEqual([path.basename(alive)]);
    expect(await readdir(storeOf(out))).not.toContain(path.basename(dead));
    await fifth.abort();
    await rm(alive, { recursive: true });
  });

  it('incremental: should never write outside the output folder, whatever the file name', async () => {
    const { root, out } = await site();
    const writer = new DirWriter(out);
    for (const name of ['../escape.html', 'de/../../escape.html', '']) {
      await expect(writer.write(name, 'x'), name).rejects.toThrow('would lie outside the output folder');
    }
    await writer.abort();
    expect((await readdir(root)).filter((f) => f.includes('escape'))).toEqual([]);
    expect((await readdir(path.dirname(root))).filter((f) => f.includes('escape'))).toEqual([]);
  });
});
