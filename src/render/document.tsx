import { createElement, type ReactNode } from 'react';
import type { HeadTag, LocaleInfo, Route, Site } from '../types.ts';
import { feedLinks } from '../shared/feeds.ts';
import { publicPath } from '../shared/addresses.ts';
import { MAIN_ID } from '../shared/html.ts';
import { ogLocale } from '../shared/locales.ts';
import { withBase } from '../shared/route-match.ts';
import { searchTag } from '../shared/search.ts';
import { socialImageOf } from '../shared/social-image.ts';
import { consentModeDefaultsScript, inlineScripts } from './inline-scripts.ts';
import { absoluteUrl, structuredData } from './structured-data.ts';

export interface DocumentProps {
  site: Site;
  route: Route;
  mode: 'production' | 'development';
  /** The theme's page. */
  children?: ReactNode;
  /** Hashed URLs of the stylesheet and the client script. */
  assets: { css: string; js: string };
  /** What the page's own code put into its head while its body rendered (see PageProps.head). */
  pageHead?: { title?: string; tags: HeadTag[]; html?: Record<string, string>; body?: Record<string, string> };
}

/** The HTML shell: `<html lang dir>`, the head tags every page needs, pre-paint scripts, the theme's body. */
export function Document({ site, route, mode, children, assets, pageHead }: DocumentProps) {
  const { config } = site;
  const meta = pageMeta(site, route, pageHead);
  const { locale, title, description, fm, robots, version, tag, canonicalUrl, pageUrl, headTags, compiled } = meta;
  const ownKeys = pageOwnMetaKeys(meta);
  const described = structuredData(site, route, meta.pageUrl);
  // Analytics only in production builds, and only with a consent banner to ask first (the client loads the container).
  const gtm = mode === 'production' && config.consent ? config.analytics.gtmContainerId : undefined;
  return (
    <html
      lang={locale.htmlLang}
      dir={locale.direction}
      data-theme={config.colorMode.defaultMode}
      data-route-kind={route.kind}
      {...headProps(pageHead?.html ?? {})}
    >
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{title}</title>
        {description ? <meta name="description" content={description} /> : null}
        {fm?.keywords?.length ? <meta name="keywords" content={fm.keywords.join(', ')} /> : null}
        {robots ? <meta name="robots" content={robots} /> : null}
        <meta name="generator" content="quire" />
        <meta name="quire:locale" content={locale.code} />
        <meta name="quire:tag" content={tag} />
        {route.kind === 'doc' ? <meta name="quire:version" content={version} /> : null}
        {/* A hosted (DocSearch) index is crawled from the pages: its crawler takes each `docsearch:` meta tag as the
            record's attribute of that name, the facets contextual search filters on (language, docusaurus_tag). */}
        {config.search.provider === 'hosted' ? <meta name="docsearch:language" content={locale.code} /> : null}
        {config.search.provider === 'hosted' ? <meta name="docsearch:docusaurus_tag" content={tag} /> : null}
        {config.search.provider === 'hosted' && route.kind === 'doc' ? <meta name="docsearch:version" content={version} /> : null}
        {canonicalUrl ? <link rel="canonical" href={canonicalUrl} /> : null}
        {pageUrl
          ? site.locales.map((l) => (
              <link key={l.code} rel="alternate" hrefLang={l.htmlLang} href={config.url + publicPath(site, route, l.baseUrl)} />
            ))
          : null}
        {pageUrl ? (
          <link
            rel="alternate"
            hrefLang="x-default"
            href={config.url + publicPath(site, route, site.locales.find((l) => l.code === config.i18n.defaultLocale)?.baseUrl ?? '/')}
          />
        ) : null}
        {config.blog.feed.everyPage ? feedLinks(site).map((link) => <link key={link.type} rel="alternate" {...link} />) : null}
        <SocialTags site={site} route={route} locale={locale} meta={meta} />
        {config.favicon ? <link rel="icon" href={withBase(config.baseUrl, config.favicon)} /> : null}
        {/* The OpenSearch description emit writes beside the search page (config search.openSearch). */}
        {config.search.openSearch && site.routes.some((r) => r.kind === 'search') ? (
          <link rel="search" type="application/opensearchdescription+xml" title={config.title} href={`${config.baseUrl}opensearch.xml`} />
        ) : null}
        <link rel="stylesheet" href={assets.css} />
        {config.headTags.map(({ tagName, attributes, pageWins, json }, i) =>
          pageWins && tagName === 'meta' && ownKeys.has(String(attributes.name ?? attributes.property))
            ? null
            : createElement(tagName, {
                key: `config-${i}`,
                ...configTagProps(attributes),
                ...(json !== undefined ? { dangerouslySetInnerHTML: { __html: scriptJson(json) } } : {}),
              }),
        )}
        {headTags.map((t, i) =>
          createElement(t.tag, {
            key: i,
            ...headProps(t.attributes),
            ...(t.text !== undefined ? { dangerouslySetInnerHTML: { __html: scriptJson(t.text) } } : {}),
          }),
        )}
        {described ? <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: safeJson(described) }} /> : null}
        {/* The CSS the page's own imported modules bring (src/compile/modules.ts), after the theme's, as Docusaurus orders it. */}
        {compiled?.modules?.css ? <style dangerouslySetInnerHTML={{ __html: styleText(compiled.modules.css) }} /> : null}
        {/* The first paint waits until the chrome before the main content (navbar, docs sidebar) is parsed,
            so a page painted while it still arrives never shows a half-built navbar that then moves. */}
        <link rel="expect" href={`#${MAIN_ID}`} blocking="render" />
        <script dangerouslySetInnerHTML={{ __html: inlineScripts(site, route) + (gtm ? '\n' + consentModeDefaultsScript() : '') }} />
        <script src={assets.js} defer type="module" />
      </head>
      <body {...headProps(pageHead?.body ?? {})}>{children}</body>
    </html>
  );
}

/** The Open Graph and Twitter tags: the page's card when shared. */
function SocialTags({ site, route, locale, meta }: { site: Site; route: Route; locale: LocaleInfo; meta: PageMeta }) {
  const { config } = site;
  const { description, canonicalUrl, imageUrl, imageSize, imageAlt } = meta;
  const socialTitle = config.socialTitle === 'window' ? meta.layoutTitle : route.title || config.title;
  // A `<meta>` of the config's head tags (Docusaurus's `themeConfig.metadata`: `twitter:card` `summary`) takes the
  // place of quire's site-wide one of the same name, as in Docusaurus, where react-helmet keeps one tag per name and
  // the metadata comes after the theme's defaults (the page's title, description and image come later still).
  const replaced = (key: string) =>
    config.headTags.some(({ tagName, attributes: a }) => tagName === 'meta' && (a.name === key || a.property === key));
  return (
    <>
      <meta property="og:title" content={socialTitle} />
      {description ? <meta property="og:description" content={description} /> : null}
      {canonicalUrl && !replaced('og:url') ? <meta property="og:url" content={canonicalUrl} /> : null}
      {replaced('og:type') ? null : (
        <meta property="og:type" content={route.kind === 'blogPost' || route.kind === 'doc' ? 'article' : 'website'} />
      )}
      {replaced('og:site_name') ? null : <meta property="og:site_name" content={config.title} />}
      {replaced('og:locale') ? null : <meta property="og:locale" content={ogLocale(locale.htmlLang)} />}
      {site.locales
        .filter((l) => l.code !== locale.code)
        .map((l) => (
          <meta key={l.code} property="og:locale:alternate" content={ogLocale(l.htmlLang)} />
        ))}
      {config.blog.articleMeta && route.kind === 'blogPost' ? <ArticleTags post={route.blog} /> : null}
      {imageUrl ? <meta property="og:image" content={imageUrl} /> : null}
      {imageUrl && imageSize ? <meta property="og:image:width" content={String(imageSize.width)} /> : null}
      {imageUrl && imageSize ? <meta property="og:image:height" content={String(imageSize.height)} /> : null}
      {imageUrl && imageAlt ? <meta property="og:image:alt" content={imageAlt} /> : null}
      {replaced('twitter:card') ? null : <meta name="twitter:card" content="summary_large_image" />}
      {imageUrl ? <meta name="twitter:image" content={imageUrl} /> : null}
      {imageUrl && imageAlt ? <meta name="twitter:image:alt" content={imageAlt} /> : null}
    </>
  );
}

/**
 * A post's Open Graph article tags as Docusaurus's theme writes them (`blog.articleMeta`): its date, its authors'
 * addresses (those that have one, in one tag, comma-separated) and its tags' labels (likewise).
 */
function ArticleTags({ post }: { post: Route['blog'] }) {
  const authors = (post?.authorLinks ?? []).flatMap((a) => (a.url ? [a.url] : []));
  const tags = post?.tagLinks?.map((t) => t.label) ?? post?.tags ?? [];
  return (
    <>
      {post?.published ? <meta property="article:published_time" content={post.published} /> : null}
      {authors.length ? <meta property="article:author" content={authors.join(',')} /> : null}
      {tags.length ? <meta property="article:tag" content={tags.join(',')} /> : null}
    </>
  );
}

type PageMeta = ReturnType<typeof pageMeta>;

/**
 * The `<meta>` names and properties the page writes of its own (its title, description, keywords, robots, image and
 * `<head>` tags): a site-wide default of the same name (`pageWins`, Docusaurus's `themeConfig.metadata`) gives way
 * to them, as react-helmet keeps the last tag of each name and Docusaurus's page metadata comes after the site's.
 */
function pageOwnMetaKeys(meta: PageMeta): Set<string> {
  const keys = new Set(['og:title']);
  if (meta.description) keys.add('description').add('og:description');
  if (meta.fm?.keywords?.length) keys.add('keywords');
  if (meta.robots) keys.add('robots');
  if (meta.fm?.image) keys.add('og:image').add('twitter:image');
  for (const t of meta.headTags) if (t.tag === 'meta') keys.add(String(t.attributes.name ?? t.attributes.property));
  return keys;
}

/** What the page's head says about it: title, description, canonical address, social card, robots, search tag. */
function pageMeta(site: Site, route: Route, pageHead: DocumentProps['pageHead']) {
  const { config } = site;
  const locale = site.locales.find((l) => l.code === config.i18n.currentLocale) as LocaleInfo;
  const isHome = route.path === '/';
  const written = route.compiledIndex === undefined ? undefined : site.compiled[route.compiledIndex].head;
  // The page's `<head>` in MDX, then what its code's <Head> gave while the body rendered (the later title wins).
  const compiledHead =
    written || pageHead?.title !== undefined || pageHead?.tags.length
      ? { title: pageHead?.title ?? written?.title, tags: [...(written?.tags ?? []), ...(pageHead?.tags ?? [])] }
      : undefined;
  const withSite = `${route.title} ${config.titleDelimiter} ${config.title}`;
  // The window title the layout gives; a `<title>` of the page's own head (MDX `<head>`, `<Head>`) replaces it in the
  // window only: Docusaurus's social title stays the layout's (react-helmet sets og:title with the layout's title).
  // The not-found page where the docs are at the root is the docs plugin's (notFoundTitle): the site's title alone.
  const siteTitleOnly = route.kind === 'notFound' && config.notFoundTitle === 'site';
  const layoutTitle =
    siteTitleOnly || ((isHome || !route.title) && !(route.title && route.title !== config.title)) ? config.title : withSite;
  const title = compiledHead?.title ?? layoutTitle;
  const compiled = route.compiledIndex === undefined ? undefined : site.compiled[route.compiledIndex];
  const fm = compiled?.source.frontMatter;
  const pageUrl = route.kind === 'notFound' ? undefined : config.url + publicPath(site, route);
  // A page shown in another locale's words (not translated yet) names that original as canonical, so search
  // engines index the text once, under the language it is written in.
  const original = route.contentLocale ? site.locales.find((l) => l.code === route.contentLocale) : undefined;
  const notFoundUrl = route.kind === 'notFound' && config.notFoundCanonical ? config.url + publicPath(site, route) : undefined;
  const canonicalUrl = pageUrl && original ? config.url + publicPath(site, route, original.baseUrl) : (pageUrl ?? notFoundUrl);
  const image = socialImageOf(config, compiled);
  // Next to the page's file: the asset's marker, which emit replaces with its published path.
  const imageUrl =
    image !== undefined && image === compiled?.socialImage ? config.url + image : image ? absoluteUrl(image, config) : undefined;
  // An SVG card has no size a link preview uses (the build warns about it: see socialImageWarnings).
  const measured = image === undefined ? undefined : site.imageSizes[image];
  const imageSize = measured?.vector ? undefined : measured;
  // The config's description of its card fits only that card.
  const imageAlt = fm?.image ? fm.image_alt : config.imageAlt;
  // A `<meta name="description">` in the page's `<head>` (MDX) is its description, as under Docusaurus.
  const headDescription = compiledHead?.tags.find((t) => t.tag === 'meta' && t.attributes.name === 'description')?.attributes.content;
  const description = headDescription ?? (route.description || (config.descriptionFallback === 'tagline' ? config.tagline : ''));
  const headTags = (compiledHead?.tags ?? []).filter((t) => !(t.tag === 'meta' && t.attributes.name === 'description'));
  // The not-found page (unlisted: linked from nowhere) has none, as under Docusaurus: hosts answer a missing address
  // with status 404, which keeps it out of search engines, and emit leaves it out of the sitemap and the site's
  // search by its route kind (isIndexable).
  const robots =
    (route.isUnlisted && route.kind !== 'notFound') || route.noIndex
      ? 'noindex, nofollow'
      : route.kind === 'search'
        ? 'noindex, follow'
        : undefined;
  const version = route.doc?.version ?? config.docs.version.name;
  const tag = searchTag(route.kind, version, config.search.docsTagPrefix);
  return {
    locale,
    title,
    layoutTitle,
    description,
    fm,
    robots,
    version,
    tag,
    canonicalUrl,
    pageUrl,
    headTags,
    compiled,
    imageUrl,
    imageSize,
    imageAlt,
  };
}

/** Attributes given as config values: `true` writes a boolean attribute (`async`), `false` leaves it out. */
function configTagProps(attributes: Record<string, string | boolean>): Record<string, string | boolean> {
  const props: Record<string, string | boolean> = {};
  for (const [name, value] of Object.entries(attributes)) {
    if (value === false) continue;
    const prop = Object.keys(headProps({ [name]: '' }))[0];
    props[prop] = value === true && !BOOLEAN_ATTRIBUTES.has(prop) ? '' : value;
  }
  return props;
}
const BOOLEAN_ATTRIBUTES = new Set(['async', 'defer', 'noModule', 'disabled']);

/** JSON-LD text as it can stand inside `<script>`: `<` escaped, which JSON reads the same. */
function scriptJson(text: string): string {
  return text.replace(/</g, '\\u003c');
}

/** JSON that is safe inside an inline `<script>`. */
export function safeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** CSS as the text of a `<style>` element: a `</style` inside it (in a string or comment) would end the element early. */
function styleText(css: string): string {
  return css.replace(/<\/(style)/gi, '<\\/$1');
}

/** A head tag's attributes as React props: the few HTML names React spells otherwise. */
function headProps(attributes: Record<string, string>): Record<string, string> {
  const names: Record<string, string> = {
    charset: 'charSet',
    'http-equiv': 'httpEquiv',
    crossorigin: 'crossOrigin',
    hreflang: 'hrefLang',
    class: 'className',
    nomodule: 'noModule',
    referrerpolicy: 'referrerPolicy',
  };
  return Object.fromEntries(Object.entries(attributes).map(([name, value]) => [names[name.toLowerCase()] ?? name, value]));
}
