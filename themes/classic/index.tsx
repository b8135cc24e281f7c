import type { PageProps, Theme } from '../../src/types.ts';
import { ThemeContext } from './context.tsx';
import { DocPage } from './layouts/DocPage.tsx';
import { BlogList, BlogPost, MarketingPage, NotFound, SearchPage } from './layouts/Pages.tsx';
import { AuthorListPage, AuthorPage, BlogArchive, TagListPage, TagPage } from './layouts/Listings.tsx';
import * as blocks from './mdx/blocks.tsx';
import * as dataBlocks from './mdx/data.tsx';
import * as legalBlocks from './mdx/legal.tsx';
import { PromotionPeriod } from './mdx/promotion.tsx';
import { MangaPromo } from './islands/MangaPromo.tsx';
import { contracts } from './mdx/contracts.ts';
import { DocCardList } from './components/DocCardList.tsx';
import { docusaurusModules, docusaurusSite } from './docusaurus.tsx';
import { dataSchemas } from './mdx/data-schemas.ts';
import { companyGaps } from './mdx/company.ts';
import { dataPackGaps } from './mdx/data-packs.ts';
import { messageIds } from './messages.ts';
import { searchSettingsFile } from './search/settings.ts';
import type { ReactNode } from 'react';

function Page(props: PageProps) {
  const { route } = props;
  const content = props.content as ReactNode;
  let body: ReactNode;
  switch (route.kind) {
    case 'doc':
      body = <DocPage content={content} />;
      break;
    case 'page':
    case 'landing':
      body = <MarketingPage content={content} />;
      break;
    case 'blogPost':
      body = <BlogPost content={content} />;
      break;
    case 'blogList':
      body = <BlogList />;
      break;
    case 'search':
      body = <SearchPage />;
      break;
    case 'notFound':
      body = <NotFound />;
      break;
    case 'tagList':
      body = <TagListPage />;
      break;
    case 'tagPage':
      body = <TagPage />;
      break;
    case 'authorList':
      body = <AuthorListPage />;
      break;
    case 'authorPage':
      body = <AuthorPage />;
      break;
    case 'blogArchive':
      body = <BlogArchive />;
      break;
  }
  return (
    <ThemeContext.Provider
      value={{
        site: props.site,
        route,
        mode: props.mode,
        islands: props.islands,
        renderShared: props.renderShared,
        head: props.head,
        excerpt: props.excerpt,
        codeBlock: props.codeBlock,
      }}
    >
      {body}
    </ThemeContext.Provider>
  );
}

/** The classic theme: docs and marketing layouts, the page chrome, and the MDX components. */
export const classicTheme: Theme = {
  name: 'classic',
  Page,
  components: {
    ...blocks,
    ...dataBlocks,
    Company: legalBlocks.Company,
    Impressum: legalBlocks.Impressum,
    CancellationForm: legalBlocks.CancellationForm,
    MangaPromo,
    PromotionPeriod,
    DocCardList,
  },
  modules: docusaurusModules,
  // Infima's class names, which Docusaurus projects' components and pages are written with.
  moduleStyles: 'themes/classic/docusaurus.css',
  moduleSources: { modules: 'themes/classic/docusaurus.tsx', island: 'themes/classic/islands/project.client.tsx' },
  moduleSite: docusaurusSite,
  contracts,
  dataSchemas,
  // The Impressum's fields are the law's (§ 5 DDG, § 18 MStV): the site builds with gaps, but says so each time.
  dataWarnings: {
    company: (data) => {
      const gaps = companyGaps(data) ?? [];
      if (!gaps.length) return [];
      return [
        {
          keyPath: gaps[0],
          message: `${gaps.length} field${gaps.length === 1 ? ' is' : 's are'} empty that the Impressum must show: ${gaps.join(', ')}.`,
          hint: 'The owner fills them in before the site goes live; the Impressum shows "noch nicht angegeben" meanwhile.',
        },
      ];
    },
    // The top-up page sells data packs: without them it shows no price and no buy button (nothing invented).
    pricing: (data) => {
      const gaps = dataPackGaps(data);
      if (!gaps.length) return [];
      return [
        {
          keyPath: gaps[0],
          message: `${gaps.length} field${gaps.length === 1 ? ' is' : 's are'} empty that the top-up page's data packs need: ${gaps.join(', ')}.`,
          hint: 'The owner adds each pack (id, name, quota, prices per currency) and the purchase URL; /topup/ shows neither prices nor a buy button meanwhile.',
        },
      ];
    },
  },
  messageIds,
  sharedFiles: (site) => [searchSettingsFile(site)],
};
