import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type Server } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFile, rm, writeFile } from 'node:fs/promises';
import type { OverlayPayload } from '../../src/dev/live-client.ts';
import { makeSite, repoRoot } from '../helpers.ts';
import { openEvents } from './events.ts';
import { get } from './http.ts';

const CLI = path.join(repoRoot, 'lib/quire.js');

interface Running {
  child: ChildProcess;
  output: () => string;
  /** Resolves with the first match of `pattern` in stderr (bounded). */
  waitFor: (pattern: RegExp, timeoutMs?: number) => Promise<RegExpExecArray>;
  exited: Promise<number | null>;
}

function run(args: string[], cwd: string): Running {
  const child = spawn(process.execPath, [CLI, ...args], {
    cwd,
    env: { ...process.env, CI: '1', NO_COLOR: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (out += c.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return {
    child,
    output: () => out,
    exited,
    waitFor: (pattern, timeoutMs = 60_000) =>
      new Promise((resolve, reject) => {
        const started = Date.now();
        const check = () => {
          const m = pattern.exec(out);
          if (m) return resolve(m);
          if (child.exitCode !== null || Date.now() - started > timeoutMs) return reject(new Error(`no ${pattern} in output:\n${out}`));
          setTimeout(check, 50);
        };
        check();
      }),
  };
}

async function stop(r: Running): Promise<number | null> {
  if (r.child.exitCode === null) r.child.kill('SIGINT');
  const timer = setTimeout(() => r.child.kill('SIGKILL'), 10_000);
  const code = await r.exited;
  clearTimeout(timer);
  return code;
}

describe('quire dev and quire serve on the command line', () => {
  let root: string;
  let cleanup: () => Promise<void>;
  let busy: Server;
  let busyPort: number;
  beforeAll(async () => {
    ({ root, cleanup } = await makeSite('basic'));
    busy = createServer();
    await new Promise<void>((r) => busy.listen(0, '127.0.0.1', r));
    busyPort = (busy.address() as { port: number }).port;
  });
  afterAll(async () => {
    busy?.close();
    await cleanup?.();
  });

  it('cli: should start quire dev on a free port, serve the site with live reload, and stop cleanly on Ctrl+C', async () => {
    const dev = run(['dev', '--port', '0', '--no-cache'], root);
    try {
      const [, url] = await dev.waitFor(/quire dev: serving (http:\/\/127\.0\.0\.1:\d+\/de\/)/);
      const page = await get(url + 'docs/guide/start/');
      expect(page.status).toBe(200);
      expect(page.body.toString()).toContain('/__quire/live.js');
      expect(dev.output()).toMatch(/first build: 13 page\(s\) rendered in \d+ ms/);
    } finally {
      expect(await stop(dev)).toBe(0);
    }
  });

  it("cli: should report what the project's code throws from its own timer as Q004, and go on serving", async () => {
    // The config sets a timer of its own that throws once the test asks (as Electron's structure previews' time limit
    // throws from a timer): quire build stops with one Q004, quire dev ended with a stack trace.
    const { root: own, cleanup: done } = await makeSite('basic');
    try {
      const config = path.join(own, 'site.config.ts');
      // Outside the project, so that making it is no edit the dev server builds.
      const trigger = `${own}-throw-now`;
      const timer = [
        "import { existsSync } from 'node:fs';",
        'const poll = setInterval(() => {',
        `  if (!existsSync(${JSON.stringify(trigger)})) return;`,
        '  clearInterval(poll);',
        "  throw new Error('the late timer gave up');",
        '}, 50);',
        'poll.unref();',
        '',
      ].join('\n');
      await writeFile(config, timer + (await readFile(config, 'utf8')));
      const dev = run(['dev', '--port', '0', '--no-cache'], own);
      try {
        const [, url] = await dev.waitFor(/quire dev: serving (http:\/\/127\.0\.0\.1:\d+\/de\/)/);
        await writeFile(trigger, '');
        await dev.waitFor(/error Q004 site\.config\.ts:5:/);
        expect(dev.output()).toContain('the late timer gave up');
        expect(dev.output()).toContain('quire dev goes on serving the pages it built');
        expect(dev.output()).not.toMatch(/^\s+at .+:\d+:\d+\)?$/m);
        // Still serving, with the error in the overlay a page shows.
        expect((await get(url + 'docs/guide/start/')).status).toBe(200);
        const events = openEvents(new URL(url).origin + '/__quire/events');
        try {
          await events.opened;
          const { overlay } = await events.next<{ overlay: OverlayPayload | null }>('hello');
          expect(overlay?.errors).toEqual([
            expect.objectContaining({ code: 'Q004', where: expect.stringMatching(/^site\.config\.ts:5:/) }),
          ]);
        } finally {
          events.close();
        }
        // The next edit builds, and the overlay goes.
        const page = path.join(own, 'content/docs/guide/start.md');
        await writeFile(page, (await readFile(page, 'utf8')) + '\nEin neuer Absatz.\n');
        await dev.waitFor(/fixed: content\/docs\/guide\/start\.md/);
      } finally {
        expect(await stop(dev)).toBe(0);
      }
    } finally {
      await rm(`${own}-throw-now`, { force: true });
      await done();
    }
  });

  it('cli: should accept watch as another name for dev', async () => {
    const help = run(['watch', '--help'], root);
    expect(await help.exited).toBe(0);
    expect(help.output()).toContain('--next-port');
    expect(help.output()).toContain('--allowed-host');
  });

  it('cli: should say clearly when the port is busy, and take the next one with --next-port', async () => {
    const build = run(['build', '--no-cache'], root);
    expect(await build.exited).toBe(0);
    const refused = run(['serve', '--port', String(busyPort)], root);
    expect(await refused.exited).toBe(1);
    expect(refused.output()).toContain(`error Q110`);
    expect(refused.output()).toContain(`Port ${busyPort} on 127.0.0.1 is already in use.`);
    expect(refused.output()).toContain('--next-port');
    expect(refused.output()).not.toMatch(/\n\s+at /);

    const served = run(['serve', '--port', String(busyPort), '--next-port'], root);
    try {
      const [, url] = await served.waitFor(/quire serve: dist on (http:\/\/127\.0\.0\.1:(\d+)\/de\/)/);
      expect(url).not.toContain(`:${busyPort}/`);
      const page = await get(url + 'pricing/');
      expect(page.status).toBe(200);
      expect(page.body.toString()).not.toContain('/__quire/');
      expect((await get(url + 'pricing')).headers.location).toBe('/de/pricing/');
      const asset = /\/de\/assets\/main\.[A-Z0-9]+\.js/.exec(page.body.toString())![0];
      expect((await get(new URL(url).origin + asset)).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    } finally {
      expect(await stop(served)).toBe(0);
    }
  });

  it('cli: should warn when the server listens beyond this machine, and not by default', async () => {
    const exposed = run(['serve', path.join(repoRoot, 'test/fixtures/basic/static'), '--host', '0.0.0.0', '--port', '0'], root);
    await exposed.waitFor(/warning: listening on 0\.0\.0\.0: other machines on the network can open this site\./);
    await stop(exposed);
    const local = run(['serve', path.join(repoRoot, 'test/fixtures/basic/static'), '--port', '0'], root);
    await local.waitFor(/quire serve: .* \(Ctrl\+C to stop\)/);
    await new Promise((r) => setTimeout(r, 100));
    expect(local.output()).not.toContain('warning');
    await stop(local);
  });

  it('cli: should report a missing output folder and a bad port number without a stack trace', async () => {
    const missing = run(['serve', 'nicht-gebaut'], root);
    expect(await missing.exited).toBe(1);
    expect(missing.output()).toContain('error Q111');
    expect(missing.output()).toContain('Run quire build first');
    const badPort = run(['dev', '--port', 'abc'], root);
    expect(await badPort.exited).toBe(1);
    expect(badPort.output()).toContain('"abc" is not a port number');
  });
});
