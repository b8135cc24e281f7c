import path from 'node:path';
import type { ContentKind } from '../types.ts';

/** A file that changed on disk, as the watcher saw it last (an editor's atomic save ends as a change). */
export interface FileChange {
  /** Absolute path. */
  file: string;
  removed: boolean;
}

export type ChangeKind = 'config' | 'source' | 'load' | 'static' | 'asset' | 'theme' | 'client' | 'ignored';

/** Content folders and their kinds, as the load stage walks them (readSource needs the kind). */
const CONTENT_KINDS: [dir: string, kind: ContentKind][] = [
  ['content/docs/', 'doc'],
  ['content/pages/', 'page'],
  ['content/landing-page/', 'landing'],
  ['content/blog/', 'blog'],
];

export interface ClassifyContext {
  root: string;
  /** Folders of theme code (TSX re-imported, CSS re-bundled) and of client code (re-bundled). */
  themeDirs: string[];
  clientDirs: string[];
  configInputs: ReadonlySet<string>;
  /** Files the load stage read besides content sources (sidebar modules and their imports). */
  loadInputs: ReadonlySet<string>;
  sidebarPath: string;
}

/** What a changed file affects, i.e. the earliest stage that must run again for it. */
export function classifyChange(abs: string, ctx: ClassifyContext): ChangeKind {
  if (ctx.configInputs.has(abs)) return 'config';
  const rel = toPosix(path.relative(ctx.root, abs));
  const inside = !rel.startsWith('../') && !path.isAbsolute(rel);
  if (inside && rel === ctx.sidebarPath) return 'load';
  // A whole folder that appeared or went (moved away and back): everything is loaded again.
  if (inside && (rel === 'content' || rel === 'locales' || rel === 'static')) return 'load';
  if (inside && sourceKind(rel)) return 'source';
  if (ctx.loadInputs.has(abs)) return 'load';
  if (inside && (rel.startsWith('locales/') || rel.startsWith('content/data/')) && rel.endsWith('.json')) return 'load';
  if (inside && rel.startsWith('static/')) return 'static';
  if (inside && rel.startsWith('content/')) return 'asset';
  if (ctx.themeDirs.some((d) => isUnder(abs, d)))
    return /\.(tsx?|jsx?|mjs)$/.test(abs) && !/\.client\.tsx?$/.test(abs) ? 'theme' : 'client';
  if (ctx.clientDirs.some((d) => isUnder(abs, d))) return 'client';
  return 'ignored';
}

/** The content kind of a project-relative Markdown/MDX file, and its path inside its folder. */
export function sourceKind(rel: string): { kind: ContentKind; relative: string } | undefined {
  if (!/\.mdx?$/.test(rel) || path.posix.basename(rel).startsWith('_')) return undefined;
  for (const [dir, kind] of CONTENT_KINDS) if (rel.startsWith(dir)) return { kind, relative: rel.slice(dir.length) };
  return undefined;
}

function isUnder(abs: string, dir: string): boolean {
  return abs.startsWith(dir.endsWith(path.sep) ? dir : dir + path.sep);
}

export function toPosix(p: string): string {
  return p.split(path.sep).join('/');
}
