/**
 * The static index (Pagefind) seen through the provider-neutral hit model: a page's result data
 * becomes one hit per matching section, each with its heading trail (h2 › h3) and anchor. Pure; the
 * loading of the index itself happens in the search islands.
 */
import { foldGerman, parseMarked, queryTerms } from './search-query.ts';
import type { SearchHit } from './search.ts';

/** Folder of the index under the base path, written by the build and loaded by the islands. */
export const INDEX_DIR = 'pagefind/';

/** The subset of Pagefind's result data the UI reads. */
export interface PagefindAnchor {
  element: string;
  id: string;
  text: string;
  location: number;
}
export interface PagefindSubResult {
  title: string;
  url: string;
  excerpt: string;
  anchor?: PagefindAnchor;
  /** The matched words of the section, each with its score (heading words weigh more). */
  weighted_locations?: { weight: number; balanced_score: number; location: number }[];
  locations?: number[];
}
export interface PagefindResultData {
  url: string;
  excerpt: string;
  meta: Record<string, string | undefined>;
  sub_results?: PagefindSubResult[];
  anchors?: PagefindAnchor[];
}

const level = (element: string): number => {
  const m = /^h([1-6])$/i.exec(element);
  return m ? Number(m[1]) : 7;
};

/** The headings above `anchor` in the page (an h3's h2, an h4's h3 and h2), outermost first; h1 is the page. */
export function headingTrail(anchor: PagefindAnchor, anchors: readonly PagefindAnchor[]): string[] {
  const own = level(anchor.element);
  if (own <= 1) return [];
  const trail: string[] = [anchor.text];
  let ceiling = own;
  const before = anchors.filter((a) => a.location < anchor.location).sort((a, b) => b.location - a.location);
  for (const a of before) {
    const l = level(a.element);
    if (l > 1 && l < ceiling) {
      trail.unshift(a.text);
      ceiling = l;
    }
    if (ceiling === 2) break;
  }
  return trail;
}

/** How well a section matched: the sum of its words' scores (their count for data without scores). */
function sectionScore(sub: PagefindSubResult): number {
  if (sub.weighted_locations?.length) return sub.weighted_locations.reduce((sum, l) => sum + (l.balanced_score || l.weight || 0), 0);
  return sub.locations?.length ?? 0;
}

/**
 * Hits of one page result: its best matching sections (at most `perPage`, the best first; Pagefind lists
 * them in page order, so a long page's best section came after three weaker ones and was cut), or the
 * page itself.
 */
export function pagefindHits(data: PagefindResultData, perPage = 5): SearchHit[] {
  const pageTitle = (data.meta.title ?? '').trim() || data.url;
  const anchors = data.anchors ?? [];
  const subs = data.sub_results?.length ? data.sub_results : [{ title: pageTitle, url: data.url, excerpt: data.excerpt }];
  const ranked = subs
    .map((sub, order) => ({ sub, order, score: sectionScore(sub) }))
    .sort((a, b) => b.score - a.score || a.order - b.order)
    .map((r) => r.sub);
  return ranked.slice(0, perPage).map((sub) => {
    const section = sub.anchor ? headingTrail({ ...sub.anchor, text: sub.anchor.text || sub.title }, anchors) : [];
    return {
      id: sub.anchor ? `${data.url}#${sub.anchor.id}` : data.url,
      url: sub.url,
      pageTitle,
      section,
      excerpt: sub.excerpt,
    };
  });
}

/**
 * Whether a result list only matched by Pagefind's fallback: a word it cannot find is retried with ever
 * shorter beginnings, down to one letter, so `xqzvwj` "finds" every `X`. That helps with long inflected
 * words (`Übersetzungsdienstes` finds `Übersetzungsdienste`) and is noise otherwise. A marked word is a
 * real match when it starts with a query term or shares at least 60% of it; when no marked word is a
 * real match (and there are marks to judge), the results are not shown.
 */
export function isWeakMatch(hits: readonly SearchHit[], query: string): boolean {
  const terms = queryTerms(query).map(foldGerman);
  const words = hits.flatMap((h) =>
    parseMarked(h.excerpt)
      .filter((s) => s.marked)
      .flatMap((s) => s.text.split(/[^\p{L}\p{N}]+/u))
      .filter(Boolean)
      .map(foldGerman),
  );
  if (!terms.length || !words.length) return false;
  const strong = (word: string, term: string) => {
    if (word.startsWith(term)) return true;
    let common = 0;
    while (common < word.length && common < term.length && word[common] === term[common]) common++;
    return common >= Math.max(2, Math.ceil(term.length * 0.6));
  };
  return !words.some((w) => terms.some((t) => strong(w, t)));
}
