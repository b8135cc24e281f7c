import { readdirSync } from 'node:fs';
import path from 'node:path';
import { CODES, report, type Diagnostic } from '../diagnostics.ts';

/**
 * The components of Docusaurus's classic theme and of its core's fallback theme, by the top of their module name
 * (`@theme/DocItem/Layout` → `DocItem`): the parts of a page a project can replace by a file of the same name in
 * `src/theme/` (https://docusaurus.io/docs/swizzling). A file there by another name is the project's own
 * component, imported as `@theme/<name>`. `MDXComponents` is not among them: the components it adds are used
 * (src/config/mdx-components.ts). Nor is Docusaurus 2's `DocPage` (3 split it into `DocRoot`, `DocVersionRoot` and
 * `DocsRoot`): a project's `DocPage` files replace nothing under Docusaurus 3 either.
 */
const DOCUSAURUS_THEME = new Set(
  (
    'Admonition AnnouncementBar BackToTopButton Blog BlogArchivePage BlogLayout BlogListPage BlogListPaginator ' +
    'BlogPostItem BlogPostItems BlogPostPage BlogPostPaginator BlogSidebar BlogTagsListPage BlogTagsPostsPage CodeBlock ' +
    'CodeInline ColorModeToggle ContentVisibility Details DocBreadcrumbs DocCard DocCardList DocCategoryGeneratedIndexPage ' +
    'DocItem DocPaginator DocRoot DocSidebar DocSidebarItem DocSidebarItems DocTagDocListPage DocTagsListPage ' +
    'DocVersionBadge DocVersionBanner DocVersionRoot DocsRoot EditMetaRow EditThisPage Error ErrorPageContent Footer ' +
    'Heading Icon LastUpdated Layout Loading Logo MDXContent MDXPage Mermaid Navbar NavbarItem NotFound ' +
    'PaginatorNavLink Root SearchBar SearchMetadata SearchPage SiteMetadata SkipToContent TOC TOCCollapsible TOCInline ' +
    'TOCItems TabItem Tabs Tag TagsListByLetter TagsListInline ThemeProvider ThemedImage'
  ).split(' '),
);

const CODE = /\.(?:js|jsx|ts|tsx)$/;

/**
 * The project's theme components (Docusaurus's `src/theme/`): each module name (`DocItem/Layout`; a folder's
 * `index` file names the folder) with its file, project-relative. The project's code importing `@theme/<name>`
 * gets its own file, as under Docusaurus. quire draws the page around the content with its own theme, so a file
 * replacing one of Docusaurus's own parts is not used for that part: one warning names them all.
 */
export function swizzledComponents(root: string, folder = 'src/theme'): { components: Record<string, string>; diagnostics: Diagnostic[] } {
  const components: Record<string, string> = {};
  const walk = (rel: string) => {
    let entries: import('node:fs').Dirent[];
    try {
      entries = readdirSync(path.join(root, folder, rel), { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
      const name = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(name);
      else if (CODE.test(entry.name) && !/\.(?:test|spec|d)\.[jt]sx?$/.test(entry.name)) {
        const module = name.replace(CODE, '').replace(/\/index$/, '');
        components[module] ??= `${folder}/${name}`;
      }
    }
  };
  walk('');
  const replaced = Object.keys(components)
    .filter((name) => DOCUSAURUS_THEME.has(name.split('/')[0]))
    .sort();
  const diagnostics = replaced.length
    ? [report(CODES.CONFIG_UNKNOWN_KEY, 'swizzledUnused', { folder, names: replaced }, { file: components[replaced[0]] })]
    : [];
  return { components, diagnostics };
}
