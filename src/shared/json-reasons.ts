/** jsonc-parser's error names as sentences: the JSON files of load and of the config stage say the same. */
export const JSON_ERROR_REASONS: Record<string, string> = {
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
