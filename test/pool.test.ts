import { execFile } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { createPool, WorkerLostError } from '../src/pool.ts';
import { makeSite, repoRoot } from './helpers.ts';

const run = promisify(execFile);

/**
 * The worker pool (lib/worker.js beside this thread, `QUIRE_WORKERS` threads): the output must be the
 * output of a build in one thread, errors included. 60 pages: above the size where the pool starts.
 */
const pages: Record<string, string> = {};
for (let i = 0; i < 60; i++) {
  pages[`content/docs/viele/seite-${i}.md`] =
    `---\ntitle: Seite ${i}\n---\nText ${i} mit [Link](/docs/) und \`code\`.\n\n## Abschnitt ${i}\n\n| a | b |\n| - | - |\n| ${i} | x |\n\n\`\`\`js {1}\nconst n = ${i};\n\`\`\`\n`;
}

async function build(root: string, out: string, threads: string, extra: Record<string, string> = {}) {
  try {
    const { stderr } = await run(
      process.execPath,
      [path.join(repoRoot, 'lib/quire.js'), '--root', root, 'build', '--out', out, '--no-cache'],
      { env: { ...process.env, CI: '1', NO_COLOR: '1', QUIRE_WORKERS: threads, ...extra } },
    );
    return { code: 0, stderr };
  } catch (e) {
    return e as { code: number; stderr: string };
  }
}

async function htmlFiles(dir: string): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const f of await readdir(dir, { recursive: true })) if (f.endsWith('.html')) out.set(f, await readFile(path.join(dir, f), 'utf8'));
  return out;
}

/** Builds `files` in one thread and in three; both must succeed and write the same HTML files. */
async function expectSamePages(files: Record<string, string>, cleanups: (() => Promise<void>)[], minPages: number) {
  const site = await makeSite('basic', files);
  cleanups.push(site.cleanup);
  const one = await build(site.root, 'one', '1');
  const pooled = await build(site.root, 'pooled', '3');
  expect(one.code, one.stderr).toBe(0);
  expect(pooled.code, pooled.stderr).toBe(0);
  const [a, b] = [await htmlFiles(path.join(site.root, 'one')), await htmlFiles(path.join(site.root, 'pooled'))];
  expect(a.size).toBeGreaterThan(minPages);
  expect([...b.keys()].sort()).toEqual([...a.keys()].sort());
  for (const [file, html] of a) expect(b.get(file), file).toBe(html);
  return { one, pooled };
}

/** Builds `files` in one thread and in three; both must fail with the same report, naming `file`. */
async function expectSameFailure(files: Record<string, string>, cleanups: (() => Promise<void>)[], file: string) {
  const site = await makeSite('basic', files);
  cleanups.push(site.cleanup);
  const one = await build(site.root, 'one', '1');
  const pooled = await build(site.root, 'pooled', '3');
  expect(one.code).toBe(1);
  expect(pooled.code).toBe(1);
  expect(pooled.stderr).toContain(file);
  // Step lines pad the time column to its width, so the spaces around a time vary with it.
  const stable = (s: string) => s.replace(/ *\d+(\.\d+)? m?s\b */g, ' ').replace(/, \d+ threads/, '');
  expect(stable(pooled.stderr)).toBe(stable(one.stderr));
  return pooled;
}

describe('worker pool', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const c of cleanups) await c();
  });

  it('pool: should build the same pages with workers as in one thread', async () => {
    await expectSamePages(pages, cleanups, 60);
  }, 60_000);

  it('pool: should report a page that fails in a worker like one that fails in this thread', async () => {
    await expectSameFailure(
      { ...pages, 'content/docs/viele/seite-59.mdx': '# Kaputt\n\n<Offen>\n' },
      cleanups,
      'content/docs/viele/seite-59.mdx:',
    );
  }, 60_000);
});

/**
 * Rendering in the pool starts from a thousand pages to render (build.ts, RENDER_POOL_THRESHOLD): pages
 * from workers must equal pages from this thread, in the same order, and a page that fails to render in
 * a worker must be reported as it is in this thread.
 */
describe('render pool', () => {
  const many: Record<string, string> = {};
  for (let i = 0; i < 1000; i++)
    many[`content/docs/teil-${Math.floor(i / 100)}/seite-${i}.md`] =
      `---\ntitle: Seite ${i}\n---\nText ${i} mit [Link](/docs/).\n\n## Abschnitt ${i}\n`;
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const c of cleanups) await c();
  });

  it('pool: should render a thousand pages in workers exactly as in one thread', async () => {
    const { one, pooled } = await expectSamePages(many, cleanups, 1000);
    // The step lines (printed in CI) say where pages were rendered.
    expect(pooled.stderr).toMatch(/render\s+\d+ ms\s+1012 pages, 3 threads/);
    expect(one.stderr).not.toMatch(/threads/);
  }, 120_000);

  it('pool: should report a page that fails to render in a worker like one that fails in this thread', async () => {
    const kaputt =
      "---\ntitle: Kaputt\n---\nexport const fehler = () => { throw new Error('absichtlich kaputt'); };\n\nVor dem Fehler: {fehler()}\n";
    const pooled = await expectSameFailure(
      { ...many, 'content/docs/teil-9/kaputt.mdx': kaputt },
      cleanups,
      'content/docs/teil-9/kaputt.mdx',
    );
    expect(pooled.stderr).toContain('absichtlich kaputt');
    // The page's source map leads from the worker's stack back to the line of the page (the function that threw).
    expect(pooled.stderr).toContain('error Q080 content/docs/teil-9/kaputt.mdx:4:23');
    expect(pooled.stderr).toMatch(/render\s+\d+ ms\s+\d+ pages, 3 threads/);
  }, 120_000);
});

/** A worker that dies must fail its tasks, and later tasks must not wait for it forever. */
describe('pool with a dying worker', () => {
  const workerFile = path.join(repoRoot, 'test/fixtures/pool-worker.mjs');

  it('pool: should fail the task of a worker that stops, and every later task when none is left', async () => {
    const pool = createPool<number | string, number>(workerFile, { size: 1 });
    try {
      expect(await pool.run(2)).toBe(4);
      // Told apart from a task that failed: the task itself may succeed elsewhere (the dev server retries it).
      await expect(pool.run('crash')).rejects.toThrow(/exit code 3/);
      await expect(pool.run('crash')).rejects.toBeInstanceOf(WorkerLostError);
      await expect(pool.run(5)).rejects.toThrow(/no worker thread is left/);
    } finally {
      await pool.close();
    }
  });

  it('pool: should fail the tasks still waiting when it is closed, and any task after', async () => {
    const pool = createPool<number | string, number>(workerFile, { size: 1 });
    // Each outcome is caught as it comes (an unawaited rejection would be reported as unhandled).
    const outcomes = [pool.run(1), pool.run(2), pool.run(3)].map((task) =>
      task.then(
        (value) => value,
        (e: unknown) => e,
      ),
    );
    await pool.close();
    for (const outcome of await Promise.all(outcomes)) expect(outcome).toBeInstanceOf(WorkerLostError);
    await expect(pool.run(4)).rejects.toThrow(/closed/);
  });

  it('pool: should go on in this thread when its only worker throws', async () => {
    const pool = createPool<number | string, number>(workerFile, { size: 1, local: async (n) => Number(n) * 10 });
    try {
      // Queued alone, the task goes to the worker first (this thread takes what is left).
      await expect(pool.run('throw')).rejects.toThrow(/uncaught in the worker/);
      expect(await pool.run(7)).toBe(70);
    } finally {
      await pool.close();
    }
  });
});
