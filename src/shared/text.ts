/** `s` as a regular expression that matches it literally. */
export function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** 1-based line and column of a character offset in a text, for diagnostics. */
export function lineColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset).split('\n');
  return { line: before.length, column: before[before.length - 1].length + 1 };
}

/**
 * A file's text without the byte order mark some editors (Notepad, older Windows tools) put first: read as
 * text it would hide a front matter fence or fail JSON.parse, and no writer sees it as a character.
 */
export function withoutBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/**
 * The candidate a writer most likely meant by `name` (a typo: `Kdb` for `Kbd`, `guide/strat` for
 * `guide/start`): the nearest by edit distance (a swap of two neighbours counts as one edit, case is
 * ignored), if it is near enough to be a typo, else undefined.
 */
export function closestName(name: string, candidates: Iterable<string>): string | undefined {
  const wanted = name.toLowerCase();
  const limit = Math.max(1, Math.floor(wanted.length / 3));
  let best: string | undefined;
  let bestDistance = limit + 1;
  for (const candidate of candidates) {
    const d = editDistance(wanted, candidate.toLowerCase(), bestDistance);
    if (d < bestDistance) {
      best = candidate;
      bestDistance = d;
    }
  }
  return best;
}

/** Optimal string alignment distance of `a` and `b`, or `cap` once it is certain to be at least `cap`. */
function editDistance(a: string, b: string, cap: number): number {
  if (Math.abs(a.length - b.length) >= cap) return cap;
  let before: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, before[j - 2] + 1);
      current.push(d);
      rowMin = Math.min(rowMin, d);
    }
    if (rowMin >= cap) return cap;
    before = previous;
    previous = current;
  }
  return Math.min(previous[b.length], cap);
}

/**
 * The moment a post was published, as Docusaurus dates it (an ISO time in UTC, `2021-08-26T10:00:00.000Z`): the front
 * matter's date, or the file name's, with its time of day and zone where written. A day alone is its midnight in UTC,
 * and so is a time without a zone, as js-yaml reads a YAML timestamp; the day the post shows is this moment's in UTC,
 * as Docusaurus's theme formats it.
 */
export function postInstant(date: string): string | undefined {
  const text = date
    .trim()
    .replace(/^(\d{4}-\d{2}-\d{2})[ \t]+/, '$1T')
    .replace(/[ \t]+(?=Z$|[+-]\d)/, '');
  const written = /^\d{4}-\d{2}-\d{2}$/.test(text) ? `${text}T00:00:00Z` : /(?:Z|[+-]\d{2}:?\d{2})$/.test(text) ? text : `${text}Z`;
  const time = new Date(written).getTime();
  return Number.isNaN(time) ? undefined : new Date(time).toISOString();
}
