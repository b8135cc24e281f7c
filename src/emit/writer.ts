import { cp, mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Where emit puts files. Paths are relative to the output root, with forward slashes. */
export interface Writer {
  write(file: string, data: string | Uint8Array): Promise<void>;
  /** Copies a file from the project (static/ and assets) into the output. */
  copy(from: string, file: string): Promise<void>;
  /** Makes everything written visible at once; a writer is used for one build. */
  commit(): Promise<void>;
  /** Throws away what was written; the previous output stays as it was. */
  abort(): Promise<void>;
}

/**
 * Writes into a sibling temporary folder and swaps it into place only on commit,
 * so a failed build leaves the previous `dist/` byte-identical.
 */
export class DirWriter implements Writer {
  readonly tmp: string;
  private madeDirs = new Set<string>();
  bytes = 0;
  files = 0;

  constructor(readonly outDir: string) {
    this.tmp = `${outDir.replace(/[\\/]+$/, '')}.tmp-${process.pid}-${Date.now().toString(36)}`;
  }

  private async dirFor(file: string): Promise<string> {
    const abs = path.join(this.tmp, file);
    const dir = path.dirname(abs);
    if (!this.madeDirs.has(dir)) {
      await mkdir(dir, { recursive: true });
      this.madeDirs.add(dir);
    }
    return abs;
  }

  async write(file: string, data: string | Uint8Array): Promise<void> {
    const abs = await this.dirFor(file);
    await writeFile(abs, data);
    this.bytes += typeof data === 'string' ? Buffer.byteLength(data) : data.byteLength;
    this.files++;
  }

  async copy(from: string, file: string): Promise<void> {
    const abs = await this.dirFor(file);
    await cp(from, abs, { dereference: true });
    this.bytes += (await stat(abs)).size;
    this.files++;
  }

  async commit(): Promise<void> {
    await mkdir(this.tmp, { recursive: true });
    const old = `${this.outDir.replace(/[\\/]+$/, '')}.old-${process.pid}-${Date.now().toString(36)}`;
    let hadOld = false;
    try {
      await rename(this.outDir, old);
      hadOld = true;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
    }
    try {
      await rename(this.tmp, this.outDir);
    } catch (e) {
      if (hadOld) await rename(old, this.outDir);
      throw e;
    }
    if (hadOld) await rm(old, { recursive: true, force: true });
  }

  async abort(): Promise<void> {
    await rm(this.tmp, { recursive: true, force: true });
  }
}

/** Keeps the output in memory: tests and the dev server. */
export class MemoryWriter implements Writer {
  readonly files = new Map<string, Uint8Array | string>();
  private pending = new Map<string, Uint8Array | string>();
  private copies: [string, string][] = [];

  async write(file: string, data: string | Uint8Array): Promise<void> {
    this.pending.set(file, data);
  }

  async copy(from: string, file: string): Promise<void> {
    this.copies.push([from, file]);
  }

  async commit(): Promise<void> {
    const { readFile } = await import('node:fs/promises');
    for (const [from, file] of this.copies) this.pending.set(file, await readFile(from));
    this.files.clear();
    for (const [k, v] of this.pending) this.files.set(k, v);
    this.pending = new Map();
    this.copies = [];
  }

  async abort(): Promise<void> {
    this.pending = new Map();
    this.copies = [];
  }

  text(file: string): string | undefined {
    const v = this.files.get(file);
    return v === undefined ? undefined : typeof v === 'string' ? v : Buffer.from(v).toString('utf8');
  }
}
