import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { deserialize, serialize } from 'node:v8';
import type { Compiled } from '../types.ts';

type Entry = Omit<Compiled, 'source'>;

/**
 * Content-hash cache of compiled sources, kept in one file (`.quire/cache/compile.bin`) so a warm
 * build reads one file instead of thousands. Entries not used in a build are dropped when it is saved.
 */
export class CompileCache {
  private entries = new Map<string, Entry>();
  private used = new Map<string, Entry>();
  private dirty = false;

  constructor(private readonly file?: string) {}

  static async open(dir: string | undefined): Promise<CompileCache> {
    const cache = new CompileCache(dir ? path.join(dir, 'compile.bin') : undefined);
    if (cache.file) {
      try {
        cache.entries = deserialize(await readFile(cache.file)) as Map<string, Entry>;
      } catch {
        cache.entries = new Map();
      }
    }
    return cache;
  }

  /** Nothing saved by an earlier build (or nothing readable): every source will be compiled. */
  get isEmpty(): boolean {
    return this.entries.size === 0 && this.used.size === 0;
  }

  has(key: string): boolean {
    return this.used.has(key) || this.entries.has(key);
  }

  get(key: string): Entry | undefined {
    const hit = this.used.get(key) ?? this.entries.get(key);
    if (hit) this.used.set(key, hit);
    return hit;
  }

  set(key: string, compiled: Compiled): void {
    const { source: _source, ...entry } = compiled;
    this.used.set(key, entry);
    this.dirty = true;
  }

  async save(): Promise<void> {
    if (!this.file || (!this.dirty && this.used.size === this.entries.size)) return;
    await mkdir(path.dirname(this.file), { recursive: true });
    const tmp = `${this.file}.${process.pid}.tmp`;
    await writeFile(tmp, serialize(this.used));
    await rename(tmp, this.file);
    this.entries = this.used;
    this.used = new Map();
    this.dirty = false;
  }
}
