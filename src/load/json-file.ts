import { parse as parseJsonc, printParseErrorCode, type ParseError } from 'jsonc-parser';
import { CODES, report, withExcerpt, type Diagnostic } from '../diagnostics.ts';
import { lineColumn } from '../shared/text.ts';
import { readTextFile } from './text-file.ts';

/** The scanner's error names, as sentences. */
const REASONS: Record<string, string> = {
  InvalidSymbol: 'a character that JSON does not allow here',
  InvalidNumberFormat: 'a number written in a form JSON does not allow',
  PropertyNameExpected: 'a property name in double quotes was expected (a comma too many?)',
  ValueExpected: 'a value was expected (a comma too many, or a value left out?)',
  ColonExpected: 'a colon was expected after the property name',
  CommaExpected: 'a comma was expected between two entries',
  CloseBraceExpected: 'a closing } was expected',
  CloseBracketExpected: 'a closing ] was expected',
  EndOfFileExpected: 'the JSON should end here (a second value after the first?)',
  InvalidCommentToken: 'JSON has no comments',
  UnexpectedEndOfComment: 'JSON has no comments',
  UnexpectedEndOfString: 'a string is not closed (a quote left out?)',
  UnexpectedEndOfNumber: 'a number ends too early',
  InvalidUnicode: 'an invalid \\u escape',
  InvalidEscapeCharacter: 'an invalid escape after \\',
  InvalidCharacter: 'a control character inside a string (a line break in a string?)',
};

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
      ? (REASONS[printParseErrorCode(first.error)] ?? printParseErrorCode(first.error))
      : (e as Error).message.replace(/,? ".*" is not valid JSON$/s, '').replace(/ in JSON at position \d+.*$/s, '');
    return { diagnostic: withExcerpt(report(CODES.DATA_INVALID, 'json', { reason }, { file, ...lineColumn(text, offset) }), text) };
  }
}
