import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { minimalConfig } from './config-fixture.ts';
import { formatDiagnostic } from '../../src/diagnostics.ts';
import { fieldPlaces, splitFrontMatter, unknownFields } from '../../src/load/front-matter.ts';
import { identify, load } from '../../src/load/index.ts';
import { joinPath } from '../../src/shared/doc-paths.ts';
import { misspeltMessageIds } from '../../src/load/locale-typos.ts';
import { makeSite } from '../helpers.ts';

const config = minimalConfig();

describe('load', () => {
  it('load: should derive doc ids and paths like Docusaurus', () => {
    expect(identify('doc', 'index', {}, config)).toEqual({ id: 'index', path: '/docs/' });
    expect(identify('doc', 'features/pdf', {}, config)).toEqual({ id: 'features/pdf', path: '/docs/features/pdf/' });
    expect(identify('doc', 'services/deepL', {}, config)).toEqual({ id: 'services/deepL', path: '/docs/services/deepL/' });
    expect(identify('doc', '01-intro/02-setup', {}, config)).toEqual({ id: 'intro/setup', path: '/docs/intro/setup/' });
    expect(identify('doc', 'guide/index', {}, config)).toEqual({ id: 'guide/index', path: '/docs/guide/' });
    expect(identify('doc', 'guide/a', { slug: 'anders' }, config).path).toBe('/docs/guide/anders/');
    expect(identify('doc', 'guide/a', { slug: '/ganz/anders' }, config).path).toBe('/docs/ganz/anders/');
    expect(identify('doc', 'guide/a', { id: 'b' }, config).id).toBe('guide/b');
    // Index docs by their file and folder names as written (Docusaurus's isCategoryIndex), not by id or without
    // number prefixes: Redux's usage/structuring-reducers/StructuringReducers.md (id structuring-reducers).
    expect(identify('doc', 'guide/Guide', {}, config).path).toBe('/docs/guide/');
    expect(identify('doc', 'guide/README', {}, config).path).toBe('/docs/guide/');
    expect(identify('doc', 'usage/structuring-reducers/StructuringReducers', { id: 'structuring-reducers' }, config).path).toBe(
      '/docs/usage/structuring-reducers/structuring-reducers/',
    );
    expect(identify('doc', 'guide/a', { id: 'guide' }, config).path).toBe('/docs/guide/guide/');
    expect(identify('doc', '02-guide/guide', {}, config).path).toBe('/docs/guide/guide/');
    expect(identify('doc', '02-guide/02-guide', {}, config).path).toBe('/docs/guide/');
  });

  it('load: should map pages, landing pages and blog posts to their routes', () => {
    expect(identify('page', 'index', {}, config).path).toBe('/');
    expect(identify('page', 'deals/manga', {}, config).path).toBe('/deals/manga/');
    expect(identify('page', 'manual-chrome-extension/index', {}, config).path).toBe('/manual-chrome-extension/');
    expect(identify('landing', 'star-gate', {}, config).path).toBe('/landing-page/star-gate/');
    expect(identify('blog', '2025-01-02-hallo', {}, config)).toEqual({ id: 'hallo', path: '/blog/hallo/', date: '2025-01-02' });
    expect(joinPath('docs', '', '/x/')).toBe('/docs/x/');
  });

  it('load: should split front matter and report where the body starts', () => {
    const r = splitFrontMatter('---\ntitle: A\nkeywords: [x, y]\n---\nText\n', 'a.md');
    expect(r.diagnostics).toEqual([]);
    expect(r.frontMatter).toEqual({ title: 'A', keywords: ['x', 'y'] });
    expect(r.body).toBe('Text\n');
    expect(r.bodyLine).toBe(5);
  });

  it('load: should report invalid YAML with its line in the file', () => {
    const r = splitFrontMatter('---\ntitle: A\ndescription: [unclosed\n---\nText\n', 'a.md');
    expect(r.diagnostics[0]).toMatchObject({ code: 'Q020', file: 'a.md' });
    expect(r.diagnostics[0].line).toBeGreaterThanOrEqual(3);
  });

  it('load: should place an unclosed quote where it opens, not where the front matter ends', () => {
    const cases: [string, number, number][] = [
      ['title: "Offen\ndescription: Text\nkeywords: [a]\n', 2, 8],
      ["title: 'It''s fine'\ndescription: 'Offen\nkeywords: [a]\n", 3, 14],
      ['title: "Ein \\"Zitat\\" geht"\nkeywords:\n  - "offen\n', 4, 5],
    ];
    for (const [yaml, line, column] of cases) {
      const d = splitFrontMatter(`---\n${yaml}---\nText\n`, 'a.md').diagnostics[0];
      expect(d).toMatchObject({ code: 'Q020', line, column });
      expect(d.message).toMatch(/quotes \(.\) is never closed: the closing . is missing/);
    }
  });

  it('load: should report front matter that is never closed, and leave a page opening with a rule alone', () => {
    expect(splitFrontMatter('---\ntitle: Offen\ndescription: x\n\nText\n', 'a.md').diagnostics).toEqual([
      expect.objectContaining({
        code: 'Q020',
        line: 1,
        message: 'The front matter that starts here is never closed: a line of --- must end it.',
      }),
    ]);
    expect(splitFrontMatter('---\n\nText nach einer Linie.\n', 'a.md').diagnostics).toEqual([]);
  });

  it('load: should report a front matter field of the wrong type at its line', () => {
    const r = splitFrontMatter('---\ntitle: A\nsidebar_position: erste\n---\n', 'a.md');
    expect(r.diagnostics[0]).toMatchObject({ code: 'Q021', file: 'a.md', line: 3 });
    expect(r.diagnostics[0].message).toBe('Invalid front matter field "sidebar_position": expected number');
  });

  it('load: should warn of front matter fields quire does not know, at their line, naming the nearest field', () => {
    for (const yaml of [
      'titel: A\nsidebar_postion: 2\nparse_number_prefixes: false\n',
      'titel: "A"\nsidebar_postion: 2\nparse_number_prefixes: false\nkeywords: [a,\n  b]\n',
    ]) {
      const r = splitFrontMatter(`---\n${yaml}---\nText\n`, 'a.md');
      expect(r.frontMatter).toMatchObject({ titel: 'A', sidebar_postion: 2 });
      expect(r.diagnostics).toEqual([
        expect.objectContaining({
          code: 'Q022',
          severity: 'warning',
          message: 'Unknown front matter field "titel"; it is ignored.',
          line: 2,
          column: 1,
          hint: 'Did you mean "title"?',
        }),
        expect.objectContaining({ code: 'Q022', severity: 'warning', line: 3, hint: 'Did you mean "sidebar_position"?' }),
        expect.objectContaining({
          code: 'Q022',
          severity: 'warning',
          message:
            'Front matter field "parse_number_prefixes" is not used by quire (number prefixes of file and folder names are always taken off); it is ignored.',
          line: 4,
        }),
      ]);
    }
    expect(splitFrontMatter('---\ntitle: A\nsidebar_position: 2\nimage_alt: x\n---\n', 'a.md').diagnostics).toEqual([]);
  });

  it("load: should read dates as Docusaurus's YAML does: one-digit month, day and hour, blanks around", () => {
    const date = (yaml: string) => {
      const r = splitFrontMatter(`---\n${yaml}\n---\nText\n`, 'a.md');
      return r.diagnostics.length > 0 ? r.diagnostics[0]?.message : r.frontMatter.date;
    };
    // Written with two digits each, the time of day kept (a post's publication time, see shared/text.ts postInstant).
    expect(date('date:   2015-02-15 9:18:00')).toBe('2015-02-15T09:18:00');
    expect(date('date: 2015-11-3 10:30:00')).toBe('2015-11-03T10:30:00');
    expect(date('date: \u00a0 2017-09-12 10:00:00')).toBe('2017-09-12T10:00:00');
    expect(date('date: 2020-1-2T3:04:05.5 +1')).toBe('2020-01-02T03:04:05.5+01:00');
    expect(date('date: 2015-02-15')).toBe('2015-02-15');
    expect(date('date: 2024-02-30')).toContain('expected a date that exists');
    expect(date('date: 2024-02-03 9')).toContain('expected a date that exists');
  });

  it("load: should read a file's own syntax from Docusaurus's mdx.format front matter, and refuse another value", () => {
    expect(splitFrontMatter('---\nmdx:\n  format: md\n---\nText\n', 'a.md').frontMatter.mdx).toEqual({ format: 'md' });
    const wrong = splitFrontMatter('---\nmdx:\n  format: markdown\n---\nText\n', 'a.md').diagnostics;
    expect(wrong.map((d) => [d.code, d.severity, d.line])).toEqual([['Q021', 'error', 3]]);
  });

  it('load: should reject draft and unlisted together', () => {
    const r = splitFrontMatter('---\ndraft: true\nunlisted: true\n---\n', 'a.md');
    expect(r.diagnostics[0].message).toContain('cannot be draft and unlisted');
  });
});

describe('load: front matter messages in words', () => {
  it('load: should say an empty title or slug must not be empty, and how to write a date given as a number', () => {
    const message = (yaml: string) => splitFrontMatter(`---\n${yaml}\n---\nText\n`, 'a.md').diagnostics[0]?.message;
    expect(message('title: ""')).toBe('Invalid front matter field "title": must not be empty');
    expect(message('slug: ""')).toBe('Invalid front matter field "slug": must not be empty');
    expect(message('date: 20250102')).toBe('Invalid front matter field "date": expected a date written YYYY-MM-DD (e.g. 2024-05-01)');
  });

  it('load: should read a date with a one-digit month or day as Docusaurus does (YAML 1.1 timestamps; Electron)', () => {
    const date = (yaml: string) => splitFrontMatter(`---\n${yaml}\n---\nText\n`, 'a.md');
    expect(date('date: 2023-2-07T00:00:00.000Z')).toMatchObject({ frontMatter: { date: '2023-02-07T00:00:00.000Z' }, diagnostics: [] });
    expect(date('date: 2026-1-3')).toMatchObject({ frontMatter: { date: '2026-01-03' }, diagnostics: [] });
    expect(date('date: 2023-2-30T00:00:00.000Z').diagnostics[0]?.message).toContain('expected a date that exists');
  });
});

describe('load: front matter written so that it would be lost, and hints for YAML a writer gets wrong', () => {
  /** The first problem of a page whose front matter is `yaml`. */
  const firstProblem = (yaml: string) => splitFrontMatter(`---\n${yaml}\n---\nText\n`, 'a.md').diagnostics[0];
  it('load: should report front matter below blank lines at its ---, and leave a page that opens with a rule alone', () => {
    const r = splitFrontMatter('\n\n---\ntitle: Tief\ndescription: Zu weit unten.\n---\nText\n', 'a.md');
    expect(r.diagnostics).toEqual([
      expect.objectContaining({
        code: 'Q020',
        severity: 'error',
        line: 3,
        column: 1,
        message: 'Front matter must start on the first line: with 2 blank lines above it, this --- block is shown as page text.',
        hint: 'Remove the 2 blank lines above ---.',
      }),
    ]);
    expect(splitFrontMatter(" \r\n---\r\ntitle: Tipp: So geht's\r\n---\r\nText\r\n", 'a.md').diagnostics).toEqual([
      expect.objectContaining({ code: 'Q020', line: 2, hint: 'Remove the blank line above ---.' }),
    ]);
    // A rule, text, a rule: no fields quire knows between them.
    expect(splitFrontMatter('\n---\nEin Absatz zwischen zwei Linien.\n---\nText\n', 'a.md').diagnostics).toEqual([]);
    expect(splitFrontMatter('\n---\nHinweis: kein Feld\n---\nText\n', 'a.md').diagnostics).toEqual([]);
  });

  it('load: should name the real last field when the front matter is never closed', () => {
    const [d] = splitFrontMatter('---\ntitle: Offen\ndescription: x\nkeywords:\n  - a\n\nText\n', 'a.md').diagnostics;
    expect(d).toMatchObject({ code: 'Q020', line: 1, hint: 'Add a line with --- after the last field (keywords: …, line 4).' });
  });

  it('load: should hint at quotes for values YAML reads as markup', () => {
    expect(firstProblem("title: Tipp: So geht's")).toMatchObject({
      code: 'Q020',
      line: 2,
      message: 'Invalid YAML front matter: a colon followed by a space inside a value would start another field',
      hint: `Put the value in quotes (a colon followed by a space would start another field): title: "Tipp: So geht's"`,
    });
    expect(splitFrontMatter("---\r\ntitle: Tipp: So geht's\r\n---\r\nText\r\n", 'a.md').diagnostics[0].hint).toBe(
      `Put the value in quotes (a colon followed by a space would start another field): title: "Tipp: So geht's"`,
    );
    expect(firstProblem('description: Kurz\ntitle: @home')).toMatchObject({
      line: 3,
      hint: 'Put the value in quotes (YAML reserves the character it starts with): title: "@home"',
    });
    expect(firstProblem("title: 'It's'").hint).toBe(`Put the value in quotes (YAML reads part of it as markup): title: "It's"`);
    expect(firstProblem('title: *Sternchen')).toMatchObject({
      code: 'Q020',
      line: 2,
      hint: 'Put the value in quotes (a value starting with * names an anchor): title: "*Sternchen"',
    });
  });

  it('load: should hint at list syntax for a list written as text, and at quotes for a number meant as text', () => {
    expect(firstProblem('title: A\nkeywords: PDF, Export')).toMatchObject({
      code: 'Q021',
      line: 3,
      message: 'Invalid front matter field "keywords": expected array',
      hint: 'A list is written in brackets, keywords: [PDF, Export], or as lines starting with "- " below keywords:.',
    });
    expect(firstProblem('title: 2025')).toMatchObject({
      code: 'Q021',
      line: 2,
      message: 'Invalid front matter field "title": expected string',
      hint: 'Put it in quotes to keep it as text: title: "2025"',
    });
    expect(firstProblem('title: A\nhide_title: vielleicht').hint).toBe('Write true or false.');
  });
});

describe('load: YAML errors and field places from the one YAML parser (js-yaml and its listener)', () => {
  const first = (yaml: string) => splitFrontMatter(`---\n${yaml}---\nText\n`, 'a.md').diagnostics[0];

  it('load: should explain js-yaml errors in words, at the place to fix, with a hint', () => {
    expect(first('title: A\ntitle: B\n')).toMatchObject({
      code: 'Q020',
      line: 3,
      column: 1,
      message: 'Invalid YAML front matter: the field title is written twice: YAML allows each key once',
      hint: 'Keep one of the two title: lines.',
    });
    expect(first('title: A\nlast_update:\n  date: x\n  date: y\n')).toMatchObject({ line: 5, column: 3 });
    // An unclosed bracket is placed where it opens.
    expect(first('title: A\ndescription: [unclosed\n')).toMatchObject({
      line: 3,
      column: 14,
      message: 'Invalid YAML front matter: a list or mapping in brackets is never closed: the closing ] is missing',
      hint: 'Add ] after its last entry.',
    });
    expect(first('title: {a: 1\n')).toMatchObject({ line: 2, column: 8, hint: 'Add } after its last entry.' });
    expect(first('title: "a"\n\tdescription: b\n')).toMatchObject({ line: 3, column: 1, hint: 'Indent the line with spaces.' });
    expect(first('title: "Zitat" und mehr\n')).toMatchObject({
      line: 2,
      column: 16,
      message: 'Invalid YAML front matter: text follows the closing quote of a quoted value',
      hint: `Put the value in quotes (YAML reads part of it as markup): title: '"Zitat" und mehr'`,
    });
    expect(first('title: !wichtig Hinweis\n')).toMatchObject({
      line: 2,
      column: 8,
      hint: 'Put the value in quotes (a value starting with ! names a YAML type): title: "!wichtig Hinweis"',
    });
    expect(first('title: |x\n')).toMatchObject({
      line: 2,
      column: 9,
      message: 'Invalid YAML front matter: | starts a block of text and must end its line',
    });
  });

  it('load: should place a field problem at its value, however the YAML is written', () => {
    const places = (yaml: string) => splitFrontMatter(`---\n${yaml}---\nText\n`, 'a.md').diagnostics.map((d) => [d.code, d.line, d.column]);
    // An empty value: right after the colon, with or without a field below.
    expect(places('title:\ndescription: x\n')).toEqual([['Q021', 2, 7]]);
    // Values in a list, in brackets, in a mapping in a list; a list item left empty, right after its -.
    expect(places('tags:\n  - eins\n  - 2\n')).toEqual([['Q021', 4, 5]]);
    expect(places('tags: [eins, {label: x}]\n')).toEqual([['Q021', 2, 14]]);
    expect(places('tags:\n  - label: ""\n    permalink: /x\n')).toEqual([['Q021', 3, 12]]);
    expect(places('keywords:\n  - a\n  -\n  - 3\n')).toEqual([
      ['Q021', 4, 4],
      ['Q021', 5, 5],
    ]);
    // Past comments and line breaks; an alias at its *; a quoted key.
    expect(places('title: A # Kommentar\nhide_title:   # c\n  ja\n')).toEqual([['Q021', 4, 3]]);
    expect(places('title: &a X\ndescription: *a\nhide_title: *a\n')).toEqual([['Q021', 4, 13]]);
    expect(places('"title": 5\n')).toEqual([['Q021', 2, 10]]);
    expect(places('last_update:\n  date: nie\n')).toEqual([['Q021', 3, 9]]);
    // The value as written goes into the hint.
    expect(first('title: 0x1F\n').hint).toBe('Put it in quotes to keep it as text: title: "0x1F"');
  });
});

describe('load: keys named like the members every object has (constructor, toString, __proto__)', () => {
  const MEMBERS = ['constructor', 'toString', 'hasOwnProperty', '__proto__', 'valueOf'];

  it('load: should warn of such front matter fields like any unknown field, at their line, with the nearest field', () => {
    for (const key of MEMBERS) {
      for (const value of ['x', '\n  polluted: 1']) {
        const r = splitFrontMatter(`---\ntitle: A\n${key}: ${value}\n---\nText\n`, 'a.md');
        expect(r.diagnostics, `${key}: ${value}`).toEqual([
          expect.objectContaining({
            code: 'Q022',
            severity: 'warning',
            message: `Unknown front matter field "${key}"; it is ignored.`,
            file: 'a.md',
            line: 3,
            column: 1,
          }),
        ]);
        expect(r.diagnostics[0].hint).toMatch(/^(Did you mean "\w+"\?|Known fields: .*title.*\.)$/);
        expect(r.frontMatter.title).toBe('A');
        expect(Object.getPrototypeOf(r.frontMatter)).toBe(Object.prototype);
        expect(({} as Record<string, unknown>).polluted).toBeUndefined();
        // Where each field is, this one too, as an own key (a place for `__proto__` is not the places' prototype).
        expect(Object.keys(r.fieldPlaces ?? {})).toEqual(['title', key]);
      }
    }
  });

  it('load: should check the keys YAML read, not those validation kept (which leaves __proto__ out)', () => {
    const data = JSON.parse(
      '{"title": "A", "__proto__": {"x": 1}, "constructor": 1, "parse_number_prefixes": "u", "toSting": 1}',
    ) as object;
    const places = fieldPlaces('title: A\n__proto__:\n  x: 1\nconstructor: 1\nparse_number_prefixes: u\ntoSting: 1');
    expect(unknownFields(data, places, 'a.md').map((d) => [d.line, d.message, d.hint])).toEqual([
      [3, 'Unknown front matter field "__proto__"; it is ignored.', expect.stringMatching(/^Known fields: /)],
      [5, 'Unknown front matter field "constructor"; it is ignored.', expect.stringMatching(/^Known fields: /)],
      [
        6,
        'Front matter field "parse_number_prefixes" is not used by quire (number prefixes of file and folder names are always taken off); it is ignored.',
        undefined,
      ],
      [7, 'Unknown front matter field "toSting"; it is ignored.', expect.stringMatching(/^Known fields: /)],
    ]);
  });

  it('load: should keep data and locale files named like them as entries, and their keys as keys', async () => {
    const site = await makeSite('basic', {
      'content/data/__proto__.json': '{"polluted": true}',
      'content/data/constructor.json': '{"__proto__": {"polluted": true}, "toString": "x"}',
      'locales/__proto__.json': '{"polluted": "ja"}',
    });
    try {
      const { value, diagnostics } = await load({ root: site.root, config: minimalConfig(), mode: 'production' });
      expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
      expect(Object.keys(value.data)).toEqual(['__proto__', 'constructor', 'figures']);
      expect(Object.getOwnPropertyDescriptor(value.data, '__proto__')?.value).toEqual({ polluted: true });
      expect(Object.getPrototypeOf(value.data)).toBe(Object.prototype);
      expect(Object.keys(value.data.constructor as object)).toEqual(['__proto__', 'toString']);
      expect(Object.keys(value.messages)).toEqual(['__proto__', 'de', 'en']);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    } finally {
      await site.cleanup();
    }
  });

  it('load: should name a misspelt message id like constructor or toString, which every object seems to have', () => {
    expect(misspeltMessageIds({ toStrng: 'Text' }, { toString: 'Text', a: 'A' }, 'locales/de.json', '{\n  "toStrng": "Text"\n}\n')).toEqual(
      [expect.objectContaining({ code: 'Q091', line: 2, column: 3, hint: 'Rename "toStrng" to "toString".' })],
    );
    expect(misspeltMessageIds({ constructor: 'Text' }, { constructr: 'Text' }, 'locales/de.json', '{"constructor": "Text"}')).toEqual([
      expect.objectContaining({ code: 'Q091', hint: 'Rename "constructor" to "constructr".' }),
    ]);
  });
});

describe('load: a problem keeps the lines it was found in, for its code frame', () => {
  it('load: should frame the text that was read, though the file on disk has changed since', async () => {
    const site = await makeSite('basic', {
      'content/docs/guide/start.md': '---\ntitle: Start\ntitel: Tippfehler\n---\nText\n',
      'content/data/kaputt.json': '{\n  "a": 1,\n}\n',
    });
    try {
      const { diagnostics } = await load({ root: site.root, config: minimalConfig(), mode: 'production' });
      // Saved again before the diagnostics are printed: other lines, or none where the problem was.
      await writeFile(path.join(site.root, 'content/docs/guide/start.md'), '---\ntitle: Start\n---\n');
      await writeFile(path.join(site.root, 'content/data/kaputt.json'), '{}');
      const unknown = diagnostics.find((d) => d.code === 'Q022')!;
      expect(unknown.excerpt).toEqual({ line: 1, offset: 0, lines: ['---', 'title: Start', 'titel: Tippfehler', '---', 'Text'] });
      expect(formatDiagnostic(unknown, { source: await readFile(path.join(site.root, unknown.file!), 'utf8') })).toContain(
        '> 3 | titel: Tippfehler',
      );
      const json = diagnostics.find((d) => d.code === 'Q090')!;
      expect(json).toMatchObject({ file: 'content/data/kaputt.json', line: 3, column: 1 });
      expect(formatDiagnostic(json)).toContain('  > 3 | }');
      // Plain data: it crosses worker threads.
      expect(structuredClone(json)).toEqual(json);
    } finally {
      await site.cleanup();
    }
  });
});
