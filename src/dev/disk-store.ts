import { readFile, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import type { FileStore, StoreEntry } from './static-handler.ts';

/**
 * `dist/` on disk, for `quire serve`. A path is resolved through symlinks and served only when the real
 * file lies inside the real root: a symlink pointing outside is as absent as a missing file.
 * Files are read whole (readFile opens and closes its own handle, so none can leak); the site's files are small.
 */
export class DiskStore implements FileStore {
  private constructor(readonly root: string) {}

  /** Opens a folder; undefined when it does not exist or is not a folder. */
  static async open(dir: string): Promise<DiskStore | undefined> {
    try {
      const real = await realpath(dir);
      if (!(await stat(real)).isDirectory()) return undefined;
      return new DiskStore(real);
    } catch {
      return undefined;
    }
  }

  async get(file: string): Promise<StoreEntry | undefined> {
    const abs = path.join(this.root, ...file.split('/'));
    let real: string;
    try {
      real = await realpath(abs);
    } catch {
      return undefined;
    }
    if (!real.startsWith(this.root + path.sep)) return undefined;
    try {
      const info = await stat(real);
      if (!info.isFile()) return undefined;
      const data = await readFile(real);
      // nginx-style validator: size and mtime, cheap and changes whenever a build rewrites the file.
      return { data, etag: `"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`, mtimeMs: info.mtimeMs };
    } catch {
      // Removed between stat and read (a build swapping dist/): treat as absent.
      return undefined;
    }
  }
}
