import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { codeFrame, formatDiagnostic, type Diagnostic } from '../diagnostics.ts';
import type { OverlayPayload } from './live-client.ts';

/** The source text of each diagnostic's file, for code frames (undefined when unreadable or not a line). */
export async function sourcesOf(diagnostics: Diagnostic[], root: string): Promise<Map<Diagnostic, string | undefined>> {
  const texts = new Map<string, Promise<string | undefined>>();
  const out = new Map<Diagnostic, string | undefined>();
  for (const d of diagnostics) {
    if (!d.file || !d.line) continue;
    const abs = path.resolve(root, d.file);
    if (!texts.has(abs)) texts.set(abs, readFile(abs, 'utf8').catch(() => undefined));
    out.set(d, await texts.get(abs));
  }
  return out;
}

/** The overlay's content: the same facts as the terminal (file, line, column, code frame, hint). */
export function overlayPayload(diagnostics: Diagnostic[], sources: Map<Diagnostic, string | undefined>, { served }: { served: boolean }): OverlayPayload {
  const errors = diagnostics.filter((d) => d.severity === 'error');
  return {
    title: errors.length === 1 ? 'quire dev: the build failed with 1 error' : `quire dev: the build failed with ${errors.length} errors`,
    // Before any build has worked there is no site to show behind the message.
    note: served
      ? 'The rest of the site is served, and a page with an error as it last worked. Save a fix and this message goes away by itself.'
      : 'The site has not built yet. Save a fix and the site appears by itself.',
    errors: errors.map((d) => {
      const source = sources.get(d);
      return {
        code: d.code,
        where: d.file ? d.file + (d.line ? `:${d.line}` + (d.column ? `:${d.column}` : '') : '') : d.keyPath ? `config key ${d.keyPath}` : '',
        message: d.message + (d.keyPath && d.file ? ` (config key ${d.keyPath})` : ''),
        frame: source !== undefined && d.line ? codeFrame(source, d.line, d.column) : undefined,
        hint: d.hint,
      };
    }),
  };
}

/** The notice shown when theme code changed and this process cannot load it again. */
export function restartPayload(files: string[]): OverlayPayload {
  return {
    title: 'quire dev: theme code changed: restart quire dev',
    note: 'Content, configuration, sidebar, locale, data and static edits stay live; theme code is loaded once per start.',
    errors: files.map((f) => ({ code: 'restart', where: f, message: 'This file is part of the theme.' })),
  };
}

/** Terminal text for diagnostics, through the one printer. */
export function formatForTerminal(diagnostics: Diagnostic[], sources: Map<Diagnostic, string | undefined>, color: boolean): string {
  return diagnostics.map((d) => formatDiagnostic(d, { source: sources.get(d), color })).join('\n\n');
}

/** Identity of a set of diagnostics, so the same errors are printed once, not after every rebuild. */
export function signatureOf(diagnostics: Diagnostic[]): string {
  return JSON.stringify(diagnostics.map((d) => [d.code, d.severity, d.file, d.line, d.column, d.keyPath, d.message]));
}
