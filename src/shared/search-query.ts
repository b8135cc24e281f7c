/**
 * Query handling for search, the same for both providers: normalising what a visitor typed, German
 * spelling variants (umlauts, ß), and turning provider highlights or our own term matches into plain
 * text segments, so nothing from an index is ever treated as HTML. Pure.
 */

/** SPEC/REFERENCE §9: queries are at most 64 characters, like the input's maxLength. */
export const QUERY_MAX_LENGTH = 64;

/** Trims, collapses whitespace and cuts a query to its maximum length. */
export function normalizeQuery(raw: string): string {
  return raw.replace(/\s+/g, ' ').trim().slice(0, QUERY_MAX_LENGTH).trim();
}

/** Words of a query, lower-cased: letters and digits of any script, `-` splits. */
export function queryTerms(query: string): string[] {
  return normalizeQuery(query)
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/**
 * A German-insensitive form of a word for matching: lower case, `ß` → `ss`, umlauts and other
 * diacritics dropped, and the typewriter spellings `ae`/`oe`/`ue` read as the umlaut they stand for.
 * `Übersetzung`, `uebersetzung` and `ubersetzung` all become `ubersetzung`.
 */
export function foldGerman(word: string): string {
  return word
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .replace(/([aou])e/g, '$1');
}

/** Inflection endings, longest first; removed only while a stem of at least 4 letters remains. */
const GERMAN_ENDINGS = ['ungen', 'ung', 'ern', 'em', 'en', 'er', 'es', 'st', 'e', 'n', 's', 't'];

/**
 * A light German stem of a folded word, enough to let `übersetzt`, `Übersetzungen` and `übersetzen`
 * meet at `ubersetz`. Used for highlighting only; the index does its own stemming.
 */
export function germanStem(folded: string): string {
  for (const ending of GERMAN_ENDINGS) {
    if (folded.endsWith(ending) && folded.length - ending.length >= 4) return folded.slice(0, -ending.length);
  }
  return folded;
}

/** A piece of text to show, marked when it matched. */
export interface Segment {
  text: string;
  marked: boolean;
}

/**
 * Marks the words of `text` that a query term starts (prefix search, as the index does: `Untertitel`
 * marks `Untertitelübersetzung`), comparing folded forms and light stems. Returns plain text segments.
 */
export function highlightTerms(text: string, terms: readonly string[]): Segment[] {
  const keys = [...new Set(terms.map(foldGerman).filter((t) => t.length > 0))];
  const stems = keys.map((k) => germanStem(k));
  if (!keys.length) return text ? [{ text, marked: false }] : [];
  const out: Segment[] = [];
  const push = (part: string, marked: boolean) => {
    if (!part) return;
    const last = out[out.length - 1];
    if (last && last.marked === marked) last.text += part;
    else out.push({ text: part, marked });
  };
  for (const part of text.split(/([\p{L}\p{N}]+)/u)) {
    const folded = /^[\p{L}\p{N}]+$/u.test(part) ? foldGerman(part) : '';
    const hit = folded !== '' && (keys.some((k) => folded.startsWith(k)) || stems.some((s) => s.length >= 4 && folded.startsWith(s)));
    push(part, hit);
  }
  return out;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/** Decodes the character references an index may leave in text; anything unknown stays as written. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (all, ref: string) => {
    if (ref[0] === '#') {
      const code = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : all;
    }
    return ENTITIES[ref.toLowerCase()] ?? all;
  });
}

/**
 * Reads a provider's highlighted string (`… <mark>Wort</mark> …`) into text segments. Only `<mark>`
 * and `</mark>` count as markup; every other tag stays visible text, so a hostile title such as
 * `<img src=x onerror=alert(1)>` is shown, never run.
 */
export function parseMarked(marked: string): Segment[] {
  const out: Segment[] = [];
  let isMarked = false;
  for (const part of marked.split(/(<\/?mark>)/i)) {
    if (/^<mark>$/i.test(part)) isMarked = true;
    else if (/^<\/mark>$/i.test(part)) isMarked = false;
    else if (part) {
      const text = decodeEntities(part);
      const last = out[out.length - 1];
      if (last && last.marked === isMarked) last.text += text;
      else out.push({ text, marked: isMarked });
    }
  }
  return out;
}

/**
 * Other spellings of a German query to try when it finds nothing: typewriter spellings turned into
 * umlauts (`Uebersetzung` → `Übersetzung`) and `ss` into `ß` (`Strasse` → `Straße`), each alone and
 * all together. The original is not included; duplicates are removed.
 */
export function germanVariants(query: string): string[] {
  const q = normalizeQuery(query);
  const umlauts = (s: string) => s.replace(/([AOUaou])e/g, (_, v: string) => ({ A: 'Ä', O: 'Ö', U: 'Ü', a: 'ä', o: 'ö', u: 'ü' })[v] ?? v);
  const eszett = (s: string) => s.replace(/(?<=[\p{L}])ss(?=[\p{L}]|\b)/gu, 'ß');
  const variants = [umlauts(q), eszett(q), eszett(umlauts(q))];
  return [...new Set(variants)].filter((v) => v !== q);
}
