import { readFile, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import type { FileStore, StoreEntry } from './static-handler.ts';

/**
 * `dist/` on disk, for `quire serve`. A path is resolved through symlinks and served only when the real
 * file lies inside the real root: a symlink pointing outside is as absent as a missing file.
 * The root is resolved again for every file, since a build switches `dist` (a link to its newest
 * generation) while the server runs; a file that vanishes between the two looks is looked up once more in
 * the generation the link shows then. Files are read whole (readFile opens and closes its own handle, so
 * none can leak); the site's files are small.
 */
export class DiskStore implements FileStore {
  private constructor(readonly dir: string) {}

  /** Opens a folder; undefined when it does not exist or is not a folder. */
  static async open(dir: string): Promise<DiskStore | undefined> {
    const root = await realRoot(dir);
    return root === undefined ? undefined : new DiskStore(dir);
  }

  async get(file: string): Promise<StoreEntry | undefined> {
    const first = await realRoot(this.dir);
    if (first === undefined) return undefined;
    const entry = await readInside(first, file);
    if (entry !== 'vanished') return entry;
    const again = await realRoot(this.dir);
    if (again === undefined || again === first) return undefined;
    const second = await readInside(again, file);
    return second === 'vanished' ? undefined : second;
  }
}

async function realRoot(dir: string): Promise<string | undefined> {
  try {
    const real = await realpath(dir);
    return (await stat(real)).isDirectory() ? real : undefined;
  } catch {
    return undefined;
  }
}

/** The regular file `file` under `root`, undefined when there is none, `vanished` when it went while being read. */
async function readInside(root: string, file: string): Promise<StoreEntry | undefined | 'vanished'> {
  const abs = path.join(root, ...file.split('/'));
  let real: string;
  try {
    real = await realpath(abs);
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'ENOENT' && !(await exists(root)) ? 'vanished' : undefined;
  }
  if (!real.startsWith(root + path.sep)) return undefined;
  try {
    const info = await stat(real);
    if (!info.isFile()) return undefined;
    const data = await readFile(real);
    // nginx-style validator: size and mtime, cheap and changes whenever a build rewrites the file.
    return { data, etag: `"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`, mtimeMs: info.mtimeMs };
  } catch {
    // Removed between stat and read: its generation was removed.
    return 'vanished';
  }
}

async function exists(p: string): Promise<boolean> {
  try {
    await stat(p);
    return true;
  } catch {
    return false;
  }
}
