import { LineCounter, parseDocument } from 'yaml';
import { CODES, error, withExcerpt, type Diagnostic } from '../diagnostics.ts';
import { readJsonFile } from './json-file.ts';
import { readTextFile } from './text-file.ts';

/**
 * A YAML or JSON file of a Docusaurus project (`_category_.yml`, `authors.yml`, `tags.yml`): its value and text,
 * or one diagnostic at the place the parser stopped. JSON goes through the data files' reader (same messages).
 * YAML is read as front matter is (YAML 1.2, core schema): a date stays a text.
 */
export async function readYamlOrJsonFile(
  abs: string,
  file: string,
  what: string,
): Promise<{ value: unknown; text: string } | { diagnostic: Diagnostic }> {
  if (file.endsWith('.json')) return readJsonFile(abs, file, what);
  const read = await readTextFile(abs, file, what);
  if ('diagnostic' in read) return read;
  const { text } = read;
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true });
  const problem = (message: string, offset: number | undefined) => {
    const place = offset === undefined ? {} : { line: lineCounter.linePos(offset).line, column: lineCounter.linePos(offset).col };
    return { diagnostic: withExcerpt(error(CODES.DATA_INVALID, `Invalid YAML in ${what}: ${message}.`, { file, ...place }), text) };
  };
  if (doc.errors.length) return problem(doc.errors[0].message.split('\n')[0].replace(/\.$/, ''), doc.errors[0].pos[0]);
  try {
    return { value: doc.toJS(), text };
  } catch (e) {
    // An alias to an anchor that is not set (`name: *x`): the parser finds it only while building the value.
    return problem((e as Error).message.replace(/\.$/, ''), undefined);
  }
}
