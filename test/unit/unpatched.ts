import { spawnSync } from 'node:child_process';
import { cp, readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { repoRoot } from '../helpers.ts';

/**
 * quire's patches of its dependencies: `patches/<name>+<version>.patch`, which patch-package applies to
 * node_modules after every `npm install` and `npm ci` (the `postinstall` script), so the tests, the CLI's bundle
 * and `quire dev` all run the patched code. The tests compare it with the packages as published, rebuilt here by
 * reversing each patch on a copy of the installed package.
 */
export interface DependencyPatch {
  /** The patch file, absolute. */
  file: string;
  name: string;
  version: string;
  /** The files it changes, relative to the repository (`node_modules/<name>/…`). */
  files: string[];
}

export async function dependencyPatches(): Promise<DependencyPatch[]> {
  const dir = path.join(repoRoot, 'patches');
  const names = (await readdir(dir)).filter((f) => f.endsWith('.patch')).sort();
  return Promise.all(
    names.map(async (f) => {
      // patch-package's naming: the package name (a scope's slash written `+`), `+`, the version.
      const match = /^(.+)\+([^+]+)\.patch$/.exec(f);
      if (!match) throw new Error(`patches/${f} is not named <package>+<version>.patch`);
      const text = await readFile(path.join(dir, f), 'utf8');
      const files = [...text.matchAll(/^diff --git a\/(\S+) b\/\S+$/gm)].map((m) => m[1]);
      return { file: path.join(dir, f), name: match[1].replace('+', '/'), version: match[2], files };
    }),
  );
}

/**
 * Writes `dir/node_modules/<name>` for every patch: the installed package with its patch reversed. Throws when the
 * installed version is another than the patch's, or when the patch does not reverse: then it is not applied (run
 * `npm ci`, or `npx patch-package`).
 */
export async function writeUnpatchedCopies(dir: string, patches: DependencyPatch[]): Promise<void> {
  for (const patch of patches) {
    const installed = path.join(repoRoot, 'node_modules', patch.name);
    const { version } = JSON.parse(await readFile(path.join(installed, 'package.json'), 'utf8')) as { version: string };
    if (version !== patch.version)
      throw new Error(`${patch.name} ${version} is installed, but ${path.basename(patch.file)} is for ${patch.version}`);
    await cp(installed, path.join(dir, 'node_modules', patch.name), { recursive: true });
    // git as GNU patch: the ceiling keeps it from taking a repository above `dir` for the one it works in.
    const reversed = spawnSync('git', ['apply', '--reverse', patch.file], {
      cwd: dir,
      encoding: 'utf8',
      env: { ...process.env, GIT_CEILING_DIRECTORIES: path.dirname(dir) },
    });
    if (reversed.status !== 0)
      throw new Error(
        `${path.basename(patch.file)} does not reverse on the installed ${patch.name}: it is not applied (npm ci applies it).\n${reversed.stderr}`,
      );
  }
}
