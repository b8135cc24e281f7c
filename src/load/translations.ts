import { existsSync } from 'node:fs';
import path from 'node:path';
import { CODES, report, withExcerpt, type Diagnostic } from '../diagnostics.ts';
import { docsVersionsOf, type DocsVersionInfo } from '../shared/doc-versions.ts';
import { projectThemeMessages, readsThemeText } from '../shared/docusaurus-theme-texts.ts';
import { lineColumn } from '../shared/text.ts';
import type { ContentKind, Loaded, SiteConfig, TranslationMessages } from '../types.ts';
import { readJsonFile } from './json-file.ts';

/**
 * The built locale's translations in a Docusaurus project (`layout.translations`, `i18n/<locale>/`), as its docs,
 * blog and pages plugins read them (https://docusaurus.io/docs/i18n/tutorial#translate-markdown-files): a content
 * file at the same path under the plugin's folder replaces the original, and the original is used where there is
 * none. The translation is compiled from its own place, so its relative links, images and imports resolve from
 * there, as Docusaurus's loaders resolve them (a translated doc that shows `./img.png` needs the image beside it).
 * The JSON files: `code.json` for `@docusaurus/Translate`, and each docs version's sidebar labels.
 */

const DOCS = 'docusaurus-plugin-content-docs';

/** A docs version's name in the translations folder (Docusaurus's getVersionFileName): `current`, else `version-<name>`. */
const versionFileName = (name: string) => (name === 'current' ? name : `version-${name}`);

/** The folder holding the translations of a content folder's files, project-relative; undefined without one. */
export function translationDir(config: SiteConfig, kind: ContentKind, version?: DocsVersionInfo, instance?: string): string | undefined {
  const folder = config.layout.translations;
  if (folder === null) return undefined;
  // A docs instance's: `docusaurus-plugin-content-docs-<id>/current/` (https://docusaurus.io/docs/i18n/tutorial).
  if (kind === 'doc' && instance !== undefined) return `${folder}/${DOCS}-${instance}/current`;
  if (kind === 'doc') return `${folder}/${DOCS}/${versionFileName(version?.name ?? config.docs.version.name)}`;
  if (kind === 'blog') return `${folder}/docusaurus-plugin-content-blog`;
  if (kind === 'page') return `${folder}/docusaurus-plugin-content-pages`;
  return undefined;
}

/**
 * Where each content file's text comes from: its translation when the locale has one (`file` then names the
 * translation and `origin` the original), else the file itself. `translated` lists the translation folder's
 * files (absolute); the pages among them that are not read are returned too, for translationOrphans.
 */
export function pickTranslations(
  root: string,
  kind: ContentKind,
  dir: string,
  trDir: string | undefined,
  originals: readonly string[],
  translated: readonly string[] | undefined,
): { read: { abs: string; origin?: string }[]; orphans: string[] } {
  if (!trDir || !translated?.length) return { read: originals.map((abs) => ({ abs })), orphans: [] };
  const byRel = new Map(translated.map((abs) => [toPosix(path.relative(path.join(root, trDir), abs)), abs]));
  const read = originals.map((abs) => {
    const rel = toPosix(path.relative(path.join(root, dir), abs));
    const found = byRel.get(rel);
    if (!found) return { abs };
    byRel.delete(rel);
    return { abs: found, origin: toPosix(path.relative(root, abs)) };
  });
  // Partials (`_`-prefixed) are imported, not pages: they need no original. A translated React page (the pages
  // plugin's `.js`, `.tsx`, …) is not read: its original is shown.
  const orphans = [...byRel]
    .filter(([rel]) => !rel.split('/').some((part) => part.startsWith('_')))
    .flatMap(([rel, abs]): string[] => {
      const file = toPosix(path.relative(root, abs));
      if (/\.mdx?$/.test(rel)) return [`${file} (no file of the same path in the content folder)`];
      if (kind === 'page' && /\.(jsx?|tsx?)$/.test(rel) && !/\.d\.ts$/.test(rel)) return [`${file} (a React page: its original is shown)`];
      return [];
    });
  return { read, orphans };
}

/**
 * One warning for translated content files that translate no file (Docusaurus reads only the originals' paths: its
 * plugins walk the content folder and look for each file's translation, so these are not pages there either) and
 * translated React pages, each with its reason.
 */
export function translationOrphans(orphans: string[], config: SiteConfig): Diagnostic[] {
  if (!orphans.length || config.layout.translations === null) return [];
  const parts = orphans.sort();
  return [
    report(
      CODES.CONFIG_UNKNOWN_KEY,
      'translationsUnread',
      { folder: config.layout.translations, parts },
      { file: parts[0].split(' (')[0] },
    ),
  ];
}

/** `code.json` and each docs version's JSON file of the built locale, with places for what is wrong in them. */
export async function readTranslationFiles(
  root: string,
  config: SiteConfig,
  diagnostics: Diagnostic[],
  inputs: string[],
): Promise<Loaded['translations']> {
  const folder = config.layout.translations;
  if (folder === null) return undefined;
  const readOne = async (rel: string): Promise<TranslationMessages | undefined> => {
    const abs = path.join(root, rel);
    if (!existsSync(abs)) return undefined;
    inputs.push(abs);
    const read = await readJsonFile(abs, rel, 'a translation file');
    if ('diagnostic' in read) {
      diagnostics.push(read.diagnostic);
      return undefined;
    }
    const messages = translationMessages(read.value, read.text, rel, diagnostics);
    return messages && { file: rel, text: read.text, messages };
  };
  const code = await readOne(`${folder}/code.json`);
  if (code) diagnostics.push(...themeTextsUnread(code, folder));
  const docs: Record<string, TranslationMessages> = {};
  for (const version of docsVersionsOf(config)) {
    const found = await readOne(`${folder}/${DOCS}/${versionFileName(version.name)}.json`);
    if (found) docs[version.name] = found;
  }
  // A docs instance's sidebar texts (one version, current).
  const instanceDocs: Record<string, TranslationMessages> = {};
  for (const { id } of config.layout.docsInstances) {
    const found = await readOne(`${folder}/${DOCS}-${id}/current.json`);
    if (found) instanceDocs[id] = found;
  }
  if (!code && !Object.keys(docs).length && !Object.keys(instanceDocs).length) return undefined;
  return {
    ...(code ? { code } : {}),
    ...(Object.keys(docs).length ? { docs } : {}),
    ...(Object.keys(instanceDocs).length ? { instanceDocs } : {}),
  };
}

/** A translation file's ids → messages (`{ "<id>": { "message": "…" } }`); an entry of another shape is an error at its key. */
function translationMessages(value: unknown, text: string, file: string, diagnostics: Diagnostic[]): Record<string, string> | undefined {
  const problem = (message: string, key?: string) => {
    const at = key === undefined ? -1 : text.indexOf(JSON.stringify(key));
    const place = at >= 0 ? lineColumn(text, at) : { line: 1, column: 1 };
    diagnostics.push(withExcerpt(report(CODES.DATA_INVALID, 'translationFile', { problem: message }, { file, ...place }), text));
    return undefined;
  };
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return problem(`expected an object of translations, not ${Array.isArray(value) ? 'an array' : value === null ? 'null' : typeof value}`);
  const messages: Record<string, string> = Object.create(null);
  for (const [id, entry] of Object.entries(value)) {
    const message = typeof entry === 'object' && entry !== null ? (entry as { message?: unknown }).message : undefined;
    if (typeof message !== 'string') return problem(`the translation "${id}" must be an object with a "message" text`, id);
    messages[id] = message;
  }
  return messages;
}

/**
 * Docusaurus's theme texts in code.json (`theme.*`, which `docusaurus write-translations` writes for every locale):
 * quire's theme has its own texts for each locale (`locales/`); those that name what quire shows too (admonition
 * titles, the pager's, the search page's, …: src/shared/docusaurus-theme-texts.ts) take their place, and the
 * others are named, once, as not read.
 */
function themeTextsUnread(code: TranslationMessages, folder: string): Diagnostic[] {
  const { unread } = projectThemeMessages(code.messages);
  const ids = Object.keys(code.messages).filter((id) => id.startsWith('theme.') && (!readsThemeText(id) || unread.includes(id)));
  if (!ids.length) return [];
  const part = `${code.file}: ${ids.length === 1 ? `the theme text ${ids[0]}` : `${ids.length} theme texts (${ids[0]}, …)`}, for which quire's theme has its own`;
  const at = code.text.indexOf(JSON.stringify(ids[0]));
  return [
    report(
      CODES.CONFIG_UNKNOWN_KEY,
      'translationsUnread',
      { folder, parts: [part] },
      { file: code.file, ...(at >= 0 ? lineColumn(code.text, at) : {}) },
    ),
  ];
}

function toPosix(p: string): string {
  return p.split(path.sep).join('/');
}
