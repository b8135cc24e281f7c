import { REDIRECT_FROM } from '../shared/route-match.ts';
import * as z from 'zod';
import { isCodeTheme, type CodeTheme } from '../shared/code-theme.ts';

/**
 * The site configuration: `site.config.ts` default-exports a `UserConfig`; `loadConfig` validates it
 * against this schema and fills the defaults, giving a `SiteConfig`.
 */

const linkFields = {
  label: z.string().min(1),
  /** Internal site path without the base path, e.g. `/docs/usage/`. */
  to: z.string().startsWith('/').optional(),
  /** External URL. */
  href: z.string().min(1).optional(),
  /** Hidden unless `flags[flag]` is true. */
  flag: z.string().optional(),
  /** Stable hook for the client (header script) and styles. */
  id: z.string().optional(),
  className: z.string().optional(),
  /** Where the link opens (`_self`, `_blank`); unset, an external link opens in a new tab. */
  target: z.string().optional(),
  /**
   * The label is said, not shown (`aria-label`): the link shows what its class draws, an icon of the project's
   * stylesheet (a Docusaurus navbar item with an `aria-label` and no `label`, the GitHub link of many sites).
   */
  labelHidden: z.boolean().optional(),
  /**
   * The link leads to a doc found at plan time (a Docusaurus navbar item of type `doc` or `docSidebar`):
   * plan sets `to` to that doc's page, or reports the id that names no doc.
   */
  doc: z
    .object({
      id: z.string().optional(),
      sidebar: z.string().optional(),
      /** The docs instance the id or sidebar is in (Docusaurus's `docsPluginId`, see `docs.instances`); none: the site's docs. */
      instance: z.string().optional(),
    })
    .optional(),
};
const oneTarget = (v: { to?: string; href?: string; doc?: object }) =>
  (v.doc !== undefined && v.href === undefined) || (v.to === undefined) !== (v.href === undefined);
const oneTargetMessage = { message: 'give exactly one of "to" (internal path) or "href" (external URL)' };
const linkTarget = z.object(linkFields).refine(oneTarget, oneTargetMessage);
/**
 * A link of the navbar or its dropdowns: it may show HTML of the config author's as its content instead of its
 * label (a Docusaurus navbar link's `html`; the label is what messages call it). Its URLs pass the URL policy, its
 * tags must close.
 */
const navLinkFields = { ...linkFields, html: z.string().min(1).optional() };
const navLinkTarget = z.object(navLinkFields).refine(oneTarget, oneTargetMessage);
/** Trusted HTML from the config author, shown as a footer column's item; its URLs pass the URL policy. */
const footerHtml = z.object({ html: z.string().min(1) }).strict();
/** Which end of the navbar an item sits at; by default links and menus on the left, the rest on the right. */
const position = { position: z.enum(['left', 'right']).optional() };
const linkItem = z.object({ type: z.literal('link'), ...navLinkFields, ...position }).refine(oneTarget, oneTargetMessage);
const dropdownItem = z.object({
  type: z.literal('dropdown'),
  ...position,
  label: z.string().min(1),
  flag: z.string().optional(),
  /** On the dropdown's toggle, as Docusaurus puts it on its link, for the project's CSS. */
  className: z.string().optional(),
  items: z.array(navLinkTarget).min(1),
});
const simpleItem = <T extends string>(type: T) =>
  z.object({ type: z.literal(type), label: z.string().optional(), flag: z.string().optional(), ...position });
/** A locale or version dropdown, with links of the config's own before and after its entries. */
const menuItem = <T extends string>(type: T) =>
  simpleItem(type).extend({ itemsBefore: z.array(navLinkTarget).default([]), itemsAfter: z.array(navLinkTarget).default([]) });

/**
 * HTML of the config author's as an item of the bar (a Docusaurus navbar's `type: 'html'`: an icon link, a badge),
 * written as given, `className` on its item; its URLs pass the URL policy and its tags must close.
 */
const htmlItem = z.object({
  type: z.literal('html'),
  value: z.string().min(1),
  className: z.string().optional(),
  flag: z.string().optional(),
  ...position,
});

export const NAV_ITEM_TYPES = ['link', 'dropdown', 'locale', 'docsVersion', 'search', 'profile', 'premiumTag', 'proTag', 'html'] as const;

const navItem = z.discriminatedUnion('type', [
  linkItem,
  dropdownItem,
  menuItem('locale'),
  menuItem('docsVersion').extend({
    /** The bar says what its label is (`Version: Next`); off, it shows the version's label alone, as Docusaurus does. */
    labelPrefix: z.boolean().default(true),
  }),
  simpleItem('search'),
  simpleItem('profile'),
  z.object({ type: z.literal('premiumTag'), label: z.string(), to: z.string().startsWith('/'), flag: z.string().optional(), ...position }),
  z.object({ type: z.literal('proTag'), label: z.string(), to: z.string().startsWith('/'), flag: z.string().optional(), ...position }),
  htmlItem,
]);

/**
 * The "Edit this page" link and the last-update line of docs and blog posts (Docusaurus's `editUrl`,
 * `showLastUpdateTime`, `showLastUpdateAuthor`). Off unless configured.
 */
const editAndUpdate = {
  /**
   * The address a page's file path (relative to the project) is joined to for its "Edit this page" link:
   * `https://github.com/org/repo/edit/main/` gives `…/edit/main/docs/intro.md`. Front matter `custom_edit_url`
   * overrides it for one page (null: no link).
   */
  editUrl: z.url({ protocol: /^https?$/ }).optional(),
  /**
   * Each page's edit address by its file (relative to the project), where a Docusaurus config gives `editUrl` as a
   * function: the config stage calls it once per file; null for a file it gives no address.
   */
  editUrls: z.record(z.string(), z.url({ protocol: /^https?$/ }).nullable()).optional(),
  /** Show when each page was last changed, from git (front matter `last_update.date` overrides). */
  showLastUpdateTime: z.boolean().default(false),
  /** Show who last changed each page, from git (front matter `last_update.author` overrides). */
  showLastUpdateAuthor: z.boolean().default(false),
};

/** Docusaurus's default `exclude` of the docs and blog plugins: partials, and test files kept beside the content. */
const DEFAULT_EXCLUDE = ['**/_*.{js,jsx,ts,tsx,md,mdx}', '**/_*/**', '**/*.test.{js,jsx,ts,tsx}', '**/__tests__/**'];

/** Which files of a content folder are pages (Docusaurus's `include` and `exclude` globs, relative to the folder). */
const contentFiles = z
  .object({
    include: z.array(z.string().min(1)).default(['**/*.{md,mdx}']),
    exclude: z.array(z.string()).default(DEFAULT_EXCLUDE),
  })
  .prefault({});

/** One version of the docs: where its files are, where it is served and how its pages say which it is. */
const docsVersion = z.object({
  name: z.string().min(1),
  label: z.string().min(1),
  /** Its folder under the docs' route base: '' for the version served there (the last one). */
  path: z.string(),
  /** Its docs folder, relative to the project. */
  dir: z.string(),
  /** Its sidebar file, relative to the project; null: the autogenerated sidebar. */
  sidebarPath: z.string().nullable(),
  /** The note above each doc: a version not yet released, or one no longer maintained (with a link to the last). */
  banner: z.enum(['none', 'unreleased', 'unmaintained']).default('none'),
  /** A "Version: <label>" badge on its docs pages. */
  badge: z.boolean().default(false),
  /** Its pages ask search engines not to index them and stay out of the sitemap. */
  noIndex: z.boolean().default(false),
  /** The version served at the docs' route base; its pages alone are in the search index. */
  isLast: z.boolean().default(false),
});

/**
 * A docs set besides the site's docs (a Docusaurus `@docusaurus/plugin-content-docs` given in `plugins` with an `id`,
 * https://docusaurus.io/docs/docs-multi-instance): its own folder (`layout.docsInstances`), sidebars, doc ids, tags and
 * route base. One version, its folder's.
 */
const docsInstance = z.object({
  id: z.string().min(1),
  routeBasePath: z.string(),
  /** Its sidebar file, relative to the project; null, or a missing file: the autogenerated sidebar. */
  sidebarPath: z.string().nullable().default(null),
  /** No sidebar at all (Docusaurus's `sidebarPath: false`). */
  noSidebar: z.boolean().default(false),
  /** Categories start closed; unset: as the site's docs. */
  sidebarCollapsed: z.boolean().optional(),
  ...editAndUpdate,
});

const localeConfig = z.object({
  label: z.string().optional(),
  direction: z.enum(['ltr', 'rtl']).optional(),
  htmlLang: z.string().optional(),
  calendar: z.string().optional(),
  /** The folder of the locale's translations under a Docusaurus project's `i18n/` (its code by default); not a URL. */
  path: z.string().optional(),
  /**
   * The base path of the locale's site (Docusaurus 3.9's `localeConfigs.<locale>.baseUrl`); by default the site's
   * base path for the default locale, and `<base><code>/` for the others.
   */
  baseUrl: z
    .string()
    .regex(/^\/(.*\/)?$/, 'expected a base path that starts and ends with "/", e.g. "/fr/"')
    .optional(),
});

/** Consent categories the banner offers; `necessary` needs no consent and is always on. */
export const CONSENT_CATEGORIES = ['necessary', 'statistics', 'marketing'] as const;

/** A redirect's extension as Docusaurus accepts it: a name alone, without a dot or a slash, safe in a URL. */
const redirectExtension = z.string().refine((s) => s !== '' && !s.includes('.') && !s.includes('/') && encodeURIComponent(s) === s, {
  message: 'expected an extension without a dot or a slash, such as "html"',
});

const redirectFrom = z.string().regex(REDIRECT_FROM, 'expected a site path such as "/docs/old-page", without "?", "#" or ".." segments');

const isoDate = z.string().refine((s) => !Number.isNaN(Date.parse(s)), { message: 'expected an ISO date such as 2025-05-06T16:00:00Z' });

export const configSchema = z
  .object({
    title: z.string().min(1),
    /**
     * Where this config was read from (set by quire as it reads the file, not written in it): the file, and for a
     * Docusaurus project the key each mapped setting came from, so diagnostics name the file and key a writer knows
     * (src/shared/config-place.ts).
     */
    configSource: z.object({ file: z.string(), keys: z.record(z.string(), z.string()).default({}) }).optional(),
    /** Between a page's title and the site's in the window title (`Install | Bilingo`), as Docusaurus's `titleDelimiter`. */
    titleDelimiter: z.string().default('|'),
    /**
     * The title a shared page's card shows (`og:title`): the page's own (`page`: `Install`, the site's name is in
     * `og:site_name`), or the window title (`window`: `Install | Bilingo`), as Docusaurus writes it.
     */
    socialTitle: z.enum(['page', 'window']).default('page'),
    /**
     * The description of a page that has none of its own (a React page, the not-found page, a tag list): the
     * tagline (`tagline`; the search page has the theme's text), or none (`none`, as Docusaurus writes such pages,
     * the search page too).
     */
    descriptionFallback: z.enum(['tagline', 'none']).default('tagline'),
    /**
     * Whether the not-found page shows a way on below its text: a search form, the first docs of the sidebar and a
     * button to the home page. Off, it has its title and two sentences only, as Docusaurus's theme draws it.
     */
    notFoundWayOn: z.boolean().default(true),
    /**
     * Whether the not-found page names its own address (`/404.html`) as canonical and `og:url`, as Docusaurus writes
     * them on every page. Off, it has neither: hosts answer a missing address with status 404, which keeps it out of
     * search engines anyway.
     */
    notFoundCanonical: z.boolean().default(false),
    /**
     * The not-found page's title: its own with the site's (`page`: `Page Not Found | Bilingo`), or the site's alone
     * (`site`, as a Docusaurus project whose docs are at the site's root has it: there the docs plugin draws it).
     */
    notFoundTitle: z.enum(['page', 'site']).default('page'),
    /**
     * Whether a Markdown page of the pages folder (not a React page) shows its table of contents beside it on wide
     * screens, as Docusaurus's MDX page draws one (none on narrow screens, none when the page hides it or has no
     * headings in its levels). On for a Docusaurus project.
     */
    pagesToc: z.boolean().default(false),
    tagline: z.string().default(''),
    /** Values a project's own React code reads (`useDocusaurusContext().siteConfig.customFields`), as in Docusaurus. */
    customFields: z.record(z.string(), z.unknown()).default({}),
    /**
     * The project's stylesheets (project-relative), bundled after the theme's into the one stylesheet every page
     * loads (a Docusaurus config's `theme.customCss`): their `url(/…)` are site paths, their relative URLs and
     * `@import`s are bundled. Infima's `--ifm-color-primary` set there colours the theme's primary colour too.
     */
    styles: z.array(z.string().min(1)).default([]),
    /**
     * The theme's stand-ins for Infima's classes (Theme.moduleStyles) in the stylesheet every page loads, between the
     * theme's and the project's `styles`, as Docusaurus loads Infima before a project's CSS, which restyles them (a
     * Docusaurus project's). Off: only pages running the project's own code get them, first in their own CSS.
     */
    infimaStyles: z.boolean().default(false),
    /**
     * The project's own theme components by module name (`DocItem/Layout` → `src/theme/DocItem/Layout.js`): the
     * project's code importing `@theme/<name>` gets its file, and `@theme-original/<name>` the theme's module (a
     * Docusaurus project's `src/theme/`).
     */
    themeComponents: z.record(z.string(), z.string().min(1)).default({}),
    /**
     * The components every MDX page may use without an import, by name (a Docusaurus project's
     * `src/theme/MDXComponents`, read by src/config/mdx-components.ts): each from a theme module (`source` and its
     * export `name`), imported into the page as if it were written there, or from that module's own export by its name.
     */
    mdxComponents: z.record(z.string(), z.object({ source: z.string().optional(), name: z.string().optional() })).default({}),
    /**
     * Tags every page's head carries after the theme's stylesheet (a Docusaurus config's `stylesheets`, `scripts`
     * and `headTags`): a `<link>` (a stylesheet, say), a `<meta>`, or a `<script>` loaded from `src`. Their URLs pass
     * the URL policy (Q064); nothing inline.
     */
    headTags: z
      .array(
        z.object({
          tagName: z.enum(['link', 'meta', 'script']),
          attributes: z.record(z.string(), z.union([z.string(), z.boolean()])),
          /**
           * A site-wide default the page's own tag of the same name or property replaces (a Docusaurus config's
           * `themeConfig.metadata`, which react-helmet writes before the page's description, keywords and title).
           */
          pageWins: z.boolean().optional(),
          /**
           * The JSON of a `<script type="application/ld+json">` (a Docusaurus head tag's `innerHTML`), written into
           * the tag with `<` escaped; the one inline content a head tag may have.
           */
          json: z.string().optional(),
        }),
      )
      .default([]),
    /** Origin of the production site, no trailing slash: `https://www.bilingo.app`. */
    url: z.url().transform((u) => u.replace(/\/+$/, '')),
    /** Base path of this locale's site; starts and ends with `/`. */
    baseUrl: z.string().regex(/^\/([\w.-]+\/)*$/, 'expected a path that starts and ends with "/", e.g. "/de/"'),
    trailingSlash: z.literal(true).default(true),
    /**
     * How a relative link in content (`[b](./b)`) resolves: against the page's address with its trailing slash
     * (`slash`: `./b` on `/a/page/` is `/a/page/b/`), or without it (`noSlash`: `/a/b/`), as links written for
     * Docusaurus's default addresses (its `trailingSlash` unset or false) mean it.
     */
    relativeUrls: z.enum(['slash', 'noSlash']).default('slash'),
    /**
     * How a page's absolute address is written where the site names it (canonical link, `og:url`, hreflang links,
     * sitemap, feeds, structured data): as its route, with the trailing slash (`slash`), or as a Docusaurus project's
     * permalinks with `trailingSlash` unset (`noSlash`: `/docs/intro`; an index doc keeps its slash), so a project
     * moved to quire keeps the addresses search engines know. Hosts serve the page's `index.html` at both.
     */
    absoluteUrls: z.enum(['slash', 'noSlash']).default('slash'),
    /** The site's icon (`<link rel="icon">`), a file in static/; without it browsers ask for /favicon.ico. */
    favicon: z.string().optional(),
    /** The social card of every page without its own (`og:image`): a PNG or JPEG in static/, ideally 1200 × 630. */
    image: z.string().optional(),
    /**
     * Redirect pages: for each `from` address a small page that sends the visitor on to `to` (Docusaurus's
     * plugin-client-redirects, https://docusaurus.io/docs/api/plugins/@docusaurus/plugin-client-redirects):
     * `fromExtensions` (`['html']`: `/docs/intro.html` leads to `/docs/intro/`), `toExtensions` (a page whose path
     * ends in one is reached without it) and `rules`, each one or more `from` paths to one `to`, a site path or an
     * absolute URL. Paths are site paths, without the base path.
     */
    redirects: z
      .object({
        fromExtensions: z.array(redirectExtension).default([]),
        toExtensions: z.array(redirectExtension).default([]),
        rules: z
          .array(
            z.object({
              from: z.union([redirectFrom, z.array(redirectFrom).min(1)]),
              to: z.string().min(1),
            }),
          )
          .default([]),
      })
      .optional(),
    /** What the social card shows, for readers who cannot see it (`og:image:alt`). */
    imageAlt: z.string().optional(),
    product: z.object({
      name: z.string().min(1),
      /** Lower-case id used in cookie and storage names: `{slug}_token`. */
      slug: z.string().regex(/^[a-z][a-z0-9_-]*$/, 'expected a lower-case slug such as "bilingo"'),
    }),
    i18n: z.object({
      defaultLocale: z.string(),
      currentLocale: z.string(),
      locales: z.array(z.string()).min(1),
      localeConfigs: z.record(z.string(), localeConfig).default({}),
      /** Locale the files in content/ are written in; default `currentLocale` as configured (kept when `--locale` switches). */
      contentLocale: z.string().optional(),
    }),
    docs: z
      .object({
        routeBasePath: z.string().default('docs'),
        /** The doc at the docs root, which must exist; null: none is required (Docusaurus needs none). */
        mainDocId: z.string().nullable().default('index'),
        /** null, or a missing file: the autogenerated sidebar. */
        sidebarPath: z.string().nullable().default('content/sidebars.ts'),
        /** No sidebar at all (Docusaurus's `sidebarPath: false`). */
        noSidebar: z.boolean().default(false),
        /** Categories start closed (Docusaurus's `sidebarCollapsed`); a category's own `collapsed` wins. */
        sidebarCollapsed: z.boolean().default(true),
        version: z.object({ name: z.string().default('current'), label: z.string().default('Next') }).prefault({}),
        /**
         * Versioned docs (a Docusaurus project's `versions.json`), in the dropdown's order: current first, then the
         * newest to the oldest. Empty: the one version above, read from `layout.docs` with `sidebarPath`.
         */
        versions: z.array(docsVersion).default([]),
        toc: z
          .object({
            minHeadingLevel: z.number().int().min(2).max(6).default(2),
            maxHeadingLevel: z.number().int().min(2).max(6).default(3),
          })
          .prefault({})
          .refine((t) => t.minHeadingLevel <= t.maxHeadingLevel, { message: 'minHeadingLevel must not exceed maxHeadingLevel' }),
        breadcrumbs: z.boolean().default(true),
        /**
         * How a doc's breadcrumbs describe its place to search engines: schema.org microdata on the breadcrumbs
         * themselves (`microdata`, as Docusaurus 3.0–3.9 writes them), or a JSON-LD `BreadcrumbList` in the head
         * (`jsonLd`, as Docusaurus 3.10 writes it: the linked crumbs only, the current doc's included).
         */
        breadcrumbsData: z.enum(['microdata', 'jsonLd']).default('microdata'),
        /** Sidebars with more items than this render only the open branch; the rest loads on expand. */
        largeSidebarThreshold: z.number().int().positive().default(300),
        /** How visitors may fold the docs sidebar (Docusaurus's `themeConfig.docs.sidebar`). */
        sidebar: z
          .object({
            /**
             * A button at the sidebar's foot hides it on wide screens, leaving a slim bar that brings it back; the
             * choice holds for the browser tab's session. Phones' menu is unaffected. Default false.
             */
            hideable: z.boolean().default(false),
            /** Opening a category closes its open sibling categories. Default false. */
            autoCollapseCategories: z.boolean().default(false),
          })
          .prefault({}),
        /** Docusaurus's docs tag pages (`/docs/tags/`, one per tag); on for a Docusaurus project. */
        tagPages: z.boolean().default(false),
        ...editAndUpdate,
        /** Docs of an older version link to the current docs folder's file for editing (Docusaurus's `editCurrentVersion`). */
        editCurrentVersion: z.boolean().default(false),
        /** Other docs sets, each with its folder in `layout.docsInstances` (same id). */
        instances: z.array(docsInstance).default([]),
      })
      .prefault({}),
    blog: z
      .object({
        enabled: z.boolean().default(true),
        routeBasePath: z.string().default('blog'),
        title: z.string().default('Blog'),
        /**
         * The blog list's description, for its meta description (Docusaurus's `blogDescription`). Without it the
         * theme's text (`blog.list.description`) is the description and is shown under the title.
         */
        description: z.string().optional(),
        /**
         * The blog list's title as its heading: shown (`shown`), or for screen readers only (`hidden`, a Docusaurus
         * project's: its list pages show the posts alone).
         */
        listTitle: z.enum(['shown', 'hidden']).default('shown'),
        /**
         * How a list of posts shows a post without a truncate marker: by its description and a link to read on
         * (`description`), or whole, as Docusaurus lists it (`whole`, a Docusaurus project's).
         */
        untruncatedInList: z.enum(['description', 'whole']).default('description'),
        /**
         * How a post and a list of posts show the post's authors: a line "by A, B" under the title (`byline`), or each
         * author with their photo, title and profiles (`cards`, a Docusaurus project's, as its theme draws them).
         */
        postAuthors: z.enum(['byline', 'cards']).default('byline'),
        /**
         * A post's head names its date, its authors' addresses and its tags for Open Graph
         * (`article:published_time`, `article:author`, `article:tag`), as Docusaurus's theme writes them.
         */
        articleMeta: z.boolean().default(false),
        /**
         * A post's head describes it for search engines as schema.org's `BlogPosting` (title, description, date and
         * time, authors, card, keywords, the blog it is part of), each page of the blog's list as the `Blog` with its
         * posts, in JSON-LD, as Docusaurus's blog writes them.
         */
        structuredData: z.boolean().default(true),
        /** A post dated by its file name and without a slug is at `/<blog>/YYYY/MM/DD/<name>/`, as in Docusaurus. */
        datePaths: z.boolean().default(false),
        /**
         * Posts on each page of the blog's list, its tag pages and its author pages; the pages after the first are at
         * `<list>/<pageBasePath>/2/` and on (Docusaurus's `postsPerPage` and `pageBasePath`).
         */
        postsPerPage: z.union([z.literal('ALL'), z.number().int().min(1)]).default('ALL'),
        pageBasePath: z
          .string()
          .regex(/^[^/?#\s]+$/, 'expected one path segment such as "page"')
          .default('page'),
        sidebarCount: z.union([z.literal('ALL'), z.number().int().min(0)]).default('ALL'),
        /** Each post's reading time beside its date, in the post and the list (Docusaurus's `showReadingTime`). */
        showReadingTime: z.boolean().default(false),
        /** The blog sidebar's heading (Docusaurus's `blogSidebarTitle`); without it the theme's "recent posts" text. */
        sidebarTitle: z.string().min(1).optional(),
        /** The blog sidebar's posts under a heading for each year (Docusaurus's `themeConfig.blog.sidebar.groupByYear`). */
        sidebarGroupByYear: z.boolean().default(false),
        /** A table of contents beside each post (and above it on small screens), as Docusaurus's theme draws one. */
        toc: z.boolean().default(false),
        /**
         * A post without a truncate marker, which a list of posts shows by its description or whole (see
         * `untruncatedInList`; Docusaurus's `onUntruncatedBlogPosts`): named in one warning, an error, or nothing.
         */
        onUntruncatedPosts: z.enum(['ignore', 'warn', 'throw']).default('ignore'),
        /** A post naming an author inline, not by a key of the authors file (Docusaurus's `onInlineAuthors`). */
        onInlineAuthors: z.enum(['ignore', 'warn', 'throw']).default('ignore'),
        /** Docusaurus's blog listings (tag pages, author pages, the archive); on for a Docusaurus project. */
        listings: z.boolean().default(false),
        /**
         * The blog's list page is written even when the blog has no post (an empty list): Docusaurus's blog plugin,
         * on in its classic preset, writes `/blog/` without a blog folder. Off: no list page without posts.
         */
        listWithoutPosts: z.boolean().default(false),
        ...editAndUpdate,
        /** The blog's feeds (Docusaurus's `feedOptions`): which formats, how many posts, and their texts. */
        feed: z
          .object({
            types: z.array(z.enum(['rss', 'atom', 'json'])).default([]),
            /** The newest posts a feed holds; null for all. */
            limit: z.number().int().positive().nullable().default(20),
            /**
             * Announce the feeds (`<link rel="alternate">`) in every page's head, as Docusaurus's blog plugin does
             * (a Docusaurus project's); else in the blog's pages only.
             */
            everyPage: z.boolean().default(false),
            title: z.string().optional(),
            description: z.string().optional(),
            copyright: z.string().optional(),
            language: z.string().optional(),
          })
          .prefault({}),
      })
      .prefault({}),
    navbar: z.object({
      title: z.string().optional(),
      /** Drawn at `width` × `height` pixels; a `width` of null keeps the image's proportions at that height. */
      logo: z
        .object({ src: z.string(), alt: z.string(), width: z.number().nullable().default(32), height: z.number().default(32) })
        .optional(),
      hideOnScroll: z.boolean().default(false),
      items: z.array(navItem),
    }),
    footer: z
      .object({
        /** Columns of links; an item may be HTML of the config author's instead (a Docusaurus footer's `html` item). */
        links: z.array(z.object({ title: z.string(), items: z.array(z.union([linkTarget, footerHtml])) })).default([]),
        /** A logo above the copyright (a Docusaurus footer's `logo`): a file in static/, linked where `href` says. */
        logo: z
          .object({
            src: z.string(),
            alt: z.string().default(''),
            href: z.string().min(1).optional(),
            width: z.number().optional(),
            height: z.number().optional(),
          })
          .optional(),
        social: z.array(linkTarget).default([]),
        appStores: z.array(z.object({ label: z.string(), url: z.url() })).default([]),
        currencies: z.boolean().default(true),
        /** HTML, as Docusaurus's (links, paragraphs): held to the URL policy, every tag it opens closed. */
        copyright: z.string().default(''),
        /**
         * The footer's colours (a Docusaurus footer's `style`): `dark` the theme's dark band, `light` the page's own
         * surface; both also give Infima's class (`footer--dark`, `footer--light`) for the project's CSS. Absent: the
         * dark band without a class.
         */
        style: z.enum(['dark', 'light']).optional(),
      })
      .prefault({}),
    announcementBar: z
      .object({
        id: z.string().default('announcement-bar'),
        /** Trusted HTML from the config author. */
        content: z.string(),
        backgroundColor: z.string().default('#fff'),
        textColor: z.string().default('#000'),
        isCloseable: z.boolean().default(true),
      })
      .nullable()
      .default(null),
    colorMode: z
      .object({
        defaultMode: z.enum(['light', 'dark']).default('light'),
        disableSwitch: z.boolean().default(false),
        respectPrefersColorScheme: z.boolean().default(false),
      })
      .prefault({}),
    /**
     * Code colours (a Docusaurus project's `themeConfig.prism.theme` and `darkTheme`: prism-react-renderer themes);
     * without them the site theme's own colours.
     */
    codeTheme: z
      .object({ light: z.custom<CodeTheme>(isCodeTheme).optional(), dark: z.custom<CodeTheme>(isCodeTheme).optional() })
      .optional(),
    flags: z.record(z.string(), z.boolean()).default({}),
    search: z
      .object({
        provider: z.enum(['local', 'hosted']).default('local'),
        placeholder: z.string().optional(),
        contextualSearch: z.boolean().default(true),
        hosted: z.object({ appId: z.string(), apiKey: z.string(), indexName: z.string(), host: z.url().optional() }).optional(),
        /**
         * Publish `opensearch.xml` (an OpenSearch description of the search page, `search/?q=…`) and name it in every
         * page's head, so browsers offer the site's search in their address bar; Docusaurus's Algolia search does so.
         */
        openSearch: z.boolean().default(false),
        /**
         * The docs pages' search tag is `<prefix><version>` (`docs-current`), the `docusaurus_tag` facet contextual
         * search filters on. A Docusaurus project with Algolia's search has Docusaurus's, `docs-default-`: its index,
         * crawled from Docusaurus's pages, holds `docusaurus_tag:docs-default-current`.
         */
        docsTagPrefix: z
          .string()
          .regex(/^[\w-]*$/, 'expected letters, digits, `_` and `-` only, such as "docs-"')
          .default('docs-'),
      })
      .prefault({})
      .refine((s) => s.provider !== 'hosted' || s.hosted !== undefined, {
        message: 'provider "hosted" needs search.hosted { appId, apiKey, indexName }',
      }),
    analytics: z
      .object({
        gtmContainerId: z
          .string()
          .regex(/^GTM-[A-Z0-9]+$/, 'expected a container id such as "GTM-ABC123"')
          .optional(),
        /** Where the container is loaded from (`<origin>/gtm.js?id=…`); a proxy or a test's fake host. */
        gtmOrigin: z
          .url({ protocol: /^https?$/ })
          .default('https://www.googletagmanager.com')
          .transform((u) => u.replace(/\/+$/, '')),
      })
      .prefault({}),
    /**
     * The consent banner (§ 25 TDDDG): what asks for consent, by category, and the services each runs. Nothing
     * that needs consent (the tag manager) loads before the visitor has chosen; a new `version` asks again.
     * Without it there is no banner, and the tag manager never loads.
     */
    consent: z
      .object({
        version: z.union([z.string().min(1), z.number()]).transform(String),
        categories: z
          .array(
            z.object({
              id: z.enum(CONSENT_CATEGORIES),
              services: z
                .array(
                  z.object({
                    name: z.string().min(1),
                    provider: z.string().optional(),
                    purpose: z.string().optional(),
                    cookies: z.array(z.string()).default([]),
                  }),
                )
                .default([]),
            }),
          )
          .refine((cs) => cs.some((c) => c.id === 'necessary'), {
            message: 'the category "necessary" is required (what the site needs to work)',
          })
          .refine((cs) => new Set(cs.map((c) => c.id)).size === cs.length, { message: 'each category id may appear once' }),
      })
      .optional(),
    /** Legal pages: where the cancellation form (§ 312k BGB, /kuendigen/) sends its JSON; README "Going live in Germany". */
    legal: z
      .object({
        cancellationUrl: z
          .string()
          .regex(/^(https?:\/\/|\/)/, 'expected an absolute URL or a site path such as "/api/cancel"')
          .optional(),
        /** How long the form waits for the endpoint before saying the cancellation was not received. */
        cancellationTimeoutMs: z.number().int().min(1000).default(15000),
      })
      .prefault({}),
    header: z
      .object({
        startDelayMs: z.number().int().min(0).default(1200),
        pollMs: z.number().int().min(100).default(1000),
        mobileBreakpoint: z.number().int().default(997),
        signInUrl: z.string().default('/profile/'),
        /** localStorage key of the user info JSON; default `{product.slug}_user_info`. */
        userInfoKey: z.string().optional(),
      })
      .prefault({}),
    promotions: z
      .object({
        banner: z
          .object({ start: isoDate, end: isoDate, locales: z.array(z.string()), content: z.string(), href: z.string().optional() })
          .optional(),
        manga: z
          .object({
            start: isoDate,
            end: isoDate,
            claimUrl: z.string(),
            days: z.number().int().positive().default(3),
            extensionAttribute: z.string().default('data-bilingo-extension'),
          })
          .optional(),
        minChromeVersion: z.number().int().positive().default(88),
      })
      .prefault({}),
    /**
     * Where the project keeps each part, relative to the project folder (a locale folder may be absolute: a
     * Docusaurus project uses quire's own interface texts). quire's layout by default; the Docusaurus config
     * loader (config/docusaurus.ts) gives a Docusaurus project's, so no later stage knows where a config came from.
     * `null`: the project has no such part.
     */
    layout: z
      .object({
        docs: z.string().default('content/docs'),
        pages: z.string().nullable().default('content/pages'),
        landing: z.string().nullable().default('content/landing-page'),
        blog: z.string().nullable().default('content/blog'),
        data: z.string().nullable().default('content/data'),
        locales: z.string().default('locales'),
        static: z.string().default('static'),
        /** Blog authors (Docusaurus `authors.yml`) and tags (`tags.yml`), relative to the project; read when present. */
        blogAuthors: z.string().nullable().default(null),
        blogTags: z.string().nullable().default(null),
        /** The docs' tags file (Docusaurus's docs `tags` option, `tags.yml`), relative to the project; read when present. */
        docsTags: z.string().nullable().default(null),
        /**
         * The built locale's translations (a Docusaurus project's `i18n/<locale>/`), relative to the project: its
         * content files replace the originals of the same path, its `code.json` and docs files give texts.
         */
        translations: z.string().nullable().default(null),
        /** Which files of the docs folders (every version's) and of the blog folder are pages. */
        docsFiles: contentFiles,
        blogFiles: contentFiles,
        /**
         * A Docusaurus project's versioned docs: the file that lists the versions (`versions.json`, read with the
         * config), the older versions' docs folders and the folder of their sidebar files; null without versions.
         */
        versioned: z
          .object({ file: z.string(), dirs: z.array(z.string()), sidebars: z.string() })
          .nullable()
          .default(null),
        /**
         * Where each docs instance (`docs.instances`, same id) keeps its files: its docs folder, which of its files are
         * pages, and its tags file (read when present).
         */
        docsInstances: z
          .array(z.object({ id: z.string().min(1), dir: z.string(), files: contentFiles, tags: z.string().nullable().default(null) }))
          .default([]),
      })
      .prefault({}),
    markdown: z
      .object({
        /**
         * How a `.md` file is read (Docusaurus's `markdown.format`): `detect` reads `.md` as CommonMark and `.mdx`
         * as MDX (quire's default, the rule this site's pages were written to); `mdx` reads both as MDX
         * (Docusaurus's default); `md` reads both as CommonMark.
         */
        format: z.enum(['detect', 'mdx', 'md']).default('detect'),
        /**
         * The description of a page whose front matter gives none: its first paragraph, shortened to 200
         * characters (`paragraph`), or its first line of text as Docusaurus takes it (`firstLine`, see
         * src/compile/excerpt.ts; a Docusaurus project's).
         */
        description: z.enum(['paragraph', 'firstLine']).default('paragraph'),
        /**
         * The title of a page whose front matter gives none: its first `#` heading wherever it stands (`firstHeading`),
         * or only a `#` heading the page begins with, after its `import` lines (`leadingHeading`, as Docusaurus's
         * plugins read a page's metadata title; a Docusaurus project's). Without one a doc is titled by its id's last
         * part and a page has no title of its own (the site's title alone).
         */
        title: z.enum(['firstHeading', 'leadingHeading']).default('firstHeading'),
        /**
         * Markdown links with a scheme (another site, `mailto:`, Docusaurus's `pathname://`) open in a new tab
         * (`target="_blank"`, `rel="noopener noreferrer"`), as Docusaurus's Link opens them; a Docusaurus project's.
         */
        newTabLinks: z.boolean().default(false),
        /**
         * A site path written with the base path in it (`/docs/config` under `baseUrl: '/docs/'`), in a Markdown link
         * or a sidebar `link` item, leads to the page under the base, as Docusaurus's Link never adds the base
         * twice; a Docusaurus project's. Off, such a link is broken (Q060, whose hint says to leave the base out).
         */
        linksMayHaveBase: z.boolean().default(false),
        /**
         * Emoji shortcodes (`:tada:`) become their emoji, as Docusaurus's `markdown.emoji` (on by default there)
         * writes them with remark-emoji; a name it does not know stays as written. A Docusaurus project's.
         */
        emoji: z.boolean().default(false),
        /**
         * `:::tip Title` (a box's title after a space) is read as `:::tip[Title]`, as Docusaurus reads it while its
         * `markdown.mdx1Compat.admonitions` is on. Off (Docusaurus 3.10's `future.v4`), such a line is text, as
         * there, and each one is told (Q036) with the bracket form to write.
         */
        spacedAdmonitionTitles: z.boolean().default(true),
        /**
         * A `<details>` without a `<summary>` gets one with this text, as Docusaurus's `Details` draws it ("Details",
         * in English whatever the locale); a Docusaurus project's. Unset, the browser shows its own summary, in the
         * visitor's language.
         */
        detailsSummary: z.string().min(1).optional(),
        /**
         * The kinds of magic comments in code blocks (a Docusaurus project's `themeConfig.prism.magicComments`): a
         * line that is only such a comment is taken out, and the line after a `line` directive, or the lines between
         * a block's `start` and `end`, get `className` (Docusaurus's `theme-code-block-highlighted-line` is quire's
         * highlighted line); `{1,3}` in a block's meta marks lines with the first kind's class. Unset: the highlight
         * comments (`highlight-next-line`, `highlight-start`, `highlight-end`).
         */
        magicComments: z
          .array(
            z.strictObject({
              className: z.string().min(1),
              line: z.string().min(1).optional(),
              block: z.strictObject({ start: z.string().min(1), end: z.string().min(1) }).optional(),
            }),
          )
          .optional(),
        /**
         * Each Markdown heading h2–h6 ends with a link to itself (`#` on hover, named "Direct link to …" in the site's
         * language), as Docusaurus draws its headings; a Docusaurus project's. Off: headings without links.
         */
        headingLinks: z.boolean().default(false),
        /**
         * How headings get their ids. `quire`: a slug of the heading's whole text, which never takes an id written
         * as `{#id}` on the same page (`## Setup` beside `## Einrichtung {#setup}` becomes `setup-1`).
         * `docusaurus` (a Docusaurus project's), as its MDX loader makes them (remark/headings): slugs are counted
         * among themselves only (both headings are `setup`), and a text directive in the heading counts by its
         * label only (`## lexical:extension` is `lexical`, its text in the table of contents `lexical`), as
         * Docusaurus makes ids before unknown directives go back to text. Links that count on these ids (TypeDoc's
         * generated API pages) reach the heading they reach in Docusaurus.
         */
        headingIds: z.enum(['quire', 'docusaurus']).default('quire'),
        /**
         * Mermaid diagrams (a Docusaurus project's `markdown.mermaid` with `@docusaurus/theme-mermaid`): each `mermaid`
         * code block is a diagram the browser draws with `script`, the project's browser build of `mermaid`
         * (project-relative), published as it is at `published` (under the base path, named by its version) and
         * loaded by the first diagram shown; `theme` names mermaid's theme for each colour mode, `options` go to
         * `mermaid.initialize`. Absent: such blocks are code.
         */
        mermaid: z
          .object({
            script: z.string(),
            published: z.string().regex(/^assets\/[\w.+-]+\.js$/),
            theme: z.object({ light: z.string(), dark: z.string() }),
            options: z.record(z.string(), z.unknown()).default({}),
          })
          .optional(),
        /**
         * Docusaurus's npm2yarn remark plugin, when a Docusaurus config uses it: MDX code blocks with the meta
         * `npm2yarn` are shown as tabs for npm and these package managers; `sync` puts them in one tab group.
         */
        npm2yarn: z
          .object({
            sync: z.boolean().default(false),
            converters: z.array(z.enum(['yarn', 'pnpm', 'bun'])).default(['yarn', 'pnpm', 'bun']),
          })
          .optional(),
        /**
         * A Docusaurus project's own remark and rehype plugins (its classic preset's `docs`, `blog` and `pages`
         * options), run around quire's own in Docusaurus's order. Plugin functions cannot travel to compile workers,
         * so the config stage says where they are: the config file to run again (absolute), the project folder, each
         * entry's key path in the config's value, and `key`, a fingerprint of their code and options for the compile
         * cache (src/compile/project-plugins.ts reads this).
         */
        plugins: z
          .object({
            file: z.string(),
            root: z.string(),
            key: z.string(),
            /** By section: `docs`, `blog`, `pages` (the preset's), `docs@<id>` (another docs plugin instance's). */
            sections: z.record(
              z.string(),
              z.partialRecord(
                z.enum(['beforeDefaultRemarkPlugins', 'remarkPlugins', 'beforeDefaultRehypePlugins', 'rehypePlugins']),
                z.array(z.object({ keyPath: z.string(), name: z.string() })),
              ),
            ),
          })
          .optional(),
      })
      .prefault({}),
    onBrokenLinks: z.enum(['throw', 'warn', 'ignore']).default('throw'),
    onBrokenAnchors: z.enum(['throw', 'warn', 'ignore']).default('warn'),
    /**
     * Two pages at one URL: an error (`throw`), or (Docusaurus's `onDuplicateRoutes`, `warn` by default there) the
     * first page is built and the other left out, with a warning (`warn`) or without (`ignore`).
     */
    onDuplicateRoutes: z.enum(['throw', 'warn', 'ignore']).default('throw'),
    /** A broken link to a `.md`/`.mdx` file, and a broken Markdown image; unset, they follow `onBrokenLinks` (Docusaurus's `markdown.hooks`). */
    onBrokenMarkdownLinks: z.enum(['throw', 'warn', 'ignore']).optional(),
    onBrokenMarkdownImages: z.enum(['throw', 'warn', 'ignore']).optional(),
    /**
     * A missing image the config or a page's front matter names (the icon, a logo, a social card), or an HTML or
     * JSX element of a page loads (`<img src>`, `srcset`); unset, it follows `onBrokenLinks`. Docusaurus checks
     * none of them: a Docusaurus project's are warnings.
     */
    onBrokenSiteImages: z.enum(['throw', 'warn', 'ignore']).optional(),
    /** Bounds on each page's work, so a typo cannot stall a build (Q035; src/limits.ts): seconds to compile or render it, Markdown nesting and markers per paragraph. */
    limits: z
      .object({
        pageTimeout: z.number().positive().max(86_400).default(30),
        maxNesting: z.number().int().min(1).default(100),
        maxInlineMarkers: z.number().int().min(1).default(1000),
      })
      .prefault({}),
  })
  .superRefine((config, ctx) => {
    // Each docs instance has its folder, and each folder its instance.
    const pair = (from: { id: string }[], to: { id: string }[], at: string[], other: string) => {
      const ids = new Set(to.map((d) => d.id));
      from.forEach((d, i) => {
        if (!ids.has(d.id)) ctx.addIssue({ code: 'custom', path: [...at, i, 'id'], message: `no ${other} entry has the id "${d.id}"` });
      });
    };
    pair(config.docs.instances, config.layout.docsInstances, ['docs', 'instances'], 'layout.docsInstances');
    pair(config.layout.docsInstances, config.docs.instances, ['layout', 'docsInstances'], 'docs.instances');
  });

export type UserConfig = z.input<typeof configSchema>;
export type SiteConfig = z.output<typeof configSchema>;
export type NavItem = SiteConfig['navbar']['items'][number];
export type LinkTarget = z.output<typeof linkTarget>;
export type FooterItem = LinkTarget | z.output<typeof footerHtml>;
export type DocsVersion = z.output<typeof docsVersion>;
export type DocsInstance = z.output<typeof docsInstance>;

/**
 * Functions of the project's config that a later stage calls: they are not data, so they travel beside SiteConfig
 * (from the config stage, through the driver, to plan), in the build's own thread only.
 */
export interface ProjectHooks {
  /**
   * Docusaurus's plugin-client-redirects `createRedirects`: called with each page's path, it gives the paths that
   * redirect to it. `file` and `keyPath` name it in diagnostics.
   */
  createRedirects?: { run: (path: string) => unknown; file: string; keyPath: string };
}
