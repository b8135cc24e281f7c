import { CODES, report, type Diagnostic } from '../diagnostics.ts';
import { configPlace } from '../shared/config-place.ts';
import { REDIRECT_FROM, withBase } from '../shared/route-match.ts';
import type { ProjectHooks, Route, SiteConfig } from '../types.ts';

/** A redirect page: written at `from` (a site path), it sends the visitor on to `to` (a URL, base path included). */
export interface Redirect {
  from: string;
  to: string;
}

/** A path without its trailing slash (`/docs/intro/` → `/docs/intro`), as Docusaurus names its routes by default. */
const bare = (p: string) => (p.length > 1 ? p.replace(/\/+$/, '') : p);

/**
 * The redirect pages of config `redirects`, as Docusaurus's plugin-client-redirects collects them
 * (https://docusaurus.io/docs/api/plugins/@docusaurus/plugin-client-redirects): from every page's path and each
 * `fromExtensions` (`/docs/intro` ← `/docs/intro.html`; not the root, nor a path that already ends in one), to every
 * page whose path ends in one of `toExtensions` from the path without it, the `createRedirects` hook's and the
 * `rules`. A `from` that is a page's own path (or a static file's) is left out, and so is a second redirect from
 * one path (warnings, as Docusaurus's `onDuplicateRoutes` gives them by default). A `to` that is a site path leads
 * to its page's address; one that is no page is a broken link, reported by the link check (configLinks).
 */
export function planRedirects(
  config: SiteConfig,
  routes: readonly Route[],
  staticPaths: Iterable<string> = [],
  createRedirects?: ProjectHooks['createRedirects'],
): { redirects: Redirect[]; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const options = config.redirects ?? (createRedirects ? { fromExtensions: [], toExtensions: [], rules: [] } : undefined);
  if (!options) return { redirects: [], diagnostics };
  const pages = new Map<string, string>();
  for (const r of routes) pages.set(decodePath(bare(r.path)), r.path);
  // A file of static/ at the address is there too: Docusaurus's plugin refuses to write over an existing file.
  for (const p of staticPaths) if (!pages.has(decodePath(bare(p)))) pages.set(decodePath(bare(p)), p);
  const wanted: { from: string; to: string; keyPath: string }[] = [];
  for (const r of routes) {
    const path = bare(r.path);
    if (path === '/') continue;
    if (!options.fromExtensions.some((ext) => path.endsWith(`.${ext}`)))
      for (const ext of options.fromExtensions) wanted.push({ from: `${path}.${ext}`, to: r.path, keyPath: 'redirects.fromExtensions' });
    const ext = options.toExtensions.find((e) => path.endsWith(`.${e}`));
    if (ext) wanted.push({ from: path.slice(0, -ext.length - 1), to: r.path, keyPath: 'redirects.toExtensions' });
  }
  if (createRedirects) wanted.push(...created(createRedirects, routes, config, diagnostics));
  options.rules.forEach((rule, i) => {
    for (const from of typeof rule.from === 'string' ? [rule.from] : rule.from)
      wanted.push({ from, to: rule.to, keyPath: `redirects.rules.${i}` });
  });

  const taken = new Map<string, { to: string; keyPath: string }>();
  const redirects: Redirect[] = [];
  for (const { from, to, keyPath } of wanted) {
    const key = decodePath(bare(from));
    const page = pages.get(key);
    if (page !== undefined) {
      diagnostics.push(
        report(
          CODES.DUPLICATE_ROUTE,
          'redirectOnPage',
          { from, page: withBase(config.baseUrl, page) },
          configPlace(config.configSource, keyPath),
        ),
      );
      continue;
    }
    const first = taken.get(key);
    if (first) {
      if (first.to !== to)
        diagnostics.push(
          report(CODES.DUPLICATE_ROUTE, 'redirectTwice', { from, first: first.to, second: to }, configPlace(config.configSource, keyPath)),
        );
      continue;
    }
    taken.set(key, { to, keyPath });
    redirects.push({ from: bare(from), to: target(to, pages, config.baseUrl) });
  }
  return { redirects, diagnostics };
}

/**
 * The redirects `createRedirects` gives: Docusaurus calls it with each page's path as its routes name it (without
 * the trailing slash unless the config sets `trailingSlash: true`), and each path it returns (one, a list, or
 * nothing) redirects there. A path that is not a site path, or the function throwing, is an error at its key, as
 * Docusaurus stops the build.
 */
function created(
  hook: NonNullable<ProjectHooks['createRedirects']>,
  routes: readonly Route[],
  config: SiteConfig,
  diagnostics: Diagnostic[],
): { from: string; to: string; keyPath: string }[] {
  const out: { from: string; to: string; keyPath: string }[] = [];
  const place = { file: hook.file, keyPath: hook.keyPath };
  const problem = (message: string) =>
    diagnostics.push(report(CODES.CONFIG_INVALID, 'value', { keyPath: hook.keyPath, problem: { kind: 'other', message } }, place));
  for (const r of routes) {
    const path = config.relativeUrls === 'slash' ? r.path : bare(r.path);
    let given: unknown;
    try {
      given = hook.run(path);
    } catch (e) {
      problem(`threw for ${path}: ${e instanceof Error ? e.message : String(e)}`);
      return out;
    }
    if (given === undefined || given === null || given === false || given === '') continue;
    const froms = typeof given === 'string' ? [given] : Array.isArray(given) ? given : [given];
    for (const from of froms) {
      if (typeof from !== 'string' || !REDIRECT_FROM.test(from)) {
        problem(`gave ${JSON.stringify(from)} for ${path}, where a site path such as "/docs/old-page" (no "?", "#" or "..") is needed`);
        return out;
      }
      out.push({ from, to: r.path, keyPath: hook.keyPath });
    }
  }
  return out;
}

/** Where a redirect leads: a site path to its page's address (the trailing slash the page has), else as written. */
function target(to: string, pages: ReadonlyMap<string, string>, baseUrl: string): string {
  if (!to.startsWith('/') || to.startsWith('//')) return to;
  const cut = to.search(/[?#]/);
  const [path, suffix] = cut < 0 ? [to, ''] : [to.slice(0, cut), to.slice(cut)];
  const page = pages.get(decodePath(bare(path)));
  return withBase(baseUrl, (page ?? path) + suffix);
}

function decodePath(p: string): string {
  try {
    return decodeURI(p);
  } catch {
    return p;
  }
}
