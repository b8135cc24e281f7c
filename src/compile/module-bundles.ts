import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { deserialize, serialize } from 'node:v8';
import type { Diagnostic } from '../diagnostics.ts';
import type { AssetRef, Compiled, Heading, LinkRef } from '../types.ts';

/** What bundling the pages' modules gave each page: its modules, and the links and images its partials added. */
export interface PageBundle {
  modules?: Compiled['modules'];
  links: LinkRef[];
  assets: AssetRef[];
  /** The size keys of its partials' Markdown images (see Compiled.measuredImages). */
  measuredImages?: string[];
  /** Its headings and table of contents with its partials' (see addPartialHeadings), where it shows any. */
  headings?: Heading[];
  toc?: Heading[];
}

/** One bundle of the pages' modules, kept with the files it was made of. */
export interface BundleRecord {
  /** The pages and settings it was made for (see bundleKey). */
  key: string;
  /** Every file esbuild read, absolute, and one hash of their bytes. */
  inputs: string[];
  inputsHash: string;
  /** By entry, in the order of the pages that import modules. */
  pages: PageBundle[];
  files: { file: string; contents: string }[];
  diagnostics: Diagnostic[];
}

/**
 * The last bundle of the pages' modules, kept so a build or a `quire dev` edit that changes neither the pages'
 * imports nor any file esbuild read does not run esbuild again (on a project whose pages import components, esbuild
 * is most of the plan step: bench/HISTORY.md). Held in memory (quire dev), and in the cache folder when one is given
 * (`modules-<hash of the root>.bin`, a build). A bundle that reported an error or left a page out is not kept: what
 * it could not find is not among its inputs.
 */
export class ModuleBundles {
  private last?: BundleRecord;

  constructor(private readonly cacheDir?: string) {}

  /** The kept bundle for `key` whose input files are unchanged, else undefined. */
  async get(key: string, root: string): Promise<BundleRecord | undefined> {
    const record = this.last?.key === key ? this.last : await this.read(root);
    if (!record || record.key !== key) return undefined;
    if ((await inputsHash(record.inputs)) !== record.inputsHash) return undefined;
    this.last = record;
    return record;
  }

  /** Keeps a bundle; a record that cannot be written costs the next build its esbuild run, nothing else. */
  async set(record: Omit<BundleRecord, 'inputsHash'>, root: string): Promise<void> {
    const kept = { ...record, inputsHash: await inputsHash(record.inputs) };
    this.last = kept;
    const file = this.file(root);
    if (!file) return;
    try {
      await mkdir(path.dirname(file), { recursive: true });
      const tmp = `${file}.${process.pid}.tmp`;
      await writeFile(tmp, serialize(kept));
      await rename(tmp, file);
    } catch {
      // Not kept on disk: the next build bundles again.
    }
  }

  private file(root: string): string | undefined {
    return this.cacheDir && path.join(this.cacheDir, `modules-${sha1(root).slice(0, 12)}.bin`);
  }

  private async read(root: string): Promise<BundleRecord | undefined> {
    const file = this.file(root);
    if (!file) return undefined;
    try {
      const value = deserialize(await readFile(file)) as BundleRecord;
      return typeof value?.key === 'string' && Array.isArray(value.inputs) && Array.isArray(value.pages) ? value : undefined;
    } catch {
      return undefined;
    }
  }
}

const sha1 = (text: string | Uint8Array) => createHash('sha1').update(text).digest('hex');

/**
 * One hash of the files' paths and bytes (a file that cannot be read counts as missing), and of the names in their
 * folders outside `node_modules/`: a file added beside an input (`Note.tsx` beside `Note.js`) may be what an import
 * resolves to now.
 */
async function inputsHash(files: readonly string[]): Promise<string> {
  const hash = createHash('sha1');
  for (const file of files) {
    hash.update(`${file}\0`);
    hash.update(await readFile(file).catch(() => 'missing\0'));
  }
  const folders = [...new Set(files.filter((f) => !f.split(path.sep).includes('node_modules')).map((f) => path.dirname(f)))].sort();
  for (const folder of folders) hash.update(`${folder}\0${(await readdir(folder).catch(() => [])).sort().join('\0')}\0`);
  return hash.digest('hex');
}

/** The key of a bundle: quire's bundler version, the pages that import modules with what they import, the settings. */
export function bundleKey(version: string, pages: readonly Compiled[], settings: unknown): string {
  const shown = pages.map((c) => [c.source.file, c.source.react === true, c.imports, c.unplainProps ?? null]);
  return sha1(JSON.stringify([version, shown, settings], (_key, value: unknown) => (value instanceof Set ? [...value].sort() : value)));
}
