import { readFile } from 'node:fs/promises';
import { CODES, error, type Diagnostic } from '../diagnostics.ts';
import { lineColumn, withoutBom } from '../shared/text.ts';

/** Q011 for a project file that cannot be read. */
export function unreadable(file: string, e: unknown): Diagnostic {
  return error(CODES.FILE_UNREADABLE, `Cannot read this file: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}.`, {
    file,
    hint: 'Check its permissions.',
  });
}

/**
 * A project file's text (without a byte order mark), or the diagnostic saying it is not UTF-8 text (Q012:
 * binary, or another encoding, at the first line that fails). `what` names what the file should have been
 * read as ("Markdown", "data").
 */
export function decodeText(buffer: Buffer, file: string, what: string): { text: string } | { diagnostic: Diagnostic } {
  const notText = `This file is not UTF-8 text, so it cannot be read as ${what}.`;
  if (buffer.includes(0)) {
    return {
      diagnostic: error(CODES.FILE_BINARY, `${notText} It looks binary (it contains NUL bytes).`, {
        file,
        hint: 'Binary files belong in static/, or next to the page as images.',
      }),
    };
  }
  const text = withoutBom(buffer.toString('utf8'));
  if (text.includes('\uFFFD')) {
    return {
      diagnostic: error(CODES.FILE_BINARY, notText, {
        file,
        line: lineColumn(text, text.indexOf('\uFFFD')).line,
        hint: 'Save it as UTF-8.',
      }),
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
