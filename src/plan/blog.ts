import { CODES, report, type Diagnostic } from '../diagnostics.ts';
import { closestName } from '../shared/text.ts';
import type { Compiled, Loaded, Route } from '../types.ts';
import { locateKey } from './sidebar-shape.ts';

type Entries = Record<string, Record<string, unknown>>;

/** The entries of an authors or tags file that are objects, by key (anything else has no fields to show). */
function entries(file: Loaded['blogAuthors']): Entries {
  const value = file?.value;
  if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
  return Object.fromEntries(
    Object.entries(value).filter((e): e is [string, Record<string, unknown>] => !!e[1] && typeof e[1] === 'object' && !Array.isArray(e[1])),
  );
}

/**
 * The blog posts a list shows whole or by their description, having no truncate marker: one diagnostic naming them all, at the first
 * (Docusaurus's `onUntruncatedBlogPosts`, plugin-content-blog `blogUtils.ts`, also reports them in one message).
 */
export function untruncatedPosts(
  routes: Route[],
  compiled: Compiled[],
  mode: 'ignore' | 'warn' | 'throw',
  shown: 'description' | 'whole',
): Diagnostic[] {
  if (mode === 'ignore') return [];
  const files: string[] = [];
  for (const route of routes) {
    if (route.kind !== 'blogPost' || route.compiledIndex === undefined) continue;
    const post = compiled[route.compiledIndex];
    if (!post.truncated && !post.standIn) files.push(post.source.file);
  }
  if (!files.length) return [];
  files.sort();
  return [
    report(
      CODES.BLOG_UNTRUNCATED,
      'untruncated',
      { files, whole: shown === 'whole' },
      { file: files[0], severity: mode === 'throw' ? 'error' : 'warning' },
    ),
  ];
}

/**
 * The blog posts' authors and tags as Docusaurus shows them: a key of `authors.yml` is the author's `name`, a key
 * of `tags.yml` the tag's `label`. A key the authors file lacks is an error at the post's `authors` field
 * (Docusaurus fails the build too); a tag the tags file lacks is a warning (Docusaurus's `onInlineTags: 'warn'`).
 * Without the files, the keys are shown as written.
 */
export function resolveBlogPeople(
  routes: Route[],
  compiled: Compiled[],
  authorsFile: Loaded['blogAuthors'],
  tagsFile: Loaded['blogTags'],
  onInlineAuthors: 'ignore' | 'warn' | 'throw' = 'ignore',
): Diagnostic[] {
  const authors = entries(authorsFile);
  const tags = entries(tagsFile);
  const diagnostics: Diagnostic[] = [];
  for (const route of routes) {
    if (route.kind !== 'blogPost' || !route.blog || route.compiledIndex === undefined) continue;
    const source = compiled[route.compiledIndex].source;
    const at = (field: string) => ({ file: source.file, line: 2, ...source.fieldPlaces?.[field] });
    const written = source.frontMatter.authors ?? [];
    const inline = written.flatMap((a) => (typeof a === 'string' ? [] : [a.name]));
    if (inline.length && onInlineAuthors !== 'ignore')
      diagnostics.push(
        report(
          CODES.BLOG_INLINE_AUTHORS,
          'inline',
          { names: inline, file: authorsFile?.file },
          { ...at('authors'), severity: onInlineAuthors === 'throw' ? 'error' : 'warning' },
        ),
      );
    if (authorsFile) {
      route.blog.authors = route.blog.authors.map((key, i) => {
        // An author written inline is shown by the name it was given.
        if (typeof written[i] !== 'string') return key;
        const author = authors[key];
        if (author) return typeof author.name === 'string' ? author.name : key;
        // A name written as text (quire's sites write `authors: [Max Mustermann]`) has a space where keys have none:
        // only keys are checked. (Docusaurus takes every text as a key.)
        if (/\s/.test(key)) return key;
        const meant = closestName(key, Object.keys(authors));
        diagnostics.push(report(CODES.FRONT_MATTER_INVALID, 'unknownAuthor', { key, file: authorsFile.file, meant }, at('authors')));
        return key;
      });
    }
    if (tagsFile) {
      route.blog.tags = route.blog.tags.map((key) => {
        const tag = tags[key];
        if (tag) return typeof tag.label === 'string' ? tag.label : key;
        diagnostics.push(
          report(
            CODES.FRONT_MATTER_INVALID,
            'unknownTag',
            { key, file: tagsFile.file, meant: closestName(key, Object.keys(tags)) },
            at('tags'),
          ),
        );
        return key;
      });
    }
  }
  // An authors file whose entry has no name shows the key: said once per entry, at the key.
  for (const [key, author] of Object.entries(authors)) {
    if (typeof author.name !== 'string' && authorsFile)
      diagnostics.push(
        report(CODES.DATA_INVALID, 'authorUnnamed', { key }, { file: authorsFile.file, ...locateKey(authorsFile.text, key) }),
      );
  }
  return diagnostics;
}
