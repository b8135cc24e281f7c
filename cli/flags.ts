import { InvalidArgumentError } from 'commander';

/** A TCP port from a flag: 0 (any free port) to 65535. */
export function parsePort(value: string): number {
  const port = Number(value);
  if (!/^\d+$/.test(value) || port > 65535) throw new InvalidArgumentError(`"${value}" is not a port number (0 to 65535).`);
  return port;
}

/** A base path from a flag, with the slashes it needs (`de` → `/de/`). */
export function parseBase(value: string): string {
  if (/[?#\\]|\/\//.test(value) || /^[a-z][a-z\d+.-]*:/i.test(value))
    throw new InvalidArgumentError(`"${value}" is not a base path (such as /de/).`);
  return ('/' + value + '/').replace(/^\/+/, '/').replace(/\/+$/, '/');
}
