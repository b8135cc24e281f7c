import { execFileSync } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../helpers.ts';
import { proseOf, wordCount } from './text.ts';

interface Doc {
  file: string;
  text: string;
  prose: string;
  words: number;
}

async function read(dir: string): Promise<Doc[]> {
  const entries = await readdir(path.join(repoRoot, dir), { recursive: true, withFileTypes: true });
  const out: Doc[] = [];
  for (const e of entries) {
    if (!e.isFile() || !/\.mdx?$/.test(e.name)) continue;
    const abs = path.join(e.parentPath, e.name);
    const text = await readFile(abs, 'utf8');
    const prose = proseOf(text);
    out.push({ file: path.relative(repoRoot, abs), text, prose, words: wordCount(prose) });
  }
  return out.sort((a, b) => a.file.localeCompare(b.file));
}

const LEGAL = ['content/docs/TERMS.mdx', 'content/docs/PRIVACY.mdx', 'content/docs/EULA.mdx'];

describe('content', () => {
  let docs: Doc[], pages: Doc[], landing: Doc[], blog: Doc[];
  beforeAll(async () => {
    [docs, pages, landing, blog] = await Promise.all([
      read('content/docs'),
      read('content/pages'),
      read('content/landing-page'),
      read('content/blog'),
    ]);
  });

  it('content: should give every docs page at least 250 words and the legal pages at least 1,500', () => {
    expect(docs.filter((d) => d.words < 250).map((d) => `${d.file}: ${d.words}`)).toEqual([]);
    expect(docs.filter((d) => LEGAL.includes(d.file) && d.words < 1500).map((d) => d.file)).toEqual([]);
  });

  it('content: should give every marketing page at least 300 words and h2 sections', () => {
    expect(pages.filter((d) => d.words < 300 || !/^## /m.test(d.text)).map((d) => `${d.file}: ${d.words}`)).toEqual([]);
  });

  it('content: should have about 18 story pages of 300+ words with a bilingual sample, and 5+ blog posts of 400+ words', () => {
    expect(landing.length).toBeGreaterThanOrEqual(16);
    expect(landing.filter((d) => d.words < 300 || !d.text.includes('<BilingualPassage')).map((d) => d.file)).toEqual([]);
    expect(blog.length).toBeGreaterThanOrEqual(5);
    expect(
      blog
        .filter((d) => d.words < 400 || (!/^date: \d{4}-\d{2}-\d{2}$/m.test(d.text) && !/\d{4}-\d{2}-\d{2}-/.test(d.file)))
        .map((d) => d.file),
    ).toEqual([]);
  });

  it('content: should have at least 25 questions in the FAQ', () => {
    const faq = docs.find((d) => d.file === 'content/docs/faq.mdx')!;
    expect(faq.text.match(/<Question /g)?.length ?? 0).toBeGreaterThanOrEqual(25);
  });

  it('content: should contain no filler or unfinished markers', () => {
    const bad = [...docs, ...pages, ...landing, ...blog].filter((d) =>
      /lorem ipsum|\bTODO\b|\bFIXME\b|\bTBD\b|Platzhalter-Text/i.test(d.text),
    );
    expect(bad.map((d) => d.file)).toEqual([]);
  });

  it('content: should state marketing figures through <Stat>, never as literal numbers', () => {
    const literal =
      /mehr als (20|zehn|10|100|60) (Übersetzungsdienste|Millionen|Sprachen|Videoplattformen)|über (20|zwanzig) (voreingestellte )?Darstellungsstile/;
    expect([...docs, ...pages, ...landing, ...blog].filter((d) => literal.test(d.prose)).map((d) => d.file)).toEqual([]);
  });

  it('content: should pass the German spell check (hunspell de_DE) except for the reviewed word lists', async () => {
    const allow = new Set<string>();
    const lists = await readdir(path.join(repoRoot, 'content/data/spelling'));
    for (const list of lists) {
      for (const word of (await readFile(path.join(repoRoot, 'content/data/spelling', list), 'utf8')).split('\n'))
        if (word.trim()) allow.add(word.trim());
    }
    const all = [...docs, ...pages, ...landing, ...blog].map((d) => d.prose).join('\n');
    const hunspell = (input: string) =>
      execFileSync('hunspell', ['-d', 'de_DE', '-l', '-i', 'utf-8'], { input, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 }).split('\n');
    const candidates = hunspell(all)
      // hunspell reports tokens with their sentence punctuation ("DeepL."): compare the bare word.
      .map((w) => w.trim().replace(/^[-–„“"'(]+|[-.,;:!?)"'“”]+$/g, ''))
      .filter((w) => w && /\p{L}/u.test(w) && !allow.has(w) && !/^[\w-]+(\.[\w-]+)+$/.test(w));
    // A bare word that hunspell accepts was only flagged for its punctuation ("429-Fehler" → "-Fehler").
    const unknown = hunspell([...new Set(candidates)].join('\n')).filter((w) => w.trim());
    expect(unknown.sort()).toEqual([]);
  });
});
