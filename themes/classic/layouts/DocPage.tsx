import type { ReactNode } from 'react';
import { MAIN_ID } from '../../../src/shared/html.ts';
import { TranslationNotice } from '../components/Chrome.tsx';
import { BackToTop, Breadcrumbs, EditMetaRow, Pagination, Toc, VersionBadge, VersionBanner } from '../components/DocChrome.tsx';
import { DocSidebar, SidebarHideControls } from '../components/DocSidebar.tsx';
import { useContentLangProps, useT, useTheme } from '../context.tsx';
import { Layout } from './Layout.tsx';
import { TagLinks } from './Listings.tsx';

/** A docs page: sidebar, breadcrumbs, article, table of contents, previous/next. */
export function DocPage({ content }: { content: ReactNode }) {
  const { site, route } = useTheme();
  const t = useT();
  const compiled = site.compiled[route.compiledIndex!];
  const fm = compiled.source.frontMatter;
  const toc = compiled.toc;
  const showTitle = !fm.hide_title && !compiled.hasTitleHeading;
  const contentLang = useContentLangProps();
  // Only where the page shows the sidebar: the hidden state narrows its column.
  const isHideable = site.config.docs.sidebar.hideable && route.doc?.inSidebar === true;
  return (
    <Layout>
      <div className={isHideable ? 'doc-layout doc-layout--hideable' : 'doc-layout'}>
        {route.doc?.inSidebar ? (
          <div className="doc-layout__sidebar">
            <DocSidebar />
            {isHideable ? <SidebarHideControls /> : null}
          </div>
        ) : null}
        <main className="doc-layout__main" id={MAIN_ID} tabIndex={-1}>
          <article className="doc">
            <NoticeAndBanner />
            <BreadcrumbsAndBadge />
            {route.isUnlisted ? (
              <aside className="admonition admonition-warning" role="note">
                <p className="admonition-title">{t('docs.unlistedTitle')}</p>
                <p>{t('docs.unlistedBody')}</p>
              </aside>
            ) : null}
            {showTitle ? (
              <h1 className="doc__title" {...contentLang}>
                {route.title}
              </h1>
            ) : null}
            <Toc toc={toc} variant="mobile" />
            <div data-pagefind-body="" {...contentLang}>
              {content}
            </div>
            <TagsAndEditMeta />
          </article>
          <Pagination />
          <BackToTop />
        </main>
        {toc.length ? (
          <div className="doc-layout__toc">
            <Toc toc={toc} variant="desktop" />
          </div>
        ) : null}
      </div>
    </Layout>
  );
}

/**
 * Each pair in one slot of the article, so its children, and the ids React gives the content (`useId`), stay as
 * they are on a site without versions.
 */
function NoticeAndBanner() {
  return (
    <>
      <TranslationNotice />
      <VersionBanner />
    </>
  );
}

/** The doc's tags and, below them, its edit link and last update, in the one slot the tags had. */
function TagsAndEditMeta() {
  const { route } = useTheme();
  return (
    <>
      {route.doc?.tags?.length ? <TagLinks tags={route.doc.tags} /> : null}
      <EditMetaRow />
    </>
  );
}

function BreadcrumbsAndBadge() {
  return (
    <>
      <Breadcrumbs />
      <VersionBadge />
    </>
  );
}
