import { setMaxListeners } from 'node:events';
import { readdirSync } from 'node:fs';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { Agent, request } from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OverlayPayload, ReloadPayload } from '../../src/dev/live-client.ts';
import { startDev, type DevHandle } from '../../src/dev/index.ts';
import { classicTheme } from '../../themes/classic/index.tsx';
import { makeSite, repoRoot } from '../helpers.ts';
import { saveAtomically, startTestDev } from './helpers.ts';
import { openEvents } from './events.ts';
import { get, rawGet, rawRequest, traversalTargets } from './http.ts';

describe('quire dev server', () => {
  let dev: DevHandle;
  let root: string;
  let cleanup: () => Promise<void>;
  const logs: string[] = [];
  let searchIndexes = 0;
  /**
   * Edits a file and waits for the build the watcher starts for it. The edit is saved as many editors
   * do, into a hidden temporary file renamed over the old one: written in place, a busy machine can let
   * the watcher see the file emptied before its new text arrives, and that build (and the one after,
   * once the watcher looks again) would then be the one waited for.
   */
  const edit = async (file: string, change: (text: string) => string) => {
    const abs = path.join(root, file);
    const text = change(await readFile(abs, 'utf8'));
    const report = waitForBuildOf(file, Date.now());
    await saveAtomically(abs, text);
    return report;
  };
  /** The next build of `file` that started after `since` (so it read the edit); bounded, and on timeout the terminal output says why. */
  const waitForBuildOf = async (file: string, since: number, timeoutMs = 30_000) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const left = deadline - Date.now();
      const report = await Promise.race([
        dev.nextReport(),
        new Promise<undefined>((r) => setTimeout(() => r(undefined), Math.max(0, left))),
      ]);
      if (!report) throw new Error(`no build of ${file} within ${timeoutMs} ms; terminal:\n${logs.join('\n')}`);
      if (report.changed.includes(file) && report.startedAt >= since) return report;
    }
  };

  beforeAll(async () => {
    ({ root, cleanup } = await makeSite('basic'));
    dev = await startTestDev(root, {
      // The real theme and client code are other people's work in progress: watch empty folders instead.
      themeDirs: [path.join(root, 'no-theme')],
      clientDirs: [path.join(root, 'no-client')],
      log: (text) => logs.push(text),
      searchDelayMs: 50,
      onSearchIndex: () => searchIndexes++,
    });
  });
  afterAll(async () => {
    await dev?.close();
    await cleanup?.();
  });

  it('dev: should serve the in-memory build on 127.0.0.1 with the live-reload script and bucket semantics', async () => {
    expect(dev.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(dev.siteUrl).toBe(dev.url + '/de/');
    const page = await get(dev.siteUrl + 'docs/guide/start/');
    expect(page.status).toBe(200);
    const html = page.body.toString();
    expect(html).toContain('Der erste Absatz');
    expect(html).toMatch(
      /<script src="\/__quire\/live\.js" data-page="de\/docs\/guide\/start\/index\.html" data-version="\d+" defer><\/script><\/body>/,
    );
    expect((await get(dev.siteUrl + 'docs/guide/start/index.html')).body.equals(page.body)).toBe(true);
    expect((await get(dev.siteUrl + 'docs/guide/start.html')).body.equals(page.body)).toBe(true);
    const redirect = await get(dev.siteUrl + 'docs/guide/start');
    expect([redirect.status, redirect.headers.location]).toEqual([301, '/de/docs/guide/start/']);
    const missing = await get(dev.siteUrl + 'gibt-es-nicht/');
    expect(missing.status).toBe(404);
    expect(missing.body.toString()).toContain('data-route-kind="notFound"');
    const root = await get(dev.url + '/');
    expect([root.status, root.headers.location]).toEqual([302, '/de/']);
    const script = await get(dev.url + '/__quire/live.js');
    expect(script.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(script.body.toString()).toContain('EventSource');
    // ETag and 304 work on the in-memory files too.
    expect((await get(dev.siteUrl + 'docs/guide/start/', { 'if-none-match': page.headers.etag as string })).status).toBe(304);
    // Drafts are visible in dev; analytics never is.
    expect((await get(dev.siteUrl + 'docs/draft/')).status).toBe(200);
    expect(html).not.toContain('googletagmanager');
  });

  it('dev: should reject requests whose Host header is not the served host (DNS rebinding)', async () => {
    const port = Number(new URL(dev.url).port);
    expect((await rawGet(port, '/de/', 'evil.example')).status).toBe(403);
    expect((await rawGet(port, '/de/', `evil.example:${port}`)).status).toBe(403);
    expect((await rawGet(port, '/de/', `127.0.0.1.evil.example:${port}`)).status).toBe(403);
    expect((await rawRequest(port, 'GET /de/ HTTP/1.0\r\n\r\n')).status).toBe(403);
    expect((await rawGet(port, '/de/', `localhost:${port}`)).status).toBe(200);
    expect((await rawGet(port, '/de/', `127.0.0.1:${port}`)).status).toBe(200);
    const events = await rawGet(port, '/__quire/events', 'evil.example');
    expect(events.status).toBe(403);
  });

  it('dev: should never serve a file outside the root and answer malformed requests with 400', async () => {
    const port = Number(new URL(dev.url).port);
    const secret = path.join(root, 'site.config.ts');
    for (const target of traversalTargets(secret, port)) {
      const r = await rawGet(port, target);
      expect([400, 404], `${target} → ${r.status}`).toContain(r.status);
      expect(r.body, target).not.toContain('defaultLocale');
    }
    expect((await rawGet(port, '/de/%zz/')).status).toBe(400);
    expect((await rawRequest(port, `GET /de/ HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nX-Big: ${'a'.repeat(40_000)}\r\n\r\n`)).status).toBe(
      400,
    );
    expect((await get(dev.siteUrl)).status).toBe(200);
  });

  it('dev: should rebuild only the edited page, tell open pages over server-sent events and say so in the terminal', async () => {
    const version = /data-version="(\d+)"/.exec((await get(dev.siteUrl + 'docs/guide/start/')).body.toString())![1];
    const events = openEvents(`${dev.url}/__quire/events?page=de%2Fdocs%2Fguide%2Fstart%2Findex.html&v=${version}`);
    await events.opened;
    const hello = await events.next<{ stale: boolean; overlay: unknown }>('hello');
    expect(hello).toMatchObject({ stale: false, overlay: null });
    const ok = events.next<ReloadPayload>('ok');
    const report = await edit('content/docs/guide/start.md', (t) => t.replace('Der erste Absatz', 'Der live geänderte Absatz'));
    expect(report.ok).toBe(true);
    expect(report.rendered).toEqual(['/de/docs/guide/start/']);
    expect(await ok).toEqual({ files: ['de/docs/guide/start/index.html'], other: false });
    expect((await get(dev.siteUrl + 'docs/guide/start/')).body.toString()).toContain('Der live geänderte Absatz');
    expect(logs.some((l) => /^content\/docs\/guide\/start\.md: 1 page\(s\) rendered in \d+ ms/.test(l))).toBe(true);
    // A page loaded before the change is outdated: its stream says so at once.
    const stale = openEvents(`${dev.url}/__quire/events?page=de%2Fdocs%2Fguide%2Fstart%2Findex.html&v=${version}`);
    expect(await stale.next<{ stale: boolean }>('hello')).toMatchObject({ stale: true });
    stale.close();
    events.close();
  });

  it('dev: should show a broken file in the overlay and the terminal once, keep the last good pages, and clear the overlay when fixed', async () => {
    const events = openEvents(`${dev.url}/__quire/events`);
    await events.next('hello');
    const printedBefore = logs.length;
    const failing = events.next<OverlayPayload>('errors');
    const broken = await edit('content/docs/guide/mdx.mdx', (t) => t + '\n<Offen>\n\nText <script>alert(1)</script>\n');
    expect(broken.ok).toBe(false);
    const overlay = await failing;
    expect(overlay.errors).toHaveLength(1);
    const [error] = overlay.errors;
    expect(error.code).toBe('Q030');
    expect(error.where).toMatch(/^content\/docs\/guide\/mdx\.mdx:\d+:\d+$/);
    expect(error.frame).toMatch(/> +\d+ \|/);
    expect(error.frame).toContain('^');
    expect(overlay.note).toContain('as it last worked');
    // The terminal shows the same, once.
    const printed = logs.slice(printedBefore);
    expect(printed).toHaveLength(1);
    expect(printed[0]).toContain(error.where);
    expect(printed[0]).toContain('Q030');
    // The last good page is still served, and a page loaded now learns about the error at once.
    const page = await get(dev.siteUrl + 'docs/guide/mdx/');
    expect(page.status).toBe(200);
    expect(page.body.toString()).not.toContain('<Offen>');
    const late = openEvents(`${dev.url}/__quire/events`);
    expect(await late.next<{ overlay: OverlayPayload }>('hello')).toMatchObject({ overlay: { errors: [{ code: 'Q030' }] } });
    late.close();

    // Another edit while the file is still broken: served at once (the open page reloads), the error is not
    // printed again, one line says what was built and what is still broken.
    const reloaded = events.next<ReloadPayload>('ok');
    const still = await edit('content/docs/guide/start.md', (t) => t.replace('live geänderte', 'wieder geänderte'));
    expect(still.ok).toBe(false);
    expect((await reloaded).files).toContain('de/docs/guide/start/index.html');
    expect((await get(dev.siteUrl + 'docs/guide/start/')).body.toString()).toContain('wieder geänderte');
    const after = logs.slice(printedBefore);
    expect(after).toHaveLength(2);
    expect(after[1]).toMatch(
      /^content\/docs\/guide\/start\.md: 1 page\(s\) rendered in \d+ ms; content\/docs\/guide\/mdx\.mdx still has an error, shown as it last worked$/,
    );

    const cleared = events.next<ReloadPayload>('ok');
    const fixed = await edit('content/docs/guide/mdx.mdx', (t) => t.replace('\n<Offen>\n\nText <script>alert(1)</script>\n', ''));
    expect(fixed.ok).toBe(true);
    // The overlay goes; the fixed page is as it last worked, so nothing needs rendering.
    expect((await cleared).files).toEqual([]);
    expect(logs.some((l) => /^fixed: content\/docs\/guide\/mdx\.mdx: 0 page\(s\) rendered/.test(l))).toBe(true);
    events.close();
  });

  it('dev: should reload every page after a static file changes and keep config edits live', async () => {
    const events = openEvents(`${dev.url}/__quire/events`);
    await events.next('hello');
    const ok = events.next<ReloadPayload>('ok');
    const next = waitForBuildOf('static/img/logo.svg', Date.now());
    // The same size: the page that shows it as a Markdown image stays as it is.
    await writeFile(
      path.join(root, 'static/img/logo.svg'),
      '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><title>neu</title></svg>',
    );
    expect((await next).rendered).toEqual([]);
    expect(await ok).toEqual({ files: ['de/img/logo.svg'], other: true });
    expect((await get(dev.siteUrl + 'img/logo.svg')).body.toString()).toContain('neu');

    const config = await edit('site.config.ts', (t) => t.replace("label: 'Anleitung'", "label: 'Handbuch'"));
    expect(config.rendered.length).toBeGreaterThan(10);
    expect((await get(dev.siteUrl + 'pricing/')).body.toString()).toContain('Handbuch');
    events.close();
  });

  it('dev: should serve a search index that follows the edits', async () => {
    const { gunzipSync } = await import('node:zlib');
    const indexed = (word: string) =>
      [...dev.store.keys()]
        .filter((f) => f.startsWith('de/pagefind/fragment/'))
        .some((f) =>
          gunzipSync(dev.store.raw(f) as Uint8Array)
            .toString()
            .includes(word),
        );
    await edit('content/docs/guide/start.md', (t) => t.replace('Der wieder geänderte Absatz', 'Der Quirlbesenabsatz'));
    // Debounced and built beside the server: wait (bounded) for the index that has the new word.
    for (let i = 0; i < 200 && !indexed('Quirlbesenabsatz'); i++) await new Promise((r) => setTimeout(r, 50));
    expect(indexed('Quirlbesenabsatz')).toBe(true);
    expect(searchIndexes).toBeGreaterThan(1);
    const entry = await get(dev.siteUrl + 'pagefind/pagefind.js');
    expect(entry.status).toBe(200);
    expect(entry.headers['content-type']).toBe('text/javascript; charset=utf-8');
  });

  it('dev: should answer 1,000 concurrent requests without errors or leaked file handles', async () => {
    const pages = [...dev.store.keys()].filter((f) => f.endsWith('/index.html')).map((f) => '/' + f.slice(0, -'index.html'.length));
    const assets = [...dev.store.keys()].filter((f) => f.startsWith('de/assets/')).map((f) => '/' + f);
    const targets = Array.from({ length: 1000 }, (_, i) => {
      const page = pages[i % pages.length];
      return [
        { path: page, headers: {}, status: 200 },
        { path: page, headers: { 'accept-encoding': 'br' }, status: 200 },
        { path: assets[i % assets.length], headers: { 'accept-encoding': 'gzip' }, status: 200 },
        { path: page.slice(0, -1), headers: {}, status: 301 },
        { path: `/de/fehlt-${i}/`, headers: {}, status: 404 },
      ][i % 5];
    });
    const before = readdirSync('/proc/self/fd').length;
    const agent = new Agent({ keepAlive: true, maxSockets: 200 });
    const deadline = AbortSignal.timeout(30_000);
    // One deadline for every request at once: each listens to it (no warning about many listeners).
    setMaxListeners(targets.length + 1, deadline);
    const statuses = await Promise.allSettled(
      targets.map(
        (t) =>
          new Promise<number>((resolve, reject) => {
            const req = request(dev.url + t.path, { agent, headers: t.headers, signal: deadline }, (res) => {
              res.resume();
              res.on('end', () => resolve(res.statusCode ?? 0));
            });
            req.on('error', reject);
            req.end();
          }),
      ),
    );
    agent.destroy();
    const failures = statuses.flatMap((r, i) =>
      r.status === 'rejected'
        ? [`${targets[i].path}: ${(r.reason as Error).message}`]
        : r.value === targets[i].status
          ? []
          : [`${targets[i].path}: ${r.value}`],
    );
    expect(failures).toEqual([]);
    for (let i = 0; i < 50 && readdirSync('/proc/self/fd').length > before; i++) await new Promise((r) => setTimeout(r, 50));
    expect(readdirSync('/proc/self/fd').length).toBeLessThanOrEqual(before);
  });

  it('dev: should build a page renamed into another folder as one move, and say so', async () => {
    const before = Date.now();
    const created = waitForBuildOf('content/docs/umzug.md', before);
    await writeFile(path.join(root, 'content/docs/umzug.md'), '---\ntitle: Umzug\n---\nDiese Seite zieht um.\n');
    expect((await created).rendered).toContain('/de/docs/umzug/');
    // chokidar reports the new name at once and the old one gone 100 ms later: both are one build.
    const moved = waitForBuildOf('content/docs/guide/umzug.md', Date.now());
    await rename(path.join(root, 'content/docs/umzug.md'), path.join(root, 'content/docs/guide/umzug.md'));
    const report = await moved;
    expect(report.changed.sort()).toEqual(['content/docs/guide/umzug.md', 'content/docs/umzug.md']);
    expect(report.renamed).toEqual([{ from: 'content/docs/umzug.md', to: 'content/docs/guide/umzug.md' }]);
    expect(logs.at(-1)).toMatch(/^content\/docs\/umzug\.md → content\/docs\/guide\/umzug\.md: 1 page\(s\) rendered in \d+ ms/);
    expect((await get(dev.siteUrl + 'docs/guide/umzug/')).body.toString()).toContain('Diese Seite zieht um.');
    expect((await get(dev.siteUrl + 'docs/umzug/')).status).toBe(404);
    const deleted = waitForBuildOf('content/docs/guide/umzug.md', Date.now());
    await rm(path.join(root, 'content/docs/guide/umzug.md'));
    expect((await deleted).removed).toEqual(['content/docs/guide/umzug.md']);
    expect(logs.at(-1)).toMatch(/^content\/docs\/guide\/umzug\.md \(deleted\): 0 page\(s\) rendered in \d+ ms/);
    expect((await get(dev.siteUrl + 'docs/guide/umzug/')).status).toBe(404);
  });

  it('dev: should build a static file renamed into another folder as one move, and say so', async () => {
    const bytes = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"/>\n');
    const created = waitForBuildOf('static/img/umzug.svg', Date.now());
    await writeFile(path.join(root, 'static/img/umzug.svg'), bytes);
    await created;
    expect((await get(dev.siteUrl + 'img/umzug.svg')).body.equals(bytes)).toBe(true);
    await mkdir(path.join(root, 'static/img/neu'), { recursive: true });
    const moved = waitForBuildOf('static/img/neu/umzug.svg', Date.now());
    await rename(path.join(root, 'static/img/umzug.svg'), path.join(root, 'static/img/neu/umzug.svg'));
    const report = await moved;
    expect(report.changed.sort()).toEqual(['static/img/neu/umzug.svg', 'static/img/umzug.svg']);
    expect(report.renamed).toEqual([{ from: 'static/img/umzug.svg', to: 'static/img/neu/umzug.svg' }]);
    expect(logs.at(-1)).toMatch(/^static\/img\/umzug\.svg → static\/img\/neu\/umzug\.svg: /);
    expect((await get(dev.siteUrl + 'img/neu/umzug.svg')).body.equals(bytes)).toBe(true);
    expect((await get(dev.siteUrl + 'img/umzug.svg')).status).toBe(404);
    // A file gone and another new one with other bytes are not a move.
    const replaced = waitForBuildOf('static/img/anders.svg', Date.now());
    await rm(path.join(root, 'static/img/neu/umzug.svg'));
    await writeFile(path.join(root, 'static/img/anders.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>\n');
    const report2 = await replaced;
    expect(report2.renamed).toEqual([]);
  });

  it('dev: should report a busy port as a diagnostic', async () => {
    const port = Number(new URL(dev.url).port);
    const second = await startDev({ root, toolRoot: repoRoot, theme: classicTheme, port, cacheDir: false, themeDirs: [], clientDirs: [] });
    expect('diagnostics' in second && second.diagnostics[0]).toMatchObject({
      code: 'Q110',
      message: `Port ${port} on 127.0.0.1 is already in use.`,
    });
  });
});
