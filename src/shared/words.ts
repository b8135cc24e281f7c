/**
 * The words of a text as the locale's word segmentation finds them (Intl.Segmenter), which counts the words of
 * languages written without spaces too: a blog post's reading time is these words at 200 a minute (see
 * plan/routes.ts, readingMinutes).
 */
export function countWords(text: string, lang: string): number {
  let segmenter: Intl.Segmenter;
  try {
    segmenter = new Intl.Segmenter(lang, { granularity: 'word' });
  } catch {
    segmenter = new Intl.Segmenter('en', { granularity: 'word' }); // a locale code ICU does not know
  }
  let words = 0;
  for (const segment of segmenter.segment(text)) if (segment.isWordLike) words++;
  return words;
}
