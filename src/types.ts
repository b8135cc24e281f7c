import type { Root as HastRoot } from 'hast';
/**
 * The stage contracts. Each stage takes plain data and returns plain data plus diagnostics:
 * config → load (Source[]) → compile (Compiled[]) → plan (Site) → render (Page[]) → emit (files).
 */
import type { Diagnostic } from './diagnostics.ts';
import type { SiteConfig } from './config/schema.ts';

export type { ProjectHooks, SiteConfig } from './config/schema.ts';
export type { Diagnostic } from './diagnostics.ts';

export type ContentKind = 'doc' | 'page' | 'landing' | 'blog';

/** A source map in its JSON form (version 3), as MDX's compiler makes it. */
export interface SourceMapJson {
  version: number;
  sources: string[];
  names: string[];
  mappings: string;
  file?: string;
  sourceRoot?: string;
  sourcesContent?: string[];
}

/** Validated front matter. Docusaurus field names, so writers can move over. */
export interface FrontMatter {
  id?: string;
  title?: string;
  description?: string;
  sidebar_label?: string;
  sidebar_position?: number;
  slug?: string;
  keywords?: string[];
  image?: string;
  /** What the `image` shows, for readers who cannot see it (`og:image:alt`). */
  image_alt?: string;
  toc_min_heading_level?: number;
  toc_max_heading_level?: number;
  hide_table_of_contents?: boolean;
  hide_title?: boolean;
  unlisted?: boolean;
  draft?: boolean;
  pagination_prev?: string | null;
  pagination_next?: string | null;
  pagination_label?: string;
  date?: string;
  /** Keys of the authors file, or authors written inline (Docusaurus's `{ name, title, url, … }`), shown by name. */
  authors?: (string | InlineAuthor)[];
  /** Names (keys of the tags file), or tags written inline with their page (Docusaurus's `{ label, permalink }`). */
  tags?: (string | InlineTag)[];
  /** The page's own "Edit this page" address; null for none. */
  custom_edit_url?: string | null;
  /** The last update to show instead of git's (a date Date can parse, an author's name). */
  last_update?: { date?: string; author?: string };
  /** This file's syntax instead of `markdown.format`'s (Docusaurus's `mdx.format` front matter). */
  mdx?: { format?: 'md' | 'mdx' | 'detect' };
  [key: string]: unknown;
}

/** A tag written in front matter with its own page: `{ label: 'Release', permalink: '/release' }`. */
export interface InlineTag {
  label: string;
  permalink: string;
  description?: string;
}

/** One content file, read and split, nothing rendered. */
export interface Source {
  kind: ContentKind;
  /** Project-relative path, forward slashes: `content/docs/features/pdf.mdx`. */
  file: string;
  format: 'md' | 'mdx';
  /** docs: `features/pdf`; pages: `deals/manga`; landing: slug; blog: slug. */
  id: string;
  /** Site path without base path, leading and trailing slash: `/docs/features/pdf/`. */
  path: string;
  /** A doc's version (config `docs.versions`), on a site with versions; its id is unique within that version. */
  version?: string;
  /**
   * The docs instance a doc is in (config `docs.instances`), when not the site's docs: its id, route and sidebar are
   * that instance's, and its id is unique within it.
   */
  instance?: string;
  frontMatter: FrontMatter;
  /** Markdown body after the front matter. */
  body: string;
  /** Line of the body's first line in the file (1-based), for error positions. */
  bodyLine: number;
  /** Line and column of each top-level front matter field's value, for errors about a field found later. */
  fieldPlaces?: Record<string, { line: number; column: number }>;
  /** sha1 of the whole file, the compile cache key. */
  hash: string;
  /**
   * A React page (`src/pages/index.js`): its body is written by load to import and render the file's default
   * export; the title and description come from its `<Layout>` (see render/page.ts).
   */
  react?: true;
  /**
   * The untranslated file this one translates (project-relative), when `file` is the built locale's translation
   * of it (a Docusaurus project's `i18n/<locale>/…`): its id, route, version and sidebar place are the
   * original's; its text, diagnostics and relative links and images are the translation's.
   */
  origin?: string;
}

/** The built locale's texts from JSON translation files (a Docusaurus project's `i18n/<locale>/`), by id. */
export interface TranslationMessages {
  file: string;
  /** The file's text, to point at an id's line. */
  text: string;
  messages: Record<string, string>;
}

export interface Heading {
  depth: number;
  text: string;
  id: string;
}

/** One use of an imported Markdown partial among a page's headings (Compiled.partialHeadings). */
export interface PartialHeadings {
  /** The import's module, as written (`./_flag.mdx`, `@site/docs/_flag.md`). */
  source: string;
  at: number;
  toc?: { at: number; min: number; max: number };
}

export interface LinkRef {
  /** As written. */
  url: string;
  /** Site path without base, or undefined when external. */
  path?: string;
  hash?: string;
  line?: number;
  column?: number;
  /** A file the page loads (an image's or media's `src`), not a page it links to. */
  image?: true;
  /**
   * Loaded by an HTML or JSX element (`<img src>`, `srcset`), not a Markdown image: Docusaurus checks none of
   * those, so a missing one follows `onBrokenSiteImages`.
   */
  element?: true;
}

export interface AssetRef {
  /** Project-relative source file of the asset. */
  file: string;
  /** Marker written into the output (see shared/markers.ts), replaced by the hashed URL at emit. */
  marker: string;
  /** Where a content file refers to it (for the error when it is missing). */
  from: { file: string; line?: number; column?: number };
}

export interface Compiled {
  source: Source;
  title: string;
  description: string;
  /** `html` for .md, `mdx` function-body code for .mdx. */
  /**
   * `.md`: HTML. `.mdx`: its syntax tree when every expression in it is a literal value (rendered with
   * hast-util-to-jsx-runtime), else MDX's function-body JavaScript.
   */
  output:
    | { type: 'html'; html: string }
    /** `map`: a source map from the code back to the body, so an error while the page renders names its line. */
    | { type: 'mdx'; code: string; map?: SourceMapJson }
    | { type: 'hast'; tree: HastRoot };
  headings: Heading[];
  /** Custom heading ids (`{#id}`) written more than once on the page, where the repeats are; the link checker warns. */
  duplicateIds?: { id: string; line?: number; column?: number }[];
  /** Ids a link may target besides the headings': elements written with an `id` (HTML in `.md`, JSX in `.mdx`). */
  anchors?: string[];
  toc: Heading[];
  /**
   * Where the page shows an imported `.md`/`.mdx` partial (`<Partial />` at the top level of a block): the partial's
   * headings join the page's there once the build has compiled it (src/compile/partial-headings.ts), in `headings` at
   * index `at` and, unless the page hides its table of contents, in `toc` at `toc.at` between its levels.
   */
  partialHeadings?: PartialHeadings[];
  links: LinkRef[];
  assets: AssetRef[];
  /**
   * The front matter's social card (`image`) written relative to the page's file: the marker of its asset
   * (one of `assets`), which emit replaces with the published path.
   */
  socialImage?: string;
  /**
   * The site's own images the page shows with Markdown (`![…](…)`), by the key their size marker names (see
   * SIZE_PROPERTY in shared/markers.ts): an asset's marker or a static file's site path. Plan reads their sizes.
   */
  measuredImages?: string[];
  /** Plain text, for search and excerpts. */
  excerpt: string;
  /** The page has a truncate marker (a blog post's excerpt ends there). */
  truncated?: true;
  /**
   * What a list of posts shows of a post whose text before its truncate marker references what is defined after
   * it: that text compiled alone, as Docusaurus compiles it for its lists (see withCutExcerpt in compile.ts).
   */
  excerptOutput?: { type: 'html'; html: string } | { type: 'hast'; tree: HastRoot };
  /** Component names used (MDX), checked against the theme at plan time. */
  components: string[];
  /** Each use of each component, in file order (file lines), for the errors an unknown component or a wrong prop gets. */
  componentUses?: Record<string, ComponentUse[]>;
  /** The body has its own h1, so the layout adds none. */
  hasTitleHeading: boolean;
  /**
   * The addresses of linked content files the project's remark and rehype plugins were shown, by file (null: no such
   * file, shown as written), as Docusaurus shows them (src/compile/addresses.ts): inputs of the compile, so a cached
   * page is compiled again when one of them moved. Only on pages of a project with plugins that link to files.
   */
  shownAddresses?: Record<string, string | null>;
  /** Problems that did not stop the compile (a block left open), reported as warnings on every build. */
  notes?: CompileNote[];
  /** A blog post's words, on a site that shows reading times (see shared/words.ts). */
  words?: number;
  /** What the page's `<head>` in MDX puts into the document's head: a title (as written, whole) and tags. */
  head?: { title?: string; tags: HeadTag[] };
  /** The modules the page imports (MDX `import` of a component, partial, package or style), bundled for it by the build. */
  imports?: { source: string; line?: number; column?: number }[];
  /**
   * Uses of an imported component given a prop written as a function or an element, which JSON cannot carry to
   * the browser: on a page whose components are hydrated, such a use is drawn at build time only (Q039 warns).
   */
  unplainProps?: { component: string; prop: string; line?: number; column?: number }[];
  /**
   * The page's imported modules, bundled (src/compile/modules.ts): CommonJS code whose exports map each import's
   * source to its module, the CSS they import, and the project files they are made of (a change to one re-renders
   * the page in `quire dev`).
   */
  modules?: { code: string; css?: string; files: string[]; island?: string };
  /** A stand-in for a file that failed to compile, planned so the other pages' problems are reported; never rendered. */
  standIn?: true;
}

/** A `<meta>` or `<link>` a page puts into its head, with its attributes as written; or its JSON-LD `<script>`. */
/**
 * What a Mermaid island draws a diagram with (SiteConfig.markdown.mermaid; src/client/mermaid.ts reads them from its
 * props): the URL of mermaid's browser build, mermaid's theme for each colour mode, and the options.
 */
export interface MermaidSettings {
  script: string;
  theme: { light: string; dark: string };
  options: Record<string, unknown>;
}

export interface HeadTag {
  tag: 'meta' | 'link' | 'script';
  attributes: Record<string, string>;
  /** A `<script type="application/ld+json">`'s JSON. */
  text?: string;
}

/**
 * A problem the compiler noticed without failing, at its place in the file: a catalogue warning (see
 * src/compile/compile-note.ts) without its file, kept with the compiled page (and in the compile cache). Its code
 * says what it is about: a block left open (Q034), markup shown as text because it names nothing (Q036), a code
 * block option or language without effect (Q037), a feature of the source's dialect that quire leaves out (Q038),
 * what a project's plugin reported (Q004).
 */
export type CompileNote = Pick<Diagnostic, 'code' | 'severity' | 'message' | 'hint' | 'line' | 'column'>;

/** One use of an MDX component: where it is (file lines) and the props written on it. */
export interface ComponentUse {
  line?: number;
  column?: number;
  /** Each prop written: its text when it is a quoted string, null for an expression (`{…}`) or a bare name. */
  props: Record<string, string | null>;
  /** `{...props}` spreads props the build cannot see. */
  spread?: boolean;
  /** The component it sits in: its name and the index of that use among the uses of that name. */
  parent?: { name: string; index: number };
  /** What it holds directly: component names and `#text` (see ComponentContract.children). */
  children?: string[];
}

/**
 * What an MDX component of the theme takes, checked at each use before any page renders: a missing prop, a
 * prop it does not know (a typo) and a value its data has no entry for are reported at their place.
 */
export interface ComponentContract {
  /**
   * Every prop the component takes (children aside): `true` for the ones each use must write. Each takes a text,
   * or a number when listed in `numbers`: an object or array given to one is an error (see shared/component-props.ts).
   */
  props: Record<string, boolean>;
  /**
   * Props whose quoted value must name an entry of a data file: the file (`content/data/<file>.json`) and
   * the entries' names in that data (undefined when the file is missing or not of that shape).
   */
  values?: Record<string, { file: string; names: (data: unknown) => string[] | undefined }>;
  /** Props that are numbers: a quoted value must read as one (`width="800"`, not `width="breit"`). */
  numbers?: readonly string[];
  /** Props that take a list (an array, which the other props refuse): `Tabs`' computed Docusaurus `values`. */
  lists?: readonly string[];
  /** The component each use must sit in directly (`Tab` in `Tabs`). */
  parent?: string;
  /**
   * The one component a use holds (`Tabs` holds `Tab`s), a prop whose value must differ between them, and a prop
   * of the use that must name one of them (`defaultValue`): by the first of `by` each child writes.
   */
  children?: { name: string; unique?: string; select?: { prop: string; by: readonly string[] } };
}

export interface SidebarDoc {
  type: 'doc';
  id: string;
  label: string;
  path: string;
  /** A class for the item (`className`, front matter `sidebar_class_name`). */
  className?: string;
}
export interface SidebarLink {
  type: 'link';
  label: string;
  href: string;
  /** A class for the item (Docusaurus's `className`). */
  className?: string;
  /** What its card says (Docusaurus's link item `description`). */
  description?: string;
}
export interface SidebarCategory {
  type: 'category';
  label: string;
  /** Path of the category's own page, when it links to a doc. */
  path?: string;
  collapsed: boolean;
  /** false: always open, without a toggle (Docusaurus's `collapsible: false`). */
  collapsible?: boolean;
  /** A class for the item (Docusaurus's `className`, `_category_.json` or `sidebar_class_name`). */
  className?: string;
  /**
   * What its card says (the category's own `description`, in the sidebar file or `_category_.json`; not its link's,
   * which is its generated index page's text): Docusaurus's DocCard shows the number of items without one.
   */
  description?: string;
  items: SidebarItem[];
  /** Stable index, used for per-category files of large sidebars. */
  key: string;
}
export type SidebarItem = SidebarDoc | SidebarLink | SidebarCategory;

export interface Crumb {
  label: string;
  path?: string;
}

export interface NavLink {
  label: string;
  path: string;
}

/** `tagList`, `tagPage`, `authorList`, `authorPage`, `blogArchive`: the listing pages Docusaurus generates. */
export type RouteKind =
  | 'doc'
  | 'page'
  | 'landing'
  | 'blogPost'
  | 'blogList'
  | 'search'
  | 'notFound'
  | 'tagList'
  | 'tagPage'
  | 'authorList'
  | 'authorPage'
  | 'blogArchive';

/** A tag of the docs or of the blog (Docusaurus's tag pages): its page and the pages that carry it. */
export interface TagEntry {
  label: string;
  /** Site path of the tag's page: `/docs/tags/beginner/`. */
  path: string;
  description?: string;
  /** The docs (in title order) or posts (newest first) that carry it. */
  items: ListedPage[];
}

/** A blog author of the authors file; `path` when they have a page of their own (`page: true` or `page: { permalink }`). */
export interface AuthorEntry {
  key: string;
  name: string;
  title?: string;
  url?: string;
  email?: string;
  imageUrl?: string;
  /** Their social profiles (`socials` in authors.yml), each as a link: platform name and URL. */
  socials?: { label: string; url: string }[];
  /** Site path of the author's page, when they have one. */
  path?: string;
  /** Their posts, newest first. */
  items: ListedPage[];
}

/** A page as a listing shows it. */
export interface ListedPage {
  title: string;
  path: string;
  description: string;
  date?: string;
  /** A blog post's time of publication (Route['blog'].published), which orders a list. */
  published?: string;
  /** A blog post's minutes to read, when the blog shows reading times. */
  readingTime?: number;
}

export interface Route {
  kind: RouteKind;
  /** Site path without base: `/docs/faq/`. The 404 page has `/404.html`. */
  path: string;
  title: string;
  description: string;
  /** Index into Site.compiled, for content routes. */
  compiledIndex?: number;
  isUnlisted: boolean;
  /**
   * Set when the page shows content written in another locale than the site's (a `--locale` build of a
   * locale without its own text): that locale's code. The theme says so and points the canonical URL there.
   */
  contentLocale?: string;
  doc?: {
    id: string;
    breadcrumbs: Crumb[];
    prev?: NavLink;
    next?: NavLink;
    /** Whether the page is in the sidebar (shows the sidebar). */
    inSidebar: boolean;
    /** Keys of the sidebar categories on the way to this page: these render open. */
    sidebarTrail: string[];
    /** The name of the sidebar the page is in (a key of Site.sidebars), when the site has several. */
    sidebar?: string;
    /** Its tags (front matter `tags`), each linking to the tag's page. */
    tags?: NavLink[];
    /** The docs instance the doc is in (Source.instance), absent for the site's own docs. */
    instance?: string;
    /** On a site with versions: the doc's version, and where each version's entry of the dropdown leads from it. */
    version?: string;
    versionLinks?: { name: string; path: string }[];
  };
  /**
   * A page of an older or newer docs version than the last: kept out of the search index (the sitemap keeps it).
   * `noIndex` (the version's `noIndex`): search engines are asked not to index it, and the sitemap leaves it out.
   */
  unsearched?: true;
  noIndex?: true;
  /**
   * `authors` and `tags` as shown (names, labels); `tagLinks` the same tags with their pages, `authorLinks` the
   * authors with their pages where they have one.
   */
  blog?: {
    /** The day it shows (`YYYY-MM-DD`, the UTC day of `published`). */
    date?: string;
    /** When it was published: an ISO time in UTC (see plan/routes.ts postInstant), which orders the posts. */
    published?: string;
    authors: string[];
    tags: string[];
    tagLinks?: NavLink[];
    authorLinks?: PostAuthor[];
    /** Minutes to read it, when the blog shows reading times (`showReadingTime`). */
    readingTime?: number;
    /** The listed posts beside it in the blog's list (newest first): the newer one and the older one. */
    newer?: NavLink;
    older?: NavLink;
  };
  /**
   * A doc's or post's "Edit this page" address and last update (ISO date, author), each where the config shows
   * it; absent when it shows neither.
   */
  editMeta?: { editUrl?: string; lastUpdatedAt?: string; lastUpdatedBy?: string };
  /** A listing page's subject: the docs' or the blog's tags (tagList, tagPage). */
  listing?: 'docs' | 'blog';
  /**
   * One page of a blog listing cut into pages (`blog.postsPerPage`, see plan/paginate.ts): its number and the count
   * of pages, the listing's first page (its own path), the posts shown here, and the pages of newer and older posts.
   */
  paged?: { page: number; pages: number; first: string; items: readonly string[]; newer?: string; older?: string };
}

/** The whole planned site: what render needs, and nothing per page copied. */
export interface Site {
  config: SiteConfig;
  routes: Route[];
  compiled: Compiled[];
  /** The site's first sidebar (its only one, mostly): what a doc page shows unless `route.doc.sidebar` names another. */
  sidebar: SidebarItem[];
  /** Number of items in the largest sidebar, to pick full or open-branch rendering (the same for every sidebar). */
  sidebarSize: number;
  /** The name of `sidebar` (`tutorialSidebar`), for the docs plugin's global data (each doc's `sidebar`). */
  sidebarName?: string;
  /** Ids of the docs left out as drafts (production builds), as the docs plugin's global data lists them. */
  docDraftIds?: string[];
  /** The same for each docs instance (config `docs.instances`) that has drafts, by instance id. */
  instanceDraftIds?: Record<string, string[]>;
  /** Every sidebar by name (a Docusaurus project may have several), `sidebar` among them; absent with one. */
  sidebars?: Record<string, SidebarItem[]>;
  /** The redirect pages (config `redirects`): each `from` site path, and the URL it leads to. */
  redirects?: { from: string; to: string }[];
  /** Blog posts, newest first. */
  blogPosts: { title: string; path: string; date?: string; published?: string; readingTime?: number }[];
  /** The docs' and the blog's tags that have pages, each in label order. */
  tags?: { docs: TagEntry[]; blog: TagEntry[] };
  /** Blog authors with a page of their own, in the authors file's order. */
  authors?: AuthorEntry[];
  /** Data files from content/data, by file name without extension. */
  data: Record<string, unknown>;
  messages: Messages;
  /** Every locale's messages, for locale fallbacks (language names). */
  locales: LocaleInfo[];
  /**
   * Pixel sizes of the social cards (key: see `socialImageOf` in plan/social-images.ts) and of the site's own
   * Markdown images (key: see `Compiled.measuredImages`).
   */
  imageSizes: Record<string, ImageSize>;
  /**
   * The docs' versions on a site with more than one, in the dropdown's order: each with its first doc's page
   * (where its dropdown entry leads from a page that is not a doc).
   */
  docVersions?: {
    name: string;
    label: string;
    path: string;
    banner: 'none' | 'unreleased' | 'unmaintained';
    badge: boolean;
    isLast: boolean;
    /**
     * Where the navbar's doc and sidebar items lead on this version's docs, by `doc:<id>` or `sidebar:<name>`
     * (Docusaurus keeps the reader in the version being read); an item this version lacks leads where it does.
     */
    navbar?: Record<string, string>;
  }[];
  /** The island modules of pages whose own code runs in the browser (src/compile/modules.ts), paths under the base path. */
  moduleFiles?: SharedFile[];
  /** The built locale's texts for `@docusaurus/Translate` and `translate()` by id (Loaded.translations.code). */
  codeTranslations?: Record<string, string>;
}

/**
 * A post's author as the post shows them: the name, their page where they have one, and what the authors file says
 * of them (title, address, photo, profiles) for a blog that shows authors as cards (`blog.postAuthors`).
 */
export interface PostAuthor {
  label: string;
  path?: string;
  title?: string;
  url?: string;
  /** Their e-mail address: their name links to it where they have neither page nor `url`, as in Docusaurus. */
  email?: string;
  imageUrl?: string;
  socials?: { label: string; url: string }[];
}

/** A blog author written in the post's front matter instead of the authors file, with what Docusaurus shows of one. */
export interface InlineAuthor {
  name: string;
  title?: string;
  url?: string;
  email?: string;
  imageUrl?: string;
}

export interface ImageSize {
  width: number;
  height: number;
  /** An SVG: its size as its `width`/`height` or `viewBox` give it, which link previews do not use. */
  vector?: true;
}

export type Messages = Record<string, string>;

export interface LocaleInfo {
  code: string;
  label: string;
  direction: 'ltr' | 'rtl';
  htmlLang: string;
  /** The calendar its dates are shown in (`localeConfigs.<code>.calendar`, Docusaurus's default `gregory`). */
  calendar: string;
  /** Base path of that locale's site. */
  baseUrl: string;
}

/** One rendered page. */
export interface Page {
  path: string;
  html: string;
  /** The assets whose markers the html holds. */
  assets: AssetRef[];
}

export interface StageResult<T> {
  value: T;
  diagnostics: Diagnostic[];
}

/**
 * A project file emit publishes as it is (a content image next to a page): its path on disk, for the writer to
 * copy, its size and the SHA-1 of its bytes, which name it in the output. Load reads it; emit never opens it.
 */
export interface ProjectFile {
  source: string;
  size: number;
  hash: string;
}

/** Load's reader of the project files emit publishes, handed to emit (see ProjectFile); undefined: not there. */
export interface ProjectFiles {
  file(relative: string): Promise<ProjectFile | undefined>;
}

/** What the load stage reads from the project. */
export interface Loaded {
  sources: Source[];
  /** Raw default export of content/sidebars.ts (validated by plan), or undefined to autogenerate. */
  sidebars?: unknown;
  sidebarsFile?: string;
  /** Source text of the sidebar file, to point errors at a line. */
  sidebarsText?: string;
  /**
   * The built locale's JSON translations (a Docusaurus project's `i18n/<locale>/`): `code.json`, and each docs
   * version's file (`current.json`, `version-<name>.json`, its sidebar labels) by version name.
   */
  translations?: {
    code?: TranslationMessages;
    docs?: Record<string, TranslationMessages>;
    /** Each docs instance's `docusaurus-plugin-content-docs-<id>/current.json`, by instance id. */
    instanceDocs?: Record<string, TranslationMessages>;
  };
  /**
   * Each docs version's own sidebar file and category files, by version name, for every version but the docs
   * folder's (whose are the fields here); absent on a site without versions.
   */
  versions?: Record<string, Pick<Loaded, 'sidebars' | 'sidebarsFile' | 'sidebarsText' | 'categories' | 'docsTags'>>;
  /** The same for each docs instance (config `docs.instances`), by id; absent on a site without instances. */
  instances?: Record<string, Pick<Loaded, 'sidebars' | 'sidebarsFile' | 'sidebarsText' | 'categories' | 'docsTags'>>;
  /**
   * The docs folders' category files (`_category_.json`, `.yml`, `.yaml`), by folder relative to the docs folder
   * (`tutorial-basics`; `` for the docs folder itself): the parsed value, the file and its text (for places).
   */
  categories?: Record<string, { file: string; text: string; value: unknown }>;
  /** The blog's authors file (Docusaurus's `authors.yml`): key → author, with the file and its text. */
  blogAuthors?: { file: string; text: string; value: unknown };
  /** The blog's tags file (Docusaurus's `tags.yml`): key → tag. */
  blogTags?: { file: string; text: string; value: unknown };
  /** The docs' tags file (Docusaurus's docs `tags.yml`): key → tag. */
  docsTags?: { file: string; text: string; value: unknown };
  data: Record<string, unknown>;
  /** The text of each data file, by the same name as `data`, to point errors in it at a line. */
  dataTexts?: Record<string, string>;
  /** Messages per locale code, from locales/<code>.json. */
  messages: Record<string, Messages>;
  /** Files under static/, project-relative, and their site paths (`/img/x.svg`). */
  staticFiles: { file: string; path: string }[];
  /** Every file read, for the dev watcher. */
  inputs: string[];
  /**
   * Pages left out because they are drafts (production builds only): a sidebar entry naming one is dropped, and
   * a link to one is reported as what it is.
   */
  drafts?: Draft[];
  /**
   * Content files that could not be read (front matter that does not parse, not text): each stands in with the
   * route its file name gives, so a build reports the rest of the site's problems in the same run.
   */
  unreadSources?: Source[];
  /**
   * The last commit of each doc and post (by file) where the config shows last updates: git's committer time in
   * seconds and the author's name. Absent when no section shows them.
   */
  lastUpdates?: Record<string, { at: number; by: string }>;
}

/** A content file marked `draft: true`, which a production build leaves out. */
export interface Draft {
  kind: ContentKind;
  id: string;
  file: string;
  path: string;
}

/** Everything a theme's page component receives. */
export interface PageProps {
  site: Site;
  route: Route;
  /** The page's content, ready to place (MDX component output or trusted compiled HTML). */
  content: unknown;
  /** `production` adds analytics; `development` never does. */
  mode: 'production' | 'development';
  /** Island name → module URL, for the client's island loader. */
  islands: Record<string, string>;
  /**
   * Renders an element to HTML (the render stage's `renderToString`), for parts many pages share, which a
   * theme may render once and reuse. Absent: render everything per page.
   */
  renderShared?: (element: unknown) => string;
  /**
   * The head a page's own code asks for, filled while its body renders (React pages, and pages using the project's
   * modules): the title and description of its `<Layout title description>` (Docusaurus's `@theme/Layout`), and
   * what `@docusaurus/Head` holds, a whole title and tags; the render then writes the document's head with it.
   */
  head?: {
    title?: string;
    description?: string;
    wholeTitle?: string;
    tags?: HeadTag[];
    /** Whether the page's code drew `@theme/Layout` (set by it); a React page without it is drawn `bare`. */
    layout?: boolean;
    /** Its Layout's `wrapperClassName` and `noFooter`: classes of the content's wrapper, no footer (React pages). */
    wrapperClassName?: string;
    noFooter?: boolean;
    /** The page is drawn without the theme's chrome (no navbar, no footer): its own code is the whole body. */
    bare?: boolean;
    /** Attributes `<Head>` gives the document's `<html>` and `<body>` (HTML names; `class` added to the theme's). */
    html?: Record<string, string>;
    body?: Record<string, string>;
  };
  /**
   * What a list of posts shows of a blog post (by its compiled index), drawn as its page draws it: its content up to
   * its truncate marker, or, where the site lists untruncated posts whole (`blog.untruncatedInList`), all of a post
   * without one (`whole`). Undefined where the list shows the description instead: a post without a marker on
   * other sites, and a cut post whose content is code (MDX with its own logic).
   */
  excerpt?: (compiledIndex: number) => { content: unknown; whole: boolean } | undefined;
  /**
   * A code block drawn as a fenced block with this language and meta is drawn (src/highlight/), as a React element:
   * for Docusaurus's `@theme/CodeBlock` in a project's own code, whose text is known only as it renders. Absent in
   * the browser, where the server's markup is kept.
   */
  codeBlock?: (code: string, language: string, meta: string) => unknown;
}

/** A gap in a data file (Theme.dataWarnings): where, what is missing, and what to do. */
export interface DataGap {
  keyPath: string;
  message: string;
  hint: string;
}

/** A theme: the page component and the components MDX gets without imports. */
export interface Theme {
  name: string;
  /** Renders the `<body>` contents of a page. */
  Page: (props: PageProps) => unknown;
  /** MDX components by name. */
  components: Record<string, unknown>;
  /**
   * Modules a project's own code may import from the theme, by name (`@theme/Layout`, `@docusaurus/Link`): the
   * Docusaurus modules the theme stands in for. Any other such import is refused where it is written (Q039).
   */
  modules?: Record<string, Record<string, unknown>>;
  /** A stylesheet (path from quire's folder) every page that runs the project's own code gets first in its CSS. */
  moduleStyles?: string;
  /**
   * For the project's components that run in the browser (paths from quire's folder): the file exporting the
   * modules above for the browser (`docusaurusModules`), and the island file that mounts a component
   * (`mountProject`, `svgComponent`).
   */
  moduleSources?: { modules: string; island: string };
  /** The plain data the theme's modules read in the browser, carried by each island of the project's code. */
  moduleSite?: (site: Site) => unknown;
  /** What each component takes, checked where it is used (see ComponentContract); a component without one is not checked. */
  contracts?: Record<string, ComponentContract>;
  /** Every UI message id the theme shows; the build warns of one that no catalogue has (Q091). */
  messageIds?: readonly string[];
  /** The JSON Schema of each data file its components read (`content/data/<name>.json`), checked by the build (Q090). */
  dataSchemas?: Record<string, object>;
  /**
   * Fields of a data file the site builds without but must not go live without (the company file's legal
   * details): for each file, the gaps in its data, each a warning (Q090) at its place.
   */
  dataWarnings?: Record<string, (data: unknown) => DataGap[]>;
  /**
   * Files many pages refer to instead of each carrying a copy (the search settings), as paths under the
   * base path with their text; written once per build. Their names should change with their text (see
   * src/shared/hash.ts), so browsers can keep them.
   */
  sharedFiles?: (site: Site) => SharedFile[];
}

/** A file of the theme's, written once per build beside the pages (see Theme.sharedFiles). */
export interface SharedFile {
  /** Path under the base path: `_quire/search.0123abcd4567ef89.json`. */
  file: string;
  contents: string;
}

/**
 * Where a build is inside its long steps: sources compiled (from the cache or anew), pages written or kept
 * (render and emit run interleaved), and then the search index being finished after the last page.
 */
export type BuildProgress = { step: 'compile' | 'render'; done: number; total: number } | { step: 'search' };
