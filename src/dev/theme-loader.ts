import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type BuildFailure as EsbuildFailure } from 'esbuild';
import { CODES, report, type Diagnostic } from '../diagnostics.ts';
import type { Theme } from '../types.ts';

export type ThemeLoader = () => Promise<{ theme: Theme } | { diagnostics: Diagnostic[] }>;

export interface ThemeLoaderOptions {
  /** The theme's entry module (`<toolRoot>/themes/classic/index.tsx`). */
  entry: string;
  /** Name of the exported Theme object. */
  exportName: string;
  /** Where the fresh bundles go; must be a folder from which `react` resolves (inside the tool's tree). */
  outDir: string;
  /** The project folder: error positions are relative to it. */
  root: string;
}

/**
 * Loads the theme again after its code changed: esbuild bundles the theme's own files into a new module
 * (dependencies stay external, so React is the same instance the renderer uses) and Node imports it under
 * a new name. Each load keeps one module in memory, which is fine for a writing session.
 * A syntax or type-stripping error in the theme becomes a diagnostic for the overlay.
 */
export function createThemeLoader({ entry, exportName, outDir, root }: ThemeLoaderOptions): ThemeLoader {
  let count = 0;
  return async () => {
    await mkdir(outDir, { recursive: true });
    const outfile = path.join(outDir, `theme-${process.pid}-${++count}.mjs`);
    try {
      await build({
        entryPoints: [entry],
        outfile,
        bundle: true,
        platform: 'node',
        format: 'esm',
        target: 'node20',
        packages: 'external',
        jsx: 'automatic',
        logLevel: 'silent',
        write: true,
      });
    } catch (e) {
      return { diagnostics: esbuildDiagnostics(e, root, 'The theme could not be bundled') };
    }
    try {
      const mod = (await import(pathToFileURL(outfile).href)) as Record<string, unknown>;
      const theme = mod[exportName] as Theme | undefined;
      if (!theme || typeof theme.Page !== 'function') {
        return {
          diagnostics: [report(CODES.THEME_CODE, 'noExport', { name: exportName }, { file: path.relative(root, entry) })],
        };
      }
      return { theme };
    } catch (e) {
      return {
        diagnostics: [report(CODES.THEME_CODE, 'loadFailed', { reason: (e as Error).message }, { file: path.relative(root, entry) })],
      };
    } finally {
      // Node keeps the imported module; the file is no longer needed.
      await rm(outfile, { force: true });
    }
  };
}

/** esbuild's errors (theme TSX, client TS, CSS) as diagnostics with their place. */
export function esbuildDiagnostics(e: unknown, root: string, what: string): Diagnostic[] {
  const errors = (e as Partial<EsbuildFailure>).errors ?? [];
  if (!errors.length) return [report(CODES.THEME_CODE, 'bundle', { what, reason: (e as Error).message })];
  return errors.map((m) =>
    report(
      CODES.THEME_CODE,
      'bundle',
      { what, reason: m.text },
      {
        // esbuild reports paths relative to the working directory; diagnostics name files relative to the project.
        file: m.location ? path.relative(root, path.resolve(m.location.file)).split(path.sep).join('/') : undefined,
        line: m.location?.line,
        column: m.location ? m.location.column + 1 : undefined,
      },
    ),
  );
}
