import { parse as parseJsonc, printParseErrorCode, type ParseError } from 'jsonc-parser';
import { CODES, report, withExcerpt, type Diagnostic } from '../diagnostics.ts';
import { lineColumn } from '../shared/text.ts';
import { readTextFile } from './text-file.ts';
import { JSON_ERROR_REASONS } from '../shared/json-reasons.ts';

/**
 * A JSON file of the project (a data file, a locale's messages): its value and text, or one diagnostic
 * naming the problem at its place: unreadable (Q011), not text (Q012, see decodeText), not valid JSON (Q090, at the line and
 * column where the parser stopped, without JavaScript's quotation of the raw text).
 */
export async function readJsonFile(
  abs: string,
  file: string,
  what: string,
): Promise<{ value: unknown; text: string } | { diagnostic: Diagnostic }> {
  const read = await readTextFile(abs, file, what);
  if ('diagnostic' in read) return read;
  const { text } = read;
  try {
    return { value: JSON.parse(text), text };
  } catch (e) {
    if (text.trim() === '') return { diagnostic: report(CODES.DATA_INVALID, 'jsonEmpty', {}, { file }) };
    // V8's message gives a position only sometimes, and may quote the raw text; a JSON scanner finds the place
    // (the end of the text, should it find nothing JSON.parse refused).
    const errors: ParseError[] = [];
    parseJsonc(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
    const first = errors[0];
    const offset = first?.offset ?? text.length;
    const reason = first
      ? (JSON_ERROR_REASONS[printParseErrorCode(first.error)] ?? printParseErrorCode(first.error))
      : (e as Error).message.replace(/,? ".*" is not valid JSON$/s, '').replace(/ in JSON at position \d+.*$/s, '');
    return { diagnostic: withExcerpt(report(CODES.DATA_INVALID, 'json', { reason }, { file, ...lineColumn(text, offset) }), text) };
  }
}
