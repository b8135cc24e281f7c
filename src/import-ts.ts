import path from 'node:path';
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
  });
  const code = result.outputFiles[0].text;
  const mod = (await import('data:text/javascript;base64,' + Buffer.from(code).toString('base64'))) as { default?: unknown };
  const inputs = Object.keys(result.metafile.inputs).map((p) => path.resolve(p));
  return { value: mod.default, inputs };
}

export interface EsbuildLikeError {
  errors?: { text: string; location?: { file: string; line: number; column: number } | null }[];
}
