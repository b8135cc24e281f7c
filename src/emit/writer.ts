import { copyFileSync, lstatSync, mkdirSync, readdirSync, readFileSync, realpathSync, renameSync, rmdirSync, rmSync, statSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { isWithin } from './output-folder.ts';

/** Where emit puts files. Paths are relative to the output root, with forward slashes. */
export interface Writer {
  write(file: string, data: string | Uint8Array): Promise<void>;
  /** Copies a file from the project (static/ and assets) into the output. */
  copy(from: string, file: string): Promise<void>;
  /**
   * Keeps a file of the previous output as it is (incremental builds). Only writers of a real folder
   * have it.
   */
  keep?(file: string): void;
  /**
   * A folder of the output for a tool that writes files itself (the search index): `stagingDir` gives
   * its path on disk, `adopt` then takes everything in it as written and lists it. Worth it only for a
   * first build: with a previous output, files passed to `write` that are already there are kept
   * instead (see `hasPreviousOutput`).
   */
  stagingDir?(dir: string): string;
  adopt?(dir: string): { file: string; size: number }[];
  /** True when an output from an earlier build is there: `write` keeps files whose bytes it already has. */
  readonly hasPreviousOutput?: boolean;
  /**
   * Makes everything written visible at once; a writer is used for one build. Once the new output is in
   * place nothing undoes it: what could not be cleaned up afterwards (the previous output's copy) is listed.
   */
  commit(): Promise<void | { leftovers: Leftover[] }>;
  /** Throws away what was written; the previous output stays as it was. */
  abort(): Promise<void>;
}

/** A folder a commit meant to delete after the new output was in place, and why it could not. */
export interface Leftover {
  path: string;
  reason: string;
}

/**
 * Writes the output folder so that a failed build leaves the previous `dist/` byte-identical.
 *
 * Nothing in the output folder changes before `commit`: new and changed files go into a sibling
 * staging folder; a file whose bytes equal the file already in the output is only noted as kept (its
 * mtime stays, which also helps deploy tools), and so are files emit keeps unread (`keep`).
 * At commit:
 * - a first build (or one that keeps nothing) renames the staging folder into place, moving the old
 *   folder aside and deleting it afterwards;
 * - otherwise the output is updated in place, as one undoable transaction: each changed file replaces
 *   its old version (moved to a backup folder first), files no longer produced move to the backup too,
 *   and if any step fails every move is undone in reverse order (then the kept files are copied beside
 *   the new ones and the whole folder is swapped in). A warm build that changed a few pages touches only
 *   those files instead of recreating thousands of folders.
 */
export class DirWriter implements Writer {
  readonly tmp: string;
  /** Written into the staging folder. */
  private staged = new Set<string>();
  /** Already in the output folder with the right bytes. */
  private kept = new Set<string>();
  readonly hasPreviousOutput: boolean;
  /** The output folder; when the given path is a symbolic link (to a web server's folder, say), where it points. */
  readonly outDir: string;

  constructor(outDir: string) {
    // Swapping a link's path would replace the link with a folder and leave its target as it was.
    this.outDir = linkTarget(outDir);
    const base = this.outDir.replace(/[\\/]+$/, '');
    this.tmp = `${base}.tmp-${process.pid}-${Date.now().toString(36)}`;
    this.hasPreviousOutput = isDirectory(this.outDir);
    removeStaleSiblings(base);
  }

  /** Folders to delete once the new output is in place; a failure there no longer concerns the build's result. */
  private leftovers: Leftover[] = [];
  private cleanUp(p: string): void {
    try {
      this.remove(p);
    } catch (e) {
      this.leftovers.push({ path: p, reason: (e as NodeJS.ErrnoException).code ?? (e as Error).message });
    }
  }

  /**
   * Staged files are written in the background (the thread pool of the file system), so rendering goes
   * on while the disk works; at most MAX_PENDING writes wait at once, and `commit` waits for all.
   */
  private pending = new Set<Promise<void>>();
  private writeError: Error | undefined;
  private dirs = new Map<string, Promise<unknown>>();

  private stage(file: string, bytes: Uint8Array): Promise<void> {
    const abs = this.inside(file);
    const dir = path.dirname(abs);
    let made = this.dirs.get(dir);
    if (!made) this.dirs.set(dir, (made = mkdir(dir, { recursive: true })));
    const job = made
      .then(() => writeFile(abs, bytes))
      .catch((e: Error) => {
        this.writeError ??= e;
      })
      .finally(() => this.pending.delete(job));
    this.pending.add(job);
    return job;
  }

  private async settle(): Promise<void> {
    await Promise.all(this.pending);
    if (this.writeError) throw this.writeError;
  }

  /**
   * The staging path of an output file, which must stay inside the output: whatever made the name (a
   * slug, a file name), nothing is written outside the folder (the load stage rejects such slugs first).
   */
  private inside(file: string): string {
    const abs = path.join(this.tmp, file);
    if (abs === this.tmp || !isWithin(abs, this.tmp)) throw new Error(`the output file ${JSON.stringify(file)} would lie outside the output folder`);
    return abs;
  }

  async write(file: string, data: string | Uint8Array): Promise<void> {
    const bytes = typeof data === 'string' ? Buffer.from(data) : data;
    if (this.staged.has(file) || !this.sameAsOutput(file, bytes)) {
      this.kept.delete(file);
      // A second write of the same file waits for the first, so the last one wins on disk too.
      if (this.staged.has(file)) await this.settle();
      this.staged.add(file);
      void this.stage(file, bytes);
      if (this.pending.size >= MAX_PENDING) await Promise.race(this.pending);
    } else {
      this.kept.add(file);
    }
  }

  async copy(from: string, file: string): Promise<void> {
    await this.write(file, await readFile(from));
  }

  keep(file: string): void {
    if (!this.staged.has(file)) this.kept.add(file);
  }

  stagingDir(dir: string): string {
    const abs = path.join(this.tmp, dir);
    this.dirs.delete(abs);
    rmSync(abs, { recursive: true, force: true });
    mkdirSync(abs, { recursive: true });
    return abs;
  }

  adopt(dir: string): { file: string; size: number }[] {
    const out: { file: string; size: number }[] = [];
    for (const rel of listFiles(path.join(this.tmp, dir))) {
      const file = path.posix.join(dir, rel);
      const s = statSync(path.join(this.tmp, file));
      this.kept.delete(file);
      this.staged.add(file);
      out.push({ file, size: s.size });
    }
    return out;
  }

  private sameAsOutput(file: string, bytes: Uint8Array): boolean {
    if (!this.hasPreviousOutput) return false;
    const abs = path.join(this.outDir, file);
    try {
      if (statSync(abs).size !== bytes.byteLength) return false;
      return Buffer.compare(readFileSync(abs), bytes) === 0;
    } catch {
      return false;
    }
  }

  async commit(): Promise<{ leftovers: Leftover[] }> {
    await this.settle();
    this.commitFiles();
    return { leftovers: this.leftovers };
  }

  private commitFiles(): void {
    if (!this.hasPreviousOutput || this.kept.size === 0) return this.swap();
    try {
      this.updateInPlace();
    } catch {
      // The update could not be applied in place (say, a folder where a file must go) and was undone: the
      // kept files are copied beside the new ones and the whole folder is swapped in instead.
      for (const file of this.kept) {
        const to = path.join(this.tmp, file);
        mkdirSync(path.dirname(to), { recursive: true });
        this.copyKept(path.join(this.outDir, file), to);
      }
      this.swap();
    }
  }

  /** File moves and copies of a commit; tests make them fail to check that a commit is undone. */
  protected rename(from: string, to: string): void {
    renameSync(from, to);
  }

  protected copyKept(from: string, to: string): void {
    copyFileSync(from, to);
  }

  /** Deletes what a commit replaced; tests make it fail (a folder the user cannot delete). */
  protected remove(p: string): void {
    rmSync(p, { recursive: true, force: true });
  }

  /** The staging folder becomes the output folder. */
  private swap(): void {
    mkdirSync(this.tmp, { recursive: true });
    const old = `${this.outDir.replace(/[\\/]+$/, '')}.old-${process.pid}-${Date.now().toString(36)}`;
    let hadOld = false;
    try {
      renameSync(this.outDir, old);
      hadOld = true;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
    }
    try {
      renameSync(this.tmp, this.outDir);
    } catch (e) {
      if (hadOld) renameSync(old, this.outDir);
      throw e;
    }
    if (hadOld) this.cleanUp(old);
  }

  private updateInPlace(): void {
    const backup = `${this.outDir.replace(/[\\/]+$/, '')}.old-${process.pid}-${Date.now().toString(36)}`;
    const done: { from: string; to: string }[] = [];
    const move = (from: string, to: string) => {
      mkdirSync(path.dirname(to), { recursive: true });
      this.rename(from, to);
      done.push({ from, to });
    };
    const existing = listFiles(this.outDir);
    const touchedDirs = new Set<string>();
    try {
      for (const file of this.staged) {
        const target = path.join(this.outDir, file);
        if (existing.has(file)) move(target, path.join(backup, file));
        move(path.join(this.tmp, file), target);
      }
      for (const file of existing) {
        if (this.staged.has(file) || this.kept.has(file)) continue;
        move(path.join(this.outDir, file), path.join(backup, file));
        touchedDirs.add(path.dirname(path.join(this.outDir, file)));
      }
    } catch (e) {
      for (const { from, to } of done.reverse()) renameSync(to, from);
      rmSync(backup, { recursive: true, force: true });
      throw e;
    }
    try {
      removeEmptyDirs(touchedDirs, this.outDir);
    } catch {
      // An empty folder left in the output costs nothing.
    }
    this.cleanUp(backup);
    this.cleanUp(this.tmp);
  }

  async abort(): Promise<void> {
    await Promise.all(this.pending);
    rmSync(this.tmp, { recursive: true, force: true });
  }
}

/**
 * Staging folders and old copies of the output (`dist.tmp-<pid>-…`, `dist.old-<pid>-…`) that an earlier build
 * left behind, when the process that made them is gone (it was killed, or could not delete them): removed,
 * quietly, as far as possible. A concurrent build's folders are left alone.
 */
function removeStaleSiblings(base: string): void {
  const dir = path.dirname(base);
  const name = path.basename(base);
  let entries: string[];
  try {
    entries = readdirSync(dir);
  } catch {
    return;
  }
  for (const entry of entries) {
    const m = /^\.(tmp|old)-(\d+)-[0-9a-z]+$/.exec(entry.slice(name.length));
    if (!entry.startsWith(name) || !m || isAlive(Number(m[2]))) continue;
    try {
      rmSync(path.join(dir, entry), { recursive: true, force: true });
    } catch {
      // Still not removable: the build that left it said so.
    }
  }
}

function isAlive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Staged writes in flight at most: bounds the memory held by pages waiting for the disk. */
const MAX_PENDING = 64;

/** The path a symbolic link at `p` leads to (followed to the end), or `p` itself. */
function linkTarget(p: string): string {
  try {
    return lstatSync(p).isSymbolicLink() ? realpathSync(p) : p;
  } catch {
    // A link to nothing (or no entry at all): the path as given.
    return p;
  }
}

function isDirectory(p: string): boolean {
  try {
    return statSync(p).isDirectory();
  } catch {
    return false;
  }
}

/** Every file under `dir`, relative, with forward slashes. */
function listFiles(dir: string): Set<string> {
  const out = new Set<string>();
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isDirectory()) continue;
    out.add(path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'));
  }
  return out;
}

/** Removes folders left empty by removed files, walking up to (not including) `root`. */
function removeEmptyDirs(dirs: Set<string>, root: string): void {
  const sorted = [...dirs].sort((a, b) => b.length - a.length);
  for (let dir of sorted) {
    while (dir.startsWith(root + path.sep)) {
      try {
        rmdirSync(dir);
      } catch {
        break;
      }
      dir = path.dirname(dir);
    }
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
