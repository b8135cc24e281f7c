import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { CODES, formatDiagnostic, frameOf, type Diagnostic } from '../diagnostics.ts';
import type { Site } from '../types.ts';
import type { OverlayPayload } from './live-client.ts';

/**
 * The source text of each diagnostic's file, for code frames (undefined when unreadable or not a line). Not read
 * for a diagnostic with an excerpt: it is framed from the text it was found in, which a save since may have
 * changed on disk (a frame of another version, or none).
 */
export async function sourcesOf(diagnostics: Diagnostic[], root: string): Promise<Map<Diagnostic, string | undefined>> {
  const texts = new Map<string, Promise<string | undefined>>();
  const out = new Map<Diagnostic, string | undefined>();
  for (const d of diagnostics) {
    if (!d.file || !d.line || d.excerpt) continue;
    const abs = path.resolve(root, d.file);
    if (!texts.has(abs))
      texts.set(
        abs,
        readFile(abs, 'utf8').catch(() => undefined),
      );
    out.set(d, await texts.get(abs));
  }
  return out;
}

/**
 * How a file with an error is served by a dev build that went on without it: `as-saved` (a broken link or a
 * sidebar entry naming no doc: the page is built as saved), `last-worked` (it does not load or compile: its last
 * good version is served), `not-served` (it never compiled: its address answers 404).
 */
export type ServedAs = 'as-saved' | 'last-worked' | 'not-served';

/**
 * Plan errors with which the dev build still serves the site, what each of them names being built as saved
 * (the page with its broken link): the session goes on past them, the terminal and overlay say so.
 */
export const AS_SAVED: Partial<Record<string, string>> = {
  [CODES.BROKEN_LINK]: 'a broken link',
  [CODES.BROKEN_ANCHOR]: 'a broken anchor',
  [CODES.SIDEBAR_UNKNOWN_ID]: 'an entry naming no doc',
  [CODES.PAGINATION_UNKNOWN_ID]: 'a pagination id naming no doc',
};

/**
 * Each file with an error after a build that served the rest of the site, and how it is served: by the errors'
 * codes and by `site`, the site that build served (a page without its compiled version is a stand-in, not served).
 */
export function servedStates(diagnostics: Diagnostic[], site: Pick<Site, 'compiled'> | undefined): Map<string, ServedAs> {
  const byFile = new Map<string, Diagnostic[]>();
  for (const d of diagnostics) if (d.severity === 'error' && d.file) byFile.set(d.file, [...(byFile.get(d.file) ?? []), d]);
  const states = new Map<string, ServedAs>();
  for (const [file, errors] of byFile) {
    if (errors.every((d) => AS_SAVED[d.code])) states.set(file, 'as-saved');
    else states.set(file, site?.compiled.some((c) => c.source.file === file && !c.standIn) ? 'last-worked' : 'not-served');
  }
  return states;
}

/** The files of one state, as the terminal line and the overlay name them. */
function listOf(states: Map<string, ServedAs>, state: ServedAs): string[] {
  return [...states].filter(([, s]) => s === state).map(([file]) => file);
}

/**
 * The end of a dev build's terminal line when files have errors but the rest was built: what is served for
 * each (`content/docs/a.mdx still has an error, shown as it last worked`).
 */
export function servedLine(states: Map<string, ServedAs>, diagnostics: Diagnostic[]): string {
  const parts: string[] = [];
  const last = listOf(states, 'last-worked');
  if (last.length)
    parts.push(`${last.join(', ')} still ${last.length === 1 ? 'has an error, shown as it' : 'have errors, shown as they'} last worked`);
  const never = listOf(states, 'not-served');
  if (never.length)
    parts.push(
      `${never.join(', ')} ${never.length === 1 ? 'has' : 'have'} never built, so ${never.length === 1 ? 'its address answers' : 'their addresses answer'} 404 until fixed`,
    );
  for (const file of listOf(states, 'as-saved')) {
    const what = AS_SAVED[diagnostics.find((d) => d.file === file && d.severity === 'error')!.code];
    parts.push(`${file} has ${what}, served as saved`);
  }
  return parts.join('; ') || 'a file still has an error';
}

/** The overlay's note when the rest of the site was built: the same facts as the terminal line, in sentences. */
function servedNote(states: Map<string, ServedAs>): string {
  const sentences = ['The rest of the site is served with your edits.'];
  const last = listOf(states, 'last-worked');
  if (last.length) sentences.push(`${last.join(', ')} ${last.length === 1 ? 'is shown as it' : 'are shown as they'} last worked.`);
  const never = listOf(states, 'not-served');
  if (never.length)
    sentences.push(
      `${never.join(', ')} ${never.length === 1 ? 'has never built: its address answers 404 until it works' : 'have never built: their addresses answer 404 until they work'}.`,
    );
  const saved = listOf(states, 'as-saved');
  if (saved.length) sentences.push(`${saved.join(', ')} ${saved.length === 1 ? 'is' : 'are'} served as saved.`);
  return sentences.join(' ');
}

export interface OverlayState {
  /** Some build has worked: there are pages behind the overlay. */
  served: boolean;
  /**
   * This build stopped before anything was built (the config, the sidebar file, a data file, the theme): no
   * edit shows until it is fixed. Default false.
   */
  blocked?: boolean;
  /** How each file with an error is served, when the rest was built (see servedStates). */
  states?: Map<string, ServedAs>;
}

/** The overlay's content: the same facts as the terminal (file, line, column, code frame, hint). */
export function overlayPayload(
  diagnostics: Diagnostic[],
  sources: Map<Diagnostic, string | undefined>,
  { served, blocked = false, states }: OverlayState,
): OverlayPayload {
  const errors = diagnostics.filter((d) => d.severity === 'error');
  return {
    title: errors.length === 1 ? 'quire dev: the build failed with 1 error' : `quire dev: the build failed with ${errors.length} errors`,
    // Before any build has worked there is no site to show behind the message.
    note: !served
      ? 'The site has not built yet. Save a fix and the site appears by itself.'
      : blocked
        ? 'No edit is built until this is fixed: the site is served as it was before. Save a fix and this message goes away by itself.'
        : `${states?.size ? servedNote(states) : 'The rest of the site is served, and a page with an error as it last worked.'} Save a fix and this message goes away by itself.`,
    errors: errors.map((d) => {
      const source = sources.get(d);
      return {
        code: d.code,
        where: d.file
          ? d.file + (d.line ? `:${d.line}` + (d.column ? `:${d.column}` : '') : '')
          : d.keyPath
            ? `config key ${d.keyPath}`
            : '',
        message: d.message + (d.keyPath && d.file ? ` (config key ${d.keyPath})` : ''),
        frame: frameOf(d, source),
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
