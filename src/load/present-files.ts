import { stat } from 'node:fs/promises';
import path from 'node:path';

/** Those of the project-relative files that are not regular files of the project (missing, or a folder). */
export async function missingFiles(root: string, files: readonly string[]): Promise<Set<string>> {
  const checked = await Promise.all(
    files.map(async (file) => ((await stat(path.join(root, file)).catch(() => undefined))?.isFile() ? undefined : file)),
  );
  return new Set(checked.filter((f): f is string => f !== undefined));
}
