import { execFile } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../src/diagnostics.ts';
import { createPool } from '../src/pool.ts';
import { openSession } from './dev/helpers.ts';
import { buildInMemory, fixture, makeSite, repoRoot } from './helpers.ts';

const run = promisify(execFile);

/**
 * Bounded work (issue 26): pathological pages build in time proportional to their size or are refused with
 * Q035 (file, line where known, the limit and its config key) well within the page time limit, which the
 * fixtures set to 2 s (`limits.pageTimeout`); nothing hangs and no stack trace is printed. Each case bounds its
 * wall time: generously (the test machine is shared), yet far below the 30 s limit the default would give.
 */
const config = async (limits: string) =>
  (await readFile(path.join(fixture('basic'), 'site.config.ts'), 'utf8')).replace(
    'export default {',
    `export default {\n  limits: ${limits},`,
  );
const page = (body: string) => `---\ntitle: Grenzfall\n---\n${body}`;
const q035 = (diagnostics: Diagnostic[]) => diagnostics.filter((d) => d.code === 'Q035');

/** Builds the basic fixture with `files` in memory and the given limits; the result and the wall time. */
async function timedBuild(files: Record<string, string>, limits = '{ pageTimeout: 2 }') {
  const site = await makeSite('basic', { 'site.config.ts': await config(limits), ...files });
  try {
    const started = performance.now();
    const { result } = await buildInMemory(site.root);
    return { result, ms: performance.now() - started };
  } finally {
    await site.cleanup();
  }
}

describe('limits', () => {
  it('limits: should refuse deep nesting and dense paragraphs before parsing, at their lines, within a second or two', async () => {
    const pages: Record<string, { body: string; line: number; says: string }> = {
      'list-5000': { body: '- '.repeat(5000) + 'a\n', line: 4, says: 'nested 101 levels deep here, more than the limit of 100' },
      'list-1mb': { body: '- '.repeat(500_000) + 'a\n', line: 4, says: 'nested 101 levels deep' },
      // Nested by indentation, one level a line: the 101st level is on the 101st line of the body.
      'list-indented': {
        body: Array.from({ length: 150 }, (_, i) => '  '.repeat(i) + '- Punkt').join('\n') + '\n',
        line: 104,
        says: 'nested 101 levels deep',
      },
      'quotes-5000': { body: 'Vorher.\n\n' + '> '.repeat(5000) + 'a\n', line: 6, says: 'nested 101 levels deep' },
      'links-open': { body: 'Text.\n\n' + '[a]('.repeat(100_000) + '\n', line: 6, says: 'more than 1000 link brackets and emphasis marks' },
      brackets: { body: '['.repeat(100_000) + '\n', line: 4, says: 'more than 1000 link brackets' },
      'images-open': { body: '![a]('.repeat(100_000) + '\n', line: 4, says: 'more than 1000 link brackets' },
      underscores: { body: '_a_ '.repeat(50_000) + '\n', line: 4, says: 'more than 1000 link brackets and emphasis marks' },
      // A paragraph over many lines counts as one.
      references: { body: Array.from({ length: 3000 }, () => '[a] [b]').join('\n') + '\n', line: 4, says: 'more than 1000' },
    };
    const files = Object.fromEntries(Object.entries(pages).map(([name, p]) => [`content/docs/grenzen/${name}.md`, page(p.body)]));
    // The same in MDX, where JSX and expressions are parsed too.
    files['content/docs/grenzen/mdx-list.mdx'] = page('- '.repeat(5000) + 'a\n');
    files['content/docs/grenzen/mdx-brackets.mdx'] = page('{['.repeat(3000) + ']}'.repeat(3000) + '\n');
    const { result, ms } = await timedBuild(files);
    expect(result.ok).toBe(false);
    const found = q035(result.diagnostics);
    for (const [name, p] of Object.entries(pages)) {
      const d = found.filter((x) => x.file === `content/docs/grenzen/${name}.md`);
      expect(d, name).toHaveLength(1);
      expect(d[0].line, name).toBe(p.line);
      expect(d[0].message, name).toContain(p.says);
      expect(d[0].hint, name).toMatch(/limits\.max(Nesting|InlineMarkers) in the site config/);
    }
    expect(found.find((d) => d.file === 'content/docs/grenzen/mdx-list.mdx')?.line).toBe(4);
    expect(found.find((d) => d.file === 'content/docs/grenzen/mdx-brackets.mdx')?.line).toBe(4);
    // Nothing but the one diagnostic per page (no stand-in's follow-up errors).
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toHaveLength(Object.keys(files).length);
    expect(ms).toBeLessThan(10_000);
  });

  it('limits: should build long runs of one emphasis mark, underscores inside words and nesting within the limits, in linear time', async () => {
    const { result, ms } = await timedBuild({
      'content/docs/grenzen/sterne.md': page('*'.repeat(100_000) + '\n'),
      // Underscores inside a word are text (a_a_a…): no emphasis, nothing to refuse.
      'content/docs/grenzen/unterstriche.md': page('_a'.repeat(50_000) + '\n'),
      'content/docs/grenzen/tief.md': page(
        Array.from({ length: 40 }, (_, i) => '  '.repeat(i) + '- Punkt ' + i).join('\n') + '\n\n' + '> '.repeat(40) + 'Zitat\n',
      ),
      'content/docs/grenzen/viele-links.md': page(
        Array.from({ length: 600 }, (_, i) => `Absatz ${i} mit [Link](/docs/) und *Betonung*.`).join('\n\n') + '\n',
      ),
    });
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(ms).toBeLessThan(15_000);
  });

  it('limits: should take the limits from the site config (a deeper list builds when limits.maxNesting allows it)', async () => {
    const body = Array.from({ length: 150 }, (_, i) => '  '.repeat(i) + '- Punkt').join('\n') + '\n';
    const { result } = await timedBuild({ 'content/docs/grenzen/tief.md': page(body) }, '{ pageTimeout: 2, maxNesting: 200 }');
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  });

  it('limits: should stop a page whose parsing does not end at the time limit (checks before parsing turned off)', async () => {
    // With the nesting check out of the way, a list 5,000 levels deep is what used to never finish.
    const { result, ms } = await timedBuild(
      { 'content/docs/grenzen/tief.md': page('- '.repeat(5000) + 'a\n') },
      '{ pageTimeout: 2, maxNesting: 1000000 }',
    );
    const [d] = q035(result.diagnostics);
    expect(d.file).toBe('content/docs/grenzen/tief.md');
    expect(d.message).toContain('Compiling this page took longer than 2 s, the time limit for a page');
    expect(d.hint).toContain('limits.pageTimeout');
    expect(result.diagnostics.filter((x) => x.severity === 'error')).toHaveLength(1);
    expect(ms).toBeLessThan(12_000);
  });

  const runaway: [string, string, RegExp, number | undefined][] = [
    [
      'an endless loop in an export',
      'export const x = (() => { while (true) {} })()\n\nText {x}\n',
      /Rendering \/de\/docs\/grenzen\/code\/ took longer than 2 s/,
      undefined,
    ],
    [
      'an endless loop in an expression',
      'Text {(() => { for (;;) {} })()}\n',
      /Rendering \/de\/docs\/grenzen\/code\/ took longer than 2 s/,
      undefined,
    ],
    [
      'slow code (exponential recursion)',
      'export const fib = (n) => n < 2 ? n : fib(n - 1) + fib(n - 2)\n\nText {fib(80)}\n',
      /took longer than 2 s/,
      undefined,
    ],
    [
      'recursion without end',
      'export const f = (n) => f(n + 1) + 1\n\nText {f(0)}\n',
      /ran out of stack: a function in its code calls itself without end/,
      4,
    ],
  ];
  for (const [name, body, says, line] of runaway) {
    it(`limits: should stop MDX code with ${name} and report it at the page`, async () => {
      const { result, ms } = await timedBuild({ 'content/docs/grenzen/code.mdx': page(body) });
      const errors = result.diagnostics.filter((d) => d.severity === 'error');
      expect(errors).toHaveLength(1);
      expect(errors[0]).toMatchObject({ code: 'Q035', file: 'content/docs/grenzen/code.mdx' });
      expect(errors[0].line).toBe(line);
      expect(errors[0].message).toMatch(says);
      expect(ms).toBeLessThan(12_000);
    });
  }

  it('limits: should report deep JSX nesting as Q035, never as a crash', async () => {
    const { result, ms } = await timedBuild({
      'content/docs/grenzen/jsx.mdx': page('<div>\n'.repeat(5000) + 'a\n' + '</div>\n'.repeat(5000)),
    });
    const errors = result.diagnostics.filter((d) => d.severity === 'error');
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ code: 'Q035', file: 'content/docs/grenzen/jsx.mdx' });
    expect(ms).toBeLessThan(12_000);
  });

  it('limits: quire build should print one Q035, no stack trace, exit 1 and leave dist/ as it was; also when pages compile in workers', async () => {
    // 45 pages more: enough for the compile pool (QUIRE_WORKERS=3 starts it on any machine).
    const many = Object.fromEntries(Array.from({ length: 45 }, (_, i) => [`content/docs/viele/s${i}.md`, page(`Seite ${i}.\n`)]));
    const site = await makeSite('basic', {
      'site.config.ts': await config('{ pageTimeout: 2, maxNesting: 1000000 }'),
      'content/docs/grenzen/tief.md': page('- '.repeat(5000) + 'a\n'),
      ...many,
    });
    try {
      await mkdir(path.join(site.root, 'dist/de'), { recursive: true });
      await writeFile(path.join(site.root, 'dist/de/index.html'), 'previous build');
      for (const threads of ['1', '3']) {
        const started = performance.now();
        const { code, stderr } = await run(process.execPath, [path.join(repoRoot, 'lib/quire.js'), '--root', site.root, 'build'], {
          env: { ...process.env, CI: '1', NO_COLOR: '1', QUIRE_WORKERS: threads },
        }).then(
          (r) => ({ code: 0, stderr: r.stderr }),
          (e: { code: number; stderr: string }) => e,
        );
        expect(code, stderr).toBe(1);
        expect(stderr.match(/^error /gm), stderr).toHaveLength(1);
        expect(stderr).toContain('error Q035 content/docs/grenzen/tief.md');
        expect(stderr).toContain('Compiling this page took longer than 2 s, the time limit for a page');
        expect(stderr).not.toMatch(/RangeError|^\s+at .+:\d+:\d+\)?$/m);
        expect(await readFile(path.join(site.root, 'dist/de/index.html'), 'utf8')).toBe('previous build');
        expect(performance.now() - started, `QUIRE_WORKERS=${threads}`).toBeLessThan(20_000);
      }
    } finally {
      await site.cleanup();
    }
  });

  it('limits: a worker pool should stop a task past its time limit, answer for it, and go on with a new worker', async () => {
    const pool = createPool<string, string>(path.join(repoRoot, 'test/fixtures/limits-worker.mjs'), {
      size: 1,
      timeLimit: { ms: 300, result: (input) => `stopped ${input}` },
    });
    try {
      const started = performance.now();
      const answers = await Promise.all(['a', 'loop', 'b', 'c'].map((input) => pool.run(input)));
      expect(answers).toEqual(['done a', 'stopped loop', 'done b', 'done c']);
      expect(performance.now() - started).toBeLessThan(5000);
    } finally {
      await pool.close();
    }
  });

  it('limits: quire dev should report a runaway page as Q035 and keep building (compiling in workers, rendering in its thread)', async () => {
    const site = await makeSite('basic', { 'site.config.ts': await config('{ pageTimeout: 2, maxNesting: 1000000 }') });
    const { session, edit } = await openSession(site.root, { workerFile: path.join(repoRoot, 'lib/worker.js') });
    try {
      let started = performance.now();
      const loop = await edit({ 'content/docs/guide/mdx.mdx': page('Text {(() => { while (true) {} })()}\n') });
      expect(loop.ok).toBe(false);
      expect(loop.diagnostics.filter((d) => d.severity === 'error').map((d) => [d.code, d.file])).toEqual([
        ['Q035', 'content/docs/guide/mdx.mdx'],
      ]);
      expect(performance.now() - started).toBeLessThan(12_000);
      // A page whose compiling does not end stops its worker; another takes its place.
      started = performance.now();
      const deep = await edit({ 'content/docs/guide/start.md': page('- '.repeat(5000) + 'a\n') });
      expect(deep.diagnostics.filter((d) => d.severity === 'error').map((d) => [d.code, d.file, d.message.slice(0, 40)])).toContainEqual([
        'Q035',
        'content/docs/guide/start.md',
        'Compiling this page took longer than 2 s',
      ]);
      expect(performance.now() - started).toBeLessThan(12_000);
      // Fixed, both build again, and the pages render as before.
      const fixed = await edit({
        'content/docs/guide/mdx.mdx': page('Text {1 + 1}\n'),
        'content/docs/guide/start.md': page('Wieder gut.\n'),
      });
      expect(fixed.ok, JSON.stringify(fixed.diagnostics)).toBe(true);
      expect(fixed.rendered).toContain('/de/docs/guide/mdx/');
    } finally {
      await session.close();
      await site.cleanup();
    }
  });
});
