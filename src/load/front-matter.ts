import { CORE_SCHEMA, load as loadYaml } from 'js-yaml';
import * as z from 'zod';
import type { FieldProblem } from '../catalogue.ts';
import { CODES, report, type Diagnostic } from '../diagnostics.ts';
import { closestName, postInstant } from '../shared/text.ts';
import type { FrontMatter, InlineAuthor } from '../types.ts';
import { lastField, quotingHint, typeHint, valueAt } from './front-matter-hints.ts';
import { parsePlaced, placeOf, writtenAt } from './front-matter-yaml.ts';

const docId = z.string().min(1);
/** An author written in the post (`{ name, title, url, email, image_url }`): shown by name. */
// Its title, address and photo are drawn as an authors file's are (Electron's older posts name authors so).
const inlineAuthor = z
  .object({
    name: z.string().min(1),
    title: z.string().optional(),
    url: z.string().optional(),
    email: z.string().optional(),
    image_url: z.string().optional(),
  })
  .transform(
    (a): InlineAuthor => ({
      name: a.name,
      ...(a.title ? { title: a.title } : {}),
      ...(a.url ? { url: a.url } : {}),
      ...(a.email ? { email: a.email } : {}),
      ...(a.image_url ? { imageUrl: a.image_url } : {}),
    }),
  );
const frontMatterFields = z.looseObject({
  id: z
    .string()
    .regex(/^(?!\.\.?$)[^/\\?#%]+$/, 'expected a file-name-like id: not "." or "..", and without / \\ ? # %')
    .optional(),
  title: z.string().min(1).optional(),
  description: z.string().optional(),
  sidebar_label: z.string().optional(),
  sidebar_position: z.number().optional(),
  slug: z
    .string()
    .min(1)
    .refine((slug) => !/[?#%\\\u0000-\u001f\u007f]/.test(slug) && !slug.split('/').some((part) => part === '.' || part === '..'), {
      message: 'expected a URL path: no "." or ".." segments and none of ? # % \\ or control characters',
    })
    .optional(),
  keywords: z.array(z.string()).optional(),
  image: z.string().optional(),
  image_alt: z.string().optional(),
  toc_min_heading_level: z.number().int().min(2).max(6).optional(),
  toc_max_heading_level: z.number().int().min(2).max(6).optional(),
  hide_table_of_contents: z.boolean().optional(),
  hide_title: z.boolean().optional(),
  unlisted: z.boolean().optional(),
  draft: z.boolean().optional(),
  pagination_prev: docId.nullable().optional(),
  pagination_next: docId.nullable().optional(),
  pagination_label: z.string().optional(),
  date: z
    .union([z.string(), z.date()])
    .transform((d) => (d instanceof Date ? d.toISOString() : paddedDate(d)))
    .refine((d) => isRealDate(d) && postInstant(d) !== undefined, {
      message: 'expected a date that exists, written YYYY-MM-DD (e.g. 2024-05-01), optionally with a time',
    })
    .optional(),
  // Docusaurus also takes an author written inline (`authors: [{ name: …, url: … }]`): shown by name.
  authors: z
    .union([z.string().transform((s) => [s]), inlineAuthor.transform((a) => [a]), z.array(z.union([z.string(), inlineAuthor]))])
    .optional(),
  // Docusaurus's legacy fields for one inline author of a post (its blog's getFrontMatterAuthorLegacy): read as
  // `authors` where that is not given (see withLegacyAuthor).
  author: z.string().optional(),
  author_title: z.string().optional(),
  authorTitle: z.string().optional(),
  author_url: z.string().optional(),
  authorURL: z.string().optional(),
  author_image_url: z.string().optional(),
  authorImageURL: z.string().optional(),
  // Docusaurus also takes a tag written inline with its page (`{ label, permalink }`, https://docusaurus.io/docs/api/plugins/@docusaurus/plugin-content-docs#markdown-front-matter).
  tags: z
    .array(z.union([z.string(), z.object({ label: z.string().min(1), permalink: z.string().min(1), description: z.string().optional() })]))
    .optional(),
  /** The sidebar the doc shows (Docusaurus's rule): by name, or null for none. */
  displayed_sidebar: z.string().nullable().optional(),
  // Docusaurus's classic theme shows neither: a key for translations and props for swizzled components.
  sidebar_custom_props: z.record(z.string(), z.unknown()).optional(),
  sidebar_key: z.string().optional(),
  /** A class on the doc's sidebar item, as Docusaurus adds it. */
  sidebar_class_name: z.string().optional(),
  /** This page's "Edit this page" address instead of the configured `editUrl`'s; null or '' for no link. */
  custom_edit_url: z
    .union([z.url({ protocol: /^https?$/ }), z.literal(''), z.null()])
    .transform((u) => (u === '' ? null : u))
    .optional(),
  /** The last update shown instead of git's, when the config shows it (Docusaurus's `last_update`). */
  last_update: z
    .object({
      date: z
        .union([z.string(), z.date()])
        .transform((d) => (d instanceof Date ? d.toISOString() : d))
        .refine((d) => !Number.isNaN(new Date(d).getTime()), { message: 'expected a date, e.g. 2024-05-01' })
        .optional(),
      author: z.string().min(1).optional(),
    })
    .strict()
    .refine((u) => u.date !== undefined || u.author !== undefined, { message: 'expected a date, an author or both' })
    .optional(),
  /**
   * This file's syntax instead of the config's `markdown.format` (Docusaurus's `mdx.format`,
   * https://docusaurus.io/docs/markdown-features#mdx-vs-commonmark): `md` reads it as CommonMark, `detect` by its
   * extension.
   */
  mdx: z
    .object({ format: z.enum(['md', 'mdx', 'detect']).optional() })
    .strict()
    .optional(),
});
const frontMatterSchema = frontMatterFields
  .refine((fm) => !(fm.draft && fm.unlisted), { message: 'a page cannot be draft and unlisted at the same time', path: ['draft'] })
  .refine((fm) => (fm.toc_min_heading_level ?? 2) <= (fm.toc_max_heading_level ?? 6), {
    message: 'toc_min_heading_level must not exceed toc_max_heading_level',
    path: ['toc_min_heading_level'],
  })
  .transform(withLegacyAuthor);

/**
 * A post's legacy author (`author: Name`, `authorURL`, `authorTitle`, `authorImageURL` or their snake_case forms, as
 * Docusaurus 1 wrote them) as its one inline author, where `authors` is not given: Docusaurus still shows them so
 * (https://docusaurus.io/docs/api/plugins/@docusaurus/plugin-content-blog#markdown-front-matter). It refuses the two
 * together; quire keeps `authors`.
 */
function withLegacyAuthor<T extends z.infer<typeof frontMatterFields>>(fm: T): T {
  if (fm.authors !== undefined || !fm.author) return fm;
  const title = fm.author_title ?? fm.authorTitle;
  const url = fm.author_url ?? fm.authorURL;
  const imageUrl = fm.author_image_url ?? fm.authorImageURL;
  const author: InlineAuthor = { name: fm.author, ...(title ? { title } : {}), ...(url ? { url } : {}), ...(imageUrl ? { imageUrl } : {}) };
  return { ...fm, authors: [author] };
}

/**
 * Docusaurus fields quire does not use: moving a page over keeps them working there, and the warning says
 * what quire makes of them instead of guessing at a typo.
 */
const DOCUSAURUS_ONLY: Record<string, string> = {
  parse_number_prefixes: 'number prefixes of file and folder names are always taken off',
  hide_reading_time: 'quire shows no reading time',
};

/**
 * Whether `key` is a front matter field quire knows. An own key of the schema's shape only: `constructor` or
 * `toString` are found on every object through its prototype, and would otherwise pass as known fields.
 */
function isKnownField(key: string): boolean {
  return Object.hasOwn(frontMatterFields.shape, key);
}

/**
 * Front matter fields quire does not know (a typo, or a field of another tool): warnings, at the field's line.
 * `data`: the front matter as YAML parsed it, before validation (which leaves out a `__proto__` field).
 */
export function unknownFields(data: object, places: FieldPlaces, file: string, body = ''): Diagnostic[] {
  const known = Object.keys(frontMatterFields.shape);
  const out: Diagnostic[] = [];
  for (const key of Object.keys(data)) {
    if (isKnownField(key) || readsField(body, key)) continue;
    const at = Object.hasOwn(places, key) ? places[key] : undefined;
    const place = { file, line: at?.line, column: at ? 1 : undefined };
    const meant = closestName(key, known);
    if (Object.hasOwn(DOCUSAURUS_ONLY, key))
      out.push(report(CODES.FRONT_MATTER_UNKNOWN, 'docusaurusOnly', { key, instead: DOCUSAURUS_ONLY[key] }, place));
    else out.push(report(CODES.FRONT_MATTER_UNKNOWN, 'unknown', { key, meant, known }, place));
  }
  return out;
}

/**
 * Whether the page's MDX code reads a front matter field, as `frontMatter.key` (or `frontMatter['key']`): Docusaurus
 * gives the code its front matter (remarkFrontMatterName), so the field is not ignored. Read from the text, as the
 * fields are checked before the page compiles; a mention in a code block counts too, which only spares a warning.
 */
function readsField(body: string, key: string): boolean {
  if (!body.includes('frontMatter')) return false;
  const name = key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`\\bfrontMatter\\s*(?:\\??\\.\\s*${name}(?![\\w$])|\\[\\s*(['"])${name}\\1)`).test(body);
}

export interface SplitResult {
  frontMatter: FrontMatter;
  body: string;
  /** 1-based line of the body's first line. */
  bodyLine: number;
  /** Where each top-level field's value starts in the file (see `fieldPlaces`). */
  fieldPlaces?: FieldPlaces;
  diagnostics: Diagnostic[];
}

/** Line and column (1-based, in the file) of each top-level front matter field's value. */
export type FieldPlaces = Record<string, { line: number; column: number }>;

/**
 * Where the top-level fields' values are, for errors found after loading (a pagination id or an image that
 * does not exist): `key: value` lines at the start of a line of the YAML, which begins on the file's line 2.
 */
export function fieldPlaces(yamlText: string): FieldPlaces {
  // Without a prototype: a field named `__proto__` is a key like any other, not the object's prototype.
  const places: FieldPlaces = Object.create(null) as FieldPlaces;
  yamlText.split('\n').forEach((text, i) => {
    const m = /^([A-Za-z_][\w-]*)[ \t]*:[ \t]*/.exec(text);
    if (m && !Object.hasOwn(places, m[1])) places[m[1]] = { line: i + 2, column: m[0].length + 1 };
  });
  return places;
}

const FENCE = /^---[ \t]*\r?\n([\s\S]*?)\r?\n?---[ \t]*(?:\r?\n|$)/;

/** `YYYY-MM-DD` (optionally followed by an ISO time) naming a day that exists: not 2024-02-30 or 2024-13-01. */
/**
 * A front matter date as Docusaurus reads it: js-yaml's default schema takes YAML 1.1 timestamps, whose month, day
 * and hour may have one digit and whose time may follow spaces (`2015-2-5 9:18:00`), and its date check reads the
 * text around blanks (a no-break space before the date included). Babel's blog writes both. Written here with two
 * digits each (`2015-02-05T09:18:00`) for the rest of quire; any other text is returned as it is, for the check.
 */
export function paddedDate(text: string): string {
  const m =
    /^(\d{4})-(\d{1,2})-(\d{1,2})(?:(?:[Tt]|[ \t]+)(\d{1,2})(:\d{2}(?::\d{2}(?:\.\d+)?)?)(?:[ \t]*(Z|([+-])(\d{1,2})(?::?(\d{2}))?))?)?$/.exec(
      text.trim(),
    );
  if (!m) return text;
  const two = (digits: string) => digits.padStart(2, '0');
  const zone = m[6] === undefined ? '' : m[6] === 'Z' ? 'Z' : `${m[7]}${two(m[8] ?? '')}:${m[9] ?? '00'}`;
  return `${m[1]}-${two(m[2] ?? '')}-${two(m[3] ?? '')}${m[4] === undefined ? '' : `T${two(m[4])}${m[5]}${zone}`}`;
}

export function isRealDate(text: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/.exec(text);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * A page without front matter at its top: fine, unless `---` opens fields that are never closed or sit below blank
 * lines (each would be shown as the page's text).
 */
function withoutFrontMatter(text: string, file: string): SplitResult {
  // `---` and `title: …` below it, but no closing `---`: the front matter would be shown as the page's text.
  if (/^---[ \t]*\r?\n[A-Za-z_][\w-]*[ \t]*:/.test(text)) {
    const last = lastField(text);
    return {
      frontMatter: {},
      body: text,
      bodyLine: 1,
      diagnostics: [report(CODES.FRONT_MATTER_SYNTAX, 'unclosed', { last }, { file, line: 1, column: 1 })],
    };
  }
  // Blank lines above the `---`: Markdown reads the block as a rule and text, so the title and description
  // would silently become the page's first paragraph. A page that opens with a rule has no fields below it.
  const blank = /^(?:[ \t]*\r?\n)+(?=---[ \t]*\r?\n)/.exec(text);
  const late = blank ? FENCE.exec(text.slice(blank[0].length)) : null;
  if (blank && late && looksLikeFrontMatter(late[1])) {
    const lines = blank[0].split('\n').length - 1;
    return {
      frontMatter: {},
      body: text,
      bodyLine: 1,
      diagnostics: [report(CODES.FRONT_MATTER_SYNTAX, 'late', { blankLines: lines }, { file, line: lines + 1, column: 1 })],
    };
  }
  return { frontMatter: {}, body: text, bodyLine: 1, diagnostics: [] };
}

/** Splits `---` YAML front matter from the body and validates it, with file positions on errors. */
export function splitFrontMatter(text: string, file: string): SplitResult {
  const m = FENCE.exec(text);
  if (!m) return withoutFrontMatter(text, file);
  const yamlText = m[1];
  const bodyLine = m[0].split('\n').length - (m[0].endsWith('\n') ? 1 : 0) + 1;
  const body = text.slice(m[0].length);
  // Fast path: js-yaml without its listener. Anything it rejects, or that fails validation, is read again
  // with the listener, which keeps each node's place for the errors' lines and columns.
  const quick = quickParse(yamlText);
  if (quick) {
    const places = fieldPlaces(yamlText);
    return {
      frontMatter: quick.frontMatter,
      body,
      bodyLine,
      fieldPlaces: places,
      diagnostics: unknownFields(quick.data, places, file, body),
    };
  }
  const placed = parsePlaced(yamlText);
  if ('problem' in placed) {
    const { reason, offset, hint, advice } = placed.problem;
    const pos = linePos(yamlText, offset);
    const line = yamlText.split('\n')[pos.line - 1] ?? '';
    return {
      frontMatter: {},
      body,
      bodyLine,
      diagnostics: [
        report(
          CODES.FRONT_MATTER_SYNTAX,
          'yaml',
          { reason, hint: (hint ? quotingHint(hint, line) : undefined) ?? advice },
          { file, line: pos.line + 1, column: pos.col },
        ),
      ],
    };
  }
  const data: unknown = placed.data ?? {};
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    return {
      frontMatter: {},
      body,
      bodyLine,
      diagnostics: [report(CODES.FRONT_MATTER_INVALID, 'notAMapping', {}, { file, line: 2 })],
    };
  }
  const parsed = frontMatterSchema.safeParse(data);
  if (parsed.success) {
    const places = fieldPlaces(yamlText);
    return {
      frontMatter: parsed.data as FrontMatter,
      body,
      bodyLine,
      fieldPlaces: places,
      diagnostics: unknownFields(data, places, file, body),
    };
  }
  const diagnostics = parsed.error.issues.map((issue) => {
    const key = issue.path.map(String).join('.');
    const offset = placeOf(yamlText, placed.root, issue.path);
    const pos = offset !== undefined ? linePos(yamlText, offset) : undefined;
    let problem: FieldProblem = { kind: 'other', message: issue.message };
    let hint: string | undefined;
    if (issue.code === 'invalid_type') {
      problem = { kind: 'type', expected: issue.expected };
      hint = typeHint(
        issue.path.length === 1 ? key : undefined,
        issue.expected,
        valueAt(data, issue.path),
        writtenAt(yamlText, placed.root, issue.path),
      );
    } else if (issue.code === 'too_small' && issue.origin === 'string') problem = { kind: 'empty' };
    // `date: 20250102` (a number) fails every branch of the date's union.
    else if (issue.code === 'invalid_union' && key === 'date') problem = { kind: 'date' };
    return report(CODES.FRONT_MATTER_INVALID, 'field', { key, problem, hint }, { file, line: pos ? pos.line + 1 : 1, column: pos?.col });
  });
  return { frontMatter: {}, body, bodyLine, diagnostics };
}

/**
 * Whether the text between two `---` lines that do not open the file is front matter written too low: a YAML
 * mapping with at least one field quire knows. (Text between two rules is not.) When the YAML does not parse
 * (`title: Tipp: So geht's`), its first line must be a known field.
 */
function looksLikeFrontMatter(yamlText: string): boolean {
  try {
    const data: unknown = loadYaml(yamlText, { schema: CORE_SCHEMA });
    return typeof data === 'object' && data !== null && !Array.isArray(data) && Object.keys(data).some(isKnownField);
  } catch {
    const first = /^([A-Za-z_][\w-]*)[ \t]*:/.exec(yamlText.trimStart());
    return !!first && isKnownField(first[1]);
  }
}

/** Line and column (1-based, in the YAML) of an offset in it. */
function linePos(text: string, offset: number): { line: number; col: number } {
  const before = text.slice(0, offset);
  const lineStart = before.lastIndexOf('\n') + 1;
  return { line: before.split('\n').length, col: offset - lineStart + 1 };
}

/** Front matter js-yaml reads and the schema accepts: the validated fields and the data as parsed (see unknownFields). */
function quickParse(yamlText: string): { frontMatter: FrontMatter; data: object } | undefined {
  let data: unknown;
  try {
    // The core schema, as the exact parser below uses: a date stays the text it was written as, so a date
    // that does not exist (2024-13-45) is reported instead of rolling over into another one.
    data = loadYaml(yamlText, { schema: CORE_SCHEMA }) ?? {};
  } catch {
    return undefined;
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return undefined;
  const parsed = frontMatterSchema.safeParse(data);
  return parsed.success ? { frontMatter: parsed.data as FrontMatter, data } : undefined;
}
