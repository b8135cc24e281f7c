import { CORE_SCHEMA, load as loadYaml, YAMLException } from 'js-yaml';
import { CODES, report, withExcerpt, type Diagnostic } from '../diagnostics.ts';
import { readJsonFile } from './json-file.ts';
import { readTextFile } from './text-file.ts';

/**
 * A YAML or JSON file of a Docusaurus project (`_category_.yml`, `authors.yml`, `tags.yml`): its value and text,
 * or one diagnostic at the place the parser stopped. JSON goes through the data files' reader (same messages).
 * YAML is read with the core schema, as front matter is: a date stays a text.
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
  try {
    return { value: loadYaml(text, { schema: CORE_SCHEMA, filename: file }), text };
  } catch (e) {
    if (!(e instanceof YAMLException)) throw e;
    const place = e.mark ? { line: e.mark.line + 1, column: e.mark.column + 1 } : {};
    return { diagnostic: withExcerpt(report(CODES.DATA_INVALID, 'yaml', { what, reason: e.reason }, { file, ...place }), text) };
  }
}
