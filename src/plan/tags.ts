import kebabCase from 'lodash.kebabcase';
import { CODES, report, type Diagnostic } from '../diagnostics.ts';
import { closestName } from '../shared/text.ts';
import { joinPath } from '../shared/doc-paths.ts';
import { docsVersionsOf } from '../shared/doc-versions.ts';
import type {
  AuthorEntry,
  Compiled,
  InlineAuthor,
  ListedPage,
  Loaded,
  NavLink,
  PostAuthor,
  Route,
  RouteKind,
  SiteConfig,
  TagEntry,
} from '../types.ts';
import { versionConfig } from './versions.ts';

type Entries = Record<string, Record<string, unknown>>;

/** The entries of an authors or tags file that are objects, by key (anything else has no fields to read). */
function entries(file: { value: unknown } | undefined): Entries {
  const value = file?.value;
  if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
  return Object.fromEntries(
    Object.entries(value).filter((e): e is [string, Record<string, unknown>] => !!e[1] && typeof e[1] === 'object' && !Array.isArray(e[1])),
  );
}

const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v : undefined);

export interface ListingInput {
  routes: Route[];
  compiled: Compiled[];
  config: SiteConfig;
  loaded: Pick<Loaded, 'docsTags' | 'blogTags' | 'blogAuthors' | 'versions' | 'instances'>;
  messages: Record<string, string>;
}

export interface Listings {
  /** The listing pages' routes, to add to the site's (their paths are claimed by the caller). */
  routes: Route[];
  tags: { docs: TagEntry[]; blog: TagEntry[] };
  authors: AuthorEntry[];
  diagnostics: Diagnostic[];
}

/**
 * Docusaurus's generated listings: the docs' and the blog's tag pages (`/docs/tags/`, `/docs/tags/<tag>/`,
 * `/blog/tags/…`), the blog's author pages (`/blog/authors/`, one per author whose authors file entry has
 * `page`, Docusaurus 3.5+) and its archive (`/blog/archive/`). A tag's page is the tags file's `permalink`, else
 * its key or label in kebab case, as Docusaurus's tag normalisation makes it (lodash's kebabCase, the same
 * function). Unlisted pages are left out of every listing, as Docusaurus does. Sets each doc's and post's tag
 * links and each post's author links.
 */
// biome-ignore lint/complexity/noExcessiveLinesPerFunction: the tag, author and archive listings share the route index and the helpers defined at its top.
export function planListings({ routes, compiled, config, loaded, messages }: ListingInput): Listings {
  const out: Route[] = [];
  const diagnostics: Diagnostic[] = [];
  // Described as Docusaurus describes them: a tag's page by the tag's description, the archive by its title, the
  // tag and author lists and an author's page not at all (the document's fallback then applies).
  const add = (kind: RouteKind, path: string, title: string, listing?: 'docs' | 'blog', description = '') =>
    out.push({ kind, path, title, description, isUnlisted: false, ...(listing ? { listing } : {}) });
  const listed = (route: Route): ListedPage => ({
    title: route.title,
    path: route.path,
    description: route.description,
    ...(route.blog?.date ? { date: route.blog.date, published: route.blog.published } : {}),
    ...(route.blog?.readingTime !== undefined ? { readingTime: route.blog.readingTime } : {}),
  });
  const sourceOf = (route: Route) => (route.compiledIndex === undefined ? undefined : compiled[route.compiledIndex].source);

  /** `set`: a docs set's version and instance (a doc outside the set is left out); none for the blog. */
  const tagsOf = (
    kind: 'doc' | 'blogPost',
    base: string,
    file: { file: string; value: unknown } | undefined,
    set?: { version?: string; instance?: string },
  ) => {
    const defined = entries(file);
    const byPath = new Map<string, TagEntry>();
    for (const route of routes) {
      const source = sourceOf(route);
      if (route.kind !== kind || !source) continue;
      if (set && (source.instance !== set.instance || (set.version !== undefined && source.version !== set.version))) continue;
      const links: NavLink[] = [];
      for (const tag of source.frontMatter.tags ?? []) {
        // A tag written inline carries its own label and page; a name is looked up in the tags file.
        const key = typeof tag === 'string' ? tag : tag.label;
        const own: Record<string, unknown> | undefined = typeof tag === 'string' ? defined[key] : { ...tag };
        // A tag the docs' tags file lacks: Docusaurus's `onInlineTags: 'warn'` (the blog's are checked with its authors).
        if (!own && file && kind === 'doc') {
          const meant = closestName(key, Object.keys(defined));
          diagnostics.push(
            report(
              CODES.FRONT_MATTER_INVALID,
              'unknownTag',
              { key, file: file.file, meant },
              { file: source.file, line: 2, ...source.fieldPlaces?.tags },
            ),
          );
        }
        const permalink = text(own?.permalink)?.replace(/^\/+|\/+$/g, '') ?? kebabCase(key);
        const path = joinPath(base, 'tags', permalink);
        let entry = byPath.get(path);
        if (!entry) {
          const description = text(own?.description);
          entry = { label: text(own?.label) ?? key, path, ...(description ? { description } : {}), items: [] };
          byPath.set(path, entry);
        }
        links.push({ label: entry.label, path });
        if (!route.isUnlisted && !entry.items.some((i) => i.path === route.path)) entry.items.push(listed(route));
      }
      if (!links.length) continue;
      if (route.doc) route.doc.tags = links;
      else if (route.blog) route.blog.tagLinks = links;
    }
    const tags = [...byPath.values()].filter((t) => t.items.length).sort((a, b) => a.label.localeCompare(b.label));
    for (const tag of tags) {
      if (kind === 'doc') tag.items.sort((a, b) => a.title.localeCompare(b.title));
      else tag.items.sort((a, b) => (b.published ?? '').localeCompare(a.published ?? ''));
    }
    return tags;
  };

  const blogBase = config.blog.routeBasePath;
  // Each docs version has its own tags (`/docs/tags/`, `/docs/next/tags/`, `/docs/1.x/tags/`) from its own tags
  // file, as Docusaurus's docs plugin makes them per version (https://docusaurus.io/docs/versioning).
  const versioned = config.docs.versions.length > 0;
  // Each docs instance too (`/community/tags/`), from its own tags file.
  const docsSets = config.docs.tagPages
    ? [
        ...docsVersionsOf(config).map((v) => {
          const base = versionConfig(config, v).docs.routeBasePath;
          const file = v.dir === config.layout.docs ? loaded.docsTags : loaded.versions?.[v.name]?.docsTags;
          return { base, tags: tagsOf('doc', base, file, { version: versioned ? v.name : undefined }) };
        }),
        ...config.docs.instances.map(({ id, routeBasePath }) => ({
          base: routeBasePath,
          tags: tagsOf('doc', routeBasePath, loaded.instances?.[id]?.docsTags, { instance: id }),
        })),
      ]
    : [];
  const docsTags = docsSets.flatMap((set) => set.tags);
  const blogTags = config.blog.enabled && config.blog.listings ? tagsOf('blogPost', blogBase, loaded.blogTags) : [];
  const tagTitle = (count: number, label: string, which: 'docs' | 'posts') =>
    (messages[count === 1 ? `tags.${which}TaggedOne` : `tags.${which}Tagged`] ?? `{count} ${which} tagged with "{tag}"`)
      .replace('{count}', String(count))
      .replace('{tag}', () => label);
  for (const [tags, base, listing, which] of [
    ...docsSets.map((set) => [set.tags, set.base, 'docs', 'docs'] as const),
    [blogTags, blogBase, 'blog', 'posts'] as const,
  ]) {
    if (!tags.length) continue;
    add('tagList', joinPath(base, 'tags'), messages['tags.title'] ?? 'Tags', listing);
    for (const tag of tags) add('tagPage', tag.path, tagTitle(tag.items.length, tag.label, which), listing, tag.description);
  }

  const posts = routes.filter((r) => r.kind === 'blogPost' && !r.isUnlisted);
  const authors: AuthorEntry[] = [];
  // A blog without posts has its authors too where its plugin writes the empty list (Docusaurus 3.10: gmail-processor's,
  // an authors file alone), but no archive.
  const blogWritten = config.blog.listWithoutPosts || routes.some((r) => r.kind === 'blogPost');
  if (config.blog.enabled && config.blog.listings && blogWritten) {
    // Every author of the authors file is on the authors page; those whose entry asks for a page of their own
    // (Docusaurus 3.5+: `page: true`, or `page: { permalink }`) get one, linked from there and from their posts.
    for (const [key, author] of Object.entries(entries(loaded.blogAuthors))) {
      const page = author.page;
      const own = page === true || (page && typeof page === 'object');
      const permalink = page === true ? key : (text((page as Record<string, unknown>)?.permalink)?.replace(/^\/+|\/+$/g, '') ?? key);
      const name = text(author.name) ?? key;
      const entry: AuthorEntry = { key, name, ...(own ? { path: joinPath(blogBase, 'authors', permalink) } : {}), items: [] };
      for (const field of ['title', 'url', 'email'] as const) {
        const v = text(author[field]);
        if (v) entry[field] = v;
      }
      const image = text(author.image_url);
      if (image) entry.imageUrl = image;
      const socials = socialLinks(author.socials);
      if (socials.length) entry.socials = socials;
      for (const route of posts) if (sourceOf(route)?.frontMatter.authors?.includes(key)) entry.items.push(listed(route));
      entry.items.sort((a, b) => (b.published ?? '').localeCompare(a.published ?? ''));
      authors.push(entry);
    }
    for (const route of routes) {
      const source = sourceOf(route);
      if (route.kind !== 'blogPost' || !route.blog || !source) continue;
      const keys = source.frontMatter.authors ?? [];
      route.blog.authorLinks = route.blog.authors.map((label, i) => {
        const key = keys[i];
        // An author written inline shows what the post gives of them, as one of the authors file.
        if (key !== undefined && typeof key !== 'string') return { label, ...withoutName(key) };
        const entry = typeof key === 'string' ? authors.find((a) => a.key === key) : undefined;
        if (!entry) return { label };
        const author: PostAuthor = { label };
        for (const key of ['path', 'title', 'url', 'email', 'imageUrl'] as const) if (entry[key]) author[key] = entry[key];
        if (entry.socials) author.socials = entry.socials;
        return author;
      });
    }
    if (authors.length) {
      add('authorList', joinPath(blogBase, 'authors'), messages['blog.authors'] ?? 'Authors');
      // Titled with the number of their posts, as Docusaurus titles the page ("{authorName} - {nPosts}").
      const authorTitle = (author: AuthorEntry) =>
        (messages[author.items.length === 1 ? 'blog.authorPostsOne' : 'blog.authorPosts'] ?? '{name} – {count} posts')
          .replace('{count}', String(author.items.length))
          .replace('{name}', () => author.name);
      for (const author of authors) if (author.path) add('authorPage', author.path, authorTitle(author));
    }
    const archive = messages['blog.archive'] ?? 'Archive';
    if (posts.length) add('blogArchive', joinPath(blogBase, 'archive'), archive, undefined, archive);
  }
  return { routes: out, tags: { docs: docsTags, blog: blogTags }, authors, diagnostics };
}

/**
 * Docusaurus's known social platforms: the label shown and the address of a handle on each
 * (https://docusaurus.io/docs/blog#authors, "socials"). A value that is already a web address is kept as it is.
 */
const SOCIAL_PLATFORMS: Record<string, [label: string, profile: (handle: string) => string]> = {
  x: ['X', (h) => `https://x.com/${h}`],
  twitter: ['X', (h) => `https://x.com/${h}`],
  github: ['GitHub', (h) => `https://github.com/${h}`],
  linkedin: ['LinkedIn', (h) => `https://www.linkedin.com/in/${h}/`],
  stackoverflow: ['Stack Overflow', (h) => `https://stackoverflow.com/users/${h}`],
  bluesky: ['Bluesky', (h) => `https://bsky.app/profile/${h}`],
  instagram: ['Instagram', (h) => `https://www.instagram.com/${h}`],
  threads: ['Threads', (h) => `https://www.threads.net/@${h}`],
  // A handle with its server (`name@chaos.social`) is on that server; a bare name on mastodon.social, as Docusaurus has it.
  mastodon: [
    'Mastodon',
    (h) => (h.includes('@') ? `https://${h.slice(h.indexOf('@') + 1)}/@${h.slice(0, h.indexOf('@'))}` : `https://mastodon.social/@${h}`),
  ],
  youtube: ['YouTube', (h) => `https://youtube.com/@${h}`],
  twitch: ['Twitch', (h) => `https://twitch.tv/${h}`],
  newsletter: ['Newsletter', (h) => h],
};

/** An author's socials as links, in the order written; a value that is neither a handle nor a web address is left out. */
/** An inline author's title, address and photo (its name is the label). */
function withoutName({ name: _name, ...rest }: InlineAuthor): Omit<PostAuthor, 'label'> {
  return rest;
}

function socialLinks(value: unknown): { label: string; url: string }[] {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return [];
  const links: { label: string; url: string }[] = [];
  for (const [platform, raw] of Object.entries(value as Record<string, unknown>)) {
    const handle = typeof raw === 'string' ? raw.trim().replace(/^@/, '') : '';
    if (!handle) continue;
    const known = SOCIAL_PLATFORMS[platform.toLowerCase()];
    // A handle with a server is Mastodon's form only: on another platform `a@b.com` names no profile.
    const handlePattern = platform.toLowerCase() === 'mastodon' ? /^[\w.-]+(@[\w.-]+\.[a-z]{2,})?$/i : /^[\w.-]+$/;
    const url = /^https?:\/\//i.test(handle) ? handle : known && handlePattern.test(handle) ? known[1](handle) : undefined;
    if (url && /^https:\/\/|^http:\/\//i.test(url)) links.push({ label: known?.[0] ?? platform, url });
  }
  return links;
}
