import { spawn, spawnSync } from 'node:child_process';
import {
  closeSync,
  existsSync,
  fsyncSync,
  lstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  renameSync,
  rmSync,
  symlinkSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';

/**
 * The output folder as a symbolic link to a generation: `dist -> .dist-builds/<id>`. A build writes a new
 * generation beside the current one (unchanged files hard-linked from it, so they keep their bytes, inode
 * and mtime), makes it durable, and switches the link with one `rename`, which the kernel does atomically:
 * whatever kills quire and when, `dist/` is the whole previous site or the whole new one. The previous
 * generation stays until the next build, so a server that resolved the link just before the switch still
 * finds its files; older ones are removed.
 */
export interface Generations {
  /** The path the user named (`dist`), after following links that are not quire's own. */
  readonly outDir: string;
  /** `<parent>/.<name>-builds`: where the generations live. */
  readonly store: string;
  /** The folder the output shows now: a generation, the output folder itself (not yet a link), or none. */
  readonly current: string | undefined;
}

/** The output path with the user's links followed, up to quire's own link (or a folder, or nothing). */
export function managedPath(outDir: string): string {
  let dir = path.resolve(outDir).replace(/[\\/]+$/, '');
  for (let hops = 0; hops < 40; hops++) {
    const target = linkOf(dir);
    if (target === undefined || isWithinStore(dir, target)) break;
    dir = target;
  }
  return dir;
}

/** The store folder that holds the generations of `outDir`. */
export function storeOf(outDir: string): string {
  return path.join(path.dirname(outDir), `.${path.basename(outDir)}-builds`);
}

/** Written before an output folder of an older quire (a real folder) is moved into the store. */
const CONVERTING = 'converting.json';
/** Names the generation the last switch replaced: kept until the next build. */
const PREVIOUS = 'previous';

/**
 * Where `outDir` really is and what it shows, with an interrupted switch finished first. A link the user
 * made (to a web server's folder, say) is followed: the generations live beside its target.
 */
export function openGenerations(outDir: string): Generations {
  const dir = managedPath(outDir);
  finishConversion(dir);
  const store = storeOf(dir);
  const target = linkOf(dir);
  if (target !== undefined) return { outDir: dir, store, current: existsSync(target) ? target : undefined };
  return { outDir: dir, store, current: isDirectory(dir) ? dir : undefined };
}

/**
 * What an earlier build left in the store: every generation but the one shown, the one it replaced and `keep`,
 * including folders already handed to a background removal (`<id>.removing`, see retireOldGenerations).
 */
function oldGenerations(g: Generations, keep: readonly string[]): string[] {
  let entries: string[];
  try {
    entries = readdirSync(g.store);
  } catch {
    return [];
  }
  const previous = readPrevious(g.store);
  const kept = new Set([g.current, previous, ...keep].filter((p): p is string => p !== undefined).map((p) => path.basename(p)));
  return entries
    .filter((entry) => !kept.has(entry) && entry !== PREVIOUS && entry !== CONVERTING)
    .map((entry) => path.join(g.store, entry));
}

/** The ending of a generation's name once it is handed to a background removal. */
const RETIRED = '.removing';

/**
 * Removes what an earlier build left in the store (see oldGenerations) without making the build wait: each
 * generation is renamed `<id>.removing` (one rename, however many files it holds) and deleted in the background
 * (removeInBackground): deleting a generation's thousands of files, which a build after `rm -rf dist` (the link
 * only) or after a killed build finds, used to delay its first page (bench/HISTORY.md). A folder an earlier
 * removal did not finish (`.removing`: it failed, or it still runs) is removed here with `removeHere` when
 * `unfinished` is true (at a build's start) and left alone otherwise (at the commit, when it is this build's
 * own). A folder that cannot be renamed is removed here too. `removeHere` records what it cannot remove (it must
 * not throw). Called under the build lock, so nothing in the store is another running build's.
 */
export function retireOldGenerations(
  g: Generations,
  keep: readonly string[],
  removeHere: (p: string) => void,
  { unfinished }: { unfinished: boolean },
): void {
  const later: string[] = [];
  for (const p of oldGenerations(g, keep)) {
    if (p.endsWith(RETIRED)) {
      if (unfinished) removeHere(p);
      continue;
    }
    try {
      renameSync(p, p + RETIRED);
      later.push(p + RETIRED);
    } catch {
      removeHere(p);
    }
  }
  removeInBackground(later, removeHere);
}

/**
 * Deletes folders the output no longer shows without making the build wait: a detached `rm -rf` that goes on
 * after quire exits (deleting a thousand pages' files costs this file system a few tenths of a second, and the
 * site is already switched). Where that cannot start, they are deleted here. What is still there at the next
 * build is removed by it (`retireOldGenerations`) and reported if it cannot be.
 */
function removeInBackground(paths: readonly string[], removeHere: (p: string) => void): void {
  if (!paths.length) return;
  if (process.platform !== 'win32') {
    try {
      const child = spawn('rm', ['-rf', '--', ...paths], { detached: true, stdio: 'ignore' });
      child.on('error', () => paths.forEach(removeHere));
      child.unref();
      return;
    } catch {
      // No rm to start: below.
    }
  }
  paths.forEach(removeHere);
}

/** A new, empty generation folder in the store. */
export function newGeneration(g: Generations): string {
  mkdirSync(g.store, { recursive: true });
  const dir = path.join(g.store, `${Date.now().toString(36)}-${process.pid}`);
  mkdirSync(dir);
  return dir;
}

/**
 * Makes `next` what `outDir` shows. `next` must be complete and durable (see `syncTree`). The link is made
 * under a temporary name and renamed over `outDir` (atomic); an output folder of an older quire (a real
 * folder) is first moved into the store, with a journal that lets the next quire command finish the switch
 * if this one is killed between the two renames.
 */
export function switchTo(g: Generations, next: string): void {
  const link = `${g.outDir}.link-${process.pid}`;
  rmSync(link, { force: true });
  symlinkSync(path.relative(path.dirname(g.outDir), next), link, 'dir');
  if (linkOf(g.outDir) === undefined && isDirectory(g.outDir)) {
    const moved = path.join(g.store, `${Date.now().toString(36)}-${process.pid}-was-${path.basename(g.outDir)}`);
    writeDurably(path.join(g.store, CONVERTING), JSON.stringify({ moved: path.basename(moved), next: path.basename(next) }));
    renameSync(g.outDir, moved);
    renameSync(link, g.outDir);
    syncDir(path.dirname(g.outDir));
    unlinkSync(path.join(g.store, CONVERTING));
    writeDurably(path.join(g.store, PREVIOUS), path.basename(moved));
    return;
  }
  renameSync(link, g.outDir);
  syncDir(path.dirname(g.outDir));
  if (g.current) writeDurably(path.join(g.store, PREVIOUS), path.basename(g.current));
}

/**
 * Flushes a generation to disk before the switch, so a power loss cannot leave the link pointing at files
 * the disk never got: one `syncfs` of its file system (`sync -f`), or else an fsync of every file and folder.
 */
export function syncTree(dir: string): void {
  if (process.platform === 'linux') {
    const r = spawnSync('sync', ['-f', dir], { stdio: 'ignore' });
    if (r.status === 0) return;
  }
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    const p = path.join(entry.parentPath, entry.name);
    if (entry.isFile() || entry.isDirectory()) fsyncPath(p);
  }
  fsyncPath(dir);
}

/**
 * A switch an older-quire conversion left half done (killed between moving the old folder into the store
 * and placing the link): the link is placed, to the new generation when it is there, else back to the old
 * folder; never is the only copy of a site deleted.
 */
function finishConversion(outDir: string): void {
  const store = storeOf(outDir);
  let journal: { moved: string; next: string };
  try {
    journal = JSON.parse(readFileSync(path.join(store, CONVERTING), 'utf8')) as { moved: string; next: string };
  } catch {
    return;
  }
  if (!existsSync(outDir) && linkOf(outDir) === undefined) {
    const target = [journal.next, journal.moved].map((n) => path.join(store, n)).find(isDirectory);
    if (target) symlinkSync(path.relative(path.dirname(outDir), target), outDir, 'dir');
    syncDir(path.dirname(outDir));
    if (target && path.basename(target) === journal.next) writeDurably(path.join(store, PREVIOUS), journal.moved);
  }
  unlinkSync(path.join(store, CONVERTING));
}

function readPrevious(store: string): string | undefined {
  try {
    return readFileSync(path.join(store, PREVIOUS), 'utf8').trim() || undefined;
  } catch {
    return undefined;
  }
}

/** Where the link at `p` points (absolute), or undefined when `p` is no link. */
function linkOf(p: string): string | undefined {
  try {
    if (!lstatSync(p).isSymbolicLink()) return undefined;
    return path.resolve(path.dirname(p), readlinkSync(p));
  } catch {
    return undefined;
  }
}

/** A link from `outDir` into its own store is quire's; any other link is the user's, and followed. */
function isWithinStore(outDir: string, target: string): boolean {
  return path.dirname(target) === storeOf(outDir);
}

function isDirectory(p: string): boolean {
  try {
    return lstatSync(p).isDirectory();
  } catch {
    return false;
  }
}

function writeDurably(file: string, text: string): void {
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, text);
  fsyncPath(tmp);
  renameSync(tmp, file);
  syncDir(path.dirname(file));
}

function syncDir(dir: string): void {
  try {
    fsyncPath(dir);
  } catch {
    // Some file systems refuse to fsync a folder; the rename is still atomic there.
  }
}

function fsyncPath(p: string): void {
  const fd = openSync(p, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}
