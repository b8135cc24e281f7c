import path from 'node:path';
import { ancestors, contentFileFilter, contentKinds, isUnder, trimSlashes, type Layout } from '../globs.ts';
import type { ContentKind } from '../types.ts';

/** A file that changed on disk, as the watcher saw it last (an editor's atomic save ends as a change). */
export interface FileChange {
  /** Absolute path. */
  file: string;
  removed: boolean;
}

export type ChangeKind = 'config' | 'source' | 'load' | 'static' | 'asset' | 'theme' | 'client' | 'ignored';

export type { Layout } from '../globs.ts';
/** The folders `quire dev` watches: the ones a build reads the project from (globs.ts). */
export { layoutFolders as watchedFolders } from '../globs.ts';

export interface ClassifyContext {
  root: string;
  /** Folders of theme code (TSX re-imported, CSS re-bundled) and of client code (re-bundled). */
  themeDirs: string[];
  clientDirs: string[];
  configInputs: ReadonlySet<string>;
  /** Files the load stage read besides content sources (sidebar modules and their imports). */
  loadInputs: ReadonlySet<string>;
  sidebarPath: string;
  layout: Layout;
  /** The project's stylesheets (SiteConfig.styles), bundled with the client. */
  styles?: readonly string[];
}

/** What a changed file affects, i.e. the earliest stage that must run again for it. */
export function classifyChange(abs: string, ctx: ClassifyContext): ChangeKind {
  if (ctx.configInputs.has(abs)) return 'config';
  const { layout, root } = ctx;
  const rel = toPosix(path.relative(root, abs));
  const inside = !rel.startsWith('../') && !path.isAbsolute(rel);
  const content = contentKinds(layout).map(([dir]) => dir);
  const under = (dir: string | null) => dir !== null && isUnder(abs, path.resolve(root, dir));
  if (inside && rel === ctx.sidebarPath) return 'load';
  // versions.json is read with the config: a version more or less changes the docs' routes and folders.
  if (inside && rel === layout.versioned?.file) return 'config';
  if (layout.versioned && under(layout.versioned.sidebars)) return 'load';
  // Before the static folder, where a Docusaurus project may keep its customCss.
  if (inside && ctx.styles?.includes(rel)) return 'client';
  // A whole folder that appeared or went (moved away and back): everything is loaded again.
  const folders = [
    ...content.flatMap((dir) => [dir, ...ancestors(dir)]),
    layout.static,
    layout.locales,
    layout.data ?? '',
    layout.versioned?.sidebars ?? '',
  ];
  if (inside && folders.some((f) => f && trimSlashes(f) === rel)) return 'load';
  // A translation (`i18n/<locale>/`) replaces its original's source, or adds texts: load decides which, again.
  if (inside && layout.translations && (under(layout.translations) || sourceKind(rel, layout))) return 'load';
  if (inside && sourceKind(rel, layout)) return 'source';
  if (ctx.loadInputs.has(abs)) return 'load';
  if ((under(layout.locales) || under(layout.data)) && rel.endsWith('.json')) return 'load';
  // Files load reads when they exist: the blog's and docs' YAML files and a docs folder's category files.
  if (inside && [layout.blogAuthors, layout.blogTags, layout.docsTags, ...layout.docsInstances.map((d) => d.tags)].includes(rel))
    return 'load';
  if (
    [layout.docs, ...(layout.versioned?.dirs ?? []), ...layout.docsInstances.map((d) => d.dir)].some(under) &&
    /^_category_\.(json|ya?ml)$/.test(path.basename(abs))
  )
    return 'load';
  // A React page (src/pages/*.js): one added or removed is a route more or less. Its `_`-prefixed files are its parts.
  if (under(layout.pages) && /\.(jsx?|tsx?)$/.test(abs) && !/(^|\/)_/.test(rel)) return 'load';
  if (under(layout.static)) return 'static';
  // Images and files next to the pages; in quire's layout anything else in content/.
  if (inside && [...content, ...content.flatMap(ancestors)].some((dir) => rel.startsWith(`${trimSlashes(dir)}/`))) return 'asset';
  if (ctx.themeDirs.some((d) => isUnder(abs, d)))
    return /\.(tsx?|jsx?|mjs)$/.test(abs) && !/\.client\.tsx?$/.test(abs) ? 'theme' : 'client';
  if (ctx.clientDirs.some((d) => isUnder(abs, d))) return 'client';
  return 'ignored';
}

/** The content kind of a project-relative Markdown/MDX file, and its path inside its folder. */
export function sourceKind(rel: string, layout: Layout): { kind: ContentKind; relative: string } | undefined {
  if (!/\.mdx?$/.test(rel)) return undefined;
  for (const [dir, kind] of contentKinds(layout)) {
    if (!rel.startsWith(dir)) continue;
    const relative = rel.slice(dir.length);
    // The files load reads as pages (the docs' and blog's include and exclude), and no others.
    return contentFileFilter(layout, kind, dir)(relative) ? { kind, relative } : undefined;
  }
  return undefined;
}

export function toPosix(p: string): string {
  return p.split(path.sep).join('/');
}
