import type { CasesOf, DataOf } from '../catalogue.ts';
import { report, type Diagnostic, type DiagnosticCode } from '../diagnostics.ts';
import type { CompileNote } from '../types.ts';

/** The name of one of a code's cases, and that case's data: for plugins' own note helpers. */
export type CaseName<C extends DiagnosticCode> = keyof CasesOf<C> & string;
export type CaseData<C extends DiagnosticCode, K extends CaseName<C>> = DataOf<CasesOf<C>[K]>;

/**
 * A compile note from the catalogue: the case's message and hint made from `data` now, at the place given (lines
 * of the file), so the note is plain data a worker can send and the cache can keep.
 */
export function compileNote<C extends DiagnosticCode, K extends CaseName<C>>(
  code: C,
  name: K,
  data: CaseData<C, K>,
  place: { line?: number; column?: number },
): CompileNote {
  const { severity, message, hint } = report(code, name, data);
  return { code, severity, message, line: place.line, column: place.column, ...(hint === undefined ? {} : { hint }) };
}

/** A compile note as the diagnostic it is, in `file` (a page or a partial). */
export function noteDiagnostic(note: CompileNote, file: string): Diagnostic {
  const { code, severity, message, line, column, hint } = note;
  return { code, severity, message, file, line, column, hint };
}
