import { CODES, error, type Diagnostic } from '../diagnostics.ts';
import type { Compiled, Route, RouteKind, SiteConfig } from '../types.ts';

const KIND: Record<Compiled['source']['kind'], RouteKind> = { doc: 'doc', page: 'page', landing: 'landing', blog: 'blogPost' };

/** The route table: one route per content file plus the generated ones; duplicate paths are errors naming both files. */
export function planRoutes(compiled: Compiled[], config: SiteConfig, messages: Record<string, string>): { routes: Route[]; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const routes: Route[] = [];
  const owner = new Map<string, string>();
  const claim = (path: string, file: string) => {
    const previous = owner.get(path);
    if (previous) {
      diagnostics.push(
        error(CODES.DUPLICATE_ROUTE, `Two pages want the same URL ${config.baseUrl}${path.slice(1)}:\n- ${previous}\n- ${file}`, {
          file,
          hint: 'Rename one of the files or give it another slug in its front matter.',
        }),
      );
      return false;
    }
    owner.set(path, file);
    return true;
  };
  compiled.forEach((c, compiledIndex) => {
    if (!claim(c.source.path, c.source.file)) return;
    const fm = c.source.frontMatter;
    routes.push({
      kind: KIND[c.source.kind],
      path: c.source.path,
      title: c.title,
      description: c.description,
      compiledIndex,
      isUnlisted: fm.unlisted === true,
      blog: c.source.kind === 'blog' ? { date: fm.date, authors: fm.authors ?? [], tags: fm.tags ?? [] } : undefined,
    });
  });
  const generated: [RouteKind, string, string, string][] = [['search', '/search/', messages['search.page.title'] ?? 'Search', messages['search.page.description'] ?? '']];
  if (config.blog.enabled && compiled.some((c) => c.source.kind === 'blog')) {
    generated.push(['blogList', `/${config.blog.routeBasePath}/`, config.blog.title, messages['blog.list.description'] ?? '']);
  }
  for (const [kind, path, title, description] of generated) {
    if (claim(path, `(generated ${kind} page)`)) routes.push({ kind, path, title, description, isUnlisted: false });
  }
  routes.push({ kind: 'notFound', path: '/404.html', title: messages['notFound.title'] ?? 'Page Not Found', description: '', isUnlisted: true });
  return { routes, diagnostics };
}
