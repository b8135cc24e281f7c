import { Fragment, type ReactNode } from 'react';
import type { PostAuthor, Route, SidebarItem, Site } from '../../../src/types.ts';
import { QUERY_MAX_LENGTH } from '../../../src/shared/search-query.ts';
import { MAIN_ID } from '../../../src/shared/html.ts';
import { TranslationNotice } from '../components/Chrome.tsx';
import { EditMetaRow, PaginationNav, Toc } from '../components/DocChrome.tsx';
import { externalProps, mailto, useContentLangProps, useHref, useT, useTheme } from '../context.tsx';
import { Island } from '../island.tsx';
import { searchSettings, searchSettingsFile } from '../search/settings.ts';
import { SearchPageView } from '../search/SearchPageView.tsx';
import { Layout } from './Layout.tsx';
import { BlogPaginator, FeedLinks, onThisPage, TagLinks } from './Listings.tsx';

/** Marketing pages and story landing pages: full width; the page's Hero is its h1, else the title is. */
export function MarketingPage({ content }: { content: ReactNode }) {
  const { site, route, head } = useTheme();
  const compiled = site.compiled[route.compiledIndex!];
  const hasHero = compiled.components.includes('Hero') || compiled.hasTitleHeading;
  const contentLang = useContentLangProps();
  // A React page without Docusaurus's Layout is the whole body, as Docusaurus draws it (see src/render/page.ts).
  if (compiled.source.react && head?.bare)
    return (
      <Layout bare>
        <div id={MAIN_ID} className="page page--react page--bare" data-pagefind-body="" {...contentLang}>
          {content}
        </div>
      </Layout>
    );
  // A React page draws its whole content (its own <main>, header, sections), as under Docusaurus's layout.
  if (compiled.source.react)
    return (
      <Layout wide wrapperClassName={head?.wrapperClassName} noFooter={head?.noFooter}>
        <div id={MAIN_ID} tabIndex={-1} className="page page--react" data-pagefind-body="" {...contentLang}>
          {content}
        </div>
      </Layout>
    );
  const column = (
    <>
      <TranslationNotice />
      {hasHero ? null : (
        <header className="page__header" {...contentLang}>
          <h1>{route.title}</h1>
          {route.description ? <p className="page__lead">{route.description}</p> : null}
        </header>
      )}
      <div className="page__content" data-pagefind-body="" {...contentLang}>
        {content}
      </div>
    </>
  );
  // A Docusaurus project's Markdown page: its table of contents beside it (config pagesToc), as its MDXPage draws it.
  const toc = site.config.pagesToc ? compiled.toc : [];
  return (
    <Layout wide>
      <main id={MAIN_ID} tabIndex={-1} className={'page page--' + route.kind + (toc.length ? ' page--toc' : '')}>
        {toc.length ? (
          <>
            <div className="page__column">{column}</div>
            <div className="page__toc">
              <Toc toc={toc} variant="desktop" />
            </div>
          </>
        ) : (
          column
        )}
      </main>
    </Layout>
  );
}

export function BlogPost({ content }: { content: ReactNode }) {
  const { route, site } = useTheme();
  const t = useT();
  const href = useHref();
  const date = route.blog?.date;
  const contentLang = useContentLangProps();
  const cards = site.config.blog.postAuthors === 'cards';
  // The post's table of contents (blog.toc), beside it as a doc's, above it where there is no room.
  const toc = site.config.blog.toc ? (site.compiled[route.compiledIndex!]?.toc ?? []) : [];
  return (
    <Layout>
      <FeedLinks />
      <div className={'blog-layout' + (toc.length ? ' blog-layout--toc' : '')}>
        <BlogSidebar />
        <main id={MAIN_ID} tabIndex={-1} className="blog-layout__main">
          <TranslationNotice />
          {toc.length ? <Toc toc={toc} variant="mobile" /> : null}
          <article className="blog-post" {...contentLang}>
            <header>
              <h1>{route.title}</h1>
              <p className="blog-post__meta">
                {date ? <time dateTime={date}>{formatDate(date, site)}</time> : null}
                {route.blog?.readingTime !== undefined ? (
                  <span>{` · ${t('blog.readingTime', { minutes: route.blog.readingTime })}`}</span>
                ) : null}
                {route.blog?.authors.length && !cards ? (
                  <span> · {byAuthors(t('blog.by', { authors: '\u0000' }), route.blog, href)}</span>
                ) : null}
              </p>
              {cards && route.blog ? <PostAuthors blog={route.blog} /> : null}
            </header>
            <div data-pagefind-body="">{content}</div>
            <BlogPostFooter />
          </article>
          <BlogPostPaginator />
        </main>
        {toc.length ? (
          <div className="blog-layout__toc">
            <Toc toc={toc} variant="desktop" />
          </div>
        ) : null}
      </div>
    </Layout>
  );
}

/** Below a post, the posts beside it in the blog's list, as Docusaurus's post page links them. */
function BlogPostPaginator() {
  const { route } = useTheme();
  const t = useT();
  const { newer, older } = route.blog ?? {};
  return (
    <PaginationNav
      label={t('blog.post.paginator')}
      prev={newer && { ...newer, sublabel: t('blog.post.newer') }}
      next={older && { ...older, sublabel: t('blog.post.older') }}
    />
  );
}

/**
 * Below a post: its tags, then its edit link and last update. One element in the post's article, so the ids React
 * gives the post's content (`useId`) stay as they are on a site that shows no edit link.
 */
function BlogPostFooter() {
  const { route } = useTheme();
  return (
    <>
      {route.blog ? <PostTags blog={route.blog} /> : null}
      <EditMetaRow />
    </>
  );
}

/** A post's tags, linked to their pages where the blog has them; below the post and below it in lists, as Docusaurus shows them. */
function PostTags({ blog, inList = false }: { blog: NonNullable<Route['blog']>; inList?: boolean }) {
  if (blog.tagLinks?.length) return <TagLinks tags={blog.tagLinks} landmark={!inList} />;
  if (!blog.tags.length) return null;
  return (
    <ul className="blog-post__tags">
      {blog.tags.map((tag) => (
        <li key={tag}>{tag}</li>
      ))}
    </ul>
  );
}

export function BlogList() {
  const { site, route } = useTheme();
  return (
    <Layout>
      <FeedLinks />
      <div className="blog-layout">
        <BlogSidebar />
        <main id={MAIN_ID} tabIndex={-1} className="blog-layout__main">
          {/* Docusaurus's list pages show the posts alone: there the title is for screen readers (blog.listTitle). */}
          <h1 className={site.config.blog.listTitle === 'hidden' ? 'visually-hidden' : undefined}>{route.title}</h1>
          {/* The theme's own text introduces the list; a description the site gives (Docusaurus's) is for the head only. */}
          {site.config.blog.description === undefined ? <p className="page__lead">{route.description}</p> : null}
          {onThisPage(site.blogPosts, route.paged).map((post) => (
            <PostTeaser key={post.path} post={post} />
          ))}
          <BlogPaginator />
        </main>
      </div>
    </Layout>
  );
}

/**
 * A blog post in a list of posts (the blog's pages, a blog tag's, an author's), as Docusaurus lists them: title,
 * date and reading time, then the post up to its truncate marker (or whole, see `blog.untruncatedInList`), else its
 * description, and a link to read on unless the post is shown whole.
 */
export function PostTeaser({ post }: { post: { title: string; path: string; date?: string; readingTime?: number; description?: string } }) {
  const { site, excerpt } = useTheme();
  const t = useT();
  const href = useHref();
  const r = site.routes.find((x) => x.path === post.path);
  const shown = r?.compiledIndex !== undefined ? excerpt?.(r.compiledIndex) : undefined;
  const description = post.description ?? r?.description;
  return (
    <article className="blog-teaser">
      <h2>
        <a href={href(post.path)}>{post.title}</a>
      </h2>
      {post.date ? <time dateTime={post.date}>{formatDate(post.date, site)}</time> : null}
      {post.readingTime !== undefined ? <span>{` · ${t('blog.readingTime', { minutes: post.readingTime })}`}</span> : null}
      {site.config.blog.postAuthors === 'cards' && r?.blog ? <PostAuthors blog={r.blog} /> : null}
      {shown ? (shown.content as ReactNode) : description ? <p>{description}</p> : null}
      {r?.blog ? <PostTags blog={r.blog} inList /> : null}
      {/* Named by the post too: a list of links all called "Weiterlesen" says nothing out of context. */}
      {shown?.whole ? null : (
        <a href={href(post.path)} className="blog-teaser__more">
          {t('blog.readMore')}
          <span className="visually-hidden"> – {post.title}</span> <span aria-hidden="true">→</span>
        </a>
      )}
    </article>
  );
}

/**
 * A post's authors as Docusaurus's theme draws them under the title (`blog.postAuthors: 'cards'`): each with their
 * photo, their name linked to their page (else their address), their title and their profiles. The photo is beside
 * the name, so it says nothing more to a screen reader (empty `alt`).
 */
function PostAuthors({ blog }: { blog: NonNullable<Route['blog']> }) {
  const href = useHref();
  const t = useT();
  const authors = blog.authorLinks ?? blog.authors.map((label) => ({ label }) as PostAuthor);
  if (!authors.length) return null;
  return (
    <ul className="post-authors">
      {authors.map((a, i) => {
        // Their page, else their address, else their e-mail, as Docusaurus links an author's name.
        const link = a.path ? href(a.path) : (a.url ?? mailto(a.email));
        return (
          <li key={i} className="avatar">
            {a.imageUrl ? <img className="avatar__photo" src={href(a.imageUrl)} alt="" loading="lazy" /> : null}
            <div className="avatar__intro">
              <span className="avatar__name" translate="no">
                {link ? (
                  <a href={link} {...(a.path ? {} : externalProps(link))}>
                    {a.label}
                  </a>
                ) : (
                  a.label
                )}
              </span>
              {a.title ? <small className="avatar__subtitle">{a.title}</small> : null}
              {a.socials?.length ? (
                <span className="post-authors__socials">
                  {a.socials.map((social) => (
                    <a key={social.url} href={social.url} {...externalProps(social.url)}>
                      {social.label}
                      <span className="visually-hidden">{t('link.newTab')}</span>
                    </a>
                  ))}
                </span>
              ) : null}
            </div>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * "by A, B" in the locale's words, each author with a page of their own linked to it: the message is filled
 * with a stand-in that the names, as elements, replace.
 */
function byAuthors(filled: string, blog: NonNullable<Route['blog']>, href: (to: string) => string): ReactNode {
  const [before, after = ''] = filled.split('\u0000');
  const authors = blog.authorLinks ?? blog.authors.map((label) => ({ label, path: undefined }));
  return (
    <>
      {before}
      {authors.map((a, i) => (
        <Fragment key={i}>
          {i ? ', ' : ''}
          {a.path ? <a href={href(a.path)}>{a.label}</a> : a.label}
        </Fragment>
      ))}
      {after}
    </>
  );
}

/** The blog sidebar lists every post (page size "all", SPEC §2). */
export function BlogSidebar() {
  const { site, route } = useTheme();
  const t = useT();
  const href = useHref();
  const { sidebarCount } = site.config.blog;
  const posts = sidebarCount === 'ALL' ? site.blogPosts : site.blogPosts.slice(0, sidebarCount);
  if (!posts.length) return null;
  const title = site.config.blog.sidebarTitle ?? t('blog.recentPosts');
  // The docs sidebar's list and links (DocSidebar.css), so both sidebars look and behave alike.
  const list = (shown: typeof posts) => (
    <ul className="menu">
      {shown.map((p) => (
        <li key={p.path} className="menu__item">
          <a
            href={href(p.path)}
            className={'menu__link' + (p.path === route.path ? ' menu__link--active' : '')}
            aria-current={p.path === route.path ? 'page' : undefined}
          >
            {p.title}
          </a>
        </li>
      ))}
    </ul>
  );
  // By year (blog.sidebarGroupByYear), in the posts' order: a heading for each year, as Docusaurus's theme groups them.
  const years = new Map<string, typeof posts>();
  if (site.config.blog.sidebarGroupByYear)
    for (const post of posts) years.set(post.date?.slice(0, 4) ?? '', [...(years.get(post.date?.slice(0, 4) ?? '') ?? []), post]);
  return (
    <nav className="blog-sidebar" aria-label={title}>
      <p className="blog-sidebar__title">{title}</p>
      {years.size
        ? [...years].map(([year, shown]) => (
            <div key={year} role="group">
              {year ? <h3 className="blog-sidebar__year">{year}</h3> : null}
              {list(shown)}
            </div>
          ))
        : list(posts)}
    </nav>
  );
}

/** A post's date in the language and calendar of the locale being built (its `htmlLang`, `calendar`), not always German. */
export function formatDate(date: string, site: Site): string {
  const d = new Date(date + 'T00:00:00Z');
  const locale = site.locales.find((l) => l.code === site.config.i18n.currentLocale);
  const lang = locale?.htmlLang ?? site.config.i18n.currentLocale;
  const calendar = locale?.calendar;
  return Number.isNaN(d.getTime())
    ? date
    : d.toLocaleDateString(lang, { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC', calendar });
}

/**
 * The not-found page: a way on from wherever the visitor meant to go: a search (a plain form to the search
 * page, so it works before and without the client script), the first docs of the docs sidebar (the owner's
 * order), and the home page; with `notFoundWayOn` off (a Docusaurus project), its title and two sentences only.
 */
export function NotFound() {
  const { site } = useTheme();
  const t = useT();
  const href = useHref();
  const docs = firstDocs(site.sidebar, 6);
  if (!site.config.notFoundWayOn)
    return (
      <Layout>
        <main id={MAIN_ID} tabIndex={-1} className="not-found">
          <h1>{t('notFound.title')}</h1>
          <p className="not-found__lead">{t('notFound.lead')}</p>
          <p>{t('notFound.help')}</p>
        </main>
      </Layout>
    );
  return (
    <Layout>
      <main id={MAIN_ID} tabIndex={-1} className="not-found">
        <h1>{t('notFound.title')}</h1>
        <p className="not-found__lead">{t('notFound.lead')}</p>
        <form className="search-page__form not-found__search" role="search" method="get" action={href('/search/')}>
          <label htmlFor="not-found-search" className="visually-hidden">
            {t('search.page.inputLabel')}
          </label>
          <input
            id="not-found-search"
            name="q"
            type="search"
            placeholder={t('search.page.inputLabel')}
            autoComplete="off"
            maxLength={QUERY_MAX_LENGTH}
          />
          <button type="submit" className="button button--primary">
            {t('search.page.submit')}
          </button>
        </form>
        {docs.length ? (
          <nav className="not-found__docs" aria-labelledby="not-found-docs">
            <h2 id="not-found-docs">{t('notFound.docs')}</h2>
            <ul>
              {docs.map((d) => (
                <li key={d.path}>
                  <a href={href(d.path)}>{d.label}</a>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
        <p>{t('notFound.help')}</p>
        <p>
          <a className="button button--secondary" href={href('/')}>
            {t('notFound.home')}
          </a>
        </p>
      </main>
    </Layout>
  );
}

/** The first `limit` docs of the sidebar in its order, depth first (a category's own page counts as a doc). */
function firstDocs(items: SidebarItem[], limit: number): { label: string; path: string }[] {
  const out: { label: string; path: string }[] = [];
  const visit = (list: SidebarItem[]) => {
    for (const item of list) {
      if (out.length >= limit) return;
      if (item.type === 'doc') out.push({ label: item.label, path: item.path });
      else if (item.type === 'category') {
        if (item.path) out.push({ label: item.label, path: item.path });
        visit(item.items);
      }
    }
  };
  visit(items);
  return out;
}

/**
 * The search page: a server-rendered shell (title, a form that works without JavaScript) inside the
 * SearchPage island, which reads `?q=` and shows the results once hydrated.
 */
export function SearchPage() {
  const { site } = useTheme();
  const t = useT();
  const settings = searchSettings(site);
  return (
    <Layout>
      <main id={MAIN_ID} tabIndex={-1} className="search-page">
        {/* The settings come from their file (the same for the whole build), as for the search modal. */}
        <Island name="SearchPage" props={{}} propsSrc={searchSettingsFile(site).url} on="load">
          <SearchPageView settings={settings} />
        </Island>
        <noscript>
          <p>{t('search.page.noscript')}</p>
        </noscript>
      </main>
    </Layout>
  );
}
