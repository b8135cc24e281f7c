import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Diagnostic } from '../diagnostics.ts';
import { Compressor } from './compress.ts';
import { EVENTS_PATH, injectLiveScript, LIVE_SCRIPT_PATH, liveReloadScript, type OverlayPayload } from './live-client.ts';
import type { MemoryStore } from './memory-store.ts';
import { isAllowedHost } from './request-path.ts';
import { createHttpServer, startListening, type RunningServer } from './serve.ts';
import { acceptRequest, resolveBucket, sendResolution, sendText } from './static-handler.ts';

export interface DevServerOptions {
  store: MemoryStore;
  host: string;
  port: number;
  nextPort?: boolean;
  /** Host names accepted besides the bound host and loopback names (a LAN name, a tunnel). */
  allowedHosts?: string[];
  /** The site's base path, once a config has loaded. */
  baseUrl: () => string | undefined;
  /** The overlay to show right now (a failing build or a restart notice), or null. */
  overlay: () => OverlayPayload | null;
}

export interface DevServer extends RunningServer {
  /** Sends an event to every open page. */
  broadcast(event: 'ok' | 'errors', data: unknown): void;
  /** Pages connected for live reload. */
  readonly clients: number;
}

/** How often an idle event stream gets a comment line, so proxies and browsers keep it open. */
const HEARTBEAT_MS = 20_000;

/**
 * The `quire dev` server: the in-memory build with bucket semantics (like `quire serve`), the live-reload
 * script and its event stream, and a Host check against DNS rebinding. Pages get the script at commit time
 * (MemoryStore), so what is served is exactly the build plus one script tag.
 */
// biome-ignore lint/complexity/noExcessiveLinesPerFunction: the request handler, the server and its heartbeat share the store, the event stream's clients and the compressor made here.
export async function startDevServer(options: DevServerOptions): Promise<DevServer | { diagnostics: Diagnostic[] }> {
  const { store } = options;
  const serverId = randomUUID();
  const clients = new Set<ServerResponse>();
  const compressor = new Compressor();
  const script = Buffer.from(liveReloadScript());

  const send = (res: ServerResponse, event: string, data: unknown) => res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    if (!isAllowedHost(req.headers.host, options.host, options.allowedHosts)) {
      sendText(
        req,
        res,
        403,
        `Blocked: this server answers only to ${options.host} and localhost (DNS-rebinding protection). Add --allowed-host <name> to accept another name.\n`,
      );
      return;
    }
    const target = acceptRequest(req, res);
    if (!target) return;
    const joined = '/' + target.segments.join('/');
    if (joined === LIVE_SCRIPT_PATH) {
      res.writeHead(200, {
        'content-type': 'text/javascript; charset=utf-8',
        'cache-control': 'no-cache',
        'content-length': String(script.byteLength),
        'x-content-type-options': 'nosniff',
      });
      res.end(req.method === 'HEAD' ? undefined : script);
      return;
    }
    if (joined === EVENTS_PATH) {
      res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-store', 'x-accel-buffering': 'no' });
      if (req.method === 'HEAD') {
        res.end();
        return;
      }
      const params = new URLSearchParams(target.search.slice(1));
      const page = params.get('page') ?? '';
      // The page is outdated when the build changed (or removed) its file after it was served.
      const stale = page !== '' && String(store.version(page) ?? '') !== params.get('v');
      res.write('retry: 1000\n\n');
      send(res, 'hello', { server: serverId, stale, overlay: options.overlay() });
      clients.add(res);
      req.on('close', () => clients.delete(res));
      return;
    }
    if (target.segments[0] === '__quire') {
      sendText(req, res, 404, 'Not found\n');
      return;
    }
    const baseUrl = options.baseUrl() ?? '/';
    if (joined === '/' && baseUrl !== '/' && !store.has('index.html')) {
      // Convenience of a dev server only: the site lives under its base path.
      res.writeHead(302, { location: baseUrl, 'cache-control': 'no-cache' });
      res.end();
      return;
    }
    const resolution = await resolveBucket(store, target, baseUrl);
    if (resolution.type === 'missing' && store.size === 0) {
      // No build has succeeded yet: a page that shows the overlay and reloads once the build works.
      const html = injectLiveScript(
        '<!DOCTYPE html><html><head><meta charset="utf-8"><title>quire dev</title></head><body><p>quire dev: the site has not built yet.</p></body></html>',
        '',
        0,
      );
      res.writeHead(503, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
      res.end(req.method === 'HEAD' ? undefined : html);
      return;
    }
    await sendResolution(req, res, resolution, { baseUrl, compressor, revalidate: 'no-cache' });
  };

  const server = createHttpServer(handle);
  const heartbeat = setInterval(() => {
    for (const res of clients) res.write(': ping\n\n');
  }, HEARTBEAT_MS);
  heartbeat.unref();
  const started = await startListening(server, options.host, options.port, options.nextPort);
  if ('diagnostics' in started) {
    clearInterval(heartbeat);
    return started;
  }
  return {
    ...started,
    broadcast(event, data) {
      for (const res of clients) send(res, event, data);
    },
    get clients() {
      return clients.size;
    },
    async close() {
      clearInterval(heartbeat);
      for (const res of clients) res.end();
      clients.clear();
      await started.close();
    },
  };
}
