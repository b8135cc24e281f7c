import picomatch from 'picomatch/posix.js';

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
}

/**
 * Which files of a content folder are pages, by their path in the folder: the docs' and the blog's `include` and
 * `exclude` globs; for other pages, Markdown and MDX files but those in or named with a leading `_` (partials), as
 * Docusaurus's pages plugin excludes them. Only Markdown and MDX are pages whatever the globs say.
 */
export function contentFileFilter(layout: ContentFilesLayout, kind: 'doc' | 'blog' | 'page' | 'landing'): (relative: string) => boolean {
  const files = kind === 'doc' ? layout.docsFiles : kind === 'blog' ? layout.blogFiles : undefined;
  if (!files) return (f) => /\.mdx?$/.test(f) && !f.split('/').some((part) => part.startsWith('_'));
  const include = globMatcher(files.include);
  const exclude = globMatcher(files.exclude);
  return (f) => /\.mdx?$/.test(f) && include(f) && !exclude(f);
}
