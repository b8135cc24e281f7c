import { CODES, report, withExcerpt, type Diagnostic } from '../diagnostics.ts';
import { closestName, escapeRegExp, lineColumn } from '../shared/text.ts';
import type { Messages } from '../types.ts';

/**
 * Message ids of a locale file that locales/en.json does not have and that are near an id the file lacks
 * (`navbar.clsoe` beside a missing `navbar.close`): most likely that id misspelt, so its text is shown in English.
 * Each is a warning at its key. plan's `localeGaps` leaves these ids out of its list of missing texts by the
 * same rule, so each gap is reported once.
 */
export function misspeltMessageIds(messages: Messages, english: Messages, file: string, text: string): Diagnostic[] {
  const out: Diagnostic[] = [];
  // Own ids only (Object.hasOwn): an id such as "constructor" is not in a file just because every object has one.
  const lacking = Object.keys(english).filter((id) => !id.startsWith('label:') && !Object.hasOwn(messages, id));
  if (!lacking.length) return out;
  for (const id of Object.keys(messages)) {
    if (Object.hasOwn(english, id) || id.startsWith('label:')) continue;
    const meant = closestName(id, lacking);
    if (!meant) continue;
    const key = new RegExp(`${escapeRegExp(JSON.stringify(id))}\\s*:`).exec(text);
    out.push(
      withExcerpt(
        report(CODES.LOCALE_INCOMPLETE, 'misspeltId', { id, meant }, { file, ...(key ? lineColumn(text, key.index) : undefined) }),
        text,
      ),
    );
  }
  return out;
}
