import { spawn } from 'node:child_process';
import { chmod, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSite, repoRoot } from './helpers.ts';

/**
 * The `quire` command (cli/launcher.ts) runs the compiled CLI through V8's code cache, kept in the user's cache
 * folder: the first run writes it, later runs read it, and a run that reads it builds what a run without it
 * builds. Runs the compiled CLI as a user would, each test with its own cache folder (XDG_CACHE_HOME).
 */

const CLI = path.join(repoRoot, 'lib/quire.js');

function quire(args: string[], env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(process.execPath, [CLI, ...args], { env: { ...process.env, CI: '1', ...env }, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stderr })));
}

/** The code cache files in `home`'s quire folder, by kind (`full` or `start`). */
async function cacheFiles(home: string): Promise<Record<string, string>> {
  const dir = path.join(home, 'quire');
  const names = await readdir(dir).catch(() => [] as string[]);
  return Object.fromEntries(names.map((n) => [/-(full|start)\.bin$/.exec(n)?.[1] ?? n, path.join(dir, n)]));
}

describe('the code cache of the quire command', () => {
  let site: { root: string; cleanup: () => Promise<void> };
  let work: string;
  beforeAll(async () => {
    site = await makeSite('basic');
    work = await mkdtemp(path.join(tmpdir(), 'quire-launcher-'));
  });
  afterAll(async () => {
    await site.cleanup();
    await rm(work, { recursive: true, force: true });
  });

  /** A cold build of the fixture (its config a TypeScript file imported, its search index made by Pagefind). */
  async function build(home: string, out: string, env: Record<string, string> = {}) {
    const r = await quire(['--root', site.root, 'build', '--no-cache', '--out', path.join(work, out)], { XDG_CACHE_HOME: home, ...env });
    expect(r.code, r.stderr).toBe(0);
    return readFile(path.join(work, out, 'de/index.html'), 'utf8');
  }

  it('is written by the first build, read by the next, and the output is the same', async () => {
    const home = path.join(work, 'home-a');
    const first = await build(home, 'a1');
    const files = await cacheFiles(home);
    expect(Object.keys(files)).toEqual(['full']);
    expect((await stat(files.full)).mode & 0o777).toBe(0o600);
    const written = (await stat(files.full)).mtimeMs;
    // Read, not written again: V8 took it (a cache it rejects is written anew).
    expect(await build(home, 'a2')).toBe(first);
    expect((await stat(files.full)).mtimeMs).toBe(written);
    expect(await build(path.join(work, 'home-none'), 'a3', { QUIRE_CODE_CACHE: '0' })).toBe(first);
    expect(await cacheFiles(path.join(work, 'home-none'))).toEqual({});
  });

  it('made by a run that compiled nothing, is replaced by one holding the compiler', async () => {
    const home = path.join(work, 'home-b');
    expect((await quire(['--version'], { XDG_CACHE_HOME: home })).code).toBe(0);
    expect(Object.keys(await cacheFiles(home))).toEqual(['start']);
    await build(home, 'b1');
    expect(Object.keys(await cacheFiles(home))).toEqual(['full']);
  });

  it('is not run when it is damaged, or writable by others: it is written anew', async () => {
    const home = path.join(work, 'home-c');
    const expected = await build(home, 'c1');
    const { full } = await cacheFiles(home);
    await writeFile(full, Buffer.alloc(4096, 7));
    expect(await build(home, 'c2')).toBe(expected);
    expect((await readFile(full)).subarray(0, 64).equals(Buffer.alloc(64, 7))).toBe(false);
    await writeFile(full, Buffer.alloc(4096, 9));
    await chmod(full, 0o666);
    expect(await build(home, 'c3')).toBe(expected);
    expect((await stat(full)).mode & 0o777).toBe(0o600);
    expect((await readFile(full)).subarray(0, 64).equals(Buffer.alloc(64, 9))).toBe(false);
  });
});
