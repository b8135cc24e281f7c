import { CODES, report, type Diagnostic } from '../diagnostics.ts';
import { navSubLinks } from '../shared/nav-items.ts';
import { localeBaseUrl, localeDirection, localeHtmlLang } from '../shared/locales.ts';
import { URL_KEYS } from '../shared/url-keys.ts';
import { htmlHrefs, isSitePath } from '../shared/route-match.ts';
import { routesByFile } from '../shared/markers.ts';
import { closestName } from '../shared/text.ts';
import { projectThemeMessages } from '../shared/docusaurus-theme-texts.ts';
import { jsonPlaces } from './json-places.ts';
import type {
  Compiled,
  ComponentContract,
  ImageSize,
  Loaded,
  LocaleInfo,
  Messages,
  ProjectHooks,
  Route,
  Site,
  SiteConfig,
  StageResult,
  Theme,
} from '../types.ts';
import { flattenSidebar, indexSidebar, paginationFor, planSidebars, sidebarLinks } from './docs.ts';
import { generatedIndexPages, resolveNavbarDocs } from './generated.ts';
import { resolveBlogPeople, untruncatedPosts } from './blog.ts';
import { resolveFromContentRoot } from './file-links.ts';
import { checkComponents } from './components.ts';
import { checkLinks } from './links.ts';
import { sameSidebarKey, type IndexedSidebar, type PlanMemo, type SidebarKey } from './memo.ts';
import { planRoutes } from './routes.ts';
import { planRedirects } from './redirects.ts';
import { planListings } from './tags.ts';
import { blogListings, paginateListings } from './paginate.ts';
import {
  docsOfVersion,
  instanceSidebarName,
  planInstanceSidebars,
  planVersionedSidebars,
  sidebarName,
  sidebarsOfVersion,
  versionRoutes,
} from './versions.ts';
import { docsVersionsOf, instanceOfFile, lastDocsVersion } from '../shared/doc-versions.ts';
import { socialImageWarnings } from './social-images.ts';
import { staticFileClashes } from './static-files.ts';

export { measuredImageFiles } from './social-images.ts';
export { contentImageFiles } from './content-images.ts';
import { contentImageProblems } from './content-images.ts';
import { dataGaps, dataShapeProblems } from './data-shapes.ts';
export { withStandIns } from './stand-ins.ts';
export { PlanMemo } from './memo.ts';

export interface PlanOptions {
  config: SiteConfig;
  compiled: Compiled[];
  loaded: Pick<
    Loaded,
    | 'sidebars'
    | 'sidebarsFile'
    | 'sidebarsText'
    | 'categories'
    | 'blogAuthors'
    | 'blogTags'
    | 'docsTags'
    | 'data'
    | 'dataTexts'
    | 'messages'
    | 'staticFiles'
    | 'drafts'
    | 'lastUpdates'
    | 'versions'
    | 'instances'
    | 'translations'
  >;
  /** Component names the theme provides to MDX. */
  components: readonly string[];
  /** What they take (Theme.contracts), checked at each use. */
  contracts?: Record<string, ComponentContract>;
  /** The UI message ids the theme shows (Theme.messageIds): each should be in a catalogue. */
  messageIds?: readonly string[];
  /** The shapes of the data files the theme reads (Theme.dataSchemas). */
  dataSchemas?: Record<string, object>;
  /** What the theme warns of in data files (Theme.dataWarnings). */
  dataWarnings?: Theme['dataWarnings'];
  /** Pixel sizes of the social cards and Markdown images, read by the caller (see `measuredImageFiles`). */
  imageSizes?: Record<string, ImageSize>;
  /** The pages' own images (see `contentImageFiles`) that the caller found missing. */
  missingImages?: ReadonlySet<string>;
  /** What the last plan of a dev session computed: what did not change is taken from it (see memo.ts). */
  memo?: PlanMemo;
  /** The config's functions (a Docusaurus project's createRedirects). */
  hooks?: ProjectHooks;
  /** React pages left out as their code cannot be built (Q039 warnings): links to them say so. */
  leftOut?: { path: string; file: string }[];
}

/** Every cross-page rule: routes, sidebar, breadcrumbs, prev/next, links, locales. */
// biome-ignore lint/complexity/noExcessiveLinesPerFunction: the plan stage's steps in order, each a call, sharing the routes and diagnostics they build up.
export function plan({
  config: configured,
  compiled: contentCompiled,
  loaded,
  components,
  contracts,
  messageIds = [],
  dataSchemas,
  dataWarnings,
  imageSizes = {},
  missingImages = new Set(),
  memo,
  hooks,
  leftOut,
}: PlanOptions): StageResult<Site> {
  const diagnostics: Diagnostic[] = [];
  // A Docusaurus project's theme texts in the built locale's code.json take the place of quire's for the same things.
  const messages = {
    ...mergeMessages(loaded.messages, configured.i18n.currentLocale),
    ...projectThemeMessages(loaded.translations?.code?.messages).messages,
  };
  // The sidebars first: their generated category pages are pages of the site like the others. The site's docs are
  // planned here; each docs instance's (config docs.instances) after them, as a docs set of its own.
  const allDocs = contentCompiled.filter((c) => c.source.kind === 'doc');
  const docs = allDocs.filter((c) => c.source.instance === undefined);
  const draftIds = new Set((loaded.drafts ?? []).filter((d) => d.kind === 'doc').map((d) => d.id));
  const sidebarInput = {
    raw: loaded.sidebars,
    file: loaded.sidebarsFile,
    text: loaded.sidebarsText,
    docs,
    config: configured,
    draftIds,
    categories: loaded.categories,
    translations: loaded.translations?.docs?.[configured.docs.version.name]?.messages,
  };
  const sidebarKey: SidebarKey | undefined = memo && {
    raw: loaded.sidebars,
    file: loaded.sidebarsFile,
    text: loaded.sidebarsText,
    categories: loaded.categories,
    translations: sidebarInput.translations,
    config: configured,
    drafts: [...draftIds].join('\n'),
    docs: memo.docsKey(docs),
  };
  // A site with versions plans each version's sidebars on their own (no memo: dev's reuse is for one docs set).
  const versioned = configured.docs.versions.length > 0;
  const byVersion = versioned ? planVersionedSidebars({ draftIds }, configured, docs, loaded) : undefined;
  const sitePlanned =
    byVersion?.planned ??
    (memo?.sidebars && sidebarKey && sameSidebarKey(memo.sidebars.key, sidebarKey) ? memo.sidebars.planned : planSidebars(sidebarInput));
  if (memo && sidebarKey && !versioned) memo.sidebars = { key: sidebarKey, planned: sitePlanned };
  const siteGenerated = byVersion?.generated ?? generatedIndexPages(sitePlanned.generatedIndexes, docs, configured);
  const byInstance = configured.docs.instances.length
    ? planInstanceSidebars({ draftIds }, configured, allDocs, loaded, sitePlanned)
    : undefined;
  const planned = byInstance?.planned ?? sitePlanned;
  // The site's docs' sidebars (the instances' come after them).
  const siteSidebars = planned.sidebars.slice(0, sitePlanned.sidebars.length);
  diagnostics.push(...planned.diagnostics);
  const compiled = resolveFromContentRoot(
    [...contentCompiled, ...siteGenerated, ...(byInstance?.generated ?? [])],
    routesByFile(contentCompiled),
    configured,
    memo,
  );
  // Navbar doc items lead to the last version's docs (Docusaurus's default preferred version), or to a docs
  // instance's (`docsPluginId`).
  const last = lastDocsVersion(configured);
  const lastSidebars = sidebarsOfVersion(siteSidebars, last, docsVersionsOf(configured));
  const instanceTargets = new Map(
    configured.docs.instances.map(({ id }) => {
      const prefix = instanceSidebarName(id, '');
      const sidebars = planned.sidebars
        .slice(siteSidebars.length)
        .filter((s) => s.name.startsWith(prefix))
        .map((s) => ({ name: s.name.slice(prefix.length), items: s.items }));
      return [id, { sidebars, docs: allDocs.filter((d) => d.source.instance === id) }];
    }),
  );
  const navbar = resolveNavbarDocs(configured, lastSidebars, docsOfVersion(docs, last, versioned), instanceTargets);
  diagnostics.push(...navbar.diagnostics);
  const config = navbar.config;
  diagnostics.push(
    ...localeGaps(loaded.messages, config.i18n.currentLocale),
    ...uncatalogued(messageIds, messages, config.i18n.currentLocale),
  );

  // The project's global MDX components (src/theme/MDXComponents) are bound at compile; named here for did-you-mean.
  const known = [...components, ...Object.keys(config.mdxComponents)];
  diagnostics.push(...checkComponents({ compiled, components: known, contracts, data: loaded.data }));
  diagnostics.push(...contentImageProblems(compiled, missingImages));
  diagnostics.push(
    ...dataShapeProblems(loaded.data, loaded.dataTexts, dataSchemas),
    ...dataGaps(loaded.data, loaded.dataTexts, dataWarnings),
  );

  const { routes, diagnostics: routeDiagnostics } = planRoutes(compiled, config, messages, loaded.lastUpdates);
  diagnostics.push(...routeDiagnostics);
  diagnostics.push(...resolveBlogPeople(routes, compiled, loaded.blogAuthors, loaded.blogTags, config.blog.onInlineAuthors));
  diagnostics.push(...untruncatedPosts(routes, compiled, config.blog.onUntruncatedPosts, config.blog.untruncatedInList));
  diagnostics.push(...staticFileClashes(loaded.staticFiles, routes, compiled, config));
  // content/ holds one locale's text; a build of another locale shows it as is and says so, unless the page is
  // the locale's translation (Source.origin: a Docusaurus project's i18n/<locale>/).
  const contentLocale = config.i18n.contentLocale ?? config.i18n.currentLocale;
  if (contentLocale !== config.i18n.currentLocale) {
    for (const route of routes)
      if (route.compiledIndex !== undefined && !compiled[route.compiledIndex].source.origin) route.contentLocale = contentLocale;
  }

  // Each sidebar's order and places; a doc belongs to the sidebar its front matter names (`displayed_sidebar`),
  // else to the first that lists it (Docusaurus's rule).
  const indexed: IndexedSidebar[] =
    (memo?.indexed?.planned === planned ? memo.indexed.value : undefined) ??
    planned.sidebars.map(({ name, items }) => {
      const flat = flattenSidebar(items);
      const positions = new Map<string, number>();
      flat.forEach((f, i) => positions.has(f.path) || positions.set(f.path, i));
      return { name, flat, positions, places: indexSidebar(items) };
    });
  if (memo) memo.indexed = { planned, value: indexed };
  const sidebar = planned.sidebars[0]?.items ?? [];
  const size = planned.size;
  // Doc ids are unique within a docs set (a version, or a docs instance): each set's docs by id.
  const setOf = (source: Compiled['source']) => (source.instance !== undefined ? `instance:${source.instance}` : source.version);
  const idsByVersion = new Map<string | undefined, Map<string, Compiled>>();
  for (const d of [...allDocs, ...compiled.slice(contentCompiled.length)]) {
    const ids = idsByVersion.get(setOf(d.source)) ?? new Map<string, Compiled>();
    if (!idsByVersion.has(setOf(d.source))) idsByVersion.set(setOf(d.source), ids);
    ids.set(d.source.id, d);
  }
  const byId = idsByVersion.get(versioned ? last.name : undefined) ?? new Map<string, Compiled>();
  const versionsByName = new Map(docsVersionsOf(configured).map((v) => [v.name, v]));
  for (const route of routes) {
    if (route.kind !== 'doc' || route.compiledIndex === undefined) continue;
    const doc = compiled[route.compiledIndex];
    const wanted = doc.source.frontMatter.displayed_sidebar;
    const version = doc.source.version === undefined ? undefined : versionsByName.get(doc.source.version);
    const { instance } = doc.source;
    const named = (name: string) =>
      instance !== undefined ? instanceSidebarName(instance, name) : version ? sidebarName(version, name) : name;
    // `displayed_sidebar: null`: no sidebar at all.
    const own =
      wanted === null
        ? undefined
        : ((typeof wanted === 'string' ? indexed.find((s) => s.name === named(wanted)) : undefined) ??
          indexed.find((s) => s.places.has(route.path)));
    const flat = own?.flat ?? [];
    const ids = idsByVersion.get(setOf(doc.source)) ?? byId;
    const { prev, next } = paginationFor(doc, flat, own?.positions ?? new Map(), ids, diagnostics, draftIds);
    const place = own?.places.get(route.path);
    route.doc = {
      id: doc.source.id,
      breadcrumbs: place?.crumbs ?? [{ label: doc.source.frontMatter.sidebar_label ?? doc.title }],
      sidebarTrail: place?.trail ?? [],
      prev,
      next,
      inSidebar: place !== undefined || (typeof wanted === 'string' && own !== undefined),
      ...(own && indexed.length > 1 ? { sidebar: own.name } : {}),
      ...(instance !== undefined ? { instance } : {}),
    };
  }
  const docVersions = versionRoutes(routes, compiled, config, siteSidebars);
  // After the authors' names and each doc's place are known: tag, author and archive pages, before the 404 page
  // (the last route).
  const listings = planListings({ routes, compiled, config, loaded, messages });
  diagnostics.push(...listings.diagnostics);
  const taken = new Map(routes.map((r) => [r.path, r]));
  const listingRoutes = withoutClashes(listings.routes, taken, compiled, config, diagnostics);
  routes.splice(
    routes.findIndex((r) => r.kind === 'notFound'),
    0,
    ...listingRoutes,
  );
  // The blog's list, its tag pages and its author pages, cut into pages of `postsPerPage` posts.
  const pagedRoutes = paginateListings(routes, blogListings(routes, listings.tags.blog, listings.authors), config.blog);
  routes.splice(
    routes.findIndex((r) => r.kind === 'notFound'),
    0,
    ...withoutClashes(pagedRoutes, taken, compiled, config, diagnostics),
  );
  const redirects = planRedirects(
    config,
    routes,
    loaded.staticFiles.map((f) => f.path),
    hooks?.createRedirects,
  );
  diagnostics.push(...redirects.diagnostics);
  const { mainDocId } = config.docs;
  if (mainDocId !== null && !byId.has(mainDocId)) {
    diagnostics.push(
      report(
        CODES.CONTENT_MISSING,
        'mainDoc',
        { id: mainDocId, docs: config.layout.docs },
        { file: config.layout.docs, keyPath: 'docs.mainDocId' },
      ),
    );
  }

  const fileRoutes = routesByFile(compiled);
  diagnostics.push(
    ...checkLinks({
      config,
      routes,
      compiled,
      staticPaths: new Set(loaded.staticFiles.map((f) => f.path)),
      keyedLinks: [
        ...configLinks(config),
        ...dataLinks(loaded.data, loaded.dataTexts),
        ...siteSidebars.flatMap(({ items }) => sidebarLinks(items, loaded.sidebarsFile, loaded.sidebarsText)),
        ...[...instanceTargets].flatMap(([id, { sidebars }]) =>
          sidebars.flatMap(({ items }) => sidebarLinks(items, loaded.instances?.[id]?.sidebarsFile, loaded.instances?.[id]?.sidebarsText)),
        ),
      ],
      fileRoutes,
      drafts: loaded.drafts,
      leftOut,
      checkAnchors: !routeDiagnostics.some((d) => d.severity === 'error'),
      memo,
    }),
    ...socialImageWarnings(config, compiled),
  );

  // Unlisted posts are left out of the lists, the sidebar and the archive, as Docusaurus leaves them out.
  const blogPosts = routes
    .filter((r): r is Route & { blog: NonNullable<Route['blog']> } => r.kind === 'blogPost' && !!r.blog && !r.isUnlisted)
    .map((r) => ({
      title: r.title,
      path: r.path,
      date: r.blog.date,
      published: r.blog.published,
      ...(r.blog.readingTime !== undefined ? { readingTime: r.blog.readingTime } : {}),
    }))
    .sort((a, b) => (b.published ?? '').localeCompare(a.published ?? ''));
  // Each listed post links the posts beside it in that list, as Docusaurus's post page does below the post
  // ("Newer post", "Older post"); an unlisted post links none.
  const postRoutes = new Map(routes.filter((r) => r.kind === 'blogPost').map((r) => [r.path, r]));
  blogPosts.forEach((post, i) => {
    const blog = postRoutes.get(post.path)?.blog;
    if (!blog) return;
    const [newer, older] = [blogPosts[i - 1], blogPosts[i + 1]];
    if (newer) blog.newer = { label: newer.title, path: newer.path };
    if (older) blog.older = { label: older.title, path: older.path };
  });

  return {
    value: {
      config,
      routes,
      compiled,
      sidebar,
      sidebarSize: size,
      ...(planned.sidebars[0] ? { sidebarName: planned.sidebars[0].name } : {}),
      ...draftIdsByInstance(loaded.drafts ?? [], configured),
      ...(planned.sidebars.length > 1 ? { sidebars: Object.fromEntries(planned.sidebars.map(({ name, items }) => [name, items])) } : {}),
      blogPosts,
      ...(listings.tags.docs.length || listings.tags.blog.length ? { tags: listings.tags } : {}),
      ...(listings.authors.length ? { authors: listings.authors } : {}),
      ...(docVersions ? { docVersions } : {}),
      ...(redirects.redirects.length ? { redirects: redirects.redirects } : {}),
      data: loaded.data,
      messages,
      ...(loaded.translations?.code ? { codeTranslations: loaded.translations.code.messages } : {}),
      locales: planLocales(config, loaded.messages),
      imageSizes,
    },
    diagnostics,
  };
}

/**
 * Per message: the locale's text, else English, else the id (the theme never shows an empty string).
 * `label:<source text>` messages translate labels written in the config; they never fall back to English,
 * so a locale without one (German, the source) keeps the config text (see useLabel).
 */
export function mergeMessages(all: Record<string, Messages>, locale: string): Messages {
  const base = locale.split('-')[0];
  const english = Object.fromEntries(Object.entries(all.en ?? {}).filter(([id]) => !id.startsWith('label:')));
  return { ...english, ...(base !== locale ? (all[base] ?? {}) : {}), ...(all[locale] ?? {}) };
}

/**
 * The interface texts a locale lacks, against the English catalogue (the source of every message id): shown in
 * English instead, one warning per build naming the file and the first few ids.
 */
export function localeGaps(all: Record<string, Messages>, locale: string): Diagnostic[] {
  const english = all.en;
  if (!english || locale === 'en') return [];
  const base = locale.split('-')[0];
  if (!all[locale] && !all[base]) {
    return [report(CODES.LOCALE_INCOMPLETE, 'noLocaleFile', { locale })];
  }
  const own = { ...(all[base] ?? {}), ...(all[locale] ?? {}) };
  // An id a file has misspelt (`navbar.clsoe`) is reported at its key by load (misspeltMessageIds, the same rule).
  const misspelt = new Set(
    [all[locale], base !== locale ? all[base] : undefined].flatMap((messages) => (messages ? misspeltIds(messages, english) : [])),
  );
  const missing = Object.keys(english).filter((id) => !id.startsWith('label:') && !(id in own) && !misspelt.has(id));
  if (!missing.length) return [];
  const file = all[locale] ? `locales/${locale}.json` : `locales/${base}.json`;
  return [report(CODES.LOCALE_INCOMPLETE, 'lacking', { file, missing }, { file })];
}

/** The ids of `english` a locale file lacks and has a near miss of instead (load's misspeltMessageIds rule). */
function misspeltIds(messages: Messages, english: Messages): string[] {
  const lacking = Object.keys(english).filter((id) => !id.startsWith('label:') && !(id in messages));
  if (!lacking.length) return [];
  return Object.keys(messages).flatMap((id) => (id in english || id.startsWith('label:') ? [] : (closestName(id, lacking) ?? [])));
}

/**
 * The theme's texts that no catalogue has, neither the locale's nor English: the page would show their ids
 * (`docs.backToTop`), so one warning names them.
 */
export function uncatalogued(ids: readonly string[], messages: Messages, locale: string): Diagnostic[] {
  const missing = [...new Set(ids)].filter((id) => !(id in messages));
  if (!missing.length) return [];
  const files = locale === 'en' ? 'locales/en.json' : `locales/${locale}.json or locales/en.json`;
  return [report(CODES.LOCALE_INCOMPLETE, 'uncatalogued', { missing, files }, { file: 'locales/en.json' })];
}

function planLocales(config: SiteConfig, all: Record<string, Messages>): LocaleInfo[] {
  const { locales, localeConfigs, currentLocale, defaultLocale } = config.i18n;
  return locales.map((code) => {
    const own = localeConfigs[code] ?? {};
    let label = own.label ?? all[code]?.['locale.label'];
    if (!label) {
      try {
        const name = new Intl.DisplayNames([code], { type: 'language' }).of(code) ?? code;
        label = name.charAt(0).toLocaleUpperCase(code) + name.slice(1);
      } catch {
        label = code;
      }
    }
    return {
      code,
      label,
      direction: own.direction ?? localeDirection(code),
      htmlLang: localeHtmlLang(localeConfigs, code),
      calendar: own.calendar ?? 'gregory',
      baseUrl: own.baseUrl ?? localeBaseUrl(config.baseUrl, currentLocale, defaultLocale, code),
    };
  });
}

/**
 * Site paths in the data files (`content/data/*.json`) that components turn into links or images: string values
 * under a URL key (`"ctaHref": "/download/"`) that start with one `/`. Each is placed at its value in the file
 * (found by its key path), else named by its key path.
 */
function dataLinks(
  data: Record<string, unknown>,
  texts: Record<string, string> = {},
): { to: string; keyPath: string; file: string; line?: number; column?: number }[] {
  const out: { to: string; keyPath: string; file: string; line?: number; column?: number }[] = [];
  for (const [name, root] of Object.entries(data)) {
    const file = `content/data/${name}.json`;
    const placeOf = jsonPlaces(texts[name]);
    const visit = (value: unknown, path: (string | number)[]) => {
      if (Array.isArray(value)) value.forEach((v, i) => visit(v, [...path, i]));
      else if (value && typeof value === 'object') {
        for (const [key, v] of Object.entries(value)) {
          if (typeof v === 'string' && URL_KEYS.has(key) && isSitePath(v))
            out.push({ to: v, keyPath: [...path, key].join('.'), file, ...placeOf([...path, key], 'value') });
          else visit(v, [...path, key]);
        }
      }
    };
    visit(root, []);
  }
  return out;
}

function configLinks(config: SiteConfig): { to: string; keyPath: string; isFile?: boolean }[] {
  const out: { to: string; keyPath: string; isFile?: boolean }[] = [];
  // The site's images: a typo here ships a missing icon, logo or social card on every page.
  const images: [string | undefined, string][] = [
    [config.favicon, 'favicon'],
    [config.image, 'image'],
    [config.navbar.logo?.src, 'navbar.logo.src'],
    [config.footer.logo?.src, 'footer.logo.src'],
  ];
  for (const [to, keyPath] of images) if (to && isSitePath(to)) out.push({ to, keyPath, isFile: true });
  config.navbar.items.forEach((item, i) => {
    if ((item.type === 'link' || item.type === 'premiumTag' || item.type === 'proTag') && item.to)
      out.push({ to: item.to, keyPath: `navbar.items.${i}.to` });
    for (const [sub, key] of navSubLinks(item)) if (sub.to) out.push({ to: sub.to, keyPath: `navbar.items.${i}.${key}.to` });
  });
  const html: [string, string][] = [
    ['announcementBar.content', config.announcementBar?.content ?? ''],
    ['footer.copyright', config.footer.copyright],
  ];
  config.footer.links.forEach((col, i) =>
    col.items.forEach((item, j) => {
      if ('html' in item) html.push([`footer.links.${i}.items.${j}.html`, item.html]);
      else if (item.to) out.push({ to: item.to, keyPath: `footer.links.${i}.items.${j}.to` });
    }),
  );
  const logoHref = config.footer.logo?.href;
  if (logoHref && isSitePath(logoHref)) out.push({ to: logoHref, keyPath: 'footer.logo.href' });
  // The announcement, the copyright and footer HTML items are raw HTML; their site-path links (`href="/deals/manga/"`) get the
  // base path when rendered.
  for (const [keyPath, text] of html) for (const { href } of htmlHrefs(text)) if (isSitePath(href)) out.push({ to: href, keyPath });
  // A redirect must lead to a page of the site, as Docusaurus's plugin-client-redirects requires.
  config.redirects?.rules.forEach((rule, i) => {
    if (isSitePath(rule.to)) out.push({ to: rule.to, keyPath: `redirects.rules.${i}.to` });
  });
  return out;
}

/** Generated pages whose path a page of the content already has are left out, each named (Q011) at that page. */
function withoutClashes(
  generated: Route[],
  taken: ReadonlyMap<string, Route>,
  compiled: Compiled[],
  config: SiteConfig,
  diagnostics: Diagnostic[],
): Route[] {
  return generated.filter((r) => {
    const owner = taken.get(r.path);
    if (!owner) return true;
    const file = owner.compiledIndex === undefined ? undefined : compiled[owner.compiledIndex].source.file;
    diagnostics.push(
      report(CODES.DUPLICATE_ROUTE, 'generatedPage', { file, url: `${config.baseUrl}${r.path.slice(1)}`, kind: r.kind }, { file }),
    );
    return false;
  });
}

/**
 * The ids of the docs left out as drafts, as the docs plugin's global data lists them: the site's docs', and each
 * docs instance's apart (Docusaurus keeps `draftIds` per plugin instance).
 */
function draftIdsByInstance(drafts: NonNullable<Loaded['drafts']>, config: SiteConfig): Pick<Site, 'docDraftIds' | 'instanceDraftIds'> {
  const site: string[] = [];
  const instances: Record<string, string[]> = {};
  for (const d of drafts) {
    if (d.kind !== 'doc') continue;
    const instance = instanceOfFile(config, d.file);
    if (instance === undefined) site.push(d.id);
    else (instances[instance] ??= []).push(d.id);
  }
  return { ...(site.length ? { docDraftIds: site } : {}), ...(Object.keys(instances).length ? { instanceDraftIds: instances } : {}) };
}
