import { describe, expect, it } from 'vitest';
import { parseMarked } from '../../src/shared/search-query.ts';
import { endsSentence, EXCERPT_WORDS, sentenceExcerpt, withSentenceExcerpts } from '../../themes/classic/search/excerpt.ts';
import { DOCS_BOOST, rankDocsFirst } from '../../themes/classic/search/provider.ts';

const plain = (marked: string) =>
  parseMarked(marked)
    .map((s) => s.text)
    .join('');
const marks = (marked: string) =>
  parseMarked(marked)
    .filter((s) => s.marked)
    .map((s) => s.text);

describe('search excerpts', () => {
  it('excerpt: should know which words end a sentence, and that abbreviations and list numbers do not', () => {
    for (const word of ['Computer.', 'Ollama?', 'nicht!', 'so…', 'gelesen.“', 'Ende.)', '.']) expect(endsSentence(word), word).toBe(true);
    for (const word of ['z.', 'B.', 'ca.', 'Nr.', '2.', 'usw.', 'Wort', 'Ollama:', 'qwen2.5:7b'])
      expect(endsSentence(word), word).toBe(false);
  });

  // "Einrichtung in fünf Schritten" of the Ollama docs page, as Pagefind's text has it.
  const words =
    'Einrichtung in fünf Schritten. Laden Sie ein Modell. Für Übersetzungen bewährt ist qwen. Mit ollama list sehen Sie alle Modelle, die Sie geladen haben.'.split(
      ' ',
    );

  it('excerpt: should start at the beginning of the sentence holding the match, not mid-sentence', () => {
    const at = words.indexOf('ollama');
    const excerpt = sentenceExcerpt(words, [at], 0, 4)!;
    expect(plain(excerpt)).toMatch(/^Mit ollama list sehen Sie alle Modelle/);
    expect(marks(excerpt)).toEqual(['ollama']);
    // Pagefind's own window began "ein Modell. Für Übersetzungen …", mid-sentence.
    expect(plain(excerpt)).not.toMatch(/^ein /);
  });

  it('excerpt: should skip the section heading for a match in the text, and start at the heading for a match in it', () => {
    const body = sentenceExcerpt(words, [words.indexOf('Modell.'), 1], 0, 4)!;
    expect(plain(body)).toMatch(/^Laden Sie ein Modell\./);
    const heading = sentenceExcerpt(words, [2], 0, 4)!;
    expect(plain(heading)).toMatch(/^Einrichtung in fünf Schritten\./);
  });

  it('excerpt: should show a very long sentence from a few words before its match, after an ellipsis, and say where it goes on', () => {
    const long = [
      'Am',
      ...Array.from({ length: 30 }, (_, i) => `wort${i}`),
      'Treffer',
      ...Array.from({ length: 30 }, (_, i) => `rest${i}`),
    ];
    const excerpt = sentenceExcerpt(long, [31], 0, 0)!;
    expect(plain(excerpt)).toMatch(/^… wort25 wort26 wort27 wort28 wort29 Treffer /);
    expect(plain(excerpt)).toMatch(/ …$/);
    expect(
      plain(excerpt)
        .split(' ')
        .filter((w) => w !== '…'),
    ).toHaveLength(EXCERPT_WORDS);
  });

  it('excerpt: should keep text as text: no markup but the marks, and a lone full stop back at its word', () => {
    const hostile = 'Der Export als <b>PDF</b> & HTML . Eine Datei.'.split(' ');
    const excerpt = sentenceExcerpt(hostile, [1], 0, 0)!;
    expect(excerpt).toContain('&lt;b&gt;PDF&lt;/b&gt; &amp; HTML. Eine');
    expect(plain(excerpt)).toBe('Der Export als <b>PDF</b> & HTML. Eine Datei.');
  });

  it('excerpt: should rewrite each section of a page result from its text, and leave data without text as it was', () => {
    const content = 'Ollama nutzen. Mit Ollama laufen Modelle lokal. Was ist Ollama? Ollama ist ein Werkzeug. Es lädt Modelle herunter.';
    const data = {
      url: '/docs/services/ollama/',
      excerpt: 'laufen <mark>Ollama</mark>',
      meta: { title: 'Ollama nutzen' },
      content,
      locations: [0, 3, 9, 10],
      anchors: [
        { element: 'h1', id: 'top', text: 'Ollama nutzen', location: 0 },
        { element: 'h2', id: 'was', text: 'Was ist Ollama?', location: 7 },
      ],
      sub_results: [
        { title: 'Ollama nutzen', url: '/docs/services/ollama/', excerpt: 'x', locations: [0, 3] },
        {
          title: 'Was ist Ollama?',
          url: '/docs/services/ollama/#was',
          excerpt: 'ist <mark>Ollama?</mark> <mark>Ollama</mark> ist',
          anchor: { element: 'h2', id: 'was', text: 'Was ist Ollama?', location: 7 },
          locations: [9, 10],
        },
      ],
    };
    const out = withSentenceExcerpts(data);
    // The page's part: past its title, from the sentence's start.
    expect(plain(out.sub_results![0].excerpt)).toMatch(/^Mit Ollama laufen Modelle lokal\./);
    expect(plain(out.sub_results![1].excerpt)).toMatch(/^Ollama ist ein Werkzeug\./);
    expect(plain(out.excerpt)).toMatch(/^Mit Ollama/);
    const { content: _content, ...withoutText } = data;
    expect(withSentenceExcerpts(withoutText)).toBe(withoutText);
  });
});

describe('search ranking', () => {
  it('ranking: should put a docs page before a blog post that scored higher, but not before one that scored far higher', () => {
    const results = [
      { id: 'blog-ollama', score: 13.1 },
      { id: 'docs-ollama', score: 11.7 },
      { id: 'learn', score: 4.0 },
      { id: 'docs-services', score: 3.3 },
      { id: 'blog-all-about-it', score: 60 },
    ];
    const ranked = rankDocsFirst(results, new Set(['docs-ollama', 'docs-services']));
    expect(ranked.map((r) => r.id)).toEqual(['blog-all-about-it', 'docs-ollama', 'blog-ollama', 'docs-services', 'learn']);
    expect(DOCS_BOOST).toBeGreaterThan(13.1 / 11.7);
    // Equal scores keep Pagefind's order.
    expect(
      rankDocsFirst(
        [
          { id: 'a', score: 1 },
          { id: 'b', score: 1 },
        ],
        new Set(),
      ).map((r) => r.id),
    ).toEqual(['a', 'b']);
  });
});
