/**
 * Glob patterns as Docusaurus's content plugins take them for `include` and `exclude` (micromatch's syntax):
 * `*` and `?` within one path segment, `**` for any number of segments, `{a,b}` alternatives (nested too) and
 * `[…]` character classes. As with Docusaurus's defaults (globby without `dot`), a wildcard does not match a
 * name that starts with a dot.
 */
export function globMatcher(patterns: readonly string[]): (relativePath: string) => boolean {
  const expressions = patterns.flatMap(expandBraces).map(globSource);
  if (!expressions.length) return () => false;
  const re = new RegExp(`^(?:${expressions.join('|')})$`);
  return (relativePath) => re.test(relativePath);
}

/** `a.{md,mdx}` → `a.md`, `a.mdx`; a brace without a comma at its level is kept as text. */
function expandBraces(pattern: string): string[] {
  let depth = 0;
  let open = -1;
  const commas: number[] = [];
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === '\\') i++;
    else if (c === '{' && depth++ === 0) {
      open = i;
      commas.length = 0;
    } else if (c === ',' && depth === 1) commas.push(i);
    else if (c === '}' && depth > 0 && --depth === 0 && commas.length) {
      const parts = [open, ...commas, i].slice(0, -1).map((start, k) => pattern.slice(start + 1, [...commas, i][k]));
      const before = pattern.slice(0, open);
      const after = pattern.slice(i + 1);
      return parts.flatMap((part) => expandBraces(before + part + after));
    }
  }
  return [pattern];
}

/** One pattern (without braces) as a regular expression's source. */
function globSource(pattern: string): string {
  const segments = pattern.replace(/^\.\//, '').split('/');
  return segments
    .map((segment, i) => {
      const last = i === segments.length - 1;
      // `**` is any number of segments (none too), none of them a dot-name.
      if (segment === '**') return last ? '(?:(?!\\.)[^/]*(?:/(?!\\.)[^/]*)*)?' : '(?:(?!\\.)[^/]+/)*';
      return segmentSource(segment) + (last ? '' : '/');
    })
    .join('');
}

function segmentSource(segment: string): string {
  let out = /^[*?[]/.test(segment) ? '(?!\\.)' : '';
  for (let i = 0; i < segment.length; i++) {
    const c = segment[i];
    if (c === '*') {
      while (segment[i + 1] === '*') i++;
      out += '[^/]*';
    } else if (c === '?') out += '[^/]';
    else if (c === '[' && segment.indexOf(']', i + 2) > i) {
      const end = segment.indexOf(']', i + 2);
      const body = segment
        .slice(i + 1, end)
        .replace(/^!/, '^')
        .replace(/\\/g, '\\\\');
      out += `[${body}]`;
      i = end;
    } else if (c === '\\' && i + 1 < segment.length) out += escape(segment[++i]);
    else out += escape(c);
  }
  return out;
}

function escape(c: string): string {
  return c.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
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
