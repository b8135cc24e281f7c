import { CODES, report, type Diagnostic } from '../diagnostics.ts';
import type { Page, Site, StageResult } from '../types.ts';
import { limitedRender, type RenderOneResult, type RenderOptions } from './page.ts';

/** Renders every route to an HTML page. A page that throws becomes a diagnostic naming its source. */
export function render(options: RenderOptions): StageResult<Page[]> {
  const diagnostics: Diagnostic[] = [];
  return { value: [...renderEach(options, diagnostics)], diagnostics };
}

/**
 * The same, one page at a time: emit writes each page as it comes, so memory holds one page,
 * not the whole site. Failures are pushed to `diagnostics` and the page is skipped.
 *
 * A page whose own code runs (MDX compiled to code: its exports and `{…}` expressions) renders under the page
 * time limit (see limitedRender), so one that never finishes (an endless loop) is stopped: it gets Q035, and no
 * page renders after it (the build fails anyway, and each further such page would wait as long).
 */
export function* renderEach({ only, first, ...options }: RenderOptions, diagnostics: Diagnostic[]): Generator<Page> {
  const renderOne = limitedRender(options);
  for (const i of renderOrder(options.site, only, first)) {
    const result = renderOne(i);
    if ('diagnostic' in result) diagnostics.push(result.diagnostic);
    else yield result.page;
    if (result.timedOut) return;
  }
}

/** Indices of the routes to render: those `first` picks before the others, each group in route order. */
export function renderOrder(site: Site, only?: RenderOptions['only'], first?: RenderOptions['first']): number[] {
  const indices = site.routes.flatMap((route, i) => (only && !only(route) ? [] : [i]));
  if (!first) return indices;
  const picked = indices.map((i) => first(site.routes[i]));
  return [...indices.filter((_, k) => picked[k]), ...indices.filter((_, k) => !picked[k])];
}

/**
 * `renderEach` with the rendering done by `renderOne` (a worker pool): at most `ahead` routes are out
 * at once, and pages come back in the order asked (renderOrder), as emit expects, however the pool finishes them.
 */
export async function* renderEachWith(
  { site, only, first }: Pick<RenderOptions, 'site' | 'only' | 'first'>,
  diagnostics: Diagnostic[],
  renderOne: (routeIndex: number) => Promise<RenderOneResult>,
  ahead: number,
): AsyncGenerator<Page> {
  const indices = renderOrder(site, only, first);
  const out: Promise<RenderOneResult>[] = [];
  let next = 0;
  while (next < indices.length || out.length) {
    while (next < indices.length && out.length < ahead) {
      const index = indices[next++];
      const result = renderOne(index).catch(
        (e: Error): RenderOneResult => ({
          diagnostic: report(CODES.RENDER_FAILED, 'workerFailed', {
            page: `${site.config.baseUrl}${site.routes[index].path.slice(1)}`,
            reason: e.message,
          }),
        }),
      );
      out.push(result);
    }
    const result = await out.shift()!;
    if ('diagnostic' in result) diagnostics.push(result.diagnostic);
    else yield result.page;
  }
}
