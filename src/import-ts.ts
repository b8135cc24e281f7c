import { SourceMap, type SourceMapPayload, type SourceMapping } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

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
  const frame = /data:text\/javascript;base64,[A-Za-z0-9+/=]*:(\d+):(\d+)/.exec((e as Error)?.stack ?? '');
  if (!frame) return undefined;
  try {
    const entry = new SourceMap(JSON.parse(mapText) as SourceMapPayload).findEntry(Number(frame[1]) - 1, Number(frame[2]) - 1) as Partial<SourceMapping>;
    if (!entry.originalSource || entry.originalLine === undefined) return undefined;
    // The map names sources relative to where it would have been written.
    const source = entry.originalSource.startsWith('file://') ? fileURLToPath(entry.originalSource) : path.resolve(mapDir, entry.originalSource);
    return { file: source, line: entry.originalLine + 1, column: (entry.originalColumn ?? 0) + 1 };
  } catch {
    return undefined;
  }
}

/** A project file's path as diagnostics show it: relative to the project, with forward slashes. */
export function toProjectPath(root: string, abs: string): string {
  return path.relative(root, abs).split(path.sep).join('/');
}

export interface EsbuildLikeError {
  errors?: { text: string; location?: { file: string; line: number; column: number } | null }[];
}
