import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { directiveFromMarkdown } from 'mdast-util-directive';
import { gfmAutolinkLiteralFromMarkdown } from 'mdast-util-gfm-autolink-literal';
import { gfmFootnoteFromMarkdown } from 'mdast-util-gfm-footnote';
import { gfmStrikethroughFromMarkdown } from 'mdast-util-gfm-strikethrough';
import { gfmTableFromMarkdown } from 'mdast-util-gfm-table';
import { gfmTaskListItemFromMarkdown } from 'mdast-util-gfm-task-list-item';
import { directive } from 'micromark-extension-directive';
import { gfmAutolinkLiteral } from 'micromark-extension-gfm-autolink-literal';
import { gfmFootnote } from 'micromark-extension-gfm-footnote';
import { gfmStrikethrough } from 'micromark-extension-gfm-strikethrough';
import { gfmTable } from 'micromark-extension-gfm-table';
import { gfmTaskListItem } from 'micromark-extension-gfm-task-list-item';
import remarkMdx from 'remark-mdx';
import remarkParse from 'remark-parse';
import { unified, type Processor } from 'unified';
import { emailStarts, syntaxPartsFor, tableLines } from '../../src/compile/plugins/syntax.ts';
import { prepareMarkdown } from '../../src/compile/pipeline.ts';
import { parseOnly, processSource } from '../../src/compile/processors.ts';
import { compileTexts } from '../../src/compile/index.ts';
import { splitFrontMatter } from '../../src/load/front-matter.ts';
import type { Source } from '../../src/types.ts';
import { repoRoot } from '../helpers.ts';

/**
 * The compiler loads only the syntax extensions a file's text can use, and tries the e-mail and table
 * constructs only where they can start (src/compile/plugins/syntax.ts). That must never change a page:
 * every file parses to the packages' own syntax tree and compiles to exactly what all extensions produce.
 */
const ALL = { directive: true, autolink: true, email: true, footnote: true, strikethrough: true, table: true, taskList: true };

function source(body: string, format: 'md' | 'mdx', file = `content/docs/x.${format}`): Source {
  return { kind: 'doc', file, format, id: 'x', path: '/docs/x/', frontMatter: {}, body, bodyLine: 1, hash: 'h' };
}

async function same(src: Source) {
  const chosen = await processSource(src, '/de/', compileTexts(undefined));
  const full = await processSource(src, '/de/', compileTexts(undefined), { only: ALL });
  expect(chosen.output, src.file).toEqual(full.output);
  expect(chosen.data.headings, src.file).toEqual(full.data.headings);
  expect(chosen.data.links, src.file).toEqual(full.data.links);
}

/**
 * Every syntax extension as its package makes it, nothing left out or changed, in quire's order: the
 * syntax tree quire's parser must make, positions included.
 */
function referenceTree(format: 'md' | 'mdx', text: string): unknown {
  function extensions(this: Processor) {
    const data = this.data() as { micromarkExtensions?: unknown[]; fromMarkdownExtensions?: unknown[] };
    (data.micromarkExtensions ??= []).push(
      gfmAutolinkLiteral(),
      gfmFootnote(),
      gfmStrikethrough(),
      gfmTable(),
      gfmTaskListItem(),
      directive(),
    );
    (data.fromMarkdownExtensions ??= []).push(
      gfmAutolinkLiteralFromMarkdown(),
      gfmFootnoteFromMarkdown(),
      gfmStrikethroughFromMarkdown(),
      gfmTableFromMarkdown(),
      gfmTaskListItemFromMarkdown(),
      directiveFromMarkdown(),
    );
  }
  const processor =
    format === 'mdx' ? unified().use(remarkParse).use(remarkMdx).use(extensions) : unified().use(remarkParse).use(extensions);
  return processor.parse(text);
}

const TABLE_SNIPPETS = [
  'Absatz\nnoch eine Zeile\n\n| a | b |\n| - | :-: |\n| 1 | 2 |\nohne Strich\n\nDanach | kein Kopf\n\n# Titel | mit Strich',
  'Spalte\n:--\nWert\n\nA B\n-:\n\nKein\n---\nTabellenkopf',
  'Absatz direkt davor\n| a |\n| - |\n| 1 |\n# Überschrift danach\n- Liste | mit Strich',
  '> | a | b |\n> | - | - |\n> | 1 | 2 |\n> nach der Tabelle\n\n- Punkt\n\n  | x |\n  | - |\n  | y |\n\n1. a | b\n   --|--',
  '| a |\r\n| - |\r\n| 1 |\r\n\u00a0\r\n| 2 |\r\n\r\nx | y\r- | -\r1 | 2',
  '```\n| kein | Tisch |\n| - | - |\n```\n\n    | eingerückt |\n    | - |\n\n\\| a | b |\n| - | - |\n\n`|` im Code und a \\| b\n| - | - |',
  '| a | b |\n| - | - | - |\n\n| a | b | c |\n| - | - |\n\n|a|\n|-|\n\n| |\n|-|\n\n|\n|-',
];

const EMAIL_SNIPPETS = [
  'Post an info@example.org, a.b+c@x.co.uk., _@x.de, x-a@b.de, 1a@b.de, /a@b.de, a/b@c.de, a@b.de_ und a@b.de\\_.',
  'Post an a@b.de, www.a@b.de und https://a@b.de. Sowie *a@b.de* und **x a@b.de**, (a@b.de), "a@b.de".',
  '[an@x.de](https://x.de) und ![b@y.de](/b.png) oder \\[c@z.de](https://z.de) und [d@w.de und e@v.de',
  'Zeile eins a@\nb.de und a\n@b.de und `c@d.de` und\n\n    e@f.de eingerückt\n\n> g@h.de im Zitat\n\n- i@j.de in der Liste',
  'Ohne Adresse: @, a@, @b.de, a @b.de, ä@b.de, a@b, www.example.org',
];

describe('syntax extensions chosen per file', () => {
  it('syntax: should find where an e-mail address can start', () => {
    expect([...emailStarts('x a.b@c.de, @d, e @f, /g@h, ä@i')]).toEqual([2, 23]);
    expect(emailStarts('kein Postfach').size).toBe(0);
  });

  it('syntax: should find the lines where a table can start', () => {
    expect([...tableLines('Text\n\nKopf\n| - |\nZeile\nZeile\n\nText\n:-\n \t\nText')]).toEqual([3, 4, 5, 6, 8, 9]);
    expect(tableLines('Nur Text\n---\nund mehr').size).toBe(0);
  });

  it('syntax: should parse tables exactly as the extension itself does, positions included', () => {
    for (const text of TABLE_SNIPPETS) {
      expect(parseOnly('md', text, 'x.md'), text).toEqual(referenceTree('md', text));
      expect(parseOnly('mdx', text, 'x.mdx'), text).toEqual(referenceTree('mdx', text));
    }
  });

  it('syntax: should parse literal e-mail addresses exactly as the extension itself does, positions included', () => {
    for (const text of EMAIL_SNIPPETS) {
      expect(parseOnly('md', text, 'x.md'), text).toEqual(referenceTree('md', text));
      expect(parseOnly('mdx', text, 'x.mdx'), text).toEqual(referenceTree('mdx', text));
    }
  });

  it('syntax: should parse every page of the site exactly as the extensions themselves do, positions included', async () => {
    const dir = path.join(repoRoot, 'content');
    const files = (await readdir(dir, { recursive: true })).filter((f) => /\.mdx?$/.test(f));
    expect(files.length).toBeGreaterThan(100);
    let withEmailOrTable = 0;
    for (const file of files) {
      const { body } = splitFrontMatter(await readFile(path.join(dir, file), 'utf8'), file);
      const text = prepareMarkdown(body);
      const format = file.endsWith('.mdx') ? 'mdx' : 'md';
      expect(parseOnly(format, text, file), file).toEqual(referenceTree(format, text));
      const { email, table } = syntaxPartsFor(text);
      if (email || table) withEmailOrTable++;
    }
    expect(withEmailOrTable).toBeGreaterThan(10);
  }, 60_000);

  it('syntax: should parse made-up pages of special characters exactly as the extensions themselves do', () => {
    // A seeded generator: the same 1,500 pages on every run (a third of them also as MDX), each a random string
    // of the pieces the extensions react to (addresses, pipes and delimiter rows, colons, brackets, list
    // markers, line endings).
    const pieces = [
      'a',
      'x',
      'w',
      'h',
      ' ',
      ' ',
      '\n',
      '\n\n',
      '|',
      '-',
      ':',
      '@',
      '.',
      '_',
      '*',
      '~',
      '[',
      ']',
      '(',
      ')',
      '^',
      '#',
      '>',
      '`',
      '\\',
      'www.',
      'http://',
      'https://',
      'mailto:',
      'a@b.de',
      '| a |',
      '|-|',
      ':-',
      '-:',
      '---',
      '- ',
      '1. ',
      '[ ]',
      '[x]',
      ':::',
      '::',
      ':x',
      '3',
      '[^1]',
      '[^1]: n',
      '\t',
      '   ',
      '\r\n',
      '\r',
      '!',
      '<',
      '&amp;',
      'ä',
    ];
    let seed = 20261122;
    const random = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32;
    // MDX rejects many of these pages: then both must fail with the same message.
    const parsed = (parse: () => unknown) => {
      try {
        return parse();
      } catch (e) {
        return `error: ${(e as Error).message}`;
      }
    };
    for (let page = 0; page < 1500; page++) {
      let text = '';
      for (let length = 1 + Math.floor(random() * 40); length > 0; length--) text += pieces[Math.floor(random() * pieces.length)];
      expect(parseOnly('md', text, 'x.md'), JSON.stringify(text)).toEqual(referenceTree('md', text));
      if (page % 3 === 0)
        expect(
          parsed(() => parseOnly('mdx', text, 'x.mdx')),
          JSON.stringify(text),
        ).toEqual(parsed(() => referenceTree('mdx', text)));
    }
  });

  it('syntax: should pick only the extensions whose characters occur', () => {
    expect(syntaxPartsFor('Nur Text. Achtung: hier, ab 10: dort.')).toEqual({
      directive: false,
      autolink: false,
      email: false,
      footnote: false,
      strikethrough: false,
      table: false,
      taskList: false,
    });
    // A directive's name may start with any letter or digit: `10:30` holds a directive `30` (written back as text).
    expect(syntaxPartsFor('Um 10:30 Uhr')).toMatchObject({ directive: true });
    expect(syntaxPartsFor('Größe:ähnlich')).toMatchObject({ directive: true });
    expect(syntaxPartsFor(':::tip\nx\n:::\n| a |\n|---|\n- [x] ja\n~~weg~~ [^1] www.x.de a@b.de')).toEqual({
      directive: true,
      autolink: true,
      email: true,
      footnote: true,
      strikethrough: true,
      table: true,
      taskList: true,
    });
    // Web addresses and e-mail addresses are separate parts: each needs its own characters.
    expect(syntaxPartsFor('Siehe https://example.org.')).toMatchObject({ autolink: true, email: false });
    expect(syntaxPartsFor('Schreiben Sie an info@example.org.')).toMatchObject({ autolink: false, email: true });
    // A table without a single `|`: its delimiter row has a colon.
    expect(syntaxPartsFor('Spalte\n:--\nWert')).toMatchObject({ table: true });
    expect(syntaxPartsFor('Titel\n---\nText')).toMatchObject({ table: false });
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
