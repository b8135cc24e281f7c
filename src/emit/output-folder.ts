import { mkdirSync, readdirSync, realpathSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { managedPath, storeOf } from './generations.ts';
import path from 'node:path';
import { CODES, report, type Diagnostic } from '../diagnostics.ts';

/** The project's folders quire reads: an output inside one would replace its files or be read back. */
export const SOURCE_FOLDERS = ['content', 'locales', 'static', '.quire'] as const;

/**
 * Why `outDir` cannot take a build, or undefined when it can. A build replaces the whole output folder
 * (see DirWriter), so quire refuses every folder whose replacing would lose work: a file, the project
 * itself or a folder holding it, a folder quire reads, and a non-empty folder that holds no earlier
 * output (neither `robots.txt` nor the base path's folder, which every build writes). Checked before the
 * build starts, so nothing has been written when it is refused.
 */
export function outputFolderProblem({ outDir, root, baseUrl }: { outDir: string; root: string; baseUrl: string }): Diagnostic | undefined {
  const out = realPath(outDir);
  const project = realPath(root);
  // Shown as the writer would type it: relative inside the project, absolute elsewhere.
  const shown = isWithin(out, project) ? path.relative(project, out) || '.' : out;
  const stat = statOf(out);
  if (stat && !stat.isDirectory()) return report(CODES.OUTPUT_FOLDER, 'isAFile', { shown });
  if (isWithin(project, out)) {
    return report(CODES.OUTPUT_FOLDER, 'holdsProject', { shown });
  }
  const source = SOURCE_FOLDERS.find((folder) => isWithin(out, path.join(project, folder)));
  if (source) return report(CODES.OUTPUT_FOLDER, 'insideSource', { shown, source });
  if (stat) {
    const entries = readdirSync(out);
    const base = baseUrl.replace(/^\/+|\/+$/g, '');
    const earlierOutput = entries.includes('robots.txt') || (base !== '' && entries.includes(base.split('/')[0]));
    if (entries.length && !earlierOutput) {
      return report(CODES.OUTPUT_FOLDER, 'foreignFiles', { shown, base });
    }
  }
  const unwritable = writeProblem(managedPath(outDir));
  if (unwritable) {
    const store = path.basename(storeOf(managedPath(outDir)));
    return report(CODES.OUTPUT_FOLDER, 'unwritable', { shown, reason: unwritable, store, name: path.basename(outDir) });
  }
  return undefined;
}

/**
 * Why the generations of `outDir` cannot be written (the store folder beside it cannot be made or take a
 * file), or undefined. A probe file is written and removed, since permissions alone do not tell (root,
 * read-only mounts, full disks).
 */
function writeProblem(outDir: string): string | undefined {
  const store = storeOf(outDir);
  const probe = path.join(store, `.probe-${process.pid}`);
  try {
    mkdirSync(store, { recursive: true });
    writeFileSync(probe, 'quire');
    rmSync(probe);
    return undefined;
  } catch (e) {
    const err = e as NodeJS.ErrnoException;
    return err.code === 'EACCES' || err.code === 'EPERM'
      ? 'permission denied'
      : err.code === 'EROFS'
        ? 'the file system is read-only'
        : err.code === 'ENOSPC'
          ? 'the disk is full'
          : err.code === 'ENOTDIR'
            ? 'a part of its path is a file'
            : (err.code ?? err.message);
  }
}

/** `inner` is `outer` or inside it. */
export function isWithin(inner: string, outer: string): boolean {
  const rel = path.relative(outer, inner);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}

function statOf(p: string) {
  try {
    return statSync(p);
  } catch {
    return undefined;
  }
}

/** The path with symbolic links resolved as far as it exists (an output folder may not exist yet). */
function realPath(p: string): string {
  const abs = path.resolve(p);
  try {
    return realpathSync(abs);
  } catch {
    const parent = path.dirname(abs);
    return parent === abs ? abs : path.join(realPath(parent), path.basename(abs));
  }
}
