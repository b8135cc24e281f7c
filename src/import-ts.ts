import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { originalPlace } from './source-map.ts';

/**
 * Runs a TypeScript module of the project (site.config.ts, content/sidebars.ts) and returns its default
 * export. esbuild bundles it into one ESM string that is imported from a data: URL: no temp files.
 * Shared by the config and load stages, which are the only readers of the project.
 */
export async function importTypeScript(file: string): Promise<{ value: unknown; inputs: string[] }> {
  const result = await build({
    entryPoints: [file],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    metafile: true,
    logLevel: 'silent',
    packages: 'external',
    // Not written: the map only places an error thrown while the module runs (see EvaluationError).
    sourcemap: 'external',
    outfile: path.join(path.dirname(file), '__quire-evaluated.js'),
  });
  const code = result.outputFiles.find((f) => f.path.endsWith('.js'))!.text;
  const map = result.outputFiles.find((f) => f.path.endsWith('.map'))?.text;
  const inputs = Object.keys(result.metafile.inputs).map((p) => path.resolve(p));
  try {
    const mod = (await import('data:text/javascript;base64,' + Buffer.from(code).toString('base64'))) as { default?: unknown };
    return { value: mod.default, inputs };
  } catch (e) {
    throw new EvaluationError(e, map ? placeOf(e, map, path.dirname(file)) : undefined);
  }
}

/** An exception the project's module threw while it ran, with its place in the project's source when known. */
export class EvaluationError extends Error {
  constructor(
    readonly thrown: unknown,
    /** Absolute file, 1-based line and column. */
    readonly place?: { file: string; line: number; column: number },
  ) {
    super(thrown instanceof Error ? thrown.message : String(thrown));
  }
}

/** The first stack frame inside the evaluated module, mapped back to the project's TypeScript. */
function placeOf(e: unknown, mapText: string, mapDir: string): EvaluationError['place'] {
  const at = originalPlace(e, /data:text\/javascript;base64,[A-Za-z0-9+/=]*:(\d+):(\d+)/, JSON.parse(mapText) as object);
  if (!at) return undefined;
  // The map names sources relative to where it would have been written.
  const file = at.source.startsWith('file://') ? fileURLToPath(at.source) : path.resolve(mapDir, at.source);
  return { file, line: at.line, column: at.column };
}

/** A project file's path as diagnostics show it: relative to the project, with forward slashes. */
export function toProjectPath(root: string, abs: string): string {
  return path.relative(root, abs).split(path.sep).join('/');
}

export interface EsbuildLikeError {
  errors?: { text: string; location?: { file: string; line: number; column: number } | null }[];
}
