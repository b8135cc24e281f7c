import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { parse as parseJsonc, printParseErrorCode, type ParseError } from 'jsonc-parser';
import { CODES, report, withExcerpt, type Diagnostic } from '../diagnostics.ts';
import { lineColumn } from '../shared/text.ts';
import { JSON_ERROR_REASONS } from '../shared/json-reasons.ts';

/**
 * A Docusaurus project's translations of the locale being built (`i18n/<locale>/`, see
 * https://docusaurus.io/docs/i18n/tutorial), as far as they are config: the navbar's and footer's texts
 * (`docusaurus-theme-classic/navbar.json`, `footer.json`), the blog's title and description
 * (`docusaurus-plugin-content-blog/options.json`) and each docs version's label (`docusaurus-plugin-content-docs/
 * current.json`, `version-<name>.json`) are written into the mapped config here; the content files, `code.json`
 * and the sidebar labels are the load stage's (`layout.translations` names the folder). Every other part of the
 * folder is named once in a warning. Docusaurus reads the folder for every locale, the default one too.
 */

type Raw = Record<string, unknown>;
const isObject = (v: unknown): v is Raw => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The parts of a locale's folder quire reads: the config's files here, the rest in load (src/load/translations.ts). */
const CONFIG_FILES = [
  'docusaurus-theme-classic/navbar.json',
  'docusaurus-theme-classic/footer.json',
  'docusaurus-plugin-content-blog/options.json',
];
const DOCS = 'docusaurus-plugin-content-docs';
const BLOG = 'docusaurus-plugin-content-blog';
const PAGES = 'docusaurus-plugin-content-pages';

/** Blog options.json keys quire has no setting for. */
const BLOG_UNREAD = new Set<string>();

export interface LocaleTranslations {
  /** The locale's folder, project-relative (`i18n/fr`); undefined when the project has none for it. */
  folder?: string;
  /** Files read, for the dev server's watcher and the config's fingerprint. */
  inputs: string[];
  diagnostics: Diagnostic[];
}

/**
 * Reads the built locale's config translations into `config` (the mapped, not yet validated config) and sets
 * `layout.translations`. `i18nPath` is the project's `i18n.path`, `folderName` the locale's
 * (`localeConfigs.<locale>.path`, else its code, as Docusaurus's `localizationDir`).
 */
export function translateConfig(root: string, i18nPath: string, folderName: string, config: Raw): LocaleTranslations {
  const folder = toPosix(path.join(i18nPath, folderName));
  const abs = path.join(root, folder);
  if (!isDir(abs)) return { inputs: [], diagnostics: [] };
  const out: LocaleTranslations = { folder, inputs: [], diagnostics: [] };
  const layout = (config.layout ??= {}) as Raw;
  layout.translations = folder;
  const read = (rel: string) => {
    const file = `${folder}/${rel}`;
    const text = readText(path.join(root, file));
    if (text === undefined) return undefined;
    out.inputs.push(path.join(root, file));
    const parsed = parseTranslationFile(text, file);
    if ('diagnostic' in parsed) {
      out.diagnostics.push(parsed.diagnostic);
      return undefined;
    }
    return parsed.messages;
  };
  const navbar = read(CONFIG_FILES[0]);
  if (navbar && isObject(config.navbar)) translateNavbar(config.navbar, navbar);
  const footer = read(CONFIG_FILES[1]);
  if (footer && isObject(config.footer)) translateFooter(config.footer, footer);
  const blog = read(CONFIG_FILES[2]);
  const unread: string[] = [];
  if (blog && isObject(config.blog)) {
    if (blog.title !== undefined) config.blog.title = blog.title;
    if (blog.description !== undefined) config.blog.description = blog.description;
    if (blog['sidebar.title'] !== undefined) config.blog.sidebarTitle = blog['sidebar.title'];
    for (const id of Object.keys(blog)) if (BLOG_UNREAD.has(id)) unread.push(`${folder}/${CONFIG_FILES[2]}: ${id}`);
  }
  translateVersionLabels(root, folder, config);
  // The blog's authors and tags files and the docs' tags file: Docusaurus takes the locale's copy when there is
  // one (getDataFilePath tries the localized content folder first).
  for (const [key, contentDir, translatedDir] of [
    ['blogAuthors', layout.blog, BLOG],
    ['blogTags', layout.blog, BLOG],
    ['docsTags', layout.docs, `${DOCS}/current`],
  ] as const) {
    const original = layout[key];
    if (typeof original !== 'string' || typeof contentDir !== 'string') continue;
    const translated = `${folder}/${translatedDir}/${toPosix(path.relative(contentDir, original))}`;
    if (isFile(path.join(root, translated))) layout[key] = translated;
  }
  const instances = isObject(config.docs) && Array.isArray(config.docs.instances) ? config.docs.instances : [];
  unread.push(
    ...unreadParts(
      root,
      folder,
      instances.flatMap((i) => (isObject(i) && typeof i.id === 'string' ? [i.id] : [])),
    ),
  );
  if (unread.length)
    out.diagnostics.push(
      report(CODES.CONFIG_UNKNOWN_KEY, 'translationsUnread', { folder, parts: unread }, { file: unread[0].split(':')[0] }),
    );
  return out;
}

/** Docusaurus's navbar.json: `title`, and `item.label.<label>` for each item and dropdown entry, by its label. */
function translateNavbar(navbar: Raw, messages: Record<string, string>): void {
  if (typeof navbar.title === 'string' && messages.title !== undefined) navbar.title = messages.title;
  const label = (item: unknown) => {
    if (!isObject(item) || typeof item.label !== 'string') return;
    const translated = messages[`item.label.${item.label}`];
    if (translated !== undefined) item.label = translated;
  };
  for (const item of Array.isArray(navbar.items) ? navbar.items : []) {
    label(item);
    if (isObject(item) && Array.isArray(item.items)) item.items.forEach(label);
  }
}

/** Docusaurus's footer.json: `link.title.<title>`, `link.item.label.<label>` and `copyright`. */
function translateFooter(footer: Raw, messages: Record<string, string>): void {
  if (messages.copyright !== undefined && typeof footer.copyright === 'string') footer.copyright = messages.copyright;
  for (const column of Array.isArray(footer.links) ? footer.links : []) {
    if (!isObject(column)) continue;
    if (typeof column.title === 'string') column.title = messages[`link.title.${column.title}`] ?? column.title;
    for (const item of Array.isArray(column.items) ? column.items : [])
      if (isObject(item) && typeof item.label === 'string') item.label = messages[`link.item.label.${item.label}`] ?? item.label;
  }
}

/**
 * Each docs version's label from its file's `version.label` (`current.json`, `version-<name>.json`). A file that
 * is not valid is reported by load, which reads the same file for the sidebar labels.
 */
function translateVersionLabels(root: string, folder: string, config: Raw): void {
  const docs = isObject(config.docs) ? config.docs : undefined;
  if (!docs) return;
  const labelOf = (name: string) => {
    const text = readText(path.join(root, folder, DOCS, `${versionFileName(name)}.json`));
    const parsed = text === undefined ? undefined : parseTranslationFile(text, '');
    return parsed && 'messages' in parsed ? parsed.messages['version.label'] : undefined;
  };
  const versions = Array.isArray(docs.versions) ? docs.versions : [];
  for (const version of versions) {
    if (!isObject(version) || typeof version.name !== 'string') continue;
    const label = labelOf(version.name);
    if (label !== undefined) version.label = label;
  }
  const current = isObject(docs.version) ? docs.version : undefined;
  const label = labelOf(typeof current?.name === 'string' ? current.name : 'current');
  if (label !== undefined) docs.version = { ...(current ?? { name: 'current' }), label };
}

/** A docs version's name in the translations folder (Docusaurus's getVersionFileName): `current`, else `version-<name>`. */
export function versionFileName(name: string): string {
  return name === 'current' ? name : `version-${name}`;
}

/**
 * What the locale's folder holds that nobody reads: files and folders other than the config's files, `code.json`,
 * the docs, blog and pages plugins' folders (their content and JSON files, read by load), a docs instance's too
 * (`docusaurus-plugin-content-docs-community`: `current/` and `current.json`, its one version). Another plugin's or
 * theme's texts are named, and a docs instance's other versions.
 */
function unreadParts(root: string, folder: string, instances: readonly string[]): string[] {
  const out: string[] = [];
  const known = new Set(['code.json', DOCS, BLOG, PAGES, 'docusaurus-theme-classic', ...instances.map((id) => `${DOCS}-${id}`)]);
  for (const name of list(path.join(root, folder))) {
    if (!known.has(name)) out.push(`${folder}/${name}`);
  }
  for (const id of instances)
    for (const name of list(path.join(root, folder, `${DOCS}-${id}`)))
      if (name !== 'current' && name !== 'current.json') out.push(`${folder}/${DOCS}-${id}/${name}`);
  for (const name of list(path.join(root, folder, 'docusaurus-theme-classic')))
    if (!CONFIG_FILES.includes(`docusaurus-theme-classic/${name}`)) out.push(`${folder}/docusaurus-theme-classic/${name}`);
  return out.sort();
}

/**
 * A Docusaurus translation file (`{ "<id>": { "message": "…", "description": "…" } }`) as ids → messages, or one
 * diagnostic at its place: invalid JSON where the parser stopped, an entry of another shape at its key.
 */
export function parseTranslationFile(text: string, file: string): { messages: Record<string, string> } | { diagnostic: Diagnostic } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    const errors: ParseError[] = [];
    parseJsonc(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
    const first = errors[0];
    const reason = first
      ? (JSON_ERROR_REASONS[printParseErrorCode(first.error)] ?? printParseErrorCode(first.error))
      : (e as Error).message;
    const place = lineColumn(text, first?.offset ?? text.length);
    return { diagnostic: withExcerpt(report(CODES.DATA_INVALID, 'json', { reason }, { file, ...place }), text) };
  }
  const shape = (problem: string, key?: string) => {
    const at = key === undefined ? -1 : text.indexOf(JSON.stringify(key));
    const place = at >= 0 ? lineColumn(text, at) : { line: 1, column: 1 };
    return { diagnostic: withExcerpt(report(CODES.DATA_INVALID, 'translationFile', { problem }, { file, ...place }), text) };
  };
  if (!isObject(value)) return shape(`expected an object of translations, not ${Array.isArray(value) ? 'an array' : typeof value}`);
  const messages: Record<string, string> = Object.create(null);
  for (const [id, entry] of Object.entries(value)) {
    const message = isObject(entry) ? entry.message : undefined;
    if (typeof message !== 'string') return shape(`the translation "${id}" must be an object with a "message" text`, id);
    messages[id] = message;
  }
  return { messages };
}

function list(dir: string): string[] {
  try {
    return readdirSync(dir).filter((name) => !name.startsWith('.'));
  } catch {
    return [];
  }
}

function isDir(p: string): boolean {
  return statSync(p, { throwIfNoEntry: false })?.isDirectory() ?? false;
}

function isFile(p: string): boolean {
  return statSync(p, { throwIfNoEntry: false })?.isFile() ?? false;
}

function readText(p: string): string | undefined {
  try {
    return readFileSync(p, 'utf8');
  } catch {
    return undefined;
  }
}

function toPosix(p: string): string {
  return p.split(path.sep).join('/');
}
