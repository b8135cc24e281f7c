import type { Heading, NavLink } from '../../../src/types.ts';
import { interpolate } from '../interpolate.tsx';
import { ContentText, externalProps, useHref, useLabel, useLocale, useT, useTheme } from '../context.tsx';
import { Icon } from '../mdx/icons.tsx';
import { Link } from './Link.tsx';

/** `<nav aria-label="Breadcrumbs">` with a home link, linked ancestor categories and the current page. */
export function Breadcrumbs() {
  const { route, site } = useTheme();
  const t = useT();
  const href = useHref();
  if (!site.config.docs.breadcrumbs || !route.doc?.inSidebar) return null;
  const crumbs = route.doc.breadcrumbs;
  // Microdata on the crumbs, unless the head describes them in JSON-LD (docs.breadcrumbsData, render/structured-data.ts).
  const micro = site.config.docs.breadcrumbsData === 'microdata';
  const list = micro ? { itemScope: true, itemType: 'https://schema.org/BreadcrumbList' } : {};
  const item = micro ? { itemProp: 'itemListElement', itemScope: true, itemType: 'https://schema.org/ListItem' } : {};
  const prop = (name: string) => (micro ? { itemProp: name } : {});
  return (
    <nav className="breadcrumbs" aria-label={t('docs.breadcrumbs')}>
      <ol {...list}>
        <li className="breadcrumbs__item">
          <a href={href('/')} aria-label={t('docs.home')} className="breadcrumbs__home">
            <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
              <path
                d="M10 19v-5h4v5c0 .55.45 1 1 1h3c.55 0 1-.45 1-1v-7h1.7c.46 0 .68-.57.33-.87L12.67 3.6a1 1 0 00-1.34 0l-8.36 7.53c-.34.3-.13.87.33.87H5v7c0 .55.45 1 1 1h3c.55 0 1-.45 1-1z"
                fill="currentColor"
              />
            </svg>
          </a>
        </li>
        {crumbs.map((c, i) => {
          const last = i === crumbs.length - 1;
          return (
            <li key={i} className={'breadcrumbs__item' + (last ? ' breadcrumbs__item--active' : '')} {...item}>
              {c.path && !last ? (
                <a href={href(c.path)} {...prop('item')}>
                  <span {...prop('name')}>
                    <ContentText>{c.label}</ContentText>
                  </span>
                </a>
              ) : (
                <span {...prop('name')} aria-current={last ? 'page' : undefined}>
                  <ContentText>{c.label}</ContentText>
                </span>
              )}
              {micro ? <meta itemProp="position" content={String(i + 1)} /> : null}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

/**
 * Table of contents: headings of the configured levels, nested by depth (each h3's list inside its h2's item),
 * so screen readers announce the levels that the indentation shows.
 */
export function Toc({ toc, variant }: { toc: Heading[]; variant: 'desktop' | 'mobile' }) {
  const t = useT();
  if (!toc.length) return null;
  const list = <TocList nodes={nestHeadings(toc)} />;
  if (variant === 'mobile') {
    return (
      <details className="toc toc--mobile">
        <summary>{t('docs.toc')}</summary>
        {list}
      </details>
    );
  }
  return (
    <nav className="toc toc--desktop" aria-label={t('docs.toc')}>
      <p className="toc__title">{t('docs.toc')}</p>
      {list}
    </nav>
  );
}

interface TocNode {
  heading: Heading;
  children: TocNode[];
}

/**
 * Headings as a tree: each holds the deeper ones after it, up to the next heading of its level or higher. A
 * heading before any shallower one (an h3 first) stays at the top; one that skips a level nests one level down.
 */
function nestHeadings(toc: Heading[]): TocNode[] {
  const top: TocNode[] = [];
  const open: TocNode[] = [];
  for (const heading of toc) {
    const node: TocNode = { heading, children: [] };
    while (open.length && open[open.length - 1].heading.depth >= heading.depth) open.pop();
    (open.length ? open[open.length - 1].children : top).push(node);
    open.push(node);
  }
  return top;
}

function TocList({ nodes }: { nodes: TocNode[] }) {
  return (
    <ul className="toc__list">
      {nodes.map(({ heading: h, children }) => (
        <li key={h.id} className={`toc__item toc__item--${h.depth}`}>
          <a href={`#${h.id}`} className="toc__link">
            <ContentText>{h.text}</ContentText>
          </a>
          {children.length ? <TocList nodes={children} /> : null}
        </li>
      ))}
    </ul>
  );
}

/** Previous / next links from the sidebar order. */
export function Pagination() {
  const { route } = useTheme();
  const t = useT();
  if (!route.doc) return null;
  const { prev, next } = route.doc;
  return (
    <PaginationNav
      label={t('docs.pagination')}
      prev={prev && { ...prev, sublabel: t('docs.previous') }}
      next={next && { ...next, sublabel: t('docs.next') }}
      rel
    />
  );
}

/**
 * The two links below a doc (previous, next) or a blog post (newer, older): each with its sublabel and the page's
 * title; nothing when there is neither. `rel` marks them as the sequence's previous and next page.
 */
export function PaginationNav({
  label,
  prev,
  next,
  rel = false,
}: {
  label: string;
  prev?: NavLink & { sublabel: string };
  next?: NavLink & { sublabel: string };
  rel?: boolean;
}) {
  const href = useHref();
  if (!prev && !next) return null;
  return (
    <nav className="pagination-nav" aria-label={label}>
      {prev ? (
        <a className="pagination-nav__link pagination-nav__link--prev" href={href(prev.path)} rel={rel ? 'prev' : undefined}>
          <span className="pagination-nav__sublabel">{prev.sublabel}</span>
          <span className="pagination-nav__label">
            « <ContentText>{prev.label}</ContentText>
          </span>
        </a>
      ) : (
        <span />
      )}
      {next ? (
        <a className="pagination-nav__link pagination-nav__link--next" href={href(next.path)} rel={rel ? 'next' : undefined}>
          <span className="pagination-nav__sublabel">{next.sublabel}</span>
          <span className="pagination-nav__label">
            <ContentText>{next.label}</ContentText> »
          </span>
        </a>
      ) : null}
    </nav>
  );
}

/**
 * "Back to top" on docs pages, as the seed site has it: shown by the client script once the visitor has scrolled
 * more than 300 px down and turns back up (see src/client/back-to-top.ts); without the script it never shows.
 */
export function BackToTop() {
  const t = useT();
  return (
    <button type="button" className="back-to-top" data-back-to-top="" aria-label={t('docs.backToTop')} title={t('docs.backToTop')}>
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
        <path d="M12 19V5M5 12l7-7 7 7" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
    </button>
  );
}

/**
 * Above a doc of a version other than the last (Docusaurus's DocVersionBanner): an unreleased or unmaintained
 * version says so, with a link to the same doc in the last version (else to that version's first doc).
 */
export function VersionBanner() {
  const { route, site } = useTheme();
  const t = useT();
  const tl = useLabel();
  const versions = site.docVersions;
  const version = versions?.find((v) => v.name === route.doc?.version);
  const last = versions?.find((v) => v.isLast);
  if (!version || !last || version.banner === 'none') return null;
  const to = route.doc?.versionLinks?.find((l) => l.name === last.name)?.path ?? last.path;
  return (
    <aside className="admonition admonition-warning version-banner" role="note" data-version-banner={version.banner}>
      <p>
        {t(version.banner === 'unreleased' ? 'docs.versionUnreleased' : 'docs.versionUnmaintained', {
          title: site.config.title,
          label: tl(version.label),
        })}
      </p>
      <p>
        <Link to={to} data-version={last.name}>
          {t('docs.versionLatest', { label: tl(last.label) })}
        </Link>
      </p>
    </aside>
  );
}

/** "Version: <label>" under the breadcrumbs when the doc's version asks for it (more than one version, by default). */
export function VersionBadge() {
  const { route, site } = useTheme();
  const t = useT();
  const tl = useLabel();
  const version = site.docVersions?.find((v) => v.name === route.doc?.version);
  if (!version?.badge) return null;
  // Drawn as a tag is (no stylesheet of its own, so a site without versions ships the same styles).
  return (
    <p className="version-badge">
      <span className="tag-links__tag">{t('navbar.version', { label: tl(version.label) })}</span>
    </p>
  );
}

/**
 * Below a doc or a blog post (Docusaurus's EditMetaRow): the "Edit this page" link and the last update, each
 * where the config shows it. Drawn with the classes the tag links and the blog's meta line already have, so a
 * site that shows neither ships the same styles.
 */
export function EditMetaRow() {
  const { route } = useTheme();
  const t = useT();
  const meta = route.editMeta;
  if (!meta) return null;
  const updated = meta.lastUpdatedAt !== undefined || meta.lastUpdatedBy !== undefined;
  return (
    <div className="tag-links edit-meta">
      {meta.editUrl ? (
        // An external link opens in a new tab, as Docusaurus's Link opens it.
        <a href={meta.editUrl} className="edit-meta__edit" {...externalProps(meta.editUrl)}>
          <Icon name="pen-line" className="edit-meta__icon" /> {t('docs.editThisPage')}
        </a>
      ) : null}
      {updated ? (
        <span className="blog-post__meta edit-meta__updated">
          <small>
            <LastUpdated at={meta.lastUpdatedAt} by={meta.lastUpdatedBy} />
          </small>
        </span>
      ) : null}
    </div>
  );
}

/**
 * "Last updated on <date> by <name>" in the site's language: the sentence and its two parts are messages, as in
 * Docusaurus's LastUpdated (a language may put the name before the date); the date as Docusaurus writes it
 * (day, short month, year, in UTC).
 */
function LastUpdated({ at, by }: { at?: string; by?: string }) {
  const t = useT();
  const locale = useLocale();
  const atDate = at
    ? interpolate(t('docs.lastUpdatedAt'), {
        date: (
          <b>
            <time dateTime={at}>
              {new Intl.DateTimeFormat(locale.htmlLang, {
                day: 'numeric',
                month: 'short',
                year: 'numeric',
                timeZone: 'UTC',
                calendar: locale.calendar,
              }).format(new Date(at))}
            </time>
          </b>
        ),
      })
    : null;
  const byUser = by ? interpolate(t('docs.lastUpdatedBy'), { user: <b>{by}</b> }) : null;
  return <>{interpolate(t('docs.lastUpdated'), { atDate, byUser })}</>;
}
