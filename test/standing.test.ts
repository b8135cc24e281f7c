import { execFileSync, spawn } from 'node:child_process';
import { appendFile, lstat, mkdir, readFile, readlink, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SiteConfig } from '../src/config/index.ts';
import { standingKey } from '../src/standing.ts';
import { makeSite, repoRoot } from './helpers.ts';

/**
 * The no-change check (src/standing.ts): a `quire build` whose every input and output file is as the last build
 * left them reports that build's result without running the stages, and anything else builds. Runs the compiled
 * CLI, where the check lives, as a user would.
 */

const CLI = path.join(repoRoot, 'lib/quire.js');
const STANDS = 'Nothing changed since the last build';

function build(root: string, args: string[] = [], env: Record<string, string> = {}): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(process.execPath, [CLI, '--root', root, 'build', ...args], {
    env: { ...process.env, CI: '1', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stderr })));
}

/**
 * Builds until a build stands, at most three times: after a build that changed the output, the next one may run in
 * full once (an older generation deleted in the background touched the files it shares), and the one after stands.
 */
async function settle(root: string, args: string[] = []): Promise<number> {
  for (let n = 1; n <= 3; n++) {
    const r = await build(root, args);
    expect(r.code, r.stderr).toBe(0);
    if (r.stderr.includes(STANDS)) return n;
  }
  throw new Error('no build stood after three');
}

describe('standing builds', () => {
  let root: string;
  let cleanup: () => Promise<void>;

  beforeAll(async () => {
    ({ root, cleanup } = await makeSite('basic', {
      // A warning the standing build must report again.
      'content/docs/guide/warned.md': '---\ntitle: Gewarnt\nunbekannt: 1\n---\n\nText.\n',
      'site.config.ts': (await readFile(path.join(repoRoot, 'test/fixtures/basic/site.config.ts'), 'utf8')).replace(
        "title: 'Fixture',",
        "title: process.env.FIXTURE_TITLE ?? 'Fixture', styles: ['styles/site.css'],",
      ),
      // A stylesheet outside the content folders (the client bundle reads it) and a folder the build never reads.
      'styles/site.css': '.hero { color: #123456; }\n',
      'notes/ideen.txt': 'Nicht Teil der Website.\n',
    }));
    const first = await build(root);
    expect(first.code, first.stderr).toBe(0);
  }, 120_000);
  afterAll(() => cleanup());

  it('standing: should report the last result again without running a stage, warnings included', async () => {
    const full = await build(root);
    const again = await build(root);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).toContain(STANDS);
    expect(again.stderr).not.toMatch(/^(config|load|compile|plan|render|emit) /m);
    const summary = (s: string) => /Built (\d+) pages.*\((\d+) files, [^)]+\), (\d+) warning/.exec(s)?.slice(1);
    expect(summary(again.stderr)).toEqual(summary(full.stderr) ?? summary(again.stderr));
    const warnings = (s: string) => s.match(/^warning Q\d+ .*$/gm);
    expect(warnings(again.stderr)?.length).toBeGreaterThan(0);
    expect(warnings(again.stderr)).toEqual(warnings(full.stderr));
  }, 60_000);

  it('standing: should build after an edit, a new file, a new folder or a removed file of the project', async () => {
    await settle(root);
    const changes: [string, () => Promise<unknown>][] = [
      ['edit', () => appendFile(path.join(root, 'content/docs/guide/start.md'), '\nMehr.\n')],
      ['new file', () => writeFile(path.join(root, 'content/docs/guide/neu.md'), '---\ntitle: Neu\n---\n\nNeu.\n')],
      ['new folder', () => mkdir(path.join(root, 'content/docs/leer'))],
      ['locale edit', () => appendFile(path.join(root, 'locales/de.json'), '\n')],
      ['removed file', () => rm(path.join(root, 'content/docs/guide/neu.md'))],
    ];
    for (const [what, change] of changes) {
      await change();
      const r = await build(root);
      expect(r.code, `${what}: ${r.stderr}`).toBe(0);
      expect(r.stderr, what).not.toContain(STANDS);
      expect(await settle(root), what).toBeLessThanOrEqual(3);
    }
  }, 240_000);

  it('standing: should build when a stylesheet outside the content folders changed, and stand when an unread file did', async () => {
    await settle(root);
    await appendFile(path.join(root, 'notes/ideen.txt'), 'Noch mehr.\n');
    expect((await build(root)).stderr).toContain(STANDS);
    await appendFile(path.join(root, 'styles/site.css'), '.hero { color: #654321; }\n');
    const r = await build(root);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).not.toContain(STANDS);
  }, 60_000);

  it('standing: should write again an output file changed by hand, even with its size and mtime kept', async () => {
    await settle(root);
    const file = path.join(root, 'dist/de/docs/guide/start/index.html');
    const original = await readFile(file, 'utf8');
    const before = await lstat(file, { bigint: true });
    const tampered = original.replace('<html', '<htmX');
    expect(tampered.length).toBe(original.length);
    // The mtime put back to the nanosecond (touch -r copies it through a file that kept it): only the ctime tells.
    const kept = path.join(root, 'mtime-kept');
    await writeFile(kept, '');
    execFileSync('touch', ['-m', '-r', file, kept]);
    await writeFile(file, tampered);
    execFileSync('touch', ['-m', '-r', kept, file]);
    const after = await lstat(file, { bigint: true });
    expect([after.size, after.mtimeNs, after.ino]).toEqual([before.size, before.mtimeNs, before.ino]);
    await rm(kept);
    const r = await build(root);
    expect(r.stderr).not.toContain(STANDS);
    expect(await readFile(file, 'utf8')).toBe(original);
  }, 60_000);

  it('standing: should build when the configuration evaluates differently though no file changed', async () => {
    await settle(root);
    const r = await build(root, [], { FIXTURE_TITLE: 'Anders' });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).not.toContain(STANDS);
    expect(await readFile(path.join(root, 'dist/de/docs/guide/start/index.html'), 'utf8')).toContain('Anders');
    // And back: the record of the other configuration does not stand for this one.
    const back = await build(root);
    expect(back.stderr).not.toContain(STANDS);
  }, 60_000);

  it('standing: should build with --no-cache, into another folder, and while another build holds the lock', async () => {
    await settle(root);
    expect((await build(root, ['--no-cache'])).stderr).not.toContain(STANDS);
    const target = await readlink(path.join(root, 'dist'));
    expect((await build(root, ['--out', 'other'])).stderr).not.toContain(STANDS);
    expect(await readlink(path.join(root, 'dist'))).toBe(target);
    await settle(root);
    // A lock left by a process that is gone: the build takes it over (Q103) instead of standing.
    await writeFile(
      path.join(root, '.quire/build.lock'),
      JSON.stringify({ pid: 2147483646, started: '', command: 'quire build', host: '' }),
    );
    const locked = await build(root);
    expect(locked.stderr).not.toContain(STANDS);
    expect(locked.stderr).toContain('Q103');
  }, 120_000);

  it('standing: should keep no record for a site that shows the last commit of its pages', () => {
    const section = { showLastUpdateTime: false, showLastUpdateAuthor: false };
    const config = { title: 'T', docs: section, blog: section } as unknown as SiteConfig;
    const options = { tool: 'q', outDir: '/tmp/dist' };
    expect(standingKey(config, options)).toMatch(/^[0-9a-f]{64}$/);
    expect(standingKey({ ...config, docs: { ...config.docs, showLastUpdateTime: true } }, options)).toBeUndefined();
    expect(standingKey({ ...config, blog: { ...config.blog, showLastUpdateAuthor: true } }, options)).toBeUndefined();
    // Functions are compared by their source.
    const a = standingKey({ ...config, x: () => 1 } as typeof config, options);
    expect(standingKey({ ...config, x: () => 2 } as typeof config, options)).not.toBe(a);
  });
});
