import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** When and by whom a file was last committed: git's committer time in seconds and the author's name. */
export interface LastCommit {
  at: number;
  by: string;
}

export type GitHistory =
  | {
      commits: Record<string, LastCommit>;
      untracked: string[];
      /** The repository is a shallow clone: a file last changed before its first commit gets that commit's date. */
      shallow?: true;
    }
  | { error: string };

/** The separator of commits in the log (a byte no author name or path holds). */
const COMMIT = '\u0001';

/**
 * Each file's last commit, as Docusaurus reads it per file (`git log --max-count=1 --format=%ct,%an -- <file>`,
 * docusaurus-utils `gitUtils.ts`; a merge that changed the file against both its parents counts), from one
 * `git log` over the folders that hold them: one process however many
 * pages there are, stopped as soon as every file is found. `files` are relative to `root`, forward slashes.
 *
 * The answers are kept in `cacheFile` (and in memory, for `quire dev`) under the commit the repository's HEAD
 * names, read from the `.git` folder without running git: no commit, no change to any file's last commit. A
 * file that has no commit is reported in `untracked`, as Docusaurus shows nothing for it.
 */
export async function lastCommits(root: string, files: readonly string[], cacheFile?: string): Promise<GitHistory> {
  if (!files.length) return { commits: {}, untracked: [] };
  const history = await lastCommitsOf(root, files, cacheFile);
  return 'error' in history || !isShallow(root) ? history : { ...history, shallow: true };
}

async function lastCommitsOf(root: string, files: readonly string[], cacheFile?: string): Promise<GitHistory> {
  const head = headCommit(root);
  const key = head ? `${path.resolve(root)}\n${head}` : undefined;
  const cached = key ? ((memory.get(key) as Cached | undefined) ?? (await readCache(cacheFile, key))) : undefined;
  if (cached && files.every((f) => f in cached.files)) return answer(cached.files, files);
  // A docs folder beside the project (`path: '../docs'`, as Redux's website has it) is outside the folder git runs
  // in, and `--relative` leaves out every path outside it: git runs from the folder that holds all of them.
  const up = Math.max(0, ...files.map((f) => /^(?:\.\.\/)*/.exec(f)?.[0].length ?? 0)) / 3;
  const base = path.resolve(root, ...Array<string>(up).fill('..'));
  const fromBase = (f: string) => (up ? path.relative(base, path.resolve(root, f)).split(path.sep).join('/') : f);
  const folders = [...new Set(files.map((f) => fromBase(f).split('/')[0]))].sort();
  const found = await runGitLog(base, folders, new Set(files.map(fromBase)));
  if ('error' in found) return found;
  const known: Record<string, LastCommit | null> = { ...(cached?.files ?? {}) };
  for (const f of files) known[f] = found.commits[fromBase(f)] ?? null;
  if (key) {
    const entry: Cached = { key, files: known };
    memory.set(key, entry);
    if (cacheFile) await writeCache(cacheFile, entry);
  }
  return answer(known, files);
}

interface Cached {
  key: string;
  /** By file: its last commit, or null for a file that has none. */
  files: Record<string, LastCommit | null>;
}

/** The last answers by repository and HEAD, for the builds of one process (`quire dev`). */
const memory = new Map<string, Cached>();

function answer(known: Record<string, LastCommit | null>, files: readonly string[]): GitHistory {
  const commits: Record<string, LastCommit> = {};
  const untracked: string[] = [];
  for (const f of files) {
    const c = known[f];
    if (c) commits[f] = c;
    else untracked.push(f);
  }
  return { commits, untracked };
}

async function readCache(cacheFile: string | undefined, key: string): Promise<Cached | undefined> {
  if (!cacheFile) return undefined;
  try {
    const value = JSON.parse(await readFile(cacheFile, 'utf8')) as Cached;
    return value.key === key && typeof value.files === 'object' && value.files !== null ? value : undefined;
  } catch {
    // No cache yet, or one that cannot be read: git answers instead.
    return undefined;
  }
}

async function writeCache(cacheFile: string, entry: Cached): Promise<void> {
  // A cache that cannot be written costs only the next build's git run.
  await mkdir(path.dirname(cacheFile), { recursive: true })
    .then(() => writeFile(cacheFile, JSON.stringify(entry)))
    .catch(() => undefined);
}

/**
 * The commit HEAD names, read from the repository's files (`.git/HEAD`, the branch's ref file or packed-refs,
 * a worktree's `gitdir:` pointer); undefined when the project is in no repository or it cannot be read.
 */
export function headCommit(root: string): string | undefined {
  const gitDir = gitDirOf(root);
  return gitDir ? resolveHead(gitDir) : undefined;
}

/** Whether the project's repository is a shallow clone (git keeps the cut-off commits in `shallow`). */
function isShallow(root: string): boolean {
  const gitDir = gitDirOf(root);
  if (!gitDir) return false;
  const common = readText(path.join(gitDir, 'commondir'))?.trim();
  return readText(path.join(common ? path.resolve(gitDir, common) : gitDir, 'shallow')) !== undefined;
}

/** The repository folder of the project: the nearest `.git` folder, or the one a `.git` file points to. */
function gitDirOf(root: string): string | undefined {
  let dir = path.resolve(root);
  for (;;) {
    const gitDir = gitDirAt(path.join(dir, '.git'));
    if (gitDir) return gitDir;
    const parent = path.dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}

function gitDirAt(dotGit: string): string | undefined {
  const pointer = readText(dotGit);
  if (pointer !== undefined) {
    const m = /^gitdir: (.+)$/m.exec(pointer);
    return m ? path.resolve(path.dirname(dotGit), m[1].trim()) : undefined;
  }
  return readText(path.join(dotGit, 'HEAD')) === undefined ? undefined : dotGit;
}

function resolveHead(gitDir: string): string | undefined {
  const head = readText(path.join(gitDir, 'HEAD'))?.trim();
  if (!head) return undefined;
  if (/^[0-9a-f]{40,64}$/.test(head)) return head;
  const ref = /^ref: (.+)$/.exec(head)?.[1];
  if (!ref) return undefined;
  // A worktree keeps its HEAD; branches are in the main repository's folder (`commondir`).
  const common = readText(path.join(gitDir, 'commondir'))?.trim();
  const refsDir = common ? path.resolve(gitDir, common) : gitDir;
  const loose = readText(path.join(refsDir, ref))?.trim();
  if (loose && /^[0-9a-f]{40,64}$/.test(loose)) return loose;
  const packed = readText(path.join(refsDir, 'packed-refs'));
  const line = packed?.split('\n').find((l) => l.endsWith(` ${ref}`));
  return line ? line.split(' ')[0] : undefined;
}

function readText(p: string): string | undefined {
  try {
    return readFileSync(p, 'utf8');
  } catch {
    return undefined;
  }
}

/** Runs `git log` over `folders` until each wanted file has been seen (the newest commit that changed it). */
function runGitLog(
  root: string,
  folders: string[],
  wanted: Set<string>,
): Promise<{ commits: Record<string, LastCommit> } | { error: string }> {
  return new Promise((resolve) => {
    const commits: Record<string, LastCommit> = {};
    let left = wanted.size;
    // --relative: paths relative to the project, as `files` are; -z: paths as they are, unquoted. `-c` (combined
    // diff) names, for a merge commit, the files it left unlike every parent: those `git log -- <file>` lists the
    // merge for (a file both branches changed), so the merge is its last commit, as in Docusaurus; without it
    // merges name no files, and such a file got the newest commit of either branch. `--no-renames`: a moved file
    // is named by its new path either way, and git then reads no file's contents to measure renames (a clone that
    // lacks some objects, as a blobless or a partly copied one does, made git log fail; Docusaurus's reads none).
    const args = [
      '-c',
      'log.showSignature=false',
      'log',
      '-c',
      '--no-renames',
      `--format=${COMMIT}%ct,%an`,
      '--name-only',
      '-z',
      '--relative',
      '--',
      ...folders,
    ];
    const git = spawn('git', args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let current: LastCommit | undefined;
    let rest = '';
    let stderr = '';
    let done = false;
    const finish = (result: { commits: Record<string, LastCommit> } | { error: string }) => {
      if (done) return;
      done = true;
      resolve(result);
    };
    git.stdout.setEncoding('utf8');
    git.stderr.setEncoding('utf8');
    git.stderr.on('data', (chunk: string) => {
      stderr += chunk;
    });
    git.stdout.on('data', (chunk: string) => {
      const parts = (rest + chunk).split('\0');
      rest = parts.pop() ?? '';
      for (const part of parts) {
        const token = part.replace(/^\n/, '');
        if (token.startsWith(COMMIT)) {
          const m = /^\u0001(\d+),(.*)$/s.exec(token);
          current = m ? { at: Number(m[1]), by: m[2] } : undefined;
        } else if (token && current && wanted.has(token) && !(token in commits)) {
          commits[token] = current;
          if (--left === 0) {
            // Every file is found: the rest of the history is not needed.
            git.kill();
            finish({ commits });
            return;
          }
        }
      }
    });
    git.on('error', (e: NodeJS.ErrnoException) => finish({ error: e.code === 'ENOENT' ? 'git is not installed' : e.message }));
    git.on('close', (code) => {
      if (code === 0 || done) finish({ commits });
      else finish({ error: stderr.trim().split('\n')[0] || `git log exited with code ${code}` });
    });
  });
}
