import { closeSync, linkSync, openSync, readFileSync, renameSync, rmSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { hostname } from 'node:os';
import path from 'node:path';
import { isRunning } from './processes.ts';

/** Who holds a project's build lock: written into the lock file. */
export interface LockHolder {
  pid: number;
  /** When the build started (ISO time). */
  started: string;
  /** The command line, as the user would recognise it. */
  command: string;
  host: string;
  /** The process's start time as the kernel counts it (Linux), so a reused pid is not taken for the holder. */
  processStart?: string;
}

export interface HeldLock {
  release(): void;
}

export interface LockOptions {
  /** Told once when the lock is held by another live build, before waiting for it. */
  onWait?: (holder: LockHolder) => void;
  /** Told when a lock left by a process that is gone is taken over. */
  onStale?: (holder: LockHolder) => void;
  /** How often to look again while waiting; default 100 ms. */
  pollMs?: number;
}

/**
 * Takes the build lock `file` (`.quire/build.lock`): one build at a time per project, so two builds never
 * write the same output or cache at once. A second build waits for the first (told through `onWait`); a lock
 * whose holder is gone (killed, crashed, another machine's boot) is taken over. The lock file is created
 * with O_EXCL, so of two processes taking it at the same moment exactly one succeeds.
 */
export async function acquireLock(file: string, options: LockOptions = {}): Promise<HeldLock> {
  await mkdir(path.dirname(file), { recursive: true });
  const me: LockHolder = {
    pid: process.pid,
    started: new Date().toISOString(),
    command: commandLine(),
    host: hostname(),
    processStart: processStart(process.pid),
  };
  let told = false;
  for (;;) {
    if (tryCreate(file, me)) return held(file);
    const holder = readHolder(file);
    if (holder === undefined) {
      // Removed meanwhile, or being written: look again at once.
      await sleep(5);
      continue;
    }
    if (!isHolderAlive(holder)) {
      // Moved aside under a name of its own before removal, so two builds finding the same dead lock do not
      // both take it: only one rename succeeds, the other finds a new lock (or none) next time round.
      const aside = `${file}.stale-${process.pid}`;
      try {
        renameSync(file, aside);
      } catch {
        // Another build moved it first.
        continue;
      }
      const moved = readHolder(aside);
      if (moved && moved.pid === holder.pid && moved.started === holder.started) {
        options.onStale?.(holder);
      } else {
        // Between reading and moving, another build took the dead lock over and wrote its own: put it back
        // (link fails if yet another lock is there, which then stands).
        try {
          linkSync(aside, file);
        } catch {
          // A newer lock is in place.
        }
      }
      rmSync(aside, { force: true });
      continue;
    }
    if (!told) {
      told = true;
      options.onWait?.(holder);
    }
    await sleep(options.pollMs ?? 100);
  }
}

function held(file: string): HeldLock {
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    process.off('exit', release);
    try {
      unlinkSync(file);
    } catch {
      // Already gone: nothing to release.
    }
  };
  process.on('exit', release);
  return { release };
}

function tryCreate(file: string, me: LockHolder): boolean {
  let fd: number;
  try {
    fd = openSync(file, 'wx');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw e;
  }
  try {
    writeSync(fd, JSON.stringify(me) + '\n');
  } finally {
    closeSync(fd);
  }
  return true;
}

function readHolder(file: string): LockHolder | undefined {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
  try {
    const data = JSON.parse(text) as Partial<LockHolder>;
    if (typeof data.pid === 'number')
      return {
        pid: data.pid,
        started: String(data.started ?? ''),
        command: String(data.command ?? ''),
        host: String(data.host ?? ''),
        processStart: data.processStart,
      };
  } catch {
    // Not JSON: a lock being written right now, or a broken one (below).
  }
  // A lock without a readable holder is only a writer's half-written file for a moment (undefined: look
  // again); one that stays so (a crash between create and write) is taken as dead.
  try {
    if (Date.now() - statSync(file).mtimeMs < HALF_WRITTEN_MS) return undefined;
  } catch {
    return undefined;
  }
  return { pid: 0, started: '', command: '', host: '' };
}

/** The holder still runs: same machine, its pid alive, and (on Linux) the same process, not a reused pid. */
export function isHolderAlive(holder: LockHolder): boolean {
  if (holder.pid <= 0) return false;
  if (holder.host && holder.host !== hostname()) return true;
  if (holder.pid === process.pid) return true;
  if (!isRunning(holder.pid)) return false;
  const start = processStart(holder.pid);
  return holder.processStart === undefined || start === undefined || start === holder.processStart;
}

/** Field 22 of /proc/<pid>/stat: when the process started, in clock ticks since boot. */
function processStart(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: count from its closing parenthesis.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch {
    return undefined;
  }
}

function commandLine(): string {
  const args = process.argv.slice(2).join(' ');
  return `quire ${args}`.trim();
}

/** How long a lock file may stay without a readable holder before it counts as a crashed writer's. */
const HALF_WRITTEN_MS = 2000;

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
