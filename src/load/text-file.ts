import { readFile } from 'node:fs/promises';
import { CODES, report, type Diagnostic } from '../diagnostics.ts';
import { lineColumn, withoutBom } from '../shared/text.ts';

/** Q011 for a project file that cannot be read. */
export function unreadable(file: string, e: unknown): Diagnostic {
  return report(CODES.FILE_UNREADABLE, 'file', { reason: (e as NodeJS.ErrnoException).code ?? (e as Error).message }, { file });
}

/**
 * A project file's text (without a byte order mark), or the diagnostic saying it is not UTF-8 text (Q012:
 * binary, or another encoding, at the first line that fails). `what` names what the file should have been
 * read as ("Markdown", "data").
 */
export function decodeText(buffer: Buffer, file: string, what: string): { text: string } | { diagnostic: Diagnostic } {
  if (buffer.includes(0)) {
    return {
      diagnostic: report(CODES.FILE_BINARY, 'binary', { what }, { file }),
    };
  }
  const text = withoutBom(buffer.toString('utf8'));
  if (text.includes('\uFFFD')) {
    return {
      diagnostic: report(CODES.FILE_BINARY, 'notUtf8', { what }, { file, line: lineColumn(text, text.indexOf('\uFFFD')).line }),
    };
  }
  return { text };
}

/** A project file read as UTF-8 text, or its one diagnostic: unreadable (Q011) or not text (Q012, see decodeText). */
export async function readTextFile(abs: string, file: string, what: string): Promise<{ text: string } | { diagnostic: Diagnostic }> {
  let buffer: Buffer;
  try {
    buffer = await readFile(abs);
  } catch (e) {
    return { diagnostic: unreadable(file, e) };
  }
  return decodeText(buffer, file, what);
}
