import type { PagefindAnchor, PagefindResultData, PagefindSubResult } from '../../../src/shared/search-pagefind.ts';

/**
 * Excerpts that start where a reader can start: at the beginning of the sentence holding the match (or at the
 * section's heading when the match is in it), not at whatever word Pagefind's fixed window begins with
 * ("ein Modell. Für Übersetzungen …"). Pagefind's result data has the page's text and the word positions of
 * the matches (`content` split at white space, as Pagefind counts words), so the excerpt is made from those.
 */

/** Result data with the fields Pagefind sends that the excerpt needs (the UI's type leaves them out). */
export interface PagefindResultWithContent extends PagefindResultData {
  content?: string;
  locations?: number[];
}

/** Words an excerpt shows at most; Pagefind's own were 22 (provider.ts `excerptLength`). */
export const EXCERPT_WORDS = 26;
/** How far before its match a sentence may start and still be shown from its start. */
const MAX_LEAD = 16;
/** When it starts further back: this many words before the match, after an ellipsis. */
const FALLBACK_LEAD = 5;

/** Abbreviations whose full stop ends no sentence (German and English, as the docs use them). */
const ABBREVIATIONS = new Set([
  'z',
  'b',
  'd',
  'h',
  'u',
  'a',
  'o',
  'ca',
  'bzw',
  'usw',
  'etc',
  'nr',
  'vgl',
  'ggf',
  'inkl',
  'evtl',
  'bspw',
  'zb',
  'dh',
  'ua',
  'e.g',
  'i.e',
  'vs',
  'max',
  'min',
  'mind',
  'z.b',
  'd.h',
  'u.a',
]);

/** Whether `word` ends a sentence: a full stop, question or exclamation mark or ellipsis, maybe before a closing quote or bracket. */
export function endsSentence(word: string): boolean {
  const m = /^(.*?)([.!?…])["'“”„»«)\]]*$/u.exec(word);
  if (!m) return false;
  if (m[2] !== '.') return true;
  const stem = m[1].replace(/^["'“”„»«([]+/u, '').toLowerCase();
  // "z. B.", "ca.", "Nr." and ordinals or list numbers ("2.") do not end a sentence; a bare "." (the full stop
  // after a badge the index leaves out: "HTML . Eine") does.
  return stem === '' || (!ABBREVIATIONS.has(stem) && !/^\d+$/.test(stem));
}

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The excerpt of `words` for matches at `locations` (sorted or not), in Pagefind's format (text with
 * `<mark>`): from the start of the sentence holding the first match at or after `from` (the first word past
 * the section's heading), never before `floor` (the section's first word) nor past `ceiling` (the next
 * section's heading), at most EXCERPT_WORDS long. A sentence that starts too far before its match is shown from
 * a few words before it, after "…". Undefined when there is no match to show.
 */
export function sentenceExcerpt(
  words: readonly string[],
  locations: readonly number[],
  floor: number,
  from: number,
  ceiling = words.length,
): string | undefined {
  const limit = Math.min(ceiling, words.length);
  const sorted = [...new Set(locations)].filter((l) => l >= floor && l < limit).sort((a, b) => a - b);
  if (!sorted.length) return undefined;
  const match = sorted.find((l) => l >= from) ?? sorted[0];
  const lowest = match >= from ? Math.max(floor, from) : floor;
  let start = match;
  while (start > lowest && match - start < MAX_LEAD && !endsSentence(words[start - 1])) start--;
  const atSentence = start === lowest || endsSentence(words[start - 1]);
  const lead = atSentence ? '' : '… ';
  if (!atSentence) start = Math.max(lowest, match - FALLBACK_LEAD);
  const end = Math.min(limit, start + EXCERPT_WORDS);
  const marked = new Set(sorted);
  const text = words
    .slice(start, end)
    .map((word, i) => (marked.has(start + i) ? `<mark>${escapeText(word)}</mark>` : escapeText(word)))
    .join(' ')
    // A badge left out of the index leaves its sentence's full stop alone ("HTML . Eine"): back to its word.
    .replace(/ (?=[.,;:!?](?: |$))/g, '');
  const trail = end < limit && !endsSentence(words[end - 1]) ? ' …' : '';
  return lead + text + trail;
}

/** Words of a heading, as Pagefind counts them. */
const wordCount = (text: string) => text.split(/\s+/).filter(Boolean).length;

/**
 * `data` with each section's excerpt (and the page's) made by sentenceExcerpt; data without the page's text
 * (a provider that sends none) comes back as it was, and so does a section whose matches are not in the text.
 */
export function withSentenceExcerpts(data: PagefindResultWithContent): PagefindResultData {
  if (!data.content) return data;
  const words = data.content.split(/\s+/).filter(Boolean);
  // The page's title heading, when the text starts with it: the hit shows the title already.
  const h1 = data.anchors?.find((a) => a.element === 'h1' && a.location === 0);
  const titleEnd = h1 ? wordCount(h1.text) : 0;
  // Where each section ends: at the next heading, whose text must not run on from the section's ("… HTML Pro-Mitglieder").
  const headings = (data.anchors ?? []).filter((a) => /^h[1-6]$/i.test(a.element)).map((a) => a.location);
  const section = (anchor: PagefindAnchor | undefined, locations: number[] | undefined, fallback: string, whole = false): string => {
    if (!locations?.length) return fallback;
    const floor = anchor ? anchor.location : 0;
    const from = anchor ? anchor.location + wordCount(anchor.text) : titleEnd;
    const ceiling = whole ? words.length : Math.min(words.length, ...headings.filter((l) => l > floor && l >= from));
    return sentenceExcerpt(words, locations, floor, from, ceiling) ?? fallback;
  };
  const subs: PagefindSubResult[] | undefined = data.sub_results?.map((sub) => ({
    ...sub,
    excerpt: section(sub.anchor, sub.locations, sub.excerpt),
  }));
  return { ...data, excerpt: section(undefined, data.locations, data.excerpt, true), sub_results: subs };
}
