import { createHash } from 'node:crypto';
import { existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, realpathSync, renameSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Diagnostic } from './diagnostics.ts';
import { isUnder } from './globs.ts';
import type { SiteConfig } from './types.ts';

/**
 * A build that would change nothing, known before any stage runs. After each successful build into a folder,
 * the build notes the state of everything it could have read (every file and folder of the folders it reads the
 * project from, the project folder's own files, every other file it read and the folder it is in, the installed
 * packages' own record) and of everything it wrote (the output's generation, each file and folder in it). The next build
 * with the same quire, options and evaluated configuration whose notes all still hold has nothing to do: it
 * reports the last build's result instead of running the stages. Anything that differs, or a note that cannot
 * be taken, means a full build; so the check can only ever cost a build its shortcut, never its correctness.
 */

/** What the last build reported, shown again when it stands. */
export interface StandingResult {
  pages: number;
  files: number;
  bytes: number;
  diagnostics: Diagnostic[];
}

export interface StandingPlace {
  /** The project folder. */
  root: string;
  /** The output folder as the user named it (quire's link to a generation). */
  outDir: string;
  /** The cache folder the record is kept in. */
  cacheDir: string;
  /** The build's key: quire's version, its options and the evaluated configuration (see standingKey). */
  key: string;
}

/** [size, mtime, ctime, inode] of a file the build could read or wrote (null: not there); folders: their mtime. */
type Stamp = number[];

interface StandingRecord {
  version: number;
  key: string;
  /** Where the output link pointed. */
  generation: string;
  inputs: { [file: string]: Stamp | null };
  folders: { [dir: string]: number };
  outputs: { [file: string]: Stamp };
  outputFolders: { [dir: string]: number };
  result: StandingResult;
}

const FORMAT = 1;
/** Folders a build reads that hold more entries than this are not noted (the walk would cost more than it saves). */
const MAX_ENTRIES = 50_000;
/** Folders of the project the build never reads. */
const NOT_READ = new Set(['.git', '.hg', '.svn', 'node_modules']);
/** Package managers' own records of what is installed: a changed install changes one of them. */
const INSTALL_RECORDS = ['node_modules/.package-lock.json', 'node_modules/.modules.yaml', 'node_modules/.yarn-state.yml'];

/**
 * The key of a build: quire's version, the options that change the output and the configuration as evaluated
 * (functions by their source), so a configuration computed from the clock or the environment is compared by
 * what it gave. None for a site that shows git's last updates: a commit changes its pages, not its files.
 */
export function standingKey(
  config: SiteConfig,
  options: { tool: string; outDir: string; locale?: string; configFile?: string },
): string | undefined {
  const { docs, blog } = config;
  if (docs.showLastUpdateTime || docs.showLastUpdateAuthor || blog.showLastUpdateTime || blog.showLastUpdateAuthor) return undefined;
  const text = JSON.stringify(
    [options.tool, path.resolve(options.outDir), options.locale ?? '', options.configFile ?? '', config],
    (_k, v: unknown) =>
      typeof v === 'function'
        ? `function:${String(v)}`
        : v instanceof RegExp
          ? `regexp:${String(v)}`
          : v instanceof Map
            ? { map: [...v] }
            : v instanceof Set
              ? { set: [...v] }
              : typeof v === 'bigint'
                ? `bigint:${v}`
                : v,
  );
  return createHash('sha256').update(text).digest('hex');
}

function recordFile({ cacheDir, outDir }: Pick<StandingPlace, 'cacheDir' | 'outDir'>): string {
  const name = createHash('sha1').update(path.resolve(outDir)).digest('hex').slice(0, 12);
  return path.join(cacheDir, `standing-${name}.json`);
}

/** The last build's result when its record holds in every note; undefined when anything differs. */
export function standingBuild(place: StandingPlace): StandingResult | undefined {
  let record: StandingRecord;
  try {
    record = JSON.parse(readFileSync(recordFile(place), 'utf8')) as StandingRecord;
  } catch {
    return undefined;
  }
  if (record.version !== FORMAT || record.key !== place.key) return undefined;
  // Another build of the project is running: it may be about to change the output; wait for it the usual way.
  if (existsSync(path.join(place.root, '.quire/build.lock'))) return undefined;
  if (linkTarget(place.outDir) !== record.generation) return undefined;
  const at = (p: string) => path.resolve(place.root, p);
  for (const [file, stamp] of Object.entries(record.inputs)) if (!sameStamp(inputStamp(at(file)), stamp)) return undefined;
  for (const [dir, mtime] of Object.entries(record.folders)) if (folderStamp(at(dir)) !== mtime) return undefined;
  for (const [dir, mtime] of Object.entries(record.outputFolders))
    if (folderStamp(path.join(record.generation, dir)) !== mtime) return undefined;
  for (const [file, stamp] of Object.entries(record.outputs))
    if (!sameStamp(outputStamp(path.join(record.generation, file)), stamp)) return undefined;
  return record.result;
}

/** What a build could have read: the folders it reads the project from (walked whole) and the files it read elsewhere. */
export interface StandingReads {
  /** Absolute: the layout's folders (globs.ts, layoutFolders). */
  folders: readonly string[];
  /** Absolute: the config module and its imports, sidebars, the modules pages import, the client bundle's inputs. */
  files: readonly string[];
}

/**
 * Notes the state a successful build leaves: every file and folder in `reads.folders`, each of `reads.files` and
 * the folder it is in, the project folder's own files, and the package managers' install records. Nothing is noted
 * when a note cannot be taken (an output folder that is not quire's link, folders too large): the next build then
 * runs in full.
 */
export function recordStanding(place: StandingPlace, reads: StandingReads, result: StandingResult): void {
  const generation = linkTarget(place.outDir);
  if (!generation) return;
  const skip = new Set([path.resolve(place.outDir), path.resolve(place.cacheDir), path.join(place.root, '.quire')]);
  skip.add(path.join(path.dirname(path.resolve(place.outDir)), `.${path.basename(place.outDir)}-builds`));
  // Noted by their path from the project folder (those outside it: absolute), which keeps the record small.
  const inputs: StandingRecord['inputs'] = {};
  const folders: StandingRecord['folders'] = {};
  const key = (p: string) => (isWithin(place.root, p) ? path.relative(place.root, p) : p === place.root ? '.' : p);
  const noteFile = (file: string) => (inputs[key(file)] = inputStamp(file));
  const noteFolder = (dir: string) => (folders[key(dir)] = folderStamp(dir));
  let budget = MAX_ENTRIES;
  for (const dir of reads.folders) {
    if (!existsSync(dir)) continue;
    budget = walk(dir, skip, budget, noteFile, noteFolder);
    if (budget < 0) return;
  }
  // The project folder's own files (a config, a sidebar file, package.json) and its entries: a file added there is seen.
  noteFolder(place.root);
  for (const entry of readdirSync(place.root, { withFileTypes: true }))
    if (!entry.isDirectory()) noteFile(path.join(place.root, entry.name));
  for (const file of [...reads.files, ...INSTALL_RECORDS.map((f) => path.join(place.root, f))]) {
    if (reads.folders.some((dir) => isUnder(file, dir))) continue;
    noteFile(file);
    noteFolder(path.dirname(file));
  }
  const outputs: StandingRecord['outputs'] = {};
  const outputFolders: StandingRecord['outputFolders'] = {};
  const written = walk(
    generation,
    new Set(),
    MAX_ENTRIES,
    (file) => (outputs[path.relative(generation, file)] = outputStamp(file) ?? []),
    (dir) => (outputFolders[path.relative(generation, dir)] = folderStamp(dir)),
  );
  if (written < 0) return;
  const record: StandingRecord = { version: FORMAT, key: place.key, generation, inputs, folders, outputs, outputFolders, result };
  const file = recordFile(place);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(`${file}.tmp`, JSON.stringify(record));
  renameSync(`${file}.tmp`, file);
}

/**
 * Walks `dir` (links followed, NOT_READ and `skip` left out), calling `onFile` and `onFolder`, with at most `budget`
 * entries: returns what is left of it, below 0 when the folder held more.
 */
function walk(
  dir: string,
  skip: ReadonlySet<string>,
  budget: number,
  onFile: (file: string) => void,
  onFolder: (dir: string) => void,
): number {
  const stack = [dir];
  while (stack.length) {
    const current = stack.pop()!;
    onFolder(current);
    for (const entry of readdirSync(current, { withFileTypes: true })) {
      if (--budget < 0) return budget;
      const full = path.join(current, entry.name);
      if (skip.has(full) || NOT_READ.has(entry.name)) continue;
      const isDir = entry.isDirectory() || (entry.isSymbolicLink() && statSync(full, { throwIfNoEntry: false })?.isDirectory());
      if (isDir) stack.push(full);
      else onFile(full);
    }
  }
  return budget;
}

function inputStamp(file: string): Stamp | null {
  const s = statSync(file, { throwIfNoEntry: false });
  return s ? [s.size, s.mtimeMs, s.ctimeMs, s.ino] : null;
}

/**
 * An output file's size, mtime, ctime and inode. The ctime tells a file rewritten with its size and mtime kept;
 * it also moves when an older generation that shared the file is deleted in the background after the record was
 * taken, which costs one full build (that changes nothing and so switches nothing) before the shortcut holds.
 */
function outputStamp(file: string): Stamp | null {
  const s = lstatSync(file, { throwIfNoEntry: false });
  return s ? [s.size, s.mtimeMs, s.ctimeMs, s.ino] : null;
}

function folderStamp(dir: string): number {
  return statSync(dir, { throwIfNoEntry: false })?.mtimeMs ?? -1;
}

function sameStamp(a: Stamp | null, b: Stamp | null): boolean {
  if (a === null || b === null) return a === b;
  return a.length === b.length && a.every((n, i) => n === b[i]);
}

/** The generation the output shows (its links followed), or undefined when the output is not a link to one. */
function linkTarget(outDir: string): string | undefined {
  try {
    const target = realpathSync(outDir);
    return target === path.resolve(outDir) ? undefined : target;
  } catch {
    return undefined;
  }
}

function isWithin(root: string, file: string): boolean {
  const rel = path.relative(root, file);
  return rel !== '' && !rel.startsWith('..') && !path.isAbsolute(rel);
}
