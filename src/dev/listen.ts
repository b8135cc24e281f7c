import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CODES, report, type Diagnostic } from '../diagnostics.ts';

export interface ListenOptions {
  host: string;
  /** 0 lets the system pick a free port (tests). */
  port: number;
  /** When the port is busy, try the following ones (up to `tries`) instead of failing. */
  nextPort?: boolean;
  tries?: number;
}

/** Binds the server; a busy or forbidden port is a diagnostic with what to do, not a stack trace. */
export async function listen(
  server: Server,
  { host, port, nextPort = false, tries = 20 }: ListenOptions,
): Promise<{ port: number } | { diagnostic: Diagnostic }> {
  for (let attempt = 0; ; attempt++) {
    const candidate = port === 0 ? 0 : port + attempt;
    const failure = await new Promise<NodeJS.ErrnoException | undefined>((resolve) => {
      const onError = (e: NodeJS.ErrnoException) => {
        server.off('listening', onListening);
        resolve(e);
      };
      const onListening = () => {
        server.off('error', onError);
        resolve(undefined);
      };
      server.once('error', onError);
      server.once('listening', onListening);
      // A larger backlog than Node's 511: a burst of connections waits instead of being refused.
      server.listen({ host, port: candidate, backlog: 2048 });
    });
    if (!failure) return { port: (server.address() as AddressInfo).port };
    if (failure.code === 'EADDRINUSE' && nextPort && attempt + 1 < tries && candidate !== 0 && candidate < 65535) continue;
    return { diagnostic: listenDiagnostic(failure, host, candidate, nextPort) };
  }
}

function listenDiagnostic(e: NodeJS.ErrnoException, host: string, port: number, nextPort: boolean): Diagnostic {
  switch (e.code) {
    case 'EADDRINUSE':
      return report(CODES.SERVER_LISTEN, 'portInUse', { port, host, nextPort: !!nextPort });
    case 'EACCES':
      return report(CODES.SERVER_LISTEN, 'notAllowed', { port });
    case 'EADDRNOTAVAIL':
    case 'ENOTFOUND':
      return report(CODES.SERVER_LISTEN, 'unknownHost', { host });
    default:
      return report(CODES.SERVER_LISTEN, 'other', { host, port, reason: e.message });
  }
}
