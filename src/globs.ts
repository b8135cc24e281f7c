import path from 'node:path';
import picomatch from 'picomatch/posix.js';
import type { ContentKind, SiteConfig } from './types.ts';

/** Where a project keeps what (quire's `content/` layout or a Docusaurus project's, see config.layout). */
export type Layout = SiteConfig['layout'];

/**
 * Glob patterns as Docusaurus's content plugins take them for `include` and `exclude` (micromatch's syntax, by
 * picomatch, which micromatch runs on): `*` and `?` within one path segment, `**` for any number of segments,
 * `{a,b}` alternatives and `[…]` classes (`posix` reads `[!…]` as a negated class, as micromatch does). As with
 * Docusaurus's defaults (globby without `dot`), a wildcard does not match a name that starts with a dot.
 */
export function globMatcher(patterns: readonly string[]): (relativePath: string) => boolean {
  if (!patterns.length) return () => false;
  return picomatch([...patterns], { posix: true });
}

/** The part of the config's layout that says which files of the content folders are pages (config/schema.ts). */
export interface ContentFilesLayout {
  docsFiles: { include: readonly string[]; exclude: readonly string[] };
  blogFiles: { include: readonly string[]; exclude: readonly string[] };
  /** Each docs instance's folder and its own include and exclude. */
  docsInstances?: readonly { dir: string; files: { include: readonly string[]; exclude: readonly string[] } }[];
}

/**
 * Which files of a content folder are pages, by their path in the folder: the docs' and the blog's `include` and
 * `exclude` globs; for other pages, Markdown and MDX files but those in or named with a leading `_` (partials), as
 * Docusaurus's pages plugin excludes them. Only Markdown and MDX are pages whatever the globs say.
 */
export function contentFileFilter(
  layout: ContentFilesLayout,
  kind: 'doc' | 'blog' | 'page' | 'landing',
  /** The content folder, when it may be a docs instance's (whose include and exclude are its own). */
  dir?: string,
): (relative: string) => boolean {
  const instance =
    kind === 'doc' && dir !== undefined ? layout.docsInstances?.find((d) => trimSlashes(d.dir) === trimSlashes(dir)) : undefined;
  const files = instance ? instance.files : kind === 'doc' ? layout.docsFiles : kind === 'blog' ? layout.blogFiles : undefined;
  if (!files) return (f) => /\.mdx?$/.test(f) && !f.split('/').some((part) => part.startsWith('_'));
  const include = globMatcher(files.include);
  const exclude = globMatcher(files.exclude);
  return (f) => /\.mdx?$/.test(f) && include(f) && !exclude(f);
}

/**
 * Content folders and their kinds, as the load stage walks them (readSource needs the kind): the older docs
 * versions' folders (`versioned_docs/version-<name>/`) and the docs instances' folders are docs too, listed first
 * as the docs folder may hold them.
 */
export function contentKinds(layout: Layout): [dir: string, kind: ContentKind][] {
  const dirs: [string | null, ContentKind][] = [
    ...(layout.versioned?.dirs ?? []).map((dir): [string, ContentKind] => [dir, 'doc']),
    ...layout.docsInstances.map(({ dir }): [string, ContentKind] => [dir, 'doc']),
    [layout.docs, 'doc'],
    [layout.pages, 'page'],
    [layout.landing, 'landing'],
    [layout.blog, 'blog'],
  ];
  return dirs.filter((d): d is [string, ContentKind] => d[0] !== null).map(([dir, kind]) => [`${trimSlashes(dir)}/`, kind]);
}

/** The folders a content folder is in, inside the project (`content` for `content/docs`; none for `docs`). */
export function ancestors(dir: string): string[] {
  const parts = trimSlashes(dir).split('/');
  return parts.slice(0, -1).map((_, i) => parts.slice(0, i + 1).join('/'));
}

/**
 * The folders a build reads the project from, absolute: the content, data, locale, static, versioned-sidebar and
 * translation folders (a content folder inside another, by its top folder: `src` for `src/pages`). `quire dev`
 * watches them; the no-change record walks them.
 */
export function layoutFolders(root: string, layout: Layout): string[] {
  const top = new Set(contentKinds(layout).map(([dir]) => ancestors(dir)[0] ?? trimSlashes(dir)));
  const folders = [...top, layout.data, layout.locales, layout.static, layout.versioned?.sidebars, layout.translations]
    .filter((d): d is string => !!d)
    .map((d) => path.resolve(root, d));
  // A folder inside another (quire's content/data in content/) is read with it.
  return folders.filter((d, i) => folders.indexOf(d) === i && !folders.some((other) => isUnder(d, other)));
}

/** A layout folder as written (`./docs/`) without its leading `./` or `/` and trailing `/`. */
export function trimSlashes(dir: string): string {
  return dir.replace(/^\.?\/+|\/+$/g, '');
}

/** Whether an absolute path lies inside a folder. */
export function isUnder(abs: string, dir: string): boolean {
  return abs.startsWith(dir.endsWith(path.sep) ? dir : dir + path.sep);
}
