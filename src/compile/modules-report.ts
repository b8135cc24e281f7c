import type { Message } from 'esbuild';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { CODES, report, type Diagnostic } from '../diagnostics.ts';
import { slash, type Entry } from './modules-plugin.ts';

/** esbuild's errors from a failed build; anything else it threw is a quire bug and thrown on. */
export function esbuildErrors(e: unknown): Message[] {
  const errors = (e as { errors?: Message[] }).errors;
  if (!errors?.length) throw e;
  return errors;
}

/**
 * An esbuild error as a Q039 at its place: in the page (its import line) or in the module that imports. With
 * `leftOut`, the React page that is left out of the site for it: then a warning.
 */
export function moduleDiagnostic(m: Message, root: string, entries: Entry[], leftOut?: string): Diagnostic {
  // esbuild's advice about its own command line (`--external`, "mark the path as external") means nothing here.
  const stub = /"quire-theme:([^"]+)"/;
  const notes = stub.test(m.text)
    ? `quire's ${stub.exec(m.text)![1]} has only some of Docusaurus's exports: README "Coming from Docusaurus" lists them.`
    : m.notes
        .map((n) => n.text)
        // Nor does the note naming quire's own esbuild plugin that an import reached.
        .filter((text) => !/external|--|was triggered by this import/.test(text))
        .join(' ');
  // The theme's modules are stubs in esbuild's namespace `quire-theme` (modules-plugin.ts): named as written.
  const text = m.text.replace(stub, (_, name: string) => `quire's ${name}`);
  const severity = leftOut === undefined ? {} : { severity: 'warning' as const };
  const location = m.location;
  const page = location && /^(?:quire-page:)?quire-page:(\d+)$/.exec(location.file);
  if (page) {
    const { compiled } = entries[Number(page[1])];
    const imp = compiled.imports![location!.line - 2];
    return report(
      CODES.MODULE_IMPORT,
      'pageImport',
      { source: imp?.source, text, notes, leftOut },
      { file: compiled.source.file, line: imp?.line, column: imp?.column, ...severity },
    );
  }
  const file = location ? slash(path.relative(root, path.resolve(root, location.file))) : undefined;
  // In a partial, esbuild's place is in the code compiled from it: the import it names is found in the file. A
  // place without a line's text is the partial's own (its compile or front matter failed there).
  const place =
    file && /\.mdx?$/.test(file) && location?.lineText
      ? placeInPartial(path.join(root, file), location.lineText)
      : location && { line: location.line, column: location.column + 1 };
  return report(CODES.MODULE_IMPORT, 'module', { text, notes, leftOut }, { file, ...place, ...severity });
}

/** Where in a partial the import statement esbuild quotes (`lineText`) is written: the line naming its module. */
function placeInPartial(absFile: string, lineText: string): { line?: number; column?: number } {
  const quoted = /(['"])([^'"]+)\1/.exec(lineText)?.[0];
  if (!quoted) return {};
  let text: string;
  try {
    text = readFileSync(absFile, 'utf8');
  } catch {
    return {};
  }
  const lines = text.split('\n');
  const at = lines.findIndex((line) => /^\s*import\b/.test(line) && line.includes(quoted));
  return at < 0 ? {} : { line: at + 1, column: 1 };
}
