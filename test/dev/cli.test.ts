import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type Server } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSite, repoRoot } from '../helpers.ts';
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
