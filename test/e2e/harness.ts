import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { normalizePath } from '../../src/shared/route-match.ts';

export const CHROMIUM = '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];

/**
 * Headless Chromium hides scrollbars by default; `scrollbars: true` shows them as on Windows and most Linux
 * desktops, where a scrollbar takes room from the page.
 */
export function launchBrowser(options: { scrollbars?: boolean } = {}): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: CHROMIUM_ARGS,
    headless: true,
    ignoreDefaultArgs: options.scrollbars ? ['--hide-scrollbars'] : [],
  });
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.xml': 'application/xml',
  '.txt': 'text/plain; charset=utf-8',
  '.png': 'image/png',
  '.wasm': 'application/wasm',
  '.pf_meta': 'application/octet-stream',
};

/** A request hook: return true when the hook answered the request itself. */
export type Hook = (req: IncomingMessage, res: ServerResponse) => boolean | Promise<boolean>;

export interface TestServer {
  url: string;
  server: Server;
  /** Hooks run first, in order (delay, fail, fake APIs); remove them with `hooks.length = 0`. */
  hooks: Hook[];
  /** Paths requested, in order. */
  requests: string[];
  close(): Promise<void>;
}

/**
 * Serves a built `dist/` on 127.0.0.1 the way a bucket does (`/de/x/` → `de/x/index.html`, 404.html otherwise),
 * with hooks so a test can delay or break responses.
 */
export async function serveDist(root: string): Promise<TestServer> {
  const hooks: Hook[] = [];
  const requests: string[] = [];
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    requests.push(url.pathname + url.search);
    for (const hook of hooks) if (await hook(req, res)) return;
    let file = path.join(root, decodeURIComponent(url.pathname));
    if (!file.startsWith(root)) {
      res.writeHead(400).end();
      return;
    }
    const isPage = !path.extname(url.pathname) || url.pathname.endsWith('/');
    if (isPage || url.pathname.endsWith('.html')) file = path.join(root, normalizePath(url.pathname), 'index.html');
    let status = 200;
    if (
      !(await stat(file)
        .then((s) => s.isFile())
        .catch(() => false))
    ) {
      status = 404;
      file = path.join(root, 'de/404.html');
    }
    res.writeHead(status, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    server,
    hooks,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** Where the test run leaves screenshots for review (not committed). */
export const SCREENSHOTS = path.resolve(path.dirname(new URL(import.meta.url).pathname), '__screenshots__');

/** The real built site served on 127.0.0.1 and a browser: what most browser test files start with. */
export async function openBuiltSite(dist: string): Promise<{ server: TestServer; browser: Browser }> {
  const server = await serveDist(dist);
  return { server, browser: await launchBrowser() };
}

export async function closeBuiltSite(site: { server?: TestServer; browser?: Browser }): Promise<void> {
  await site.browser?.close();
  await site.server?.close();
}
