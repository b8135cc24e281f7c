import { execFile } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { makeSite, repoRoot } from './helpers.ts';

const run = promisify(execFile);

/**
 * The worker pool (lib/worker.js beside this thread, `QUIRE_WORKERS` threads): the output must be the
 * output of a build in one thread, errors included. 60 pages: above the size where the pool starts.
 */
const pages: Record<string, string> = {};
for (let i = 0; i < 60; i++) {
  pages[`content/docs/viele/seite-${i}.md`] = `---\ntitle: Seite ${i}\n---\nText ${i} mit [Link](/docs/) und \`code\`.\n\n## Abschnitt ${i}\n\n| a | b |\n| - | - |\n| ${i} | x |\n\n\`\`\`js {1}\nconst n = ${i};\n\`\`\`\n`;
}

async function build(root: string, out: string, threads: string, extra: Record<string, string> = {}) {
  try {
    const { stderr } = await run(process.execPath, [path.join(repoRoot, 'lib/quire.js'), '--root', root, 'build', '--out', out, '--no-cache'], { env: { ...process.env, CI: '1', NO_COLOR: '1', QUIRE_WORKERS: threads, ...extra } });
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

describe('worker pool', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const c of cleanups) await c();
  });

  it('pool: should build the same pages with workers as in one thread', async () => {
    const site = await makeSite('basic', pages);
    cleanups.push(site.cleanup);
    const one = await build(site.root, 'one', '1');
    const pooled = await build(site.root, 'pooled', '3');
    expect(one.code, one.stderr).toBe(0);
    expect(pooled.code, pooled.stderr).toBe(0);
    const [a, b] = [await htmlFiles(path.join(site.root, 'one')), await htmlFiles(path.join(site.root, 'pooled'))];
    expect(a.size).toBeGreaterThan(60);
    expect([...b.keys()].sort()).toEqual([...a.keys()].sort());
    for (const [file, html] of a) expect(b.get(file), file).toBe(html);
  }, 60_000);

  it('pool: should report a page that fails in a worker like one that fails in this thread', async () => {
    const site = await makeSite('basic', { ...pages, 'content/docs/viele/seite-59.mdx': '# Kaputt\n\n<Offen>\n' });
    cleanups.push(site.cleanup);
    const one = await build(site.root, 'one', '1');
    const pooled = await build(site.root, 'pooled', '3');
    expect(one.code).toBe(1);
    expect(pooled.code).toBe(1);
    expect(pooled.stderr).toContain('content/docs/viele/seite-59.mdx:');
    const stable = (s: string) => s.replace(/\d+(\.\d+)? m?s\b/g, '');
    expect(stable(pooled.stderr)).toBe(stable(one.stderr));
  }, 60_000);
});
