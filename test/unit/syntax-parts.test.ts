import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { syntaxPartsFor } from '../../src/compile/plugins/syntax.ts';
import { processSource } from '../../src/compile/processors.ts';
import { compileTexts } from '../../src/compile/index.ts';
import { splitFrontMatter } from '../../src/load/front-matter.ts';
import type { Source } from '../../src/types.ts';
import { repoRoot } from '../helpers.ts';

/**
 * The compiler loads only the syntax extensions a file's text can use (src/compile/plugins/syntax.ts).
 * That must never change a page: every file compiles to exactly what all extensions produce.
 */
const ALL = { directive: true, autolink: true, email: true, footnote: true, strikethrough: true, table: true, taskList: true };

function source(body: string, format: 'md' | 'mdx', file = `content/docs/x.${format}`): Source {
  return { kind: 'doc', file, format, id: 'x', path: '/docs/x/', frontMatter: {}, body, bodyLine: 1, hash: 'h' };
}

async function same(src: Source) {
  const chosen = await processSource(src, '/de/', compileTexts(undefined));
  const full = await processSource(src, '/de/', compileTexts(undefined), ALL);
  expect(chosen.output, src.file).toEqual(full.output);
  expect(chosen.data.headings, src.file).toEqual(full.data.headings);
  expect(chosen.data.links, src.file).toEqual(full.data.links);
}

describe('syntax extensions chosen per file', () => {
  it('syntax: should pick only the extensions whose characters occur', () => {
    expect(syntaxPartsFor('Nur Text, um 10:30 Uhr. Achtung: hier.')).toEqual({ directive: false, autolink: false, email: false, footnote: false, strikethrough: false, table: false, taskList: false });
    expect(syntaxPartsFor(':::tip\nx\n:::\n| a |\n|---|\n- [x] ja\n~~weg~~ [^1] www.x.de a@b.de')).toEqual({ directive: true, autolink: true, email: true, footnote: true, strikethrough: true, table: true, taskList: true });
    // Web addresses and e-mail addresses are separate parts: each needs its own characters.
    expect(syntaxPartsFor('Siehe https://example.org.')).toMatchObject({ autolink: true, email: false });
    expect(syntaxPartsFor('Schreiben Sie an info@example.org.')).toMatchObject({ autolink: false, email: true });
  });

  it('syntax: should compile tricky snippets exactly as with every extension', async () => {
    const snippets = [
      'Um 10:30 Uhr, Verhältnis 3:2 und a:b, Mail an info@example.org oder https://example.org und www.example.org.',
      '| a | b |\n| - | - |\n| 1 | 2 |\n\nText mit ~~Strich~~ und ~Tilde~ und Fußnote[^1].\n\n[^1]: Die Notiz.',
      '- [ ] offen\n- [x] erledigt\n- [X] auch\n\n:::tip Titel\nInhalt mit :text[Label] und ::leaf\n:::\n\n:::unbekannt\nbleibt Text\n:::',
      '`code | mit ~ und @`\n\n```js\nconst a = "www.x.de" | 0;\n```\n',
      'E-Mail <b@c.de>, Link <https://x.de>, Bild ![a](/img/a.png), `:::`, \\:tip',
      // Only one kind of address: the other kind's constructs are left out.
      'Nur https://example.org/pfad?q=1, www.example.org und http://x.de., kein Postfach: a.b-c_d',
      'Nur Post: info@example.org, a.b+c@x.co.uk., mailto:x@y.de, _@x.de, [an@x.de](mailto:an@x.de) und \\[b@y.de](mailto:b@y.de)',
      'Weder noch: wwwx, http:/x, h@, www, hallo welt',
      // Where the parser's e-mail construct and the later search for addresses in text disagree.
      'Post an mailto:a@b.de, xmpp:a@b.de/r, https://a@b.de oder www.a@b.de.',
      'Post an mailto:a@b.de oder xmpp:a@b.de/r und a@b.de\\_.',
    ];
    for (const [i, text] of snippets.entries()) {
      await same(source(text, 'md', `content/docs/s${i}.md`));
      await same(source(text.replace(/<b@c\.de>|<https:\/\/x\.de>/g, ''), 'mdx', `content/docs/s${i}.mdx`));
    }
  });

  it('syntax: should compile every page of the site exactly as with every extension', async () => {
    const dir = path.join(repoRoot, 'content');
    const files = (await readdir(dir, { recursive: true })).filter((f) => /\.mdx?$/.test(f));
    expect(files.length).toBeGreaterThan(100);
    for (const file of files) {
      const text = await readFile(path.join(dir, file), 'utf8');
      const { body, bodyLine } = splitFrontMatter(text, file);
      await same({ ...source(body, file.endsWith('.mdx') ? 'mdx' : 'md', `content/${file}`), bodyLine });
    }
  }, 60_000);
});
