import path from 'node:path';
import { CATALOGUE, type Case, type DataOf } from './catalogue.ts';
import type { AssetRef } from './types.ts';

/**
 * Errors a user can cause are values, not exceptions: every stage returns them with a place
 * (file/line/column or a config key path) and the CLI prints them through `formatDiagnostic`.
 */
export type Severity = 'error' | 'warning';

/** Stable codes: tests and docs refer to them, so never renumber. */
export const CODES = {
  CONFIG_LOAD: 'Q001',
  CONFIG_INVALID: 'Q002',
  CONFIG_UNKNOWN_KEY: 'Q003',
  PROJECT_PLUGIN: 'Q004',
  PROJECT_STYLES: 'Q005',
  CONTENT_MISSING: 'Q010',
  FILE_UNREADABLE: 'Q011',
  FILE_BINARY: 'Q012',
  STATIC_HIDDEN: 'Q013',
  SYMLINK_SKIPPED: 'Q014',
  FRONT_MATTER_SYNTAX: 'Q020',
  FRONT_MATTER_INVALID: 'Q021',
  FRONT_MATTER_UNKNOWN: 'Q022',
  BLOG_UNDATED: 'Q023',
  BLOG_UNTRUNCATED: 'Q024',
  BLOG_INLINE_AUTHORS: 'Q025',
  MDX_SYNTAX: 'Q030',
  MARKDOWN_SYNTAX: 'Q031',
  COMPONENT_UNKNOWN: 'Q032',
  COMPONENT_PROP: 'Q033',
  CONTENT_UNCLOSED: 'Q034',
  LIMIT_EXCEEDED: 'Q035',
  CONTENT_AS_TEXT: 'Q036',
  CODE_OPTION: 'Q037',
  CONTENT_LEFT_OUT: 'Q038',
  MODULE_IMPORT: 'Q039',
  SIDEBAR_LOAD: 'Q040',
  SIDEBAR_UNKNOWN_ID: 'Q041',
  PAGINATION_UNKNOWN_ID: 'Q042',
  DUPLICATE_ROUTE: 'Q050',
  BROKEN_LINK: 'Q060',
  BROKEN_ANCHOR: 'Q061',
  DUPLICATE_ANCHOR: 'Q062',
  SOCIAL_IMAGE: 'Q063',
  UNSAFE_URL: 'Q064',
  NAVBAR_ITEM: 'Q070',
  RENDER_FAILED: 'Q080',
  DATA_INVALID: 'Q090',
  LOCALE_INCOMPLETE: 'Q091',
  WRITE_FAILED: 'Q100',
  OUTPUT_FOLDER: 'Q101',
  BUILD_LOCKED: 'Q103',
  CACHE_WRITE: 'Q102',
  SERVER_LISTEN: 'Q110',
  SERVE_DIR_MISSING: 'Q111',
  THEME_CODE: 'Q112',
  SEARCH_INDEX: 'Q120',
} as const;
export type DiagnosticCode = (typeof CODES)[keyof typeof CODES];

export interface Diagnostic {
  code: DiagnosticCode;
  severity: Severity;
  message: string;
  /** Path relative to the project root, when the problem has a file. */
  file?: string;
  /** 1-based. */
  line?: number;
  /** 1-based. */
  column?: number;
  /** For config errors: `navbar.items.3.type`. */
  keyPath?: string;
  /** What to do about it. */
  hint?: string;
  /**
   * The lines around `line` as they were when the problem was found (the text that was loaded or compiled), for
   * the code frame: printers show these rather than read `file` again, which a later save may have changed.
   * See withExcerpt.
   */
  excerpt?: SourceExcerpt;
}

/**
 * A few lines of a file, kept with a diagnostic (plain data: diagnostics cross worker threads). Long lines are
 * kept only around the column, as much as a code frame shows of them and more.
 */
export interface SourceExcerpt {
  /** The file's line number (1-based) of `lines[0]`. */
  line: number;
  /** Characters cut from the start of every line (0 when the lines are whole at the start). */
  offset: number;
  lines: string[];
}

/** Where a diagnostic points: a file, line and column, or a config key path; `severity` when a setting decides it. */
export type Place = Omit<Diagnostic, 'code' | 'severity' | 'message' | 'hint'> & { severity?: Severity };

type CasesOf<C extends DiagnosticCode> = (typeof CATALOGUE)[C]['cases'];

/**
 * A diagnostic from the catalogue (src/catalogue.ts): the code, the name of its case, the case's data and the place.
 * The message and hint are the catalogue's, so call sites pass data, not prose.
 */
export function report<C extends DiagnosticCode, K extends keyof CasesOf<C> & string>(
  code: C,
  name: K,
  data: DataOf<CasesOf<C>[K]>,
  place: Place = {},
): Diagnostic {
  // An index into a generic type is not narrowed by TypeScript: the signature above ties `data` to this case.
  const entry = (CATALOGUE[code].cases as Record<string, Case<DataOf<CasesOf<C>[K]>>>)[name];
  const { severity = entry.severity, ...where } = place;
  const hint = typeof entry.hint === 'function' ? entry.hint(data) : entry.hint;
  return { code, severity, message: entry.message(data), ...where, ...(hint === undefined ? {} : { hint }) };
}

/** The form before the catalogue had messages: kept for call sites not yet moved to `report`. */
export function error(code: DiagnosticCode, message: string, place: Omit<Diagnostic, 'code' | 'severity' | 'message'> = {}): Diagnostic {
  return { code, severity: 'error', message, ...place };
}

export function warning(code: DiagnosticCode, message: string, place: Omit<Diagnostic, 'code' | 'severity' | 'message'> = {}): Diagnostic {
  return { code, severity: 'warning', message, ...place };
}

export function hasErrors(diagnostics: readonly Diagnostic[]): boolean {
  return diagnostics.some((d) => d.severity === 'error');
}

export interface FormatOptions {
  /** Source text of `file`, for the code frame. */
  source?: string;
  color?: boolean;
}

/** The one printer: `file:line:column`, the message, a code frame, the hint. */
export function formatDiagnostic(d: Diagnostic, options: FormatOptions = {}): string {
  const paint = (code: string, text: string) => (options.color ? `\x1b[${code}m${text}\x1b[0m` : text);
  const label = d.severity === 'error' ? paint('31;1', 'error') : paint('33;1', 'warning');
  let where = '';
  if (d.file) where = d.file + (d.line ? `:${d.line}` + (d.column ? `:${d.column}` : '') : '');
  else if (d.keyPath) where = `config key ${d.keyPath}`;
  const lines = [`${label} ${paint('2', d.code)}${where ? ' ' + paint('36', where) : ''}`, indent(d.message)];
  if (d.keyPath && d.file) lines.push(indent(`at config key ${d.keyPath}`));
  const frame = frameOf(d, options.source);
  if (frame !== undefined) lines.push(frame);
  if (d.hint) lines.push(indent(paint('2', 'hint: ') + d.hint));
  return lines.join('\n');
}

function indent(text: string): string {
  return text
    .split('\n')
    .map((l) => '  ' + l)
    .join('\n');
}

/** Characters of a source line a code frame shows at most: long lines show a window around the column. */
const FRAME_WIDTH = 100;
/** Lines of context a code frame shows either side of the marked line. */
const FRAME_CONTEXT = 2;
/**
 * Characters of each line an excerpt keeps at most, from FRAME_WIDTH * 2 before the column (or the start of the
 * frame's window, if earlier): more than any frame shows, so the frame made from the excerpt is the frame the
 * whole text gives.
 */
const EXCERPT_WIDTH = FRAME_WIDTH * 4;

/**
 * Two lines of context either side, a caret under the column; lines longer than FRAME_WIDTH are cut to a window.
 * `excerpt`: `source` is only part of the file, from that line, its lines cut by that many characters at the start.
 */
export function codeFrame(
  source: string,
  line: number,
  column?: number,
  excerpt: Omit<SourceExcerpt, 'lines'> = { line: 1, offset: 0 },
): string {
  const all = source.split(/\r?\n/);
  const lineAt = (n: number) => all[n - excerpt.line];
  const from = Math.max(1, excerpt.line, line - FRAME_CONTEXT);
  const to = Math.min(excerpt.line + all.length - 1, line + FRAME_CONTEXT);
  const width = String(to).length;
  // Lengths and places count from the start of the file's line, so an excerpt frames as its whole file would.
  const length = (text: string) => excerpt.offset + text.length;
  // One window for all lines, so the context stays aligned with the marked line.
  const at = column && column > 0 ? column - 1 : 0;
  const start = Math.max(excerpt.offset, 0, Math.min(at - Math.floor(FRAME_WIDTH / 2), length(lineAt(line) ?? '') - FRAME_WIDTH));
  const cut = (text: string) => {
    if (length(text) <= FRAME_WIDTH && start === 0) return text;
    const shown = text.slice(start - excerpt.offset, start - excerpt.offset + FRAME_WIDTH);
    return (start > 0 ? '…' : '') + shown + (start + FRAME_WIDTH < length(text) ? '…' : '');
  };
  const out: string[] = [];
  for (let n = from; n <= to; n++) {
    const mark = n === line ? '>' : ' ';
    out.push(`  ${mark} ${String(n).padStart(width)} | ${cut(lineAt(n) ?? '')}`);
    if (n === line && column && column > 0) out.push(`    ${' '.repeat(width)} | ${' '.repeat(at - start + (start > 0 ? 1 : 0))}^`);
  }
  return out.join('\n');
}

/**
 * The diagnostic with the lines of `text` its code frame shows (see Diagnostic.excerpt): `text` is what was
 * loaded or compiled, and `firstLine` the file's line number of its first line (a page's body starts below its
 * front matter). Unchanged when it has no line, or `text` does not reach it.
 */
export function withExcerpt(d: Diagnostic, text: string, firstLine = 1): Diagnostic {
  if (!d.line) return d;
  const lines = text.split(/\r?\n/);
  const from = Math.max(firstLine, d.line - FRAME_CONTEXT);
  const to = Math.min(firstLine + lines.length - 1, d.line + FRAME_CONTEXT);
  if (d.line < firstLine || d.line > to) return d;
  const at = d.column && d.column > 0 ? d.column - 1 : 0;
  // Never past where the frame's window starts (codeFrame), also for a column beyond the end of its line.
  const offset = Math.max(0, Math.min(at - FRAME_WIDTH * 2, lines[d.line - firstLine].length - FRAME_WIDTH));
  const kept = lines.slice(from - firstLine, to - firstLine + 1).map((l) => l.slice(offset, offset + EXCERPT_WIDTH));
  return { ...d, excerpt: { line: from, offset, lines: kept } };
}

/**
 * The code frame of a diagnostic: from its excerpt (the text it was found in), else from `source` (the file's
 * text as read now), else none.
 */
export function frameOf(d: Diagnostic, source?: string): string | undefined {
  if (!d.line) return undefined;
  if (d.excerpt) return codeFrame(d.excerpt.lines.join('\n'), d.line, d.column, d.excerpt);
  return source === undefined ? undefined : codeFrame(source, d.line, d.column);
}

/**
 * Q004 for an error the project's code threw outside any page's work (from a timer or a promise of its own, which
 * no page's compile awaits): at `evaluated` (its place in a module quire ran, see import-ts.ts's evaluatedPlace), else
 * at the first place of its stack inside the project folder, else at the project. `kase`: `stray` for a build, which
 * stops; `strayDev` for quire dev, which goes on serving.
 */
export function strayErrorDiagnostic(
  error: unknown,
  root: string,
  evaluated?: { file: string; line: number; column: number },
  kase: 'stray' | 'strayDev' = 'stray',
): Diagnostic {
  const reason = error instanceof Error ? error.message : String(error);
  const stack = error instanceof Error ? (error.stack ?? '') : '';
  const rootPath = root.replace(/\/+$/, '') + '/';
  // Where the config's code (bundled and run from memory, src/import-ts.ts) maps it to, else the first frame in the project.
  if (evaluated?.file.startsWith(rootPath))
    return report(CODES.PROJECT_PLUGIN, kase, { reason }, { ...evaluated, file: evaluated.file.slice(rootPath.length) });
  for (const m of stack.matchAll(/(?:file:\/\/)?(\/[^\s():]+):(\d+):(\d+)/g)) {
    if (!m[1].startsWith(rootPath)) continue;
    return report(CODES.PROJECT_PLUGIN, kase, { reason }, { file: m[1].slice(rootPath.length), line: Number(m[2]), column: Number(m[3]) });
  }
  return report(CODES.PROJECT_PLUGIN, kase, { reason }, { file: '.' });
}

/**
 * Whether a file a page or its code names lies outside the project, so is not published: a path leaving the project
 * folder, but for one into a `node_modules` folder above it, where a workspace's package manager installs the
 * packages the project imports (Babel's website: Monaco's CSS naming its font, in the repository root's
 * `node_modules`), which Docusaurus's bundler publishes like any other.
 */
export function outsideProject(file: string): boolean {
  return file.startsWith('../') && !/^(?:\.\.\/)+node_modules\//.test(file);
}

/**
 * Q060 for an image a page shows from its own folder (`![Karte](./karte.png)`): one outside the project, or one
 * that is not there. Plan reports them with the site's other problems; emit, should a file vanish after that.
 */
export function contentImageError(asset: Pick<AssetRef, 'file' | 'from'>, problem: 'outside' | 'missing'): Diagnostic {
  return report(CODES.BROKEN_LINK, problem === 'outside' ? 'imageOutside' : 'imageMissing', { file: asset.file }, asset.from);
}

/** Q102: a cache file quire could not write (the build itself succeeded). */
export function cacheWarning(what: string, e: Error, cacheDir: string, root: string, consequence: string, built = true): Diagnostic {
  const shown = path.relative(root, cacheDir) || cacheDir;
  const folder = shown.startsWith('..') ? cacheDir : shown;
  const reason = (e as NodeJS.ErrnoException).code ?? e.message;
  return report(
    CODES.CACHE_WRITE,
    'notWritten',
    { what, reason, consequence, built, folder },
    {
      file: shown.startsWith('..') ? undefined : shown,
    },
  );
}
