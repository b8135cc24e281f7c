import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { CODES, report, type Diagnostic } from '../diagnostics.ts';
import { Compressor } from './compress.ts';
import { DiskStore } from './disk-store.ts';
import { listen } from './listen.ts';
import { acceptRequest, resolveBucket, sendResolution, sendText, type FileStore } from './static-handler.ts';

export interface ServeOptions {
  /** The built site (`dist/`). */
  dir: string;
  /** Base path of the site, for the immutable-asset rule (`<base>assets/`). Default `/`. */
  baseUrl?: string;
  host?: string;
  port?: number;
  nextPort?: boolean;
}

export interface RunningServer {
  url: string;
  host: string;
  port: number;
  server: Server;
  close(): Promise<void>;
}

/** `quire serve`: `dist/` exactly as the hosting bucket serves it. */
export async function serve(options: ServeOptions): Promise<RunningServer | { diagnostics: Diagnostic[] }> {
  const store = await DiskStore.open(options.dir);
  if (!store) {
    return {
      diagnostics: [report(CODES.SERVE_DIR_MISSING, 'noBuild', { dir: options.dir })],
    };
  }
  const handle = createBucketHandler(store, options.baseUrl ?? '/');
  const server = createHttpServer((req, res) => handle(req, res));
  return startListening(server, options.host ?? '127.0.0.1', options.port ?? 3000, options.nextPort);
}

/** GET/HEAD over a store with bucket semantics; everything else is refused before a file is looked at. */
export function createBucketHandler(store: FileStore, baseUrl: string, revalidate?: string) {
  const compressor = new Compressor();
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const target = acceptRequest(req, res);
    if (!target) return;
    const resolution = await resolveBucket(store, target, baseUrl);
    await sendResolution(req, res, resolution, { baseUrl, compressor, revalidate });
  };
}

/**
 * A Node HTTP server that survives bad clients: a malformed request or oversized headers get 400 and the
 * connection is closed; a handler failure gets 500; neither stops the server.
 */
export function createHttpServer(handler: (req: IncomingMessage, res: ServerResponse) => Promise<void> | void): Server {
  const server = createServer({ maxHeaderSize: 16 * 1024, requestTimeout: 30_000 }, (req, res) => {
    Promise.resolve()
      .then(() => handler(req, res))
      .catch(() => {
        if (!res.headersSent) sendText(req, res, 500, 'Internal server error\n');
        else res.destroy();
      });
  });
  server.on('clientError', (err: NodeJS.ErrnoException, socket) => {
    if (err.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    // Issue 8 asks for 400 for every malformed request, oversized headers included.
    const body = err.code === 'HPE_HEADER_OVERFLOW' ? 'Bad request: headers too large\n' : 'Bad request\n';
    socket.end(
      `HTTP/1.1 400 Bad Request\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  });
  return server;
}

export async function startListening(
  server: Server,
  host: string,
  port: number,
  nextPort?: boolean,
): Promise<RunningServer | { diagnostics: Diagnostic[] }> {
  const bound = await listen(server, { host, port, nextPort });
  if ('diagnostic' in bound) return { diagnostics: [bound.diagnostic] };
  const shownHost = host.includes(':') ? `[${host}]` : host;
  return {
    url: `http://${shownHost}:${bound.port}`,
    host,
    port: bound.port,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
