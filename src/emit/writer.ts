import { copyFileSync, linkSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, utimesSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { newGeneration, openGenerations, retireOldGenerations, switchTo, syncTree, type Generations } from './generations.ts';
import { isWithin } from './output-folder.ts';
import { isRunning } from '../processes.ts';

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
  // biome-ignore lint/suspicious/noConfusingVoidType: writers with nothing to report (in memory) return nothing.
  commit(): Promise<void | { leftovers: Leftover[]; switched?: boolean }>;
  /** Throws away what was written; the previous output stays as it was. */
  abort(): Promise<void>;
}

/** A folder a commit meant to delete after the new output was in place, and why it could not. */
export interface Leftover {
  path: string;
  reason: string;
}

/**
 * Writes the output folder so that it is, at every instant, the whole previous site or the whole new one
 * (see `generations.ts`): files go into a new generation folder; a file whose bytes equal the one the
 * output shows now, and a file emit keeps unread (`keep`), is hard-linked from the current generation at
 * commit instead (same inode, same mtime, which deploy tools and the output record rely on). `commit`
 * makes the generation durable and switches the output's link to it in one atomic rename; a build that
 * changed nothing switches nothing. `abort`, or a kill at any moment, leaves the output as it was; the
 * next build removes what a dead build left in the store.
 */
export class DirWriter implements Writer {
  /** The new generation: what this build writes. */
  readonly tmp: string;
  /** Written into the new generation. */
  private staged = new Set<string>();
  /** To be linked from the current generation at commit. */
  private kept = new Set<string>();
  readonly hasPreviousOutput: boolean;
  /** The output folder (when the given path is a link of the user's, where it points). */
  readonly outDir: string;
  private readonly generations: Generations;

  constructor(outDir: string) {
    removeStaleSiblings(path.resolve(outDir).replace(/[\\/]+$/, ''));
    this.generations = openGenerations(outDir);
    this.outDir = this.generations.outDir;
    this.hasPreviousOutput = this.generations.current !== undefined;
    // Under the build lock: whatever is in the store besides what the output shows and what it replaced
    // is a dead build's, or a removal an earlier build did not finish.
    retireOldGenerations(this.generations, [], (p) => this.cleanUp(p), { unfinished: true });
    this.tmp = newGeneration(this.generations);
  }

  /** Folders to delete once the new output is in place; a failure there no longer concerns the build's result. */
  private leftovers: Leftover[] = [];

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
    // `path.join` has resolved any `..`: a prefix test says what `isWithin` says, without its two `path.resolve`s
    // per file (a warm build keeps every file through here).
    if (!abs.startsWith(this.tmpPrefix) && (abs === this.tmp || !isWithin(abs, this.tmp)))
      throw new Error(`the output file ${JSON.stringify(file)} would lie outside the output folder`);
    return abs;
  }

  private get tmpPrefix(): string {
    return (this.prefix ??= path.isAbsolute(this.tmp) ? path.normalize(this.tmp) + path.sep : '\0');
  }

  private prefix?: string;

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
      this.inside(file);
      this.kept.add(file);
    }
  }

  async copy(from: string, file: string): Promise<void> {
    await this.write(file, await readFile(from));
  }

  keep(file: string): void {
    this.inside(file);
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
    const current = this.generations.current;
    if (!current) return false;
    const abs = path.join(current, file);
    try {
      if (statSync(abs).size !== bytes.byteLength) return false;
      return Buffer.compare(readFileSync(abs), bytes) === 0;
    } catch {
      return false;
    }
  }

  /** `switched`: false when nothing changed and the output stayed as it was. */
  async commit(): Promise<{ leftovers: Leftover[]; switched: boolean }> {
    await this.settle();
    const current = this.generations.current;
    if (current && this.staged.size === 0 && sameFiles(listFiles(current), this.kept)) {
      // Nothing changed: the output stays as it is, with no new generation to switch to.
      this.cleanUp(this.tmp);
      return { leftovers: this.leftovers, switched: false };
    }
    if (this.kept.size && !current) throw new Error('quire bug: files were kept from an output that is not there');
    for (const file of this.kept) this.linkKept(path.join(current!, file), path.join(this.tmp, file));
    syncTree(this.tmp);
    switchTo(this.generations, this.tmp);
    // The generation just replaced stays (see generations.ts); older ones go, without the build waiting.
    retireOldGenerations({ ...this.generations, current: this.tmp }, current ? [current] : [], (p) => this.cleanUp(p), {
      unfinished: false,
    });
    return { leftovers: this.leftovers, switched: true };
  }

  /**
   * A kept file enters the new generation as a hard link to the current one's (no bytes copied, mtime and
   * inode kept); where the file system has no hard links, as a copy with the same mtime.
   */
  protected linkKept(from: string, to: string): void {
    mkdirSync(path.dirname(to), { recursive: true });
    try {
      linkSync(from, to);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code !== 'EXDEV' && code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EMLINK') throw e;
      copyFileSync(from, to);
      const s = statSync(from);
      utimesSync(to, s.atime, s.mtime);
    }
  }

  /** Deletes a folder the build no longer needs; tests make it fail (a folder the user cannot delete). */
  protected remove(p: string): void {
    rmSync(p, { recursive: true, force: true });
  }

  private cleanUp(p: string): void {
    try {
      this.remove(p);
    } catch (e) {
      this.leftovers.push({ path: p, reason: (e as NodeJS.ErrnoException).code ?? (e as Error).message });
    }
  }

  async abort(): Promise<void> {
    await Promise.all(this.pending);
    rmSync(this.tmp, { recursive: true, force: true });
  }
}

function sameFiles(a: Set<string>, b: Set<string>): boolean {
  if (a.size !== b.size) return false;
  for (const f of a) if (!b.has(f)) return false;
  return true;
}

/**
 * What older quire versions left beside the output (`dist.tmp-<pid>-…`, `dist.old-<pid>-…`) and a link
 * this version made under a temporary name (`dist.link-<pid>`), when the process that made them is gone:
 * removed, quietly, as far as possible.
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
    const m = /^\.(?:(?:tmp|old)-(\d+)-[0-9a-z]+|link-(\d+))$/.exec(entry.slice(name.length));
    if (!entry.startsWith(name) || !m || isRunning(Number(m[1] ?? m[2]))) continue;
    try {
      rmSync(path.join(dir, entry), { recursive: true, force: true });
    } catch {
      // Still not removable: the build that left it said so.
    }
  }
}

/** Staged writes in flight at most: bounds the memory held by pages waiting for the disk. */
const MAX_PENDING = 64;

/** Every file under `dir`, relative, with forward slashes. */
function listFiles(dir: string): Set<string> {
  const out = new Set<string>();
  // Entries' parent paths start with the resolved `dir`: cut, instead of `path.relative`, which resolves both per file.
  const root = path.resolve(dir);
  for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (entry.isDirectory()) continue;
    const parent = entry.parentPath === root ? '' : entry.parentPath.slice(root.length + 1);
    const rel = parent ? `${parent}${path.sep}${entry.name}` : entry.name;
    out.add(path.sep === '/' ? rel : rel.split(path.sep).join('/'));
  }
  return out;
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
