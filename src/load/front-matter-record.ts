import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { deserialize, serialize } from 'node:v8';
import type { FrontMatter } from '../types.ts';
import { type FieldPlaces, type SplitResult, splitFrontMatter } from './front-matter.ts';

/**
 * Bumped when what splitFrontMatter returns for a clean file changes. The module's own address is part of the
 * version too: the compiled CLI's chunk names carry a hash of their code, so another quire never reads this record.
 */
const RECORD_VERSION = `1|${import.meta.url}`;

/** What a clean split keeps: the body as an offset into the text, which is read again anyway. */
interface Entry {
  frontMatter: FrontMatter;
  bodyStart: number;
  bodyLine: number;
  fieldPlaces?: FieldPlaces;
}

interface Saved {
  version: string;
  entries: Map<string, Entry>;
}

/**
 * Each content file's parsed and validated front matter from the last build, keyed by its path and the hash of
 * its bytes (`.quire/cache/front-matter.bin`): a warm build reads one file instead of parsing and validating
 * every page's YAML again. Only files without diagnostics are kept, so every warning and error is made afresh,
 * with the catalogue's current words. Entries not used in a build are dropped when it is saved.
 */
export class FrontMatterRecord {
  /** Files whose front matter came from the record, and files split anew (tests read them). */
  reused = 0;
  parsed = 0;
  private entries = new Map<string, Entry>();
  private used = new Map<string, Entry>();

  private constructor(private readonly file?: string) {}

  /** The record kept in `cacheDir`; without one, an empty record that is never saved. */
  static async open(cacheDir: string | undefined): Promise<FrontMatterRecord> {
    const record = new FrontMatterRecord(cacheDir ? path.join(cacheDir, 'front-matter.bin') : undefined);
    if (!record.file) return record;
    try {
      const saved = deserialize(await readFile(record.file)) as Saved;
      if (saved.version === RECORD_VERSION && saved.entries instanceof Map) record.entries = saved.entries;
    } catch {
      // No record yet, or one this build cannot read: every file is split anew.
    }
    return record;
  }

  /** splitFrontMatter's result for `text`, the bytes hashed as `hash` (Source.hash), from the record when it has it. */
  split(text: string, file: string, hash: string): SplitResult {
    const key = `${file}\0${hash}`;
    const hit = this.used.get(key) ?? this.entries.get(key);
    if (hit) {
      this.reused++;
      this.used.set(key, hit);
      return {
        // Copies: load completes a page's front matter (a date from its file name) in the object it is given.
        frontMatter: { ...hit.frontMatter },
        body: text.slice(hit.bodyStart),
        bodyLine: hit.bodyLine,
        ...(hit.fieldPlaces ? { fieldPlaces: withoutPrototype(hit.fieldPlaces) } : {}),
        diagnostics: [],
      };
    }
    this.parsed++;
    const result = splitFrontMatter(text, file);
    if (result.diagnostics.length === 0) {
      this.used.set(key, {
        frontMatter: { ...result.frontMatter },
        bodyStart: text.length - result.body.length,
        bodyLine: result.bodyLine,
        ...(result.fieldPlaces ? { fieldPlaces: result.fieldPlaces } : {}),
      });
    }
    return result;
  }

  /**
   * Writes the record when this build used other entries than it read (written beside it, then renamed over it).
   * A record that cannot be written only costs the next build its parsing again, so the error is returned, not
   * thrown: the cache folder's problem is reported once, by the compile cache that shares it (Q102).
   */
  async save(): Promise<Error | undefined> {
    if (!this.file) return undefined;
    const same = this.used.size === this.entries.size && [...this.used.keys()].every((key) => this.entries.has(key));
    if (same) return undefined;
    const tmp = `${this.file}.${process.pid}.tmp`;
    try {
      await mkdir(path.dirname(this.file), { recursive: true });
      await writeFile(tmp, serialize({ version: RECORD_VERSION, entries: this.used } satisfies Saved));
      await rename(tmp, this.file);
    } catch (e) {
      return e as Error;
    }
    this.entries = this.used;
    this.used = new Map();
    return undefined;
  }
}

/**
 * The places as fieldPlaces makes them, without a prototype (a field named `__proto__` is a key like any other):
 * v8's serializer gives the copy it reads back the usual prototype.
 */
function withoutPrototype(places: FieldPlaces): FieldPlaces {
  return Object.assign(Object.create(null) as FieldPlaces, places);
}
