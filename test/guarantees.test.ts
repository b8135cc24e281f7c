import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { lstat, mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSite, repoRoot } from './helpers.ts';

/**
 * What the README's "Guarantees" promise, tried the way CI machines and laptops treat a build: killed with
 * SIGKILL at moments spread over a whole build (the switch included), two builds of one project at once,
 * and a server answering requests while the folder it serves is rebuilt again and again. Runs the compiled
 * CLI (`lib/quire.js`) as a separate process each time, as a user would.
 */

const CLI = path.join(repoRoot, 'lib/quire.js');
const PAGES = 200;

/** A doc page of the generated part of the site, in one of two versions. */
function page(i: number, version: number): string {
  const rows = Array.from({ length: 6 }, (_, r) => `| Zeile ${r} | Wert ${i * r} | v${version} |`).join('\n');
  return `---\ntitle: Seite ${i} (Fassung ${version})\n---\n\n## Abschnitt ${i}\n\nText der Seite ${i} in Fassung ${version}. ${'Mehr Text für eine realistische Seite. '.repeat(12)}\n\n| Spalte | Wert | Fassung |\n| --- | --- | --- |\n${rows}\n\n\`\`\`js\nconst seite = ${i};\nconst fassung = ${version};\n\`\`\`\n\n### Weiter unten\n\n- Punkt eins\n- Punkt zwei mit [Link](../p-${(i + 1) % PAGES}/)\n`;
}

async function writeVersion(root: string, version: number): Promise<void> {
  await mkdir(path.join(root, 'content/docs/gen'), { recursive: true });
  await Promise.all(Array.from({ length: PAGES }, (_, i) => writeFile(path.join(root, `content/docs/gen/p-${i}.md`), page(i, version))));
}

/**
 * A hash of a whole output tree (followed through dist's link): every file's path and bytes. With `site`,
 * the search index is left out: Pagefind writes its filters in a random order, so two builds of the same
 * content differ there (a whole index is checked by `wholeSearchIndex` instead).
 */
async function treeHash(dir: string, site = false): Promise<string> {
  const hash = createHash('sha256');
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
    .filter((f) => !site || !f.includes('pagefind/'));
  for (const file of files.sort())
    hash
      .update(file + '\0')
      .update(await readFile(path.join(dir, file)))
      .update('\0');
  return `${files.length}:${hash.digest('hex').slice(0, 16)}`;
}

/** The search index is whole: its entry names a metadata file that is there, and it has a fragment per indexed page. */
async function wholeSearchIndex(dir: string): Promise<boolean> {
  const index = path.join(dir, 'de/pagefind');
  const entry = JSON.parse(await readFile(path.join(index, 'pagefind-entry.json'), 'utf8')) as {
    languages: Record<string, { hash: string; page_count: number }>;
  };
  const [language] = Object.values(entry.languages);
  const files = await readdir(index, { recursive: true });
  return (
    files.includes(`pagefind.${language.hash}.pf_meta`) && files.filter((f) => f.startsWith('fragment/')).length === language.page_count
  );
}

interface Run {
  code: number | null;
  signal: NodeJS.Signals | null;
  stderr: string;
  ms: number;
}

function quire(root: string, args: string[], killAfterMs?: number): { child: ChildProcess; done: Promise<Run> } {
  const start = performance.now();
  const child = spawn(process.execPath, [CLI, '--root', root, ...args], {
    env: { ...process.env, CI: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  child.stdout!.resume();
  const timer = killAfterMs === undefined ? undefined : setTimeout(() => child.kill('SIGKILL'), killAfterMs);
  const done = new Promise<Run>((resolve) =>
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stderr, ms: performance.now() - start });
    }),
  );
  return { child, done };
}

const build = (root: string, out = 'dist', killAfterMs?: number) => quire(root, ['build', '--out', out], killAfterMs).done;

describe('guarantees', () => {
  let root: string;
  let cleanup: () => Promise<void>;
  /** The hash of the complete site of each content version, built cleanly into folders of their own. */
  const complete = new Map<number, string>();

  beforeAll(async () => {
    ({ root, cleanup } = await makeSite('basic'));
    for (const version of [1, 2]) {
      await writeVersion(root, version);
      const ref = await build(root, `ref-${version}`);
      expect(ref.code, ref.stderr).toBe(0);
      complete.set(version, await treeHash(path.join(root, `ref-${version}`), true));
    }
    expect(complete.get(1)).not.toBe(complete.get(2));
  }, 120_000);
  afterAll(() => cleanup());

  it('guarantees: should leave dist/ the whole old or the whole new site whenever a build is killed, and the next build finishes it', async () => {
    const dist = path.join(root, 'dist');
    await writeVersion(root, 1);
    const first = await build(root);
    expect(first.code, first.stderr).toBe(0);
    // How long a build from one version to the other takes, to spread the kills over it: the fastest of three, so
    // the kills still land inside builds when the machine gets faster than it was while one was timed (shared CI).
    const timings: number[] = [];
    for (const version of [2, 1, 2]) {
      await writeVersion(root, version);
      const run = await build(root);
      expect(run.code, run.stderr).toBe(0);
      timings.push(run.ms);
    }
    const timed = { ms: Math.min(...timings) };
    let shown = 2;
    const kills = 20;
    let interrupted = 0;
    const seen = { old: 0, new: 0 };
    for (let i = 0; i < kills; i++) {
      const target = shown === 1 ? 2 : 1;
      const before = await treeHash(dist);
      await writeVersion(root, target);
      // From the start of the process to a little past the measured end, so the last moments (switch and
      // clean-up) are among them.
      const at = Math.round((timed.ms * 1.15 * (i + 0.5)) / kills);
      const killed = await build(root, 'dist', at);
      if (killed.signal === 'SIGKILL') interrupted++;
      // Exactly the old tree, or the whole new site.
      if ((await treeHash(dist)) === before) seen.old++;
      else {
        expect(await treeHash(dist, true), `kill ${i} at ${at} ms`).toBe(complete.get(target));
        expect(await wholeSearchIndex(dist), `kill ${i} at ${at} ms`).toBe(true);
        seen.new++;
      }
      const next = await build(root);
      expect(next.code, next.stderr).toBe(0);
      expect(await treeHash(dist, true), `build after kill ${i}`).toBe(complete.get(target));
      expect(await wholeSearchIndex(dist)).toBe(true);
      shown = target;
      // Never more than the generation shown, the one it replaced, the note naming it, the one before and the
      // killed build's, both being removed in the background.
      expect((await readdir(path.join(root, '.dist-builds'))).length).toBeLessThanOrEqual(5);
    }
    expect(interrupted).toBeGreaterThanOrEqual(14);
    expect(seen.old).toBeGreaterThan(0);
    console.log(
      `guarantees: ${kills} kills over ${Math.round(timed.ms)} ms builds, ${interrupted} interrupted a build: ${seen.old} left the old site, ${seen.new} the new one`,
    );
  }, 480_000);

  it('guarantees: should run two builds of one project one after the other, and end equal to a clean build of the final content', async () => {
    await writeVersion(root, 1);
    const a = quire(root, ['build', '--out', 'dist-two']);
    // Let the first build take the lock, then edit and start the second.
    await new Promise((r) => setTimeout(r, 150));
    await writeVersion(root, 2);
    const b = quire(root, ['build', '--out', 'dist-two']);
    const [ra, rb] = await Promise.all([a.done, b.done]);
    expect(ra.code, ra.stderr).toBe(0);
    expect(rb.code, rb.stderr).toBe(0);
    expect(rb.stderr).toMatch(/Waiting for another build of this project to finish: process \d+/);
    expect(await treeHash(path.join(root, 'dist-two'), true)).toBe(complete.get(2));
    const again = await build(root, 'dist-two');
    expect(again.code, again.stderr).toBe(0);
    expect(await treeHash(path.join(root, 'dist-two'), true)).toBe(complete.get(2));
  }, 120_000);

  it('guarantees: should take over a lock left by a killed build, with a warning', async () => {
    await writeFile(
      path.join(root, '.quire/build.lock'),
      JSON.stringify({
        pid: 2147483646,
        started: '2026-01-01T00:00:00.000Z',
        command: 'quire build',
        host: (await import('node:os')).hostname(),
      }),
    );
    const r = await build(root, 'dist-two');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('Q103');
    expect(r.stderr).toContain('process 2147483646 (quire build)');
    await expect(lstat(path.join(root, '.quire/build.lock'))).rejects.toThrow();
  }, 60_000);

  it('guarantees: should rewrite a file of the output changed by anything else, on the next ordinary build', async () => {
    await writeVersion(root, 2);
    const out = path.join(root, 'dist-two');
    const file = path.join(out, 'de/docs/gen/p-7/index.html');
    const original = await readFile(file, 'utf8');
    // Same size, same mtime: only the content hash tells.
    const { mtime } = await lstat(file);
    const tampered = original.replace('Fassung 2', 'Fassung X');
    expect(tampered.length).toBe(original.length);
    const { utimes } = await import('node:fs/promises');
    await writeFile(file, tampered);
    await utimes(file, mtime, mtime);
    const r = await build(root, 'dist-two');
    expect(r.code, r.stderr).toBe(0);
    expect(await readFile(file, 'utf8')).toBe(original);
    expect(await treeHash(out, true)).toBe(complete.get(2));
  }, 60_000);

  it('guarantees: should never answer 404 or a torn page for a page that exists before and after, while the served folder is rebuilt 20 times', async () => {
    const out = 'dist-served';
    await writeVersion(root, 1);
    expect((await build(root, out)).code).toBe(0);
    const server = quire(root, ['serve', out, '--port', '0', '--next-port']);
    const url = await new Promise<string>((resolve, reject) => {
      let text = '';
      server.child.stderr!.on('data', (d: Buffer) => {
        text += d.toString();
        const m = /on (http:\/\/127\.0\.0\.1:\d+)/.exec(text);
        if (m) resolve(m[1]);
      });
      server.done.then((r) => reject(new Error(`serve ended: ${r.stderr}`)));
    });
    const paths = ['/de/', '/de/docs/', ...Array.from({ length: 8 }, (_, i) => `/de/docs/gen/p-${(i * 37) % PAGES}/`), '/de/sitemap.xml'];
    let requests = 0;
    const bad: string[] = [];
    let running = true;
    const client = async () => {
      while (running) {
        const p = paths[requests++ % paths.length];
        const res = await fetch(url + p);
        const body = await res.text();
        if (res.status !== 200) bad.push(`${p}: ${res.status}`);
        else if (p.endsWith('/') && !/<\/html>\s*$/.test(body)) bad.push(`${p}: torn (${body.length} bytes)`);
        else if (p.includes('/gen/') && !/Fassung [12]\)/.test(body)) bad.push(`${p}: neither version`);
      }
    };
    const clients = Array.from({ length: 2 }, client);
    try {
      for (let i = 0; i < 20; i++) {
        await writeVersion(root, i % 2 === 0 ? 2 : 1);
        const r = await build(root, out);
        expect(r.code, r.stderr).toBe(0);
      }
    } finally {
      running = false;
      await Promise.all(clients);
      server.child.kill('SIGTERM');
      await server.done;
    }
    expect(bad).toEqual([]);
    expect(requests).toBeGreaterThan(1000);
    console.log(`guarantees: ${requests} requests during 20 rebuilds, none failed`);
  }, 480_000);
});
