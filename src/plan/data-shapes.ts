import * as z from 'zod';
import { CODES, report, type Diagnostic } from '../diagnostics.ts';
import type { Theme } from '../types.ts';
import { jsonPlaces } from './json-places.ts';

/** Problems shown per data file: the first few say enough to find the pattern. */
const SHOWN = 5;

/**
 * Data files that do not have the shape the theme's components read (Theme.dataSchemas, JSON Schema): each
 * problem at the entry it is in, with its key path. A data file the theme does not describe, or that is not
 * there, is not checked (a component naming a missing entry is Q033).
 */
export function dataShapeProblems(
  data: Record<string, unknown>,
  texts: Record<string, string> = {},
  schemas: Record<string, object> = {},
): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const [name, schema] of Object.entries(schemas)) {
    // Own entries only: a schema named like an Object.prototype member (`constructor`) has no file unless one is there.
    if (!Object.hasOwn(data, name)) continue;
    const result = z.fromJSONSchema(schema as Parameters<typeof z.fromJSONSchema>[0]).safeParse(data[name], { reportInput: true });
    if (result.success) continue;
    const file = `content/data/${name}.json`;
    const placeOf = jsonPlaces(Object.hasOwn(texts, name) ? texts[name] : undefined);
    const issues = result.error.issues.flatMap((issue) => closest(issue));
    for (const issue of issues.slice(0, SHOWN)) {
      const path = issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p));
      const keyPath = path.join('.') || '(the whole file)';
      const place = placeOf(path);
      out.push(report(CODES.DATA_INVALID, 'dataShape', { file, keyPath, problem: describe(issue) }, { file, ...place }));
    }
    if (issues.length > SHOWN) out.push(report(CODES.DATA_INVALID, 'moreProblems', { count: issues.length - SHOWN, file }, { file }));
  }
  return out;
}

/** The gaps the theme finds in data files (Theme.dataWarnings), as warnings at their places. */
export function dataGaps(
  data: Record<string, unknown>,
  texts: Record<string, string> = {},
  warnings: Theme['dataWarnings'] = {},
): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const [name, gapsOf] of Object.entries(warnings)) {
    if (!Object.hasOwn(data, name)) continue;
    const file = `content/data/${name}.json`;
    const placeOf = jsonPlaces(Object.hasOwn(texts, name) ? texts[name] : undefined);
    for (const gap of gapsOf(data[name])) {
      out.push(
        report(
          CODES.DATA_INVALID,
          'dataGap',
          { file, message: gap.message, hint: gap.hint },
          { file, keyPath: gap.keyPath, ...placeOf(gap.keyPath.split('.')) },
        ),
      );
    }
  }
  return out;
}

/**
 * A value that matches none of the kinds a field may have (`prices`: null or prices per currency) is told by
 * the kind it came closest to, the one whose problems lie deepest in it: `prices.EUR.monthly` is not a number,
 * rather than "prices is invalid".
 */
function closest(issue: z.core.$ZodIssue): z.core.$ZodIssue[] {
  if (issue.code !== 'invalid_union' || !issue.errors.length) return [issue];
  const depth = (branch: z.core.$ZodIssue[]) => Math.max(...branch.map((i) => i.path.length));
  const best = issue.errors.reduce((a, b) => (depth(b) > depth(a) ? b : a));
  return best.flatMap((inner) => closest({ ...inner, path: [...issue.path, ...inner.path] } as z.core.$ZodIssue));
}

/** An issue in words: a field that is missing, a value of the wrong kind, an empty text. */
function describe(issue: z.core.$ZodIssue): string {
  if (issue.code === 'invalid_type') {
    // The value is there unless the issue (parsed with reportInput) has none.
    const found = (issue as { input?: unknown }).input;
    return !('input' in issue) || found === undefined
      ? `the field is missing (expected ${issue.expected})`
      : `expected ${issue.expected}, found ${found === null ? 'null' : Array.isArray(found) ? 'array' : typeof found}`;
  }
  if (issue.code === 'too_small' && issue.origin === 'string') return 'must not be empty';
  if (issue.code === 'too_small' && issue.origin === 'number') return `must be at least ${String(issue.minimum)}`;
  return issue.message;
}
