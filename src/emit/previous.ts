import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * What the previous build wrote into the output folder, kept beside the compile cache
 * (`.quire/cache/output-<hash of the output path>.json`): per page its fingerprint (see the render
 * stage), the content hash of the bytes this build wrote and the size, mtime and inode its file had in
 * the generation this build switched in; and the search index files with the key of the pages they index.
 * A warm build keeps a page's previous file instead of rendering and writing it again when the fingerprint
 * is the same and the file is still what was written: same size, mtime and inode, or else the same content
 * hash (a file edited or replaced by anything else, even keeping its mtime, is rendered again).
 */
export interface OutputRecord {
  file: string;
  size: number;
  mtimeMs: number;
  /** Moves with every write, and with a change of links (an older generation deleted): a file rewritten with its size and mtime kept. */
  ctimeMs?: number;
  ino?: number;
  /** SHA-1 of the bytes written (pages). */
  hash?: string;
}

interface ManifestData {
  version: number;
  /** Who wrote the output: quire's version and code; another quire renders everything again. */
  tool: string;
  pages: Record<string, OutputRecord & { fingerprint: string }>;
  search?: { key: string; files: OutputRecord[] };
}

const FORMAT = 3;

export class OutputManifest {
  private next: ManifestData;
  private pending: {
    pages: { routePath: string; fingerprint: string; file: string; hash: string }[];
    search?: { key: string; files: string[] };
  } = { pages: [] };
  /** Whether a kept file's ctime moved since its record (see unchanged): the record is then saved even if nothing else changed. */
  private restamped = false;

  private constructor(
    private readonly file: string | undefined,
    private readonly outDir: string,
    private readonly previous: ManifestData | undefined,
    tool: string,
  ) {
    this.next = { version: FORMAT, tool, pages: {} };
  }

  /**
   * Opens the manifest of `outDir`. Without a cache folder or a tool version (tests, `--no-cache`) it
   * knows no previous output and records nothing, so every page is rendered.
   */
  static async open(cacheDir: string | undefined, outDir: string, tool: string | undefined): Promise<OutputManifest> {
    if (!cacheDir || !tool) return new OutputManifest(undefined, outDir, undefined, '');
    const name = createHash('sha1').update(path.resolve(outDir)).digest('hex').slice(0, 12);
    const file = path.join(cacheDir, `output-${name}.json`);
    let previous: ManifestData | undefined;
    try {
      const data = JSON.parse(await readFile(file, 'utf8')) as ManifestData;
      if (data.version === FORMAT && data.tool === tool) previous = data;
    } catch {
      previous = undefined;
    }
    return new OutputManifest(file, outDir, previous, tool);
  }

  /** The folder the record is kept in (the cache folder). */
  get directory(): string {
    return this.file ? path.dirname(this.file) : '';
  }

  get enabled(): boolean {
    return this.file !== undefined;
  }

  /**
   * The routes whose previous output can be reused: same fingerprint, and the file still there
   * exactly as it was written. Checked with one `stat` per page. Pages with content images are never
   * recorded (see emit), so they are always rendered.
   */
  async reusable(fingerprints: ReadonlyMap<string, string>): Promise<Map<string, OutputRecord>> {
    const out = new Map<string, OutputRecord>();
    const pages = this.previous?.pages;
    if (!pages) return out;
    const candidates = [...fingerprints].filter(([p, fingerprint]) => pages[p]?.fingerprint === fingerprint);
    for (const [p] of candidates) if (this.unchanged(pages[p])) out.set(p, pages[p]);
    return out;
  }

  /** The previous search index files, when they were made from pages with exactly this key and are untouched. */
  async reusableSearch(key: string): Promise<OutputRecord[] | undefined> {
    const search = this.previous?.search;
    if (!search || search.key !== key) return undefined;
    return search.files.every((f) => this.unchanged(f)) ? search.files : undefined;
  }

  /** The absolute path of a previous output file. */
  previousPath(record: Pick<OutputRecord, 'file'>): string {
    return path.join(this.outDir, record.file);
  }

  /** The size of a file of the previous output, or undefined when it is not there. */
  previousSize(file: string): number | undefined {
    return statSync(this.previousPath({ file }), { throwIfNoEntry: false })?.size;
  }

  /** Notes a page's output file and the hash of its bytes; its size, mtime and inode are read when the manifest is saved. */
  recordPage(routePath: string, fingerprint: string, file: string, hash: string): void {
    if (this.enabled) this.pending.pages.push({ routePath, fingerprint, file, hash });
  }

  recordSearch(key: string, files: string[]): void {
    if (this.enabled) this.pending.search = { key, files };
  }

  /**
   * Written after the output folder was swapped in: the size and mtime of every recorded file are read
   * there, so the records describe the files as they now are in `outDir`. When the output stayed as it was
   * (`outputSwitched` false) and every record names the same file, fingerprint and hash as before, the
   * previous record still describes it: nothing is read or written (a warm build with nothing changed).
   */
  async save(outputSwitched = true): Promise<void> {
    if (!this.file || (!outputSwitched && !this.restamped && this.recordsAsBefore())) return;
    const stat = (file: string): OutputRecord | undefined => {
      try {
        const s = statSync(path.join(this.outDir, file));
        return { file, size: s.size, mtimeMs: s.mtimeMs, ctimeMs: s.ctimeMs, ino: s.ino };
      } catch {
        return undefined;
      }
    };
    for (const { routePath, fingerprint, file, hash } of this.pending.pages) {
      const record = stat(file);
      if (record) this.next.pages[routePath] = { ...record, hash, fingerprint };
    }
    if (this.pending.search) {
      const records = this.pending.search.files.map(stat);
      if (records.every((r) => r !== undefined)) this.next.search = { key: this.pending.search.key, files: records as OutputRecord[] };
    }
    await mkdir(path.dirname(this.file), { recursive: true });
    const tmp = `${this.file}.${process.pid}.tmp`;
    await writeFile(tmp, JSON.stringify(this.next));
    await rename(tmp, this.file);
  }

  /** Whether this build recorded exactly the pages and search files of the previous record. */
  private recordsAsBefore(): boolean {
    const previous = this.previous;
    if (!previous) return false;
    const { pages, search } = this.pending;
    if (pages.length !== Object.keys(previous.pages).length) return false;
    for (const { routePath, fingerprint, file, hash } of pages) {
      const before = previous.pages[routePath];
      if (!before || before.fingerprint !== fingerprint || before.file !== file || before.hash !== hash) return false;
    }
    if (!search || !previous.search) return !search && !previous.search;
    return (
      search.key === previous.search.key &&
      search.files.length === previous.search.files.length &&
      search.files.every((f, i) => previous.search!.files[i].file === f)
    );
  }

  private unchanged(record: OutputRecord): boolean {
    const abs = path.join(this.outDir, record.file);
    try {
      const s = statSync(abs);
      if (!s.isFile() || s.size !== record.size) return false;
      const same = s.mtimeMs === record.mtimeMs && (record.ino === undefined || s.ino === record.ino);
      // A file without a hash (the search index's) is trusted on its size, mtime and inode, as it was recorded.
      if (same && (s.ctimeMs === record.ctimeMs || record.hash === undefined)) return true;
      // Touched, replaced or rewritten in place: still reusable when the bytes are the ones this build wrote. A ctime
      // moved by an older generation's deletion alone is noted afresh, so the next build need not read the file again.
      const kept = record.hash !== undefined && createHash('sha1').update(readFileSync(abs)).digest('hex') === record.hash;
      if (kept && same) this.restamped = true;
      return kept;
    } catch {
      return false;
    }
  }
}
