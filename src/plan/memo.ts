import type { Diagnostic } from '../diagnostics.ts';
import type { RouteMatcher } from '../shared/route-match.ts';
import type { Compiled, LinkRef, Loaded, SiteConfig } from '../types.ts';
import type { flattenSidebar, indexSidebar, PlannedSidebars } from './docs.ts';

/**
 * What the last plan of a dev session computed, kept for the next one: the sidebars (planned again only when
 * a doc's id, path, file, title or front matter, the sidebar file, the categories or the config changed), each
 * page's link problems (checked again only for pages whose links changed, or all when a page, heading or file
 * came or went), and the pages whose content-root links were resolved. Every reuse is decided by comparing
 * the inputs the step reads, so a plan with a memo gives the same site and diagnostics as one without.
 * `quire build` plans once and keeps none.
 */
export class PlanMemo {
  sidebars?: { key: SidebarKey; planned: PlannedSidebars };
  /** Each sidebar's order and places, for the sidebars planned last. */
  indexed?: { planned: PlannedSidebars; value: IndexedSidebar[] };
  links?: {
    context: string;
    pages: Map<string, PageLinks>;
    matcher: RouteMatcher<string>;
    anchors: Map<string, Set<string>>;
  };
  contentRoot?: { files: string; pages: Map<string, ResolvedPage> };
  /** A doc's front matter as text, per front matter object (a file not read again keeps its object). */
  private frontMatterText = new WeakMap<object, string>();
  /** A page's heading ids and other anchors as text, per headings array (a page not compiled again keeps its array). */
  private ids = new WeakMap<object, { anchors: Compiled['anchors']; text: string }>();

  /** The ids a link may target on a page, as one text that no other list of ids gives. */
  idsText(c: Compiled): string {
    const known = this.ids.get(c.headings);
    if (known && known.anchors === c.anchors) return known.text;
    const text = JSON.stringify([...c.headings.map((h) => h.id), ...(c.anchors ?? [])]);
    this.ids.set(c.headings, { anchors: c.anchors, text });
    return text;
  }

  /** What planSidebars reads of the docs, one text per doc. */
  docsKey(docs: Compiled[]): string[] {
    return docs.map((d) => {
      const fm = d.source.frontMatter;
      let text = this.frontMatterText.get(fm);
      if (text === undefined) this.frontMatterText.set(fm, (text = JSON.stringify(fm)));
      return `${d.source.file}\n${d.source.id}\n${d.source.path}\n${d.title}\n${text}`;
    });
  }
}

export interface SidebarKey {
  raw: unknown;
  file?: string;
  text?: string;
  categories?: Loaded['categories'];
  translations?: Readonly<Record<string, string>>;
  config: SiteConfig;
  drafts: string;
  docs: string[];
}

export function sameSidebarKey(a: SidebarKey, b: SidebarKey): boolean {
  return (
    a.raw === b.raw &&
    a.file === b.file &&
    a.text === b.text &&
    a.categories === b.categories &&
    a.translations === b.translations &&
    a.config === b.config &&
    a.drafts === b.drafts &&
    a.docs.length === b.docs.length &&
    a.docs.every((d, i) => d === b.docs[i])
  );
}

/** A sidebar in page order (prev/next) and each page's place in it (breadcrumbs, trail). */
export interface IndexedSidebar {
  name: string;
  flat: ReturnType<typeof flattenSidebar>;
  positions: Map<string, number>;
  places: ReturnType<typeof indexSidebar>;
}

/** A page's link problems and the objects they were found in (a file read or compiled again has new ones). */
export interface PageLinks {
  source: Compiled['source'];
  links: LinkRef[];
  duplicateIds: Compiled['duplicateIds'];
  broken: Diagnostic[];
  image: Diagnostic[];
  duplicates: Diagnostic[];
}

/** A page as resolveFromContentRoot saw it, and its links and output after (undefined: unchanged). */
export interface ResolvedPage {
  links: LinkRef[];
  output: Compiled['output'];
  modules: Compiled['modules'];
  resolved?: { links: LinkRef[]; output: Compiled['output']; modules?: Compiled['modules'] };
}
