import { createHash } from 'node:crypto';
import { type Dirent, readdirSync, readFileSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { CODES, report, withExcerpt, type Diagnostic } from '../diagnostics.ts';
import { isCategoryIndex, joinPath } from '../shared/doc-paths.ts';
import { docsVersionsOf, instanceConfig, instanceOfFile, versionOfFile, type DocsVersionInfo } from '../shared/doc-versions.ts';
import { contentFileFilter } from '../globs.ts';
import { lineColumn } from '../shared/text.ts';
import { importFailure, importTypeScript, type EsbuildLikeError } from '../import-ts.ts';
import type { ContentKind, Draft, FrontMatter, Loaded, Messages, SiteConfig, Source, StageResult } from '../types.ts';
import { isRealDate, splitFrontMatter } from './front-matter.ts';
import { FrontMatterRecord } from './front-matter-record.ts';
import { lastCommits } from './git-history.ts';
import { readJsonFile } from './json-file.ts';
import { readYamlOrJsonFile } from './yaml-file.ts';
import { misspeltMessageIds } from './locale-typos.ts';
import { pickTranslations, readTranslationFiles, translationDir, translationOrphans } from './translations.ts';
import { decodeText, unreadable } from './text-file.ts';
import { unwrapMdxCodeBlocks } from '../shared/mdx-code-blocks.ts';

export { readImageSizes } from './image-sizes.ts';
export { missingFiles } from './present-files.ts';
export { ContentFiles, readStyleFacts } from './project-files.ts';

export interface LoadOptions {
  root: string;
  config: SiteConfig;
  /** Drafts are kept in development and dropped in production. */
  mode: 'production' | 'development';
  /** The build's cache folder: pages' last commits are kept there (see lastCommits); none, none kept. */
  cacheDir?: string;
}

/**
 * The content folders of the project's layout (config.layout), by kind, each docs version's folder among them; a
 * part the project does not have is left out.
 */
type ContentDir = { dir: string; kind: ContentKind; version?: DocsVersionInfo; instance?: string };
function contentDirs(config: SiteConfig): ContentDir[] {
  const { pages, landing, blog } = config.layout;
  const others: { dir: string | null; kind: ContentKind }[] = [
    { dir: pages, kind: 'page' },
    { dir: landing, kind: 'landing' },
    { dir: blog, kind: 'blog' },
  ];
  return [
    ...docsVersionsOf(config).map((version): ContentDir => ({ dir: version.dir, kind: 'doc', version })),
    ...config.layout.docsInstances.map(({ id, dir }): ContentDir => ({ dir, kind: 'doc', instance: id })),
    ...others.filter((d): d is ContentDir => d.dir !== null),
  ];
}

/** Whether a version's sidebar and category files are Loaded's own (the docs folder's) or kept in Loaded.versions. */
const isMainVersion = (config: SiteConfig, version: DocsVersionInfo) => version.dir === config.layout.docs;

/**
 * A page written as a React component (Docusaurus's `src/pages/*.js`): quire cannot render those yet, so each is
 * left out with a warning, and the rest of the site builds. Docusaurus's pages plugin skips `_`-prefixed files and
 * tests (its default `exclude`).
 */
const REACT_PAGE = /\.(jsx?|tsx?)$/;
const NOT_A_PAGE = /(^|\/)(_|__tests__\/)|\.(test|spec)\.[jt]sx?$|\.d\.ts$/;

/** What every part of load shares: where it reads, and where it puts what it found along the way. */
interface Reading {
  root: string;
  config: SiteConfig;
  diagnostics: Diagnostic[];
  /** Every file read (the dev server watches them; fingerprints hash them). */
  inputs: string[];
  notes: WalkNotes;
  /** The last build's front matter of unchanged content files (see FrontMatterRecord). */
  record?: FrontMatterRecord;
}

/** Walks content/, locales/ and static/ and returns their contents as data. */
export async function load({ root, config, mode, cacheDir }: LoadOptions): Promise<StageResult<Loaded>> {
  const record = await FrontMatterRecord.open(cacheDir);
  const r: Reading = { root, config, diagnostics: [], inputs: [], notes: { links: [], unreadable: [] }, record };
  const { diagnostics, inputs } = r;
  // quire's own layout keeps everything in content/: without it, the project is not one (a typo in --root).
  if (config.layout.docs === 'content/docs' && !(await isDir(path.join(root, 'content')))) {
    diagnostics.push(report(CODES.CONTENT_MISSING, 'contentFolder', {}, { file: 'content' }));
    return { value: emptyLoaded(), diagnostics };
  }

  // The parts do not depend on each other: read them at once, so one part's waits on the disk (and the sidebar
  // file's bundling) overlap with the others'.
  const [content, data, sidebars, locales, staticFiles, blogFiles, versionSidebars, instanceFiles, translations] = await Promise.all([
    readContent(r, mode),
    readData(r),
    readSidebars(r, config.docs.sidebarPath),
    readLocales(r),
    readStatic(r),
    readBlogFiles(r),
    readVersionSidebars(r),
    readInstanceFiles(r),
    readTranslationFiles(root, config, diagnostics, inputs),
  ]);
  diagnostics.push(...walkDiagnostics(r));
  // Not written (the cache folder is not one): the compile cache reports that folder; the next build parses again.
  await record.save();
  // Reported in the same order whatever finished first.
  diagnostics.sort((a, b) => ((a.file ?? '') < (b.file ?? '') ? -1 : (a.file ?? '') > (b.file ?? '') ? 1 : (a.line ?? 0) - (b.line ?? 0)));
  // The same for the files read at once: their keys in name order, not in the order the reads finished (every
  // page's fingerprint hashes data and messages; an order that changed from build to build re-rendered them all).
  inputs.sort();
  const { sources, drafts, unreadSources, categories, versionCategories, instanceCategories } = content;
  const versions = versionLoads(config, versionSidebars, versionCategories);
  const instances = config.layout.docsInstances.length
    ? Object.fromEntries(
        config.layout.docsInstances.map(({ id }) => {
          const own = instanceCategories[id] ?? {};
          return [id, { ...instanceFiles[id], ...(Object.keys(own).length ? { categories: byName(own) } : {}) }];
        }),
      )
    : undefined;
  const lastUpdates = await readLastUpdates(r, sources, cacheDir);
  return {
    value: {
      sources,
      ...sidebars,
      ...(Object.keys(categories).length ? { categories: byName(categories) } : {}),
      ...(versions ? { versions } : {}),
      ...(instances ? { instances } : {}),
      ...(translations ? { translations } : {}),
      ...blogFiles,
      data: byName(data.data),
      dataTexts: byName(data.texts),
      messages: byName(locales),
      staticFiles,
      inputs,
      ...(drafts.length ? { drafts } : {}),
      ...(unreadSources.length ? { unreadSources } : {}),
      ...(lastUpdates ? { lastUpdates } : {}),
    },
    diagnostics,
  };
}

/**
 * The last commit of each doc and post whose section shows last updates (`showLastUpdateTime`,
 * `showLastUpdateAuthor`) and whose front matter does not give both the date and the author; undefined when no
 * section shows them, so git runs only for projects that ask for it.
 */
async function readLastUpdates(
  { root, config, diagnostics }: Reading,
  sources: Source[],
  cacheDir?: string,
): Promise<Loaded['lastUpdates']> {
  // A docs instance's docs go by its own settings.
  const shows = ({ kind, instance }: Pick<Source, 'kind' | 'instance'>) => {
    const docs = instance === undefined ? config.docs : instanceConfig(config, instance)?.docs;
    const section = kind === 'doc' ? docs : kind === 'blog' ? config.blog : undefined;
    return section ? section.showLastUpdateTime || section.showLastUpdateAuthor : false;
  };
  const wanted = sources.filter((s) => shows(s) && !(s.frontMatter.last_update?.date && s.frontMatter.last_update.author));
  if (!sources.some((s) => shows(s))) return undefined;
  const keyPath = (kind: ContentKind) =>
    `${kind === 'doc' ? 'docs' : 'blog'}.showLastUpdate${config[kind === 'doc' ? 'docs' : 'blog'].showLastUpdateTime ? 'Time' : 'Author'}`;
  const history = await lastCommits(
    root,
    wanted.map((s) => s.file),
    cacheDir ? path.join(cacheDir, 'last-commits.json') : undefined,
  );
  if ('error' in history) {
    diagnostics.push(
      report(
        CODES.CONFIG_UNKNOWN_KEY,
        'lastUpdateNoGit',
        { keyPath: keyPath(wanted[0]?.kind ?? 'doc'), reason: history.error },
        { keyPath: keyPath(wanted[0]?.kind ?? 'doc') },
      ),
    );
    return {};
  }
  if (history.shallow) {
    const key = keyPath(wanted[0]?.kind ?? 'doc');
    diagnostics.push(report(CODES.CONFIG_UNKNOWN_KEY, 'lastUpdateShallow', { keyPath: key }, { keyPath: key }));
  }
  if (history.untracked.length) {
    const first = wanted.find((s) => s.file === history.untracked[0]);
    diagnostics.push(
      report(
        CODES.CONFIG_UNKNOWN_KEY,
        'lastUpdateUntracked',
        { keyPath: keyPath(first?.kind ?? 'doc'), files: history.untracked },
        { file: history.untracked[0] },
      ),
    );
  }
  return history.commits;
}

type Categories = Record<string, { file: string; text: string; value: unknown }>;

type VersionFiles = Awaited<ReturnType<typeof readSidebars>> & Pick<Loaded, 'docsTags'>;

/**
 * The sidebar file and the docs' tags file of each docs version but the docs folder's, by version name. A
 * version's tags file is at the same place in its folder as the docs folder's (`versioned_docs/version-1.x/tags.yml`).
 */
async function readVersionSidebars(r: Reading): Promise<Record<string, VersionFiles>> {
  const { config } = r;
  const others = docsVersionsOf(config).filter((v) => !isMainVersion(config, v));
  const tagsIn = (dir: string) => config.layout.docsTags && path.join(dir, path.relative(config.layout.docs, config.layout.docsTags));
  const read = await Promise.all(
    others.map(async (v) => {
      const tagsFile = tagsIn(v.dir);
      const tags = tagsFile ? await readYamlFile(r, tagsFile, "the docs' tags") : undefined;
      return { ...(await readSidebars(r, v.sidebarPath)), ...(tags ? { docsTags: tags } : {}) };
    }),
  );
  return Object.fromEntries(others.map((v, i) => [v.name, read[i]]));
}

/** The sidebar file and the docs' tags file of each docs instance (config `docs.instances`), by id. */
async function readInstanceFiles(r: Reading): Promise<Record<string, VersionFiles>> {
  const ids = r.config.layout.docsInstances.map((d) => d.id);
  const read = await Promise.all(
    ids.map(async (id) => {
      const scoped = instanceConfig(r.config, id);
      if (!scoped) return {};
      const tags = scoped.layout.docsTags ? await readYamlFile(r, scoped.layout.docsTags, "the docs' tags") : undefined;
      return { ...(await readSidebars({ ...r, config: scoped }, scoped.docs.sidebarPath)), ...(tags ? { docsTags: tags } : {}) };
    }),
  );
  return Object.fromEntries(ids.map((id, i) => [id, read[i]]));
}

/** Loaded.versions: what each version but the docs folder's has of its own; undefined for a site without them. */
function versionLoads(
  config: SiteConfig,
  sidebars: Record<string, VersionFiles>,
  categories: Record<string, Categories>,
): Loaded['versions'] {
  const others = docsVersionsOf(config).filter((v) => !isMainVersion(config, v));
  if (!others.length) return undefined;
  return Object.fromEntries(
    others.map((v) => {
      const own = categories[v.name] ?? {};
      return [v.name, { ...sidebars[v.name], ...(Object.keys(own).length ? { categories: byName(own) } : {}) }];
    }),
  );
}

/** The content folders' pages (drafts apart in production; unreadable ones as stand-ins) and the docs' category files. */
async function readContent(
  r: Reading,
  mode: LoadOptions['mode'],
): Promise<{
  sources: Source[];
  drafts: Draft[];
  unreadSources: Source[];
  categories: Categories;
  versionCategories: Record<string, Categories>;
  instanceCategories: Record<string, Categories>;
}> {
  const { root, config, diagnostics, inputs } = r;
  const sources: Source[] = [];
  const drafts: Draft[] = [];
  const unreadSources: Source[] = [];
  const categories: Categories = keyed();
  const versionCategories: Record<string, Categories> = keyed();
  const instanceCategories: Record<string, Categories> = keyed();
  const orphans: string[] = [];
  for (const { dir, kind, version, instance } of contentDirs(config)) {
    const files = await walk(path.join(root, dir), r.notes);
    const main = instance === undefined && (!version || isMainVersion(config, version));
    // A versioned docs folder that is missing was reported by the config stage, with the version's name.
    if (kind === 'doc' && files === undefined && !main) continue;
    if (kind === 'doc' && files === undefined) {
      diagnostics.push(report(CODES.CONTENT_MISSING, 'docsFolder', { dir, mainDocId: config.docs.mainDocId ?? 'intro' }, { file: dir }));
      continue;
    }
    if (kind === 'doc') {
      const into =
        instance !== undefined
          ? (instanceCategories[instance] = keyed())
          : main
            ? categories
            : (versionCategories[version?.name ?? ''] = keyed());
      await readCategoryFiles(r, files ?? [], path.join(root, dir), into);
    }
    if (kind === 'page') readReactPages(r, files ?? [], dir, sources);
    const isContent = contentFileFilter(config.layout, kind, dir);
    const pages = (files ?? []).filter((f) => isContent(toPosix(path.relative(path.join(root, dir), f))));
    // The built locale's translation of a file, where it has one, is read in its place (src/load/translations.ts).
    const trDir = translationDir(config, kind, version, instance);
    const picked = pickTranslations(root, kind, dir, trDir, pages, trDir ? await walk(path.join(root, trDir), r.notes) : undefined);
    orphans.push(...picked.orphans);
    const readAll = picked.read.map(async ({ abs, origin }) => {
      const file = toPosix(path.relative(root, abs));
      inputs.push(abs);
      const relative = path.relative(path.join(root, dir), origin ? path.join(root, origin) : abs);
      const before = diagnostics.length;
      const source = await readSource(abs, file, kind, relative, config, diagnostics, origin, r.record);
      if (source && mode === 'production' && source.frontMatter.draft)
        drafts.push({ kind: source.kind, id: source.id, file: source.file, path: source.path });
      else if (source) sources.push(source);
      else if (diagnostics.slice(before).some((d) => d.severity === 'error'))
        unreadSources.push(standInSource(kind, file, relative, config, origin));
    });
    await Promise.all(readAll);
  }
  diagnostics.push(...translationOrphans(orphans, config));
  const byFile = (a: { file: string }, b: { file: string }) => (a.file < b.file ? -1 : 1);
  return {
    sources: sources.sort(byFile),
    drafts: drafts.sort(byFile),
    unreadSources: unreadSources.sort(byFile),
    categories,
    versionCategories,
    instanceCategories,
  };
}

/**
 * React pages (see REACT_PAGE) among a pages folder's files, as Docusaurus makes them routes
 * (https://docusaurus.io/docs/creating-pages#add-a-react-page): each a page whose body renders the file's default
 * export, through the same MDX import path as any page's components (src/compile/modules.ts bundles it).
 */
function readReactPages({ root, config, inputs }: Reading, files: string[], dir: string, sources: Source[]): void {
  for (const abs of files) {
    const rel = toPosix(path.relative(path.join(root, dir), abs));
    if (!REACT_PAGE.test(rel) || NOT_A_PAGE.test(rel)) continue;
    const file = toPosix(path.relative(root, abs));
    inputs.push(abs);
    const { id, path: routePath } = identify('page', rel.replace(REACT_PAGE, '').normalize('NFC'), {}, config);
    sources.push({
      kind: 'page',
      file,
      format: 'mdx',
      id,
      path: routePath,
      frontMatter: {},
      // Docusaurus's pages plugin gives a React page the site's config as its `config` prop (its route's modules).
      body: `import Page from ${JSON.stringify(`./${path.basename(abs)}`)};\nimport useDocusaurusContext from '@docusaurus/useDocusaurusContext';\n\nexport function ReactPage() {\n  return <Page config={useDocusaurusContext().siteConfig} />;\n}\n\n<ReactPage />\n`,
      bodyLine: 1,
      react: true,
      hash: createHash('sha1').update(readFileSync(abs)).digest('hex'),
    });
  }
}

/** Docusaurus reads the first of _category_.json, .yml, .yaml in a folder and warns of the others. */
async function readCategoryFiles({ root, diagnostics, inputs }: Reading, files: string[], docsRoot: string, categories: Categories) {
  const found = files.filter((abs) => /^_category_\.(json|ya?ml)$/.test(path.basename(abs)));
  const order = (abs: string) => ['.json', '.yml', '.yaml'].indexOf(path.extname(abs));
  found.sort((a, b) => (path.dirname(a) === path.dirname(b) ? order(a) - order(b) : a < b ? -1 : 1));
  for (const abs of found) {
    const folder = toPosix(path.relative(docsRoot, path.dirname(abs)));
    const file = toPosix(path.relative(root, abs));
    inputs.push(abs);
    if (folder in categories) {
      diagnostics.push(report(CODES.SIDEBAR_LOAD, 'categoryTwice', { file, other: categories[folder].file }, { file }));
      continue;
    }
    const read = await readYamlOrJsonFile(abs, file, 'a category file');
    if ('diagnostic' in read) diagnostics.push(read.diagnostic);
    else categories[folder] = { file, ...read };
  }
}

/** The blog's authors and tags files and the docs' tags file, where the layout names them and they exist. */
async function readBlogFiles(r: Reading): Promise<Pick<Loaded, 'blogAuthors' | 'blogTags' | 'docsTags'>> {
  const { layout } = r.config;
  const blogFiles: Pick<Loaded, 'blogAuthors' | 'blogTags' | 'docsTags'> = {};
  for (const [key, rel] of [
    ['blogAuthors', layout.blogAuthors],
    ['blogTags', layout.blogTags],
    ['docsTags', layout.docsTags],
  ] as const) {
    if (rel === null) continue;
    const read = await readYamlFile(
      r,
      rel,
      key === 'blogAuthors' ? "the blog's authors" : key === 'blogTags' ? "the blog's tags" : "the docs' tags",
    );
    if (read) blogFiles[key] = read;
  }
  return blogFiles;
}

/** A YAML or JSON file of the project, if it exists: its value, or a diagnostic and undefined. */
async function readYamlFile(r: Reading, rel: string, what: string): Promise<{ file: string; text: string; value: unknown } | undefined> {
  const abs = path.join(r.root, rel);
  if (!(await isFile(abs))) return undefined;
  r.inputs.push(abs);
  const read = await readYamlOrJsonFile(abs, rel, what);
  if ('diagnostic' in read) {
    r.diagnostics.push(read.diagnostic);
    return undefined;
  }
  return { file: rel, ...read };
}

/** The data folder's JSON files, by name without `.json`, with their texts (for the places of later problems). */
async function readData(r: Reading): Promise<{ data: Record<string, unknown>; texts: Record<string, string> }> {
  const { root, config, diagnostics, inputs } = r;
  const data = keyed<unknown>();
  const texts = keyed<string>();
  if (config.layout.data === null) return { data, texts };
  const dataRoot = path.join(root, config.layout.data);
  const files = ((await walk(dataRoot, r.notes)) ?? []).filter((abs) => abs.endsWith('.json'));
  await Promise.all(
    files.map(async (abs) => {
      const file = toPosix(path.relative(root, abs));
      inputs.push(abs);
      const key = toPosix(path.relative(dataRoot, abs)).replace(/\.json$/, '');
      const read = await readJsonFile(abs, file, 'data');
      if ('diagnostic' in read) diagnostics.push(read.diagnostic);
      else {
        texts[key] = read.text;
        data[key] = read.value;
      }
    }),
  );
  return { data, texts };
}

/** The sidebar file, run as a module (TypeScript, ESM or CommonJS), with its text; a file that fails is a diagnostic. */
async function readSidebars(
  { root, config, diagnostics, inputs }: Reading,
  sidebarPath: string | null,
): Promise<Pick<Loaded, 'sidebars' | 'sidebarsFile' | 'sidebarsText'>> {
  const { noSidebar } = config.docs;
  if (sidebarPath === null || noSidebar) return {};
  const sidebarsAbs = path.join(root, sidebarPath);
  if (!(await isFile(sidebarsAbs))) return {};
  try {
    // Node's CommonJS globals: a Docusaurus sidebars.js may `require` other files or use `__dirname`.
    const { value, inputs: sidebarInputs } = await importTypeScript(sidebarsAbs, { nodeGlobals: true });
    const sidebarsText = await readFile(sidebarsAbs, 'utf8');
    inputs.push(...sidebarInputs);
    return value === undefined ? {} : { sidebars: value, sidebarsFile: sidebarPath, sidebarsText };
  } catch (e) {
    // A syntax error comes from esbuild with its place; an exception while the file runs, from its source map.
    const failure = importFailure(e, root, sidebarPath);
    const found = report(
      CODES.SIDEBAR_LOAD,
      'sidebarFile',
      { compile: failure.kind === 'compile' ? failure.text : undefined, reason: failure.text },
      failure.place,
    );
    const first = (e as EsbuildLikeError).errors?.[0];
    // esbuild's location quotes the line it read (lineText, which EsbuildLikeError leaves out): the frame shows
    // that line, as the file may be saved again before the diagnostic is printed.
    const lineText = (first?.location as { lineText?: unknown } | null | undefined)?.lineText;
    diagnostics.push(typeof lineText === 'string' && first?.location ? withExcerpt(found, lineText, first.location.line) : found);
    return {};
  }
}

/** The locale files' messages by locale code; a misspelt message id in a translation is a warning. */
async function readLocales(r: Reading): Promise<Record<string, Messages>> {
  const { root, config, diagnostics, inputs } = r;
  const messages = keyed<Messages>();
  const messageTexts = keyed<{ file: string; text: string }>();
  // path.resolve: a Docusaurus project reads quire's own interface texts, an absolute folder.
  const files = ((await walk(path.resolve(root, config.layout.locales), r.notes)) ?? []).filter((abs) => abs.endsWith('.json'));
  await Promise.all(
    files.map(async (abs) => {
      inputs.push(abs);
      const code = path.basename(abs, '.json');
      const file = toPosix(path.relative(root, abs));
      const read = await readJsonFile(abs, file, "a locale's messages");
      if ('diagnostic' in read) {
        diagnostics.push(read.diagnostic);
        return;
      }
      const problem = messagesProblem(read.value, read.text);
      if (problem)
        diagnostics.push(
          withExcerpt(report(CODES.DATA_INVALID, 'localeFile', { problem: problem.message }, { file, ...problem.place }), read.text),
        );
      else {
        messages[code] = read.value as Messages;
        messageTexts[code] = { file, text: read.text };
      }
    }),
  );
  // A misspelt message id: its text is shown in English, and the id alone does not say why.
  if (messages.en) {
    for (const code of Object.keys(messageTexts).sort()) {
      if (code !== 'en')
        diagnostics.push(...misspeltMessageIds(messages[code], messages.en, messageTexts[code].file, messageTexts[code].text));
    }
  }
  return messages;
}

/** The static folder's files to publish. Hidden ones stay behind, with a warning. */
async function readStatic(r: Reading): Promise<Loaded['staticFiles']> {
  const { root, config, diagnostics } = r;
  const staticRoot = path.join(root, config.layout.static);
  const all = ((await walk(staticRoot, r.notes)) ?? []).map((abs) => ({
    file: toPosix(path.relative(root, abs)),
    path: ('/' + toPosix(path.relative(staticRoot, abs))).normalize('NFC'),
  }));
  // Hidden files (.env, .DS_Store, a .git folder) would be public on the host. `.well-known/` is meant to be published.
  const hidden = all.filter((f) => isHiddenStaticPath(f.path));
  if (hidden.length) {
    const names = hidden.map((f) => f.file);
    diagnostics.push(report(CODES.STATIC_HIDDEN, 'hidden', { folder: config.layout.static, names }, { file: config.layout.static }));
  }
  return all.filter((f) => !hidden.includes(f));
}

/** What the walks met on the way: folders that could not be read (errors), symbolic links not followed (one warning). */
function walkDiagnostics({ root, notes }: Reading): Diagnostic[] {
  const found = notes.unreadable.map(({ dir, code }) =>
    report(CODES.FILE_UNREADABLE, 'folder', { reason: code }, { file: toPosix(path.relative(root, dir)) }),
  );
  if (notes.links.length) {
    const names = notes.links.map((abs) => toPosix(path.relative(root, abs))).sort();
    found.push(report(CODES.SYMLINK_SKIPPED, 'links', { names }, { file: names[0] }));
  }
  return found;
}

/** Why a locale file's value is not a map of message ids to texts, and where (the first offending key). */
function messagesProblem(value: unknown, text: string): { message: string; place?: { line: number; column: number } } | undefined {
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    return {
      message: `expected an object of messages, not ${Array.isArray(value) ? 'an array' : value === null ? 'null' : typeof value}.`,
    };
  for (const [id, message] of Object.entries(value)) {
    if (typeof message === 'string') continue;
    const at = text.indexOf(JSON.stringify(id));
    return {
      message: `the message "${id}" must be a text, not ${Array.isArray(message) ? 'an array' : message === null ? 'null' : typeof message}.`,
      place: at >= 0 ? lineColumn(text, at) : undefined,
    };
  }
  return undefined;
}

function emptyLoaded(): Loaded {
  return { sources: [], data: {}, messages: {}, staticFiles: [], inputs: [] };
}

/** Reads one content file into a Source; reports unreadable and binary files. Exported for the dev watcher. */
export async function readSource(
  abs: string,
  file: string,
  kind: ContentKind,
  relative: string,
  config: SiteConfig,
  diagnostics: Diagnostic[],
  /** The original, when `file` is its translation (Source.origin): the id and route are the original's. */
  origin?: string,
  record?: FrontMatterRecord,
): Promise<Source | undefined> {
  let buffer: Buffer;
  try {
    // Synchronous: content files are small, and a thread-pool round trip per file cost more than the read.
    buffer = readFileSync(abs);
  } catch (e) {
    diagnostics.push(unreadable(file, e));
    return undefined;
  }
  const decoded = decodeText(buffer, file, 'Markdown');
  if ('diagnostic' in decoded) {
    diagnostics.push(decoded.diagnostic);
    return undefined;
  }
  const { text } = decoded;
  const hash = createHash('sha1').update(buffer).digest('hex');
  const split = record ? record.split(text, file, hash) : splitFrontMatter(text, file);
  // Each with the lines it was found in, for its code frame: a later save must not change what it shows.
  diagnostics.push(...split.diagnostics.map((d) => withExcerpt(d, text)));
  if (split.diagnostics.some((d) => d.severity === 'error')) return undefined;
  const { frontMatter } = split;
  const format = formatOf(file, config, frontMatter);
  const { instance, scoped } = instanceFor(kind, origin ?? file, config);
  const version = versionFor(kind, origin ?? file, config);
  // Ids and addresses in composed form: a name saved decomposed (macOS writes "U" plus a combining diaeresis)
  // looks the same but would not match links typed on other systems.
  const rel = toPosix(version ? path.posix.relative(version.dir, origin ?? file) : relative)
    .replace(/\.mdx?$/, '')
    .normalize('NFC');
  const { id, path: routePath, date } = identify(kind, rel, frontMatter, scoped, version?.path);
  if (date && !frontMatter.date && !isRealDate(date)) {
    diagnostics.push(report(CODES.FRONT_MATTER_INVALID, 'fileNameDate', { date }, { file }));
    return undefined;
  }
  if (date && !frontMatter.date) frontMatter.date = date;
  // Docusaurus would take the file's creation time, which a fresh clone in CI sets to the time of the checkout.
  if (kind === 'blog' && !frontMatter.date) {
    diagnostics.push(withExcerpt(report(CODES.BLOG_UNDATED, 'undated', {}, { file, line: 1, column: 1 }), text));
  }
  return {
    kind,
    file,
    format,
    id,
    path: routePath,
    ...(version ? { version: version.name } : {}),
    ...(instance !== undefined ? { instance } : {}),
    frontMatter,
    body: unwrapMdxCodeBlocks(split.body),
    bodyLine: split.bodyLine,
    ...(split.fieldPlaces ? { fieldPlaces: split.fieldPlaces } : {}),
    hash,
    ...(origin ? { origin } : {}),
  };
}

/** A content file that could not be read, as its file name makes it: no front matter, no text (see Loaded.unreadSources). */
function standInSource(kind: ContentKind, file: string, relative: string, config: SiteConfig, origin?: string): Source {
  const { instance, scoped } = instanceFor(kind, origin ?? file, config);
  const version = versionFor(kind, origin ?? file, config);
  const rel = toPosix(version ? path.posix.relative(version.dir, origin ?? file) : relative).replace(/\.mdx?$/, '');
  const { id, path: routePath } = identify(kind, rel, {}, scoped, version?.path);
  return {
    kind,
    file,
    format: formatOf(file, config),
    id,
    path: routePath,
    ...(version ? { version: version.name } : {}),
    ...(instance !== undefined ? { instance } : {}),
    frontMatter: {},
    body: '',
    bodyLine: 1,
    hash: '',
    ...(origin ? { origin } : {}),
  };
}

/**
 * The docs version a doc belongs to, by its folder, on a site with versions (a site without has none to name):
 * its id, slug and address are its version's (a `slug: /` in version 2.x is that version's root).
 */
function versionFor(kind: ContentKind, file: string, config: SiteConfig): DocsVersionInfo | undefined {
  return kind === 'doc' && config.docs.versions.length && instanceOfFile(config, file) === undefined
    ? versionOfFile(config, file)
    : undefined;
}

/**
 * The docs instance a doc is in, by its folder, and the config as that instance sees it (its route base); the site's
 * docs (and any other content): no instance, the config itself.
 */
function instanceFor(kind: ContentKind, file: string, config: SiteConfig): { instance?: string; scoped: SiteConfig } {
  const instance = kind === 'doc' ? instanceOfFile(config, file) : undefined;
  const scoped = instance === undefined ? undefined : instanceConfig(config, instance);
  return scoped ? { instance, scoped } : { scoped: config };
}

/**
 * How a content file is parsed (`markdown.format`, Docusaurus's meaning): `mdx` parses `.md` as MDX too (Docusaurus
 * 3's default), `md` parses `.mdx` as CommonMark too, `detect` goes by the extension (quire's default).
 * https://docusaurus.io/docs/api/docusaurus-config#markdown
 */
function formatOf(file: string, config: SiteConfig, frontMatter: FrontMatter = {}): Source['format'] {
  const format = frontMatter.mdx?.format ?? config.markdown.format;
  return format === 'detect' ? (file.endsWith('.mdx') ? 'mdx' : 'md') : format;
}

const NUMBER_PREFIX = /^\d+\s*[-_.]+\s*(?!\d)/;

/** The Docusaurus rules for ids and URLs, per content kind. */
export function identify(
  kind: ContentKind,
  rel: string,
  fm: { id?: string; slug?: string },
  config: SiteConfig,
  versionPath = '',
): { id: string; path: string; date?: string } {
  const written = rel.split('/');
  const segments = written.map((s) => s.replace(NUMBER_PREFIX, ''));
  if (kind === 'doc') {
    const dir = segments.slice(0, -1);
    const name = fm.id ?? segments[segments.length - 1];
    const id = [...dir, name].join('/');
    // Docusaurus tells an index doc by its file and folder names as written (number prefixes kept), not its id.
    const index = isCategoryIndex(written[written.length - 1], written.slice(0, -1));
    let urlPath: string;
    if (fm.slug !== undefined) urlPath = fm.slug.startsWith('/') ? fm.slug : [...dir, fm.slug].join('/');
    else urlPath = name === config.docs.mainDocId && dir.length === 0 ? '' : index ? dir.join('/') : id;
    return { id, path: joinPath(config.docs.routeBasePath, versionPath, urlPath) };
  }
  if (kind === 'page') {
    const id = segments.join('/');
    const urlPath = segments[segments.length - 1] === 'index' ? segments.slice(0, -1).join('/') : id;
    return { id, path: joinPath(fm.slug ?? urlPath) };
  }
  if (kind === 'landing') {
    const id = segments.join('/');
    return { id, path: joinPath('landing-page', fm.slug ?? id) };
  }
  // A post in its own folder (`2021-08-26-welcome/index.mdx`, beside its images) is named by the folder, as in
  // Docusaurus: the date and slug come from the folder's name.
  const named = segments.length > 1 && segments[segments.length - 1] === 'index' ? segments.slice(0, -1) : segments;
  if (config.blog.datePaths) return docusaurusPost(named.join('/'), fm, config);
  const m = /^(\d{4}-\d{2}-\d{2})-(.+)$/.exec(named[named.length - 1]);
  const slug = fm.slug ?? (m ? m[2] : named.join('/'));
  return { id: slug, path: joinPath(config.blog.routeBasePath, slug), date: m?.[1] };
}

/**
 * A post's id, URL and date by Docusaurus's rule (plugin-content-blog `parseBlogFileName`): a date anywhere in its
 * path, written with `-` or `/` between year, month and day (`2021-08-26-welcome`, `2022/12-24-release/index.md`), the
 * last one found; without a slug, the post is under that date, the folders before it after it
 * (`/blog/2022/12/24/release/`).
 */
function docusaurusPost(named: string, fm: { slug?: string }, config: SiteConfig): { id: string; path: string; date?: string } {
  const m = /^(.*)(\d{4})[-/](\d{1,2})[-/](\d{1,2})[-/]?(.*)$/s.exec(named);
  if (!m) return { id: fm.slug ?? named, path: joinPath(config.blog.routeBasePath, fm.slug ?? named) };
  const [, folder, year, month, day, text] = m as unknown as [string, string, string, string, string, string];
  const date = `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
  const slug = fm.slug ?? (`${folder}${text}` || named);
  return { id: slug, path: joinPath(config.blog.routeBasePath, fm.slug ?? `${year}/${month}/${day}/${folder}${text}`), date };
}

/**
 * An empty record keyed by names from the project (data and locale file names): without a prototype, so a file
 * named `__proto__.json` is stored as an entry instead of replacing the record's prototype, and lost.
 */
function keyed<T>(): Record<string, T> {
  return Object.create(null) as Record<string, T>;
}

/** The same record with its keys in name order (a plain object; Object.fromEntries keeps `__proto__` as a key). */
function byName<T>(record: Record<string, T>): Record<string, T> {
  return Object.fromEntries(Object.entries(record).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/** A static file that is not published: its name or a folder's starts with a dot (except `.well-known/`). */
export function isHiddenStaticPath(sitePath: string): boolean {
  return sitePath.split('/').some((part) => part.startsWith('.') && part !== '.well-known');
}

/** What a walk met besides files: symbolic links (not followed) and folders it could not read. */
interface WalkNotes {
  links: string[];
  unreadable: { dir: string; code: string }[];
}

/**
 * The files under `dir`, sorted; undefined when `dir` is not there. Symbolic links are not followed (a link
 * could publish anything on the machine) and folders that cannot be read are noted, not taken for missing.
 */
async function walk(dir: string, notes?: WalkNotes): Promise<string[] | undefined> {
  const out: string[] = [];
  const visit = (at: string, top: boolean): boolean => {
    let entries: Dirent[];
    try {
      entries = readdirSync(at, { withFileTypes: true });
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code ?? 'error';
      if (top && (code === 'ENOENT' || code === 'ENOTDIR')) return false;
      notes?.unreadable.push({ dir: at, code });
      return true;
    }
    for (const entry of entries) {
      const abs = path.join(at, entry.name);
      if (entry.isDirectory()) visit(abs, false);
      else if (entry.isFile()) out.push(abs);
      else if (entry.isSymbolicLink()) notes?.links.push(abs);
    }
    return true;
  };
  if (!visit(dir, true)) return undefined;
  return out.sort();
}

async function isDir(p: string): Promise<boolean> {
  return await readdir(p)
    .then(() => true)
    .catch(() => false);
}

async function isFile(p: string): Promise<boolean> {
  return readFile(p)
    .then(() => true)
    .catch(() => false);
}

function toPosix(p: string): string {
  return p.split(path.sep).join('/');
}
