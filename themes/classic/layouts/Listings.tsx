import type { ReactNode } from 'react';
import type { AuthorEntry, ListedPage, NavLink, Route, Site, TagEntry } from '../../../src/types.ts';
import { MAIN_ID } from '../../../src/shared/html.ts';
import { feedLinks } from '../../../src/shared/feeds.ts';
import { externalProps, mailto, useHref, useT, useTheme } from '../context.tsx';
import { Layout } from './Layout.tsx';
import { BlogSidebar, formatDate, PostTeaser } from './Pages.tsx';

/**
 * The listing pages Docusaurus generates (planned in src/plan/tags.ts): the docs' and the blog's tags and each
 * tag's pages, the blog's authors and each author's posts, the blog archive; and the tag links a doc or a post
 * shows under its text.
 */

/** A page's tags, each a link to the tag's page. */
export function TagLinks({ tags, landmark = true }: { tags: NavLink[]; landmark?: boolean }) {
  const t = useT();
  const href = useHref();
  // In a list of posts each post has its tags: landmarks there would be many, all of one name.
  const Box = landmark ? 'nav' : 'div';
  return (
    <Box className="tag-links" aria-label={landmark ? t('tags.title') : undefined}>
      <b className="tag-links__label">{t('tags.label')}</b>
      <ul className="tag-links__list">
        {tags.map((tag) => (
          <li key={tag.path}>
            <a className="tag-links__tag" href={href(tag.path)} rel="tag">
              {tag.label}
            </a>
          </li>
        ))}
      </ul>
    </Box>
  );
}

/**
 * The blog's feeds announced to feed readers (`<link rel="alternate">`, which React places in the head); with
 * `blog.feed.everyPage` the document announces them on every page instead.
 */
export function FeedLinks() {
  const { site } = useTheme();
  if (site.config.blog.feed.everyPage) return null;
  return (
    <>
      {feedLinks(site).map((link) => (
        <link key={link.type} rel="alternate" {...link} />
      ))}
    </>
  );
}

/** The tags of the route's listing (docs or blog); on a tags page, those under it (each docs version has its own). */
function useTags(): TagEntry[] {
  const { site, route } = useTheme();
  const tags = site.tags?.[route.listing ?? 'docs'] ?? [];
  return route.kind === 'tagList' ? tags.filter((tag) => tag.path.replace(/[^/]+\/?$/, '') === route.path) : tags;
}

/** A blog listing inside the blog's layout (its sidebar of posts); docs listings in the plain page. */
function Frame({ children }: { children: ReactNode }) {
  const { route } = useTheme();
  const blog = route.listing === 'blog' || route.kind === 'authorList' || route.kind === 'authorPage' || route.kind === 'blogArchive';
  // The archive lists every post itself: no sidebar of recent posts beside it, as in Docusaurus.
  const sidebar = route.kind !== 'blogArchive';
  if (!blog)
    return (
      <Layout>
        <main id={MAIN_ID} tabIndex={-1} className="listing">
          {children}
        </main>
      </Layout>
    );
  return (
    <Layout>
      <FeedLinks />
      <div className={sidebar ? 'blog-layout' : 'blog-layout blog-layout--single'}>
        {sidebar ? <BlogSidebar /> : null}
        <main id={MAIN_ID} tabIndex={-1} className="blog-layout__main listing">
          {children}
        </main>
      </div>
    </Layout>
  );
}

/** `/docs/tags/`, `/blog/tags/`: every tag with its number of pages, grouped by first letter as in Docusaurus. */
export function TagListPage() {
  const { route } = useTheme();
  const href = useHref();
  const tags = useTags();
  const groups = new Map<string, TagEntry[]>();
  for (const tag of tags) {
    const letter = tag.label.charAt(0).toLocaleUpperCase();
    groups.set(letter, [...(groups.get(letter) ?? []), tag]);
  }
  return (
    <Frame>
      <h1>{route.title}</h1>
      {[...groups].map(([letter, list]) => (
        <section key={letter} className="listing__group">
          <h2>{letter}</h2>
          <ul className="tag-links__list">
            {list.map((tag) => (
              <li key={tag.path}>
                <a className="tag-links__tag" href={href(tag.path)} rel="tag">
                  {tag.label} <span className="tag-links__count">{tag.items.length}</span>
                </a>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </Frame>
  );
}

/** One tag's page: its description, the pages that carry it, and a way back to all tags. */
export function TagPage() {
  const { site, route } = useTheme();
  const t = useT();
  const href = useHref();
  // A page after the first of a tag cut into pages is found by the tag's own page (Route.paged).
  const first = route.paged?.first ?? route.path;
  const tag = useTags().find((x) => x.path === first);
  const all = first.replace(/[^/]+\/$/, '');
  return (
    <Frame>
      <header className="listing__header">
        <h1>{route.title}</h1>
        {tag?.description ? <p className="page__lead">{tag.description}</p> : null}
        <a href={href(all)}>{t('tags.viewAll')}</a>
      </header>
      <Listed items={onThisPage(tag?.items ?? [], route.paged)} site={site} posts={route.listing === 'blog'} />
      <BlogPaginator />
    </Frame>
  );
}

/** `/blog/authors/`: every author of the authors file with the number of their posts, linked where they have a page. */
export function AuthorListPage() {
  const { site, route } = useTheme();
  return (
    <Frame>
      <h1>{route.title}</h1>
      <ul className="listing__authors">
        {(site.authors ?? []).map((author) => (
          <li key={author.key}>
            <Author author={author} linked count />
          </li>
        ))}
      </ul>
    </Frame>
  );
}

/** One author's page: who they are and their posts, newest first. */
export function AuthorPage() {
  const { site, route } = useTheme();
  const first = route.paged?.first ?? route.path;
  const author = site.authors?.find((a) => a.path === first);
  if (!author) throw new Error(`quire bug: no author planned for ${route.path}`);
  return (
    <Frame>
      <header className="listing__header">
        <Author author={author} heading />
      </header>
      <Listed items={onThisPage(author.items, route.paged)} site={site} posts />
      <BlogPaginator />
    </Frame>
  );
}

/** What a page of a listing cut into pages shows (Route.paged); a listing on one page shows all. */
export function onThisPage<T extends { path: string }>(items: readonly T[], paged: Route['paged']): readonly T[] {
  if (!paged) return items;
  const here = new Set(paged.items);
  return items.filter((item) => here.has(item.path));
}

/** The links to the newer and older posts of a blog listing cut into pages, as Docusaurus's blog list paginator. */
export function BlogPaginator() {
  const { route } = useTheme();
  const t = useT();
  const href = useHref();
  const { newer, older } = route.paged ?? {};
  if (!newer && !older) return null;
  return (
    <nav className="pagination-nav" aria-label={t('blog.paginator.label')}>
      {newer ? (
        <a className="pagination-nav__link pagination-nav__link--prev" href={href(newer)} rel="prev">
          <span className="pagination-nav__label">« {t('blog.paginator.newer')}</span>
        </a>
      ) : (
        <span />
      )}
      {older ? (
        <a className="pagination-nav__link pagination-nav__link--next" href={href(older)} rel="next">
          <span className="pagination-nav__label">{t('blog.paginator.older')} »</span>
        </a>
      ) : null}
    </nav>
  );
}

function Author({
  author,
  linked = false,
  heading = false,
  count = false,
}: {
  author: AuthorEntry;
  linked?: boolean;
  heading?: boolean;
  count?: boolean;
}) {
  const href = useHref();
  const t = useT();
  // Linked to their page, else to their address, else to their e-mail, as Docusaurus links an author's name.
  const to = linked ? (author.path ? href(author.path) : (author.url ?? mailto(author.email))) : undefined;
  const linkedName = to ? (
    <a href={to} {...(author.path ? {} : externalProps(to))}>
      {author.name}
    </a>
  ) : (
    author.name
  );
  // The number of their posts beside the name on the authors page, as Docusaurus's authors list shows it.
  const name = count ? (
    <>
      {linkedName} <span className="listing__author-count">{author.items.length}</span>
    </>
  ) : (
    linkedName
  );
  return (
    <div className="listing__author">
      {author.imageUrl ? <img className="listing__avatar" src={author.imageUrl} alt="" width={64} height={64} loading="lazy" /> : null}
      <div>
        {heading ? <h1>{name}</h1> : <p className="listing__author-name">{name}</p>}
        {author.title ? <p className="listing__author-title">{author.title}</p> : null}
        {author.socials?.length ? (
          <ul className="listing__socials">
            {author.socials.map((social) => (
              <li key={social.url}>
                <a href={social.url} {...externalProps(social.url)}>
                  {social.label}
                  <span className="visually-hidden">{t('link.newTab')}</span>
                </a>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </div>
  );
}

/** `/blog/archive/`: every post by year, newest first. */
export function BlogArchive() {
  const { site, route } = useTheme();
  const href = useHref();
  const years = new Map<string, Site['blogPosts']>();
  for (const post of site.blogPosts) {
    const year = post.date?.slice(0, 4) ?? '';
    years.set(year, [...(years.get(year) ?? []), post]);
  }
  return (
    <Frame>
      <h1>{route.title}</h1>
      {[...years].map(([year, posts]) => (
        <section key={year} className="listing__group">
          {year ? <h2>{year}</h2> : null}
          <ul className="listing__archive">
            {posts.map((post) => (
              <li key={post.path}>
                {post.date ? <time dateTime={post.date}>{formatDate(post.date, site)}</time> : null}{' '}
                <a href={href(post.path)}>{post.title}</a>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </Frame>
  );
}

/**
 * Pages of a tag or an author: blog posts as the blog's own list shows them (`posts`), docs by title and
 * description, as Docusaurus lists each.
 */
function Listed({ items, site, posts = false }: { items: readonly ListedPage[]; site: Site; posts?: boolean }) {
  const href = useHref();
  const t = useT();
  if (posts)
    return (
      <>
        {items.map((item) => (
          <PostTeaser key={item.path} post={item} />
        ))}
      </>
    );
  return (
    <>
      {items.map((item) => (
        <article key={item.path} className="blog-teaser">
          <h2>
            <a href={href(item.path)}>{item.title}</a>
          </h2>
          {item.date ? <time dateTime={item.date}>{formatDate(item.date, site)}</time> : null}
          {item.readingTime !== undefined ? <span>{` · ${t('blog.readingTime', { minutes: item.readingTime })}`}</span> : null}
          {item.description ? <p>{item.description}</p> : null}
        </article>
      ))}
    </>
  );
}
