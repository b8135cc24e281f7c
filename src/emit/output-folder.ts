import { mkdirSync, readdirSync, realpathSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { managedPath, storeOf } from './generations.ts';
import path from 'node:path';
import { CODES, error, type Diagnostic } from '../diagnostics.ts';

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
  const hint = 'Build into a folder of its own: a new one, or one an earlier build wrote (the default is dist).';
  const stat = statOf(out);
  if (stat && !stat.isDirectory()) return error(CODES.OUTPUT_FOLDER, `The output path ${shown} is a file, not a folder.`, { hint });
  if (isWithin(project, out)) {
    return error(
      CODES.OUTPUT_FOLDER,
      `The output folder ${shown} is the project folder or holds it: replacing it with the build would delete the project.`,
      { hint },
    );
  }
  const source = SOURCE_FOLDERS.find((folder) => isWithin(out, path.join(project, folder)));
  if (source)
    return error(
      CODES.OUTPUT_FOLDER,
      `The output folder ${shown} is inside ${source}/, which quire reads: the build would replace or read back its files.`,
      { hint },
    );
  if (stat) {
    const entries = readdirSync(out);
    const base = baseUrl.replace(/^\/+|\/+$/g, '');
    const earlierOutput = entries.includes('robots.txt') || (base !== '' && entries.includes(base.split('/')[0]));
    if (entries.length && !earlierOutput) {
      return error(
        CODES.OUTPUT_FOLDER,
        `The output folder ${shown} holds files no quire build wrote (no robots.txt, no ${base || 'base'} folder): a build replaces the whole folder, so they would be lost.`,
        {
          hint: 'Choose a new or empty folder, or move those files away. Files the site serves as they are belong in static/.',
        },
      );
    }
  }
  const unwritable = writeProblem(managedPath(outDir));
  if (unwritable) {
    return error(CODES.OUTPUT_FOLDER, `The output folder ${shown} cannot be written: ${unwritable}.`, {
      hint: `quire writes each build beside it, into ${path.basename(storeOf(managedPath(outDir)))}/, and then points ${path.basename(outDir)} at it: the folder holding ${shown} must be writable (and the disk not full or read-only).`,
    });
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
