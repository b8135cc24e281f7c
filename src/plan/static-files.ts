import { CODES, report, type Diagnostic } from '../diagnostics.ts';
import { GENERATED_FILES, GENERATED_FOLDERS, pageFile } from '../shared/output-paths.ts';
import type { Compiled, Loaded, Route, SiteConfig } from '../types.ts';

/**
 * Static files are copied under the base path as they are; one that lands where quire writes a page, the
 * sitemap or one of its own folders would silently replace it (or be lost with the folder), so each such
 * file is an error naming both sides.
 */
export function staticFileClashes(
  staticFiles: Loaded['staticFiles'],
  routes: Route[],
  compiled: Compiled[],
  config: SiteConfig,
): Diagnostic[] {
  const pages = new Map(routes.map((r) => [pageFile(r.path), r]));
  const url = (file: string) => config.baseUrl + file;
  const diagnostics: Diagnostic[] = [];
  for (const f of staticFiles) {
    const target = f.path.slice(1);
    const page = pages.get(target);
    if (page) {
      const owner =
        page.compiledIndex === undefined
          ? `the ${page.kind === 'notFound' ? 'not-found' : page.kind} page quire generates`
          : compiled[page.compiledIndex].source.file;
      diagnostics.push(
        report(CODES.DUPLICATE_ROUTE, 'staticOnPage', { url: url(page.path.slice(1)), owner, file: f.file }, { file: f.file }),
      );
    } else if ((GENERATED_FILES as readonly string[]).includes(target)) {
      diagnostics.push(report(CODES.DUPLICATE_ROUTE, 'staticOnGenerated', { file: f.file, target, url: url(target) }, { file: f.file }));
    } else if (/\.html$/.test(target) && pages.has(target.replace(/\.html$/, '/index.html')) && !target.endsWith('/index.html')) {
      // `docs/faq.html` beside the page `docs/faq/`: the route matcher (dev server, browser) reads the
      // address as the page, while a bucket serves the file; which one a visitor gets would depend on how.
      const page = pages.get(target.replace(/\.html$/, '/index.html'))!;
      const owner = page.compiledIndex === undefined ? `the ${page.kind} page quire generates` : compiled[page.compiledIndex].source.file;
      diagnostics.push(
        report(
          CODES.DUPLICATE_ROUTE,
          'staticBesidePage',
          { file: f.file, url: url(target), page: url(page.path.slice(1)), owner },
          { file: f.file },
        ),
      );
    } else {
      const folder = GENERATED_FOLDERS.find((d) => target.startsWith(d));
      if (folder)
        diagnostics.push(report(CODES.DUPLICATE_ROUTE, 'staticInFolder', { file: f.file, folder: url(folder) }, { file: f.file }));
    }
  }
  return diagnostics;
}
