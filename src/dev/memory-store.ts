import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Writer } from '../emit/index.ts';
import type { FileStore, StoreEntry } from './static-handler.ts';

interface MemoryFile {
  /** As emit wrote it. */
  raw: string | Uint8Array;
  /** As served (HTML with the live-reload script). */
  served: Uint8Array;
  etag?: string;
  mtimeMs: number;
  /** Number of the commit that last changed this file; pages carry it so a stale tab can tell. */
  version: number;
}

/** Adds the dev script to a page; receives the output file and its version. */
export type HtmlInjector = (html: string, file: string, version: number) => string;

/**
 * The dev build's output, in memory. Unlike the build's MemoryWriter it is updated, not replaced:
 * an incremental emit writes only the pages that changed, and commit merges them in. A failed emit
 * (abort) leaves every file as it was, so the last good pages keep being served.
 */
export class MemoryStore implements Writer, FileStore {
  private files = new Map<string, MemoryFile>();
  private pending = new Map<string, string | Uint8Array>();
  private copies = new Map<string, string>();
  private changedSources = new Set<string>();
  private commits = 0;
  /** Output files whose bytes changed in the last commit (including deletions). */
  lastChanged: string[] = [];

  constructor(
    private readonly inject?: HtmlInjector,
    /** Folders emit rewrites completely on every emit: files there that were not rewritten are stale. */
    private readonly pruneUnder: () => string[] = () => [],
  ) {}

  async write(file: string, data: string | Uint8Array): Promise<void> {
    this.pending.set(file, data);
  }

  /** Static files are read again only when they changed on disk (see markChanged) or are new. */
  async copy(from: string, file: string): Promise<void> {
    if (this.files.has(file) && !this.changedSources.has(from)) return;
    this.copies.set(file, from);
  }

  /** A project file that changed on disk: its next copy() reads it again. */
  markChanged(abs: string): void {
    this.changedSources.add(abs);
  }

  async commit(): Promise<void> {
    for (const [file, from] of this.copies) this.pending.set(file, await readFile(from));
    const version = ++this.commits;
    const now = Date.now();
    const changed: string[] = [];
    for (const [file, raw] of this.pending) {
      const old = this.files.get(file);
      if (old && sameBytes(old.raw, raw)) continue;
      const served =
        typeof raw === 'string' ? Buffer.from(file.endsWith('.html') && this.inject ? this.inject(raw, file, version) : raw) : raw;
      this.files.set(file, { raw, served, mtimeMs: now, version });
      changed.push(file);
    }
    for (const prefix of this.pruneUnder()) {
      for (const file of [...this.files.keys()]) {
        if (file.startsWith(prefix) && !this.pending.has(file)) {
          this.files.delete(file);
          changed.push(file);
        }
      }
    }
    this.pending = new Map();
    this.copies = new Map();
    this.changedSources.clear();
    this.lastChanged = changed;
  }

  async abort(): Promise<void> {
    this.pending = new Map();
    this.copies = new Map();
  }

  /** Replaces every file under `prefix` with `files` at once (the search index). Returns what changed. */
  replaceUnder(prefix: string, files: Map<string, string | Uint8Array>): string[] {
    const version = ++this.commits;
    const now = Date.now();
    const changed: string[] = [];
    for (const file of [...this.files.keys()]) {
      if (file.startsWith(prefix) && !files.has(file)) {
        this.files.delete(file);
        changed.push(file);
      }
    }
    for (const [file, raw] of files) {
      const old = this.files.get(file);
      if (old && sameBytes(old.raw, raw)) continue;
      this.files.set(file, { raw, served: typeof raw === 'string' ? Buffer.from(raw) : raw, mtimeMs: now, version });
      changed.push(file);
    }
    return changed;
  }

  /** Removes files right away (routes, static files or bundle chunks that no longer exist). */
  delete(files: Iterable<string>): string[] {
    const gone: string[] = [];
    for (const f of files) if (this.files.delete(f)) gone.push(f);
    return gone;
  }

  get(file: string): StoreEntry | undefined {
    const f = this.files.get(file);
    if (!f) return undefined;
    f.etag ??= `"${createHash('sha1').update(f.served).digest('hex').slice(0, 20)}"`;
    return { data: f.served, etag: f.etag, mtimeMs: f.mtimeMs };
  }

  /** The file as emit wrote it (pages without the dev script). */
  raw(file: string): string | Uint8Array | undefined {
    return this.files.get(file)?.raw;
  }

  version(file: string): number | undefined {
    return this.files.get(file)?.version;
  }

  has(file: string): boolean {
    return this.files.has(file);
  }

  keys(): IterableIterator<string> {
    return this.files.keys();
  }

  get size(): number {
    return this.files.size;
  }
}

function sameBytes(a: string | Uint8Array, b: string | Uint8Array): boolean {
  if (typeof a === 'string' && typeof b === 'string') return a === b;
  const x = typeof a === 'string' ? Buffer.from(a) : a;
  const y = typeof b === 'string' ? Buffer.from(b) : b;
  return Buffer.compare(x, y) === 0;
}
