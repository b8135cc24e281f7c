import { lstatSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { Stats } from 'node:fs';
import path from 'node:path';
import { watch, type FSWatcher } from 'chokidar';
import type { FileChange } from './classify.ts';

export interface ProjectWatcher {
  /** Resolves when the initial scan is done: edits from then on are seen. */
  ready: Promise<void>;
  /** Watches more files (a config that now imports another module). */
  add(files: string[]): void;
  close(): Promise<void>;
}

/** A little longer than chokidar's change throttle (50 ms). */
const CONFIRM_MS = 60;

/**
 * How long a batch with a new file waits: chokidar reports a file renamed or moved as the new name at once and
 * the old one gone 100 ms later (its `atomic` delay, which turns an editor's delete-and-write into a change).
 * Waiting a little longer puts both in one batch, so a rename is built (and reported) as one.
 */
const NEW_FILE_WAIT_MS = 130;

/** Editor droppings and folders that never feed a build. */
export function isIgnored(file: string): boolean {
  const name = path.basename(file);
  return (
    (name.startsWith('.') && name !== '.' && name !== '.well-known') ||
    name.endsWith('~') ||
    /\.(swp|swx|swo|tmp)$/.test(name) ||
    name === '4913' || // vim's write test
    /^sed[A-Za-z0-9]{6}$/.test(name) || // sed -i's temporary file
    file.split(path.sep).includes('node_modules')
  );
}

function isLink(file: string): boolean {
  try {
    return lstatSync(file).isSymbolicLink();
  } catch {
    return false;
  }
}

/**
 * Watches the project with chokidar and hands over batches of changes, one batch at a time: events within
 * `debounceMs` are grouped (an editor's save often fires several), and changes that arrive while a batch is
 * being built wait for the next one. The last event per file wins, so unlink + add (an atomic save) is a change.
 */
// biome-ignore lint/complexity/noExcessiveLinesPerFunction: the watcher's debounce and batch state is shared by its event, flush and close handlers, kept together in one closure.
export function watchProject({
  paths,
  onChanges,
  debounceMs = 10,
  root,
}: {
  paths: string[];
  onChanges: (changes: FileChange[]) => Promise<void>;
  debounceMs?: number;
  /**
   * The project folder, watched one level deep as well: a file there saved twice in quick succession by
   * renaming (an editor's atomic save) can lose a watch on the file itself, and a watched folder moved away
   * and back (content/, static/) is watched again when it returns.
   */
  root?: string;
}): ProjectWatcher {
  // Symbolic links are not followed: a build skips them, and a link to /etc must not be walked, let alone served.
  const watcher: FSWatcher = watch(paths, {
    ignoreInitial: true,
    ignored: (file) => isIgnored(file),
    ignorePermissionErrors: true,
    alwaysStat: true,
    followSymlinks: false,
  });
  const pending = new Map<string, boolean>();
  let timer: NodeJS.Timeout | undefined;
  /** The batch is not built before then (a new file in it may be half of a rename). */
  let holdUntil = 0;
  let running: Promise<void> | undefined;
  let closed = false;

  const flush = async () => {
    timer = undefined;
    if (running || closed || pending.size === 0) return;
    const batch = [...pending].map(([file, removed]) => ({ file, removed }));
    pending.clear();
    running = onChanges(batch).catch(() => undefined);
    await running;
    running = undefined;
    if (pending.size) schedule();
  };
  const schedule = () => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => void flush(), Math.max(debounceMs, holdUntil - Date.now()));
  };
  const add = (file: string, removed: boolean, isNew = false) => {
    pending.set(file, removed);
    if (isNew) holdUntil = Math.max(holdUntil, Date.now() + NEW_FILE_WAIT_MS);
    if (!running) schedule();
  };
  // chokidar drops a second `change` of a file within 50 ms of the first (its change throttle): an editor
  // that saves and then formats would leave the first version on screen. A look at the file shortly after
  // every change catches such a write.
  const confirmTimers = new Map<string, NodeJS.Timeout>();
  const confirmLater = (file: string, seen: Stats | undefined) => {
    clearTimeout(confirmTimers.get(file));
    const check = setTimeout(async () => {
      confirmTimers.delete(file);
      const now = await stat(file).catch(() => undefined);
      if (closed || !now) return;
      if (!seen || now.mtimeMs !== seen.mtimeMs || now.size !== seen.size || now.ino !== seen.ino) add(file, isLink(file));
    }, CONFIRM_MS);
    check.unref();
    confirmTimers.set(file, check);
  };
  watcher.on('all', (event, file, stats?: Stats) => {
    if (event === 'addDir') return;
    const abs = path.resolve(file);
    // A file that is (or became) a symbolic link counts as gone, as the load stage does not read links.
    if ((event === 'change' || event === 'add') && isLink(abs)) {
      add(abs, true);
      return;
    }
    add(abs, event === 'unlink' || event === 'unlinkDir', event === 'add');
    if (event === 'change' || event === 'add') confirmLater(abs, stats);
  });
  const top =
    root === undefined
      ? undefined
      : watch(root, {
          depth: 0,
          ignoreInitial: true,
          ignored: (file) => isIgnored(file),
          ignorePermissionErrors: true,
          followSymlinks: false,
        });
  const watchedFolders = new Set(paths.map((p) => path.resolve(p)));
  top?.on('all', (event, file) => {
    const abs = path.resolve(file);
    if (abs === path.resolve(root!)) return;
    if (event === 'addDir') {
      if (!watchedFolders.has(abs)) return;
      watcher.add(abs);
      add(abs, false);
    } else add(abs, event === 'unlink' || event === 'unlinkDir' || ((event === 'add' || event === 'change') && isLink(abs)));
  });
  const ready = Promise.all([
    new Promise<void>((resolve) => watcher.once('ready', () => resolve())),
    top && new Promise<void>((resolve) => top.once('ready', () => resolve())),
  ]).then(() => undefined);
  return {
    ready,
    add: (files) => watcher.add(files),
    close: async () => {
      closed = true;
      if (timer) clearTimeout(timer);
      for (const t of confirmTimers.values()) clearTimeout(t);
      await Promise.all([watcher.close(), top?.close()]);
      await running;
    },
  };
}
