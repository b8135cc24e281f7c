import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../helpers.ts';
import { proseOf } from './text.ts';

interface Term {
  term: string;
  /** Spellings of the same concept the site does not use: one term per concept. */
  avoid?: string[];
}

/** The texts a reader sees: the prose, and the front matter that shows as titles, sidebar labels and descriptions. */
function visibleText(source: string): string {
  const front = /^---\n([\s\S]*?)\n---\n/.exec(source)?.[1] ?? '';
  const shown = front.split('\n').filter((line) => /^(title|sidebar_label|description):/.test(line));
  return proseOf(source) + '\n' + shown.join('\n');
}

describe('terminology', () => {
  it('terms: should name each concept of the glossary one way only across the content and the site config', async () => {
    const glossary = JSON.parse(await readFile(path.join(repoRoot, 'content/data/glossary.json'), 'utf8')) as Term[];
    const avoided = glossary.flatMap((t) => (t.avoid ?? []).map((word) => ({ word, term: t.term })));
    expect(avoided.length).toBeGreaterThan(0);
    const files = (await readdir(path.join(repoRoot, 'content'), { recursive: true })).filter((f) => /\.mdx?$/.test(f));
    const texts = await Promise.all(
      files.map(async (f) => ({ file: `content/${f}`, text: visibleText(await readFile(path.join(repoRoot, 'content', f), 'utf8')) })),
    );
    texts.push({ file: 'site.config.ts', text: await readFile(path.join(repoRoot, 'site.config.ts'), 'utf8') });
    const found: string[] = [];
    for (const { file, text } of texts)
      for (const { word, term } of avoided)
        if (new RegExp(`(?<![\\p{L}-])${word}(?![\\p{L}-])`, 'u').test(text)) found.push(`${file}: "${word}" (write "${term}")`);
    expect(found).toEqual([]);
  });

  it('terms: should never start a sentence with <Stat>, whose words are written for the middle of one ("mehr als …")', async () => {
    const files = (await readdir(path.join(repoRoot, 'content'), { recursive: true })).filter((f) => /\.mdx?$/.test(f));
    const starts: string[] = [];
    for (const f of files) {
      const text = await readFile(path.join(repoRoot, 'content', f), 'utf8');
      for (const [i, line] of text.split('\n').entries()) if (/(?:^\s*|[.!?]\s+)<Stat /.test(line)) starts.push(`content/${f}:${i + 1}`);
    }
    expect(starts).toEqual([]);
  });
});
