import { describe, expect, it } from 'vitest';
import { minimalConfig } from './config-fixture.ts';
import { compileDetail } from '../../src/build.ts';
import { cacheKey, compile, compileSource, compileTexts, type CompileOneResult } from '../../src/compile/index.ts';
import { CODES, error } from '../../src/diagnostics.ts';
import { srcsetCandidates } from '../../src/compile/plugins/links.ts';
import type { Source } from '../../src/types.ts';

const config = minimalConfig();

function source(body: string, format: 'md' | 'mdx' = 'md', frontMatter = {}): Source {
  return {
    kind: 'doc',
    file: `content/docs/guide/a.${format}`,
    format,
    id: 'guide/a',
    path: '/docs/guide/a/',
    frontMatter,
    body,
    bodyLine: 4,
    hash: 'h',
  };
}

async function html(body: string) {
  const r = await compileSource(source(body), config);
  if (!('compiled' in r) || r.compiled.output.type !== 'html') throw new Error('expected html');
  return { html: r.compiled.output.html, compiled: r.compiled };
}

describe('compile', () => {
  it('compile: should render GFM tables and task lists', async () => {
    const { html: out } = await html('| a | b |\n| - | - |\n| 1 | 2 |\n\n- [x] fertig\n- [ ] offen\n');
    // In a box of its own, which scrolls sideways when the table is wider than the screen.
    expect(out).toContain('<div class="table-scroll"><table>');
    expect(out).toContain('<td>1</td>');
    expect(out).toMatch(/<input type="checkbox" checked disabled>/);
  });

  it('compile: should note blocks left open, boxes and references that name nothing, at their line, and nothing for closed and defined ones', async () => {
    const notes = async (body: string, format: 'md' | 'mdx' = 'md') => {
      const r = await compileSource(source(body, format), config);
      if (!('compiled' in r)) throw new Error('expected a compiled page');
      return (r.compiled.notes ?? []).map((n) => [n.line, n.message]);
    };
    // Lines count from the body's first line, 4 (see `source`).
    expect(await notes('Text\n\n```js\nconst a = 1;\n\n## Danach\n')).toEqual([
      [6, 'The code block opened here is never closed: everything after it is shown as code.'],
    ]);
    expect(await notes('Text\n\n:::warning Achtung\nVorsicht.\n\n## Danach\n', 'mdx')).toEqual([
      [6, 'The :::warning box opened here is never closed: everything after it is inside the box.'],
    ]);
    expect(await notes('Text\n\n<details>\n<summary>Mehr</summary>\n\nInhalt\n')).toEqual([
      [6, 'The HTML here leaves <details> open: what follows ends up inside it.'],
    ]);
    // What stays text because it names nothing.
    expect(await notes(':::hinweis\nText\n:::\n')).toEqual([[4, 'There is no :::hinweis box: its content is shown without one.']]);
    expect(await notes('::: note\nText\n:::\n')).toEqual([[4, '::: note with a space is shown as text, not as a box.']]);
    expect(await notes('Siehe [die Anleitung][anleitung].\n\nUnd[^fehlt].\n')).toEqual([
      [4, 'The link [die Anleitung][anleitung] is shown as text: there is no [anleitung]: definition.'],
      [6, 'The footnote [^fehlt] is shown as text: there is no [^fehlt]: footnote.'],
    ]);
    expect(await notes('Siehe [die Anleitung][anleitung] und[^1].\n\n[anleitung]: /docs/\n[^1]: Fußnote.\n')).toEqual([]);
    expect(await notes('## Einrichtung {#id mit leer}\n\n## Gut {#gut}\n')).toEqual([
      [4, 'The heading id {#id mit leer} is shown as part of the heading: an id has no spaces or signs other than - _ : .'],
    ]);
    const closed =
      'A\n\n````md\n```js\nx\n```\n````\n\n> :::note\n> Zitat\n> :::\n\n<details><summary>M</summary>\n\n<p>Absatz<ul><li>eins<li>zwei</ul>\n\nText\n\n</details>\n\n~~~\ny\n~~~';
    expect(await notes(closed)).toEqual([]);
  });

  it('compile: should write the footnotes heading and back links in the texts given, and key the cache by them', async () => {
    const body = 'Erstens[^1] und wieder[^1].\n\n[^1]: Die Quelle.\n';
    const german = compileTexts({ 'content.footnotes': 'Fußnoten', 'content.backToReference': 'Zurück zur Textstelle {number}' });
    const r = await compileSource(source(body), config, german);
    if (!('compiled' in r) || r.compiled.output.type !== 'html') throw new Error('expected html');
    expect(r.compiled.output.html).toContain('>Fußnoten</h2>');
    expect(r.compiled.output.html).toContain('aria-label="Zurück zur Textstelle 1"');
    expect(r.compiled.output.html).toContain('aria-label="Zurück zur Textstelle 1-2"');
    const mdx = await compileSource(source(body, 'mdx'), config, german);
    expect(JSON.stringify('compiled' in mdx && mdx.compiled.output)).toContain('Zurück zur Textstelle 1-2');
    // Without texts (no locale), the English ones.
    expect((await html(body)).html).toContain('>Footnotes</h2>');
    expect(cacheKey(source(body), config, german)).not.toBe(cacheKey(source(body), config));
  });

  it('compile: should turn :::tip Title into an admonition with that title', async () => {
    const { html: out } = await html(':::tip Gut zu wissen\nInhalt\n:::\n\n:::danger\nVorsicht\n:::\n');
    expect(out).toContain(
      '<aside class="admonition admonition-tip" role="note" data-admonition="tip"><p class="admonition-title">Gut zu wissen</p>',
    );
    // Without a title: the default of its type, English without texts, else in the content's language.
    expect(out).toContain('<p class="admonition-title">Danger</p>');
    const body = ':::danger\nVorsicht\n:::\n\n:::important\nText\n:::\n';
    const german = compileTexts({}, { 'admonition.danger': 'Gefahr', 'admonition.important': 'Wichtig' });
    const r = await compileSource(source(body), config, german);
    const translated = 'compiled' in r && r.compiled.output.type === 'html' ? r.compiled.output.html : '';
    expect(translated).toContain('<p class="admonition-title">Gefahr</p>');
    expect(translated).toContain('<p class="admonition-title">Wichtig</p>');
    // The titles are part of what a page compiles to, so of its cache key.
    expect(cacheKey(source(body), config, german)).not.toBe(cacheKey(source(body), config));
  });

  it('compile: should keep colons in prose that are not directives', async () => {
    const { html: out } = await html('Um 10:30 Uhr, Verhältnis:Wert und :::unbekannt bleibt.\n');
    expect(out).toContain('Verhältnis:Wert');
    expect(out).toContain('10:30');
  });

  it('compile: should show a directive that is no box as it was written, label formatting and braces included', async () => {
    const { html: out } = await html(
      'Ab 10:30[ca.]{ungefähr} Uhr, Größe:ähnlich, :Hinweis[**fett**]{x=1} und a:b[c].\n\n::zeile[Text]{#id}\n',
    );
    expect(out).toContain('<p>Ab 10:30[ca.]{ungefähr} Uhr, Größe:ähnlich, :Hinweis[<strong>fett</strong>]{x=1} und a:b[c].</p>');
    expect(out).toContain('<p>::zeile[Text]{#id}</p>');
  });

  it('compile: should give headings GitHub-style ids, custom ids, and build the toc of levels 2-3', async () => {
    const { html: out, compiled } = await html('## Häufige Fragen\n\n### Unter {#eigene}\n\n#### Tief\n\n## Häufige Fragen\n');
    expect(out).toContain('<h2 id="häufige-fragen">Häufige Fragen</h2>');
    expect(out).toContain('<h3 id="eigene">Unter</h3>');
    expect(out).toContain('<h2 id="häufige-fragen-1">');
    expect(compiled.toc.map((h) => h.id)).toEqual(['häufige-fragen', 'eigene', 'häufige-fragen-1']);
    expect(compiled.headings).toHaveLength(4);
  });

  it('compile: should keep slugs off custom ids and record a custom id written twice with its place', async () => {
    const { html: out, compiled } = await html('## Setup\n\n## Einrichtung {#setup}\n\n## Ende {#ende}\n\n## Schluss {#ende}\n');
    expect(compiled.headings.map((h) => h.id)).toEqual(['setup-1', 'setup', 'ende', 'ende']);
    expect(out).toContain('<h2 id="setup-1">Setup</h2>');
    expect(out).toContain('<h2 id="setup">Einrichtung</h2>');
    // The body starts on line 4 of the file: the repeat is on the body's line 7.
    expect(compiled.duplicateIds).toEqual([{ id: 'ende', line: 10, column: 1 }]);
    const clean = await html('## A\n\n## A\n');
    expect(clean.compiled.headings.map((h) => h.id)).toEqual(['a', 'a-1']);
    expect(clean.compiled.duplicateIds).toBeUndefined();
  });

  it("compile: should give headings Docusaurus's ids with markdown.headingIds docusaurus", async () => {
    // TypeDoc's pages for Lexical: `##### editorState {#editorstate}`, later `##### editorState`, linked as
    // `#editorstate` in Docusaurus, which gives both the id; and `##### lexical:extension`, whose `:extension`
    // (a directive put back as text) is no part of its id there.
    const docusaurus = { ...config, markdown: { ...config.markdown, headingIds: 'docusaurus' as const } };
    const body = '## Setup {#setup}\n\n## Setup\n\n## Setup\n\n## Ende\n\n## Schluss {#ende}\n\n### lexical:extension\n\n### a:b[c]{x=1}\n';
    const r = await compileSource(source(body), docusaurus);
    if (!('compiled' in r) || r.compiled.output.type !== 'html') throw new Error('expected html');
    expect(r.compiled.headings.map((h) => [h.id, h.text])).toEqual([
      ['setup', 'Setup'],
      ['setup', 'Setup'],
      ['setup-1', 'Setup'],
      ['ende', 'Ende'],
      ['ende', 'Schluss'],
      ['lexical', 'lexical'],
      ['ac', 'ac'],
    ]);
    expect(r.compiled.duplicateIds).toBeUndefined();
    // The heading itself shows what was written.
    expect(r.compiled.output.html).toContain('<h3 id="lexical">lexical:extension</h3>');
    // quire's own rules: the whole text, slugs off custom ids.
    const own = await html(body);
    expect(own.compiled.headings.map((h) => h.id)).toEqual(['setup', 'setup-1', 'setup-2', 'ende-1', 'ende', 'lexicalextension', 'abcx1']);
    // The two compile differently, so their cache keys differ.
    expect(cacheKey(source('x'), docusaurus)).not.toBe(cacheKey(source('x'), config));
  });

  it("compile: should write no id on an h1 with markdown.headingIds docusaurus, as Docusaurus's Heading, its slug still taken", async () => {
    const docusaurus = { ...config, markdown: { ...config.markdown, headingIds: 'docusaurus' as const } };
    const body = '# Fragen\n\nText.\n\n## Fragen\n\n# Zweite {#zweite}\n';
    for (const format of ['md', 'mdx'] as const) {
      const r = await compileSource(source(body, format), docusaurus);
      if (!('compiled' in r)) throw new Error('expected a compiled page');
      const out = JSON.stringify(r.compiled.output);
      expect(out).not.toMatch(/<h1 id|"tagName":"h1","properties":\{"id"/);
      // The h2 after it is numbered as in Docusaurus, whose headings plugin gave the h1 the first slug.
      expect(r.compiled.headings.map((h) => [h.depth, h.id])).toEqual([
        [1, 'fragen'],
        [2, 'fragen-1'],
        [1, 'zweite'],
      ]);
    }
    // quire's own rules keep the id.
    expect((await html(body)).html).toContain('<h1 id="fragen">');
  });

  it('compile: should honour front matter toc levels and hide_table_of_contents', async () => {
    const deep = await compileSource(source('## A\n\n#### B\n', 'md', { toc_max_heading_level: 4 }), config);
    expect('compiled' in deep && deep.compiled.toc.map((h) => h.text)).toEqual(['A', 'B']);
    const hidden = await compileSource(source('## A\n', 'md', { hide_table_of_contents: true }), config);
    expect('compiled' in hidden && hidden.compiled.toc).toEqual([]);
  });

  it('compile: should highlight code at build time with a title and highlighted lines', async () => {
    const { html: out } = await html('```js title="x.js" {2}\nconst a = 1;\nconst b = 2;\n```\n');
    expect(out).toContain('<figcaption class="code-title">x.js</figcaption>');
    expect(out).toContain('<pre class="code" tabindex="0" data-language="js"><code class="language-js">');
    expect(out.match(/class="line highlighted"/g)).toHaveLength(1);
    expect(out).toContain('<span class="line highlighted"><span class="token keyword">const</span> b');
    expect(out).toContain('<span class="token number">2</span>');
  });

  it("compile: should show an empty code block without its title, as Docusaurus's theme draws one with no code", async () => {
    const { html: out } = await html(
      '**Out**\n\n```js title="JavaScript"\n```\n\n```js title="b.js"\n\n```\n\n```js title="c.js"\nc\n```\n',
    );
    expect(out).not.toContain('JavaScript');
    expect(out).not.toContain('b.js');
    expect(out).toContain('<figcaption class="code-title">c.js</figcaption>');
  });

  it('compile: should note code block options that do nothing, and a language without highlighting, at the fence', async () => {
    const notes = async (body: string, format: 'md' | 'mdx' = 'md') => {
      const r = await compileSource(source(body, format), config);
      if (!('compiled' in r)) throw new Error('expected compiled');
      return (r.compiled.notes ?? []).map((n) => [n.line, n.column, n.message, n.hint]);
    };
    const fine =
      '```js title="a b.js" {1, 2-3} showLineNumbers=5\na\nb\nc\n```\n\n```text\nx\n```\n\n```\ny\n```\n\n```sh showLineNumbers\nz\n```\n';
    expect(await notes(fine)).toEqual([]);
    expect(await notes(fine, 'mdx')).toEqual([]);
    expect(await notes('Text.\n\n```js title=bilingo.config.js {2,x} showLineNumers\na\nb\n```\n')).toEqual([
      [
        6,
        1,
        "The code block's title=bilingo.config.js is not shown: a title goes in quotes.",
        'Write title="bilingo.config.js" (quotes around all of it, spaces included).',
      ],
      [
        6,
        1,
        'The code block\'s line list {2,x} has "x", which is not a line or range of lines.',
        'Lines are counted from 1: write {2}, {1,3-5} or {4-6}.',
      ],
      [
        6,
        1,
        "The code block's option showLineNumers is not one quire knows, so it does nothing.",
        'Did you mean showLineNumbers? A code block takes title="…", {1,3-5} and showLineNumbers (or showLineNumbers=5).',
      ],
    ]);
    expect(await notes('```js {3-4} showLineNumbers=fünf\na\n// highlight-next-line\nb\n```\n', 'mdx')).toEqual([
      [
        4,
        1,
        "The code block's line list {3-4} marks line 4, but the block has 2 line(s).",
        'Lines are counted from 1 in the code as shown (without highlight comments).',
      ],
      [
        4,
        1,
        "The code block's showLineNumbers=fünf is not a line number, so the lines are not numbered.",
        'Write showLineNumbers to count from 1, or showLineNumbers=5 to count from 5.',
      ],
    ]);
    expect(await notes('```javascirpt\nx\n```\n\n```klingonisch\ny\n```\n')).toEqual([
      [
        4,
        1,
        'There is no highlighting for the language "javascirpt": the code is shown as plain text.',
        'Did you mean javascript? Write text for code that is not highlighted.',
      ],
      [
        8,
        1,
        'There is no highlighting for the language "klingonisch": the code is shown as plain text.',
        'Name a language Prism knows (js, ts, bash, json, html, css, …), or text for code that is not highlighted.',
      ],
    ]);
  });

  it('compile: should take highlight comments out of the code and mark their lines, and number lines with showLineNumbers', async () => {
    const fence =
      '```js showLineNumbers=5\nconst a = 1;\n// highlight-next-line\nconst b = 2;\n/* highlight-start */\nconst c = 3;\nconst d = 4;\n/* highlight-end */\nconst e = 5;\n```\n\n```bash\n# highlight-next-line\nnpm ci\n```\n\n```html\n<!-- highlight-next-line -->\n<p>x</p>\n```\n\n```js\n// highlight-next-lines bleibt\n```\n';
    const { html: out } = await html(fence);
    expect(out).not.toMatch(/highlight-(next-line|start|end)(?!s)/);
    const marked = [...out.matchAll(/<span class="line( highlighted)?">(.*?)<\/span>(?=\n|<\/code>)/g)].map((m) => [
      Boolean(m[1]),
      m[2].replace(/<[^>]+>/g, ''),
    ]);
    expect(marked.slice(0, 5)).toEqual([
      [false, 'const a = 1;'],
      [true, 'const b = 2;'],
      [true, 'const c = 3;'],
      [true, 'const d = 4;'],
      [false, 'const e = 5;'],
    ]);
    expect(out).toContain('<span class="line highlighted"><span class="token function">npm</span> ci</span>');
    expect(out).toContain('<code class="language-html"><span class="line highlighted"><span class="token tag punctuation">&#x3C;</span>');
    // Only a comment that is nothing but the marker counts.
    expect(out).toContain('highlight-next-lines bleibt');
    expect(out).toContain(
      '<figure class="code-block code-block--numbered" data-language="js"><pre class="code" tabindex="0" data-language="js"><code class="language-js" style="counter-reset: line 4">',
    );
    expect(out.match(/code-block--numbered/g)).toHaveLength(1);
  });

  it("compile: should read highlight comments in the block language's comment forms, as Docusaurus does", async () => {
    // Lexical's migration page: JSX's comment in braces marks lines in a tsx block; `#` is code in JavaScript, and
    // `--` (Lua's, SQL's) is no comment in YAML.
    const fence =
      '```tsx\n<div>\n  {/* highlight-start */}\n  <A />\n  {/* highlight-end */}\n  {/*highlight-next-line*/}\n  <B />\n</div>\n```\n\n' +
      '```js\n# highlight-next-line\nx;\n```\n\n' +
      '```yaml\n-- highlight-next-line\na: 1\n```\n\n' +
      '```sql\n-- highlight-next-line\nselect 1;\n```\n';
    const { html: out } = await html(fence);
    const blocks = out.split('</figure>').slice(0, 4);
    const marked = blocks.map((b) =>
      [...b.matchAll(/<span class="line( highlighted)?">(.*?)<\/span>(?=\n|<\/code>)/g)].map(
        (m) => `${m[1] ? '+' : ' '}${m[2].replace(/<[^>]+>/g, '').replace(/&#x3C;/g, '<')}`,
      ),
    );
    expect(marked).toEqual([
      [' <div>', '+  <A />', '+  <B />', ' </div>'],
      [' # highlight-next-line', ' x;'],
      [' -- highlight-next-line', ' a: 1'],
      ['+select 1;'],
    ]);
  });

  it('compile: should read highlight blocks as Docusaurus does: no nesting, an unclosed start marks nothing', async () => {
    // Redux Toolkit's usage-with-typescript page: a second start inside a block, one end for both.
    const nested =
      '```ts\nconst a = 1;\n// highlight-start\nconst b = 2;\n// highlight-start\nconst c = 3;\n// highlight-end\nconst d = 4;\n```\n\n' +
      '```ts\nconst e = 5;\n// highlight-start\nconst f = 6;\n```\n\n' +
      '```ts\nconst g = 7;\n// highlight-end\nconst h = 8;\n```\n';
    const { html: out } = await html(nested);
    const blocks = out.split('</figure>').slice(0, 3);
    const marked = blocks.map((b) =>
      [...b.matchAll(/<span class="line( highlighted)?">(.*?)<\/span>(?=\n|<\/code>)/g)].map(
        (m) => `${m[1] ? '+' : ' '}${m[2].replace(/<[^>]+>/g, '')}`,
      ),
    );
    expect(marked).toEqual([
      [' const a = 1;', ' const b = 2;', '+const c = 3;', ' const d = 4;'],
      [' const e = 5;', ' const f = 6;'],
      // An end with no start marks from the first line.
      ['+const g = 7;', ' const h = 8;'],
    ]);
  });

  it('compile: should highlight by alias, split tokens spanning lines, and leave unknown languages plain', async () => {
    const { html: multi } = await html('```ts\n/* eins\nzwei */\nlet x: number;\n```\n');
    expect(multi).toContain(
      '<span class="line"><span class="token comment">/* eins</span></span>\n<span class="line"><span class="token comment">zwei */</span></span>',
    );
    expect(multi).toContain('<span class="token keyword">let</span>');
    const { html: shell } = await html('```sh\necho "hallo"\n```\n');
    expect(shell).toContain('<span class="token builtin class-name">echo</span>');
    const { html: plain } = await html('```gibtsnicht\n<b>roh</b>\n```\n');
    expect(plain).toContain('<span class="line">&#x3C;b>roh&#x3C;/b></span>');
  });

  it('compile: should prefix internal links with the base path and record them with positions', async () => {
    const { html: out, compiled } = await html('Siehe [FAQ](/docs/faq) und [dort](../b/#x) und [extern](https://example.com).\n');
    expect(out).toContain('href="/de/docs/faq/"');
    expect(out).toContain('href="/de/docs/guide/b/#x"');
    expect(out).toContain('href="https://example.com"');
    expect(compiled.links).toEqual([
      { url: '/docs/faq', path: '/docs/faq/', hash: undefined, line: 4, column: 7 },
      { url: '../b/#x', path: '/docs/guide/b/', hash: 'x', line: 4, column: 28 },
    ]);
  });

  it('compile: should give headings without a slug (emoji, punctuation) a word as id, never an empty one', async () => {
    const { html: out, compiled } = await html('## 🎉\n\n## ???\n\n## Heading\n');
    expect(compiled.headings.map((h) => h.id)).toEqual(['heading', 'heading-1', 'heading-2']);
    expect(out).toContain('<h2 id="heading">🎉</h2>');
    expect(out).not.toContain('id=""');
  });

  it('compile: should write markers of files with spaces, umlauts and quotes so Markdown and React leave them as they are', async () => {
    const { html: out, compiled } = await html(
      "![a](<./mein bild.png>) ![b](./%C3%9Cbersicht.png) [c](<./zweite seite.md>) [d](./it's.md)\n",
    );
    expect(out).toContain('src="quire-asset:content/docs/guide/mein%20bild.png"');
    expect(out).toContain('src="quire-asset:content/docs/guide/%C3%9Cbersicht.png"');
    expect(out).toContain('href="quire-file:content/docs/guide/zweite%20seite.md"');
    expect(out).toContain('href="quire-file:content/docs/guide/it%27s.md"');
    expect(compiled.assets.map((a) => [a.file, a.marker])).toEqual([
      ['content/docs/guide/mein bild.png', 'quire-asset:content/docs/guide/mein%20bild.png'],
      ['content/docs/guide/Übersicht.png', 'quire-asset:content/docs/guide/%C3%9Cbersicht.png'],
    ]);
    // The link checker gets the file itself.
    expect(compiled.links.map((l) => l.path)).toEqual([
      'quire-file:content/docs/guide/zweite seite.md',
      "quire-file:content/docs/guide/it's.md",
    ]);
  });

  it('compile: should resolve static images under the base and relative images to asset markers', async () => {
    const { html: out, compiled } = await html('![a](/img/x.svg) ![b](./bild.png)\n');
    expect(out).toContain('src="/de/img/x.svg"');
    expect(out).toContain('src="quire-asset:content/docs/guide/bild.png"');
    expect(compiled.assets).toEqual([
      // `from`: where the page refers to it, for the error when the image is missing (the body starts on line 4).
      {
        file: 'content/docs/guide/bild.png',
        marker: 'quire-asset:content/docs/guide/bild.png',
        from: { file: 'content/docs/guide/a.md', line: 4, column: 18 },
      },
    ]);
  });

  it("compile: should render HTML written in .md files, Markdown inside HTML blocks, and treat its links and images like Markdown's", async () => {
    const body = [
      'Drücken Sie <kbd>Alt</kbd>+<kbd>A</kbd> oder lesen Sie <a href="/docs/faq">die FAQ</a> und [mehr](/docs/b/).',
      '',
      '<details id="kurz">',
      '<summary>Details</summary>',
      '',
      '**Fett** mit [Link](../c/).',
      '',
      '</details>',
      '',
      '<!-- Notiz für Autoren -->',
      '',
      '<p align="center"><img src="./bild.png" alt="Bild"> <a href="https://example.com">extern</a></p>',
      '',
    ].join('\n');
    const { html: out, compiled } = await html(body);
    expect(out).toContain('<kbd>Alt</kbd>+<kbd>A</kbd>');
    expect(out).toContain('<a href="/de/docs/faq/">die FAQ</a>');
    expect(out).toContain('<a href="/de/docs/b/">mehr</a>');
    expect(out).toMatch(
      /<details id="kurz">\s*<summary>Details<\/summary>\s*<p><strong>Fett<\/strong> mit <a href="\/de\/docs\/guide\/c\/">Link<\/a>.<\/p>\s*<\/details>/,
    );
    expect(out).toContain('<img src="quire-asset:content/docs/guide/bild.png" alt="Bild">');
    expect(out).toContain('<a href="https://example.com">extern</a>');
    expect(out).not.toContain('Notiz');
    // Elements with an id are link targets beside the headings.
    expect(compiled.anchors).toEqual(['kurz']);
    expect(out).not.toContain('data-quire');
    // Every internal link once, with its place in the file (the body starts on line 4).
    expect(compiled.links).toEqual([
      { url: '/docs/b/', path: '/docs/b/', hash: undefined, line: 4, column: 92 },
      { url: '../c/', path: '/docs/guide/c/', hash: undefined, line: 9, column: 14 },
      { url: '/docs/faq', path: '/docs/faq/', hash: undefined, line: 4, column: 56 },
    ]);
    expect(compiled.assets).toEqual([
      {
        file: 'content/docs/guide/bild.png',
        marker: 'quire-asset:content/docs/guide/bild.png',
        from: { file: 'content/docs/guide/a.md', line: 15, column: 19 },
      },
    ]);
  });

  it('compile: should record the ids of JSX elements in MDX as link targets, apart from heading ids', async () => {
    const r = await compileSource(
      source('Text\n\n<div id="sprung">Ziel</div>\n\n## Titel {#titel}\n\n<span id="titel">doppelt</span>\n', 'mdx'),
      config,
    );
    if (!('compiled' in r)) throw new Error('expected a compiled page');
    expect(r.compiled.anchors).toEqual(['sprung']);
    expect(r.compiled.headings.map((h) => h.id)).toEqual(['titel']);
  });

  it('compile: should treat media in HTML of .md files like images: relative files as assets, site paths under the base', async () => {
    const { html: out, compiled } = await html(
      '<video src="./film.mp4" poster="/img/vorschau.png" controls></video>\n\n<iframe src="https://www.youtube.com/embed/abc" title="Video"></iframe>\n',
    );
    expect(out).toContain('<video src="quire-asset:content/docs/guide/film.mp4" poster="/de/img/vorschau.png" controls>');
    expect(out).toContain('<iframe src="https://www.youtube.com/embed/abc" title="Video">');
    expect(compiled.assets.map((a) => a.file)).toEqual(['content/docs/guide/film.mp4']);
    expect(compiled.links).toEqual([
      { url: '/img/vorschau.png', path: '/img/vorschau.png', line: 4, column: 1, image: true, element: true },
    ]);
  });

  it("compile: should resolve a frame's relative src from the page's address and check it as a link, as the browser reads it", async () => {
    const { html: out, compiled } = await html('<iframe src="../../demo/karte.html" title="Karte"></iframe>\n');
    // The page is /docs/guide/a/: two levels up is /docs/, as Maps4HTML's docs link their demos.
    expect(out).toContain('<iframe src="/de/docs/demo/karte.html" title="Karte">');
    expect(compiled.assets).toEqual([]);
    expect(compiled.links).toEqual([expect.objectContaining({ url: '../../demo/karte.html', path: '/docs/demo/karte.html' })]);
  });

  it('compile: should rewrite every image of a srcset in HTML of .md files', async () => {
    const { html: out, compiled } = await html(
      '<picture>\n<source srcset="/img/breit.webp 1200w, ./schmal.webp 600w" type="image/webp">\n<img src="./schmal.png" srcset="./schmal.png, /img/breit.png 2x" alt="Bild">\n</picture>\n',
    );
    expect(out).toContain('<source srcset="/de/img/breit.webp 1200w, quire-asset:content/docs/guide/schmal.webp 600w" type="image/webp">');
    expect(out).toContain(
      '<img src="quire-asset:content/docs/guide/schmal.png" srcset="quire-asset:content/docs/guide/schmal.png, /de/img/breit.png 2x" alt="Bild">',
    );
    expect(compiled.assets.map((a) => [a.file, a.from.line])).toEqual([
      ['content/docs/guide/schmal.webp', 5],
      ['content/docs/guide/schmal.png', 6],
      ['content/docs/guide/schmal.png', 6],
    ]);
    expect(compiled.links.map((l) => [l.path, l.line, l.column])).toEqual([
      ['/img/breit.webp', 5, 1],
      ['/img/breit.png', 6, 1],
    ]);
  });

  it('compile: should split a srcset into its candidates as browsers do', () => {
    expect(srcsetCandidates('klein.png 480w, gross.png 1080w')).toEqual([
      { url: 'klein.png', descriptor: '480w' },
      { url: 'gross.png', descriptor: '1080w' },
    ]);
    expect(srcsetCandidates('  a.png, b.png 2x ,, ')).toEqual([
      { url: 'a.png', descriptor: '' },
      { url: 'b.png', descriptor: '2x' },
    ]);
    // A comma inside a URL does not split it (data: URLs); one needs whitespace or a descriptor after it.
    expect(srcsetCandidates('data:image/png;base64,AAAA 1x')).toEqual([{ url: 'data:image/png;base64,AAAA', descriptor: '1x' }]);
    expect(srcsetCandidates('a.png,b.png')).toEqual([{ url: 'a.png,b.png', descriptor: '' }]);
  });

  it('compile: should treat HTML tags in MDX like Markdown links and images, and resolve only relative URLs of components', async () => {
    const body =
      '<a href="/docs/faq/#preise">FAQ</a> und <a href="./b.mdx">B</a>\n\n<img src="./bild.png" srcSet="./bild.png 1x, /img/gross.png 2x" alt="" />\n\n<Hero title="x" primaryHref="/download/" secondaryHref="../../faq/" image="./held.png" />\n\n<Card title="c" href="https://example.com/">extern</Card>\n';
    const r = await compileSource(source(body, 'mdx'), config);
    if (!('compiled' in r) || r.compiled.output.type !== 'hast') throw new Error('expected a tree');
    const json = JSON.stringify(r.compiled.output.tree);
    expect(json).toContain('"value":"/de/docs/faq/#preise"');
    expect(json).toContain('"value":"quire-file:content/docs/guide/b.mdx"');
    expect(json).toContain('"value":"quire-asset:content/docs/guide/bild.png 1x, /de/img/gross.png 2x"');
    // Components add the base path themselves: site paths stay as written, relative ones are resolved.
    expect(json).toContain('"value":"/download/"');
    expect(json).toContain('"value":"/docs/faq/"');
    expect(json).toContain('"value":"quire-asset:content/docs/guide/held.png"');
    expect(json).toContain('"value":"https://example.com/"');
    expect(r.compiled.assets.map((a) => a.file)).toEqual([
      'content/docs/guide/bild.png',
      'content/docs/guide/bild.png',
      'content/docs/guide/held.png',
    ]);
    expect(r.compiled.links.map((l) => [l.url, l.path, l.hash, l.line, l.column])).toEqual([
      ['/docs/faq/#preise', '/docs/faq/', 'preise', 4, 1],
      ['./b.mdx', 'quire-file:content/docs/guide/b.mdx', undefined, 4, 41],
      ['/img/gross.png', '/img/gross.png', undefined, 6, 1],
      ['/download/', '/download/', undefined, 8, 1],
      ['../../faq/', '/docs/faq/', undefined, 8, 1],
    ]);
  });

  it('compile: should leave .md files without HTML as Markdown made them', async () => {
    const { html: out } = await html('Ein [Link](/docs/faq/) und `<kbd>` im Code.\n\n```html\n<b>nicht roh</b>\n```\n');
    expect(out).toContain('<a href="/de/docs/faq/">Link</a>');
    expect(out).toContain('<code>&#x3C;kbd></code>');
    expect(out).toContain('nicht roh');
    expect(out).not.toContain('<b>');
    expect(out).not.toContain('data-quire');
  });

  it('compile: should take the description from the first paragraph when front matter has none', async () => {
    const { compiled } = await html('# Titel aus H1\n\nErster Absatz.\n\nZweiter.\n');
    expect(compiled.title).toBe('Titel aus H1');
    expect(compiled.description).toBe('Erster Absatz.');
    expect(compiled.hasTitleHeading).toBe(true);
  });

  it('compile: should compile MDX to its syntax tree, or to function-body code when it computes, and list the components it uses', async () => {
    const r = await compileSource(
      source('Hallo <Kbd>Strg</Kbd>\n\n## Titel {#t}\n\n<Steps><Step title="a" n={2}>x</Step></Steps>\n', 'mdx'),
      config,
    );
    expect('compiled' in r).toBe(true);
    if (!('compiled' in r)) return;
    expect(r.compiled.output.type).toBe('hast');
    expect(r.compiled.components.sort()).toEqual(['Kbd', 'Step', 'Steps']);
    expect(r.compiled.headings).toEqual([{ depth: 2, text: 'Titel', id: 't' }]);
    for (const computing of ['Jahr {2020 + 6}', 'export const a = 1\n\nText', '<Kbd n={a} />', '<Kbd {...props} />']) {
      const c = await compileSource(source(computing + '\n', 'mdx'), config);
      expect('compiled' in c && c.compiled.output.type, computing).toBe('mdx');
    }
  });

  it('compile: should report MDX syntax errors at the line of the file', async () => {
    const r = await compileSource(source('Text\n\n<Hero title="x">\n\nmehr\n', 'mdx'), config);
    expect('diagnostic' in r).toBe(true);
    if (!('diagnostic' in r)) return;
    expect(r.diagnostic).toMatchObject({ code: 'Q030', file: 'content/docs/guide/a.mdx' });
    expect(r.diagnostic).toMatchObject({ line: 6, column: 1 });
    expect(r.diagnostic.message).toMatch(/Could not compile MDX: .*Hero/);
  });

  it("compile: should give the places a JSX error names in its text as lines of the file, from the parser's data", async () => {
    // The body starts at line 4 of the file (see `source`); the parser counts from the body's first line.
    const failure = async (body: string) => {
      const r = await compileSource(source(body, 'mdx'), config);
      if (!('diagnostic' in r)) throw new Error('expected a diagnostic');
      return [r.diagnostic.line, r.diagnostic.column, r.diagnostic.message];
    };
    // The tag left open is named inside the text: a place of the file.
    expect(await failure('Text\n\n*a <b>c* d</b>\n')).toEqual([
      6,
      4,
      'Could not compile MDX: Expected a closing tag for `<b>` (line 6, column 4 to line 6, column 7) before the end of `emphasis`',
    ]);
    // Named at the end, it is the diagnostic's own place: left out of the text.
    expect(await failure('Text\n\n<a>\n\n```\n</a>\n```\n')).toEqual([6, 1, 'Could not compile MDX: Expected a closing tag for `<a>`']);
    expect(await failure('<a><b></a></b>\n')).toEqual([
      4,
      4,
      'Could not compile MDX: Unexpected closing tag `</a>`, expected corresponding closing tag for `<b>`',
    ]);
    // Two points, neither the tag: both given as lines of the file.
    expect(await failure('Text\n\n<a>\n*b</a>*\n')).toEqual([
      7,
      3,
      'Could not compile MDX: Expected the closing tag `</a>` either after the end of `emphasis` (line 7, column 8) or another opening tag after the start of `emphasis` (line 7, column 1)',
    ]);
  });
});

describe('compile: markup shown as text, found by the writer-experience audit', () => {
  const notes = async (body: string, format: 'md' | 'mdx' = 'md') => {
    const r = await compileSource(source(body, format), config);
    if (!('compiled' in r)) throw new Error(`expected a compiled page, got ${JSON.stringify(r)}`);
    return (r.compiled.notes ?? []).map((n) => [n.line, n.column, n.message, n.hint]);
  };

  it('compile: should note a link or image whose target has a space, at its place, in .md and .mdx', async () => {
    const body =
      'Weiter zur [Zweite](./zweite seite.md) und ![Logo](/img/mein logo.svg).\n\nDrücke [Strg] (oder Cmd), [siehe](unten rechts) und [gut](<./zweite seite.md>).\n';
    const expected = [
      [
        4,
        12,
        'The link [Zweite](./zweite seite.md) is shown as text: its target has a space.',
        'Write the space as %20 (./zweite%20seite.md), or put the target in <…>: [Zweite](<./zweite seite.md>).',
      ],
      [
        4,
        44,
        'The image ![Logo](/img/mein logo.svg) is shown as text: its path has a space.',
        'Write the space as %20 (/img/mein%20logo.svg), or put the path in <…>: ![Logo](</img/mein logo.svg>).',
      ],
    ];
    expect(await notes(body)).toEqual(expected);
    expect(await notes(body, 'mdx')).toEqual(expected);
  });

  it('compile: should note an emoji shortcode left as written (markdown.emoji off), not times, code or unknown names, in .md and .mdx', async () => {
    const body =
      '| Feature | Support |\n| --- | --- |\n| Accessors | :heavy_multiplication_x: |\n\nUm 10:30:00 Uhr, a:b:c, :kein_emoji: und `:tada:`.\n';
    const expected = [
      [
        6,
        15,
        "The emoji shortcode :heavy_multiplication_x: is shown as written: the site's markdown.emoji is off.",
        'Write the emoji itself, or set markdown: { emoji: true } in the site config to write every shortcode as its emoji (a Docusaurus project has it on unless its config turns it off).',
      ],
    ];
    expect(await notes(body)).toEqual(expected);
    expect(await notes(body, 'mdx')).toEqual(expected);
  });

  it('compile: should write emoji shortcodes as their emoji with markdown.emoji, after the heading ids, as Docusaurus does', async () => {
    const emoji = { ...config, markdown: { ...config.markdown, emoji: true } };
    const body = '## :tada: Fest\n\nGut :+1: und :heavy_check_mark:, aber :kein_emoji:, 10:30:00 und `:tada:`.\n';
    for (const format of ['md', 'mdx'] as const) {
      const r = await compileSource(source(body, format), emoji);
      if (!('compiled' in r)) throw new Error(`expected a compiled page, got ${JSON.stringify(r)}`);
      // The text of the page's HTML (.md) or syntax tree (.mdx, whose text comes in pieces).
      const output = r.compiled.output;
      const out = output.type === 'html' ? output.html : JSON.stringify(output).replace(/"\},\{"type":"text","value":"/g, '');
      for (const shown of ['Gut 👍 und ✔️, aber :kein_emoji:, 10:30:00 und', '🎉 Fest', ':tada:']) expect(out).toContain(shown);
      expect(out).not.toContain(':+1:');
      // The id is made from the heading as written; the heading and its entry in the table of contents show the emoji.
      expect(r.compiled.toc).toEqual([expect.objectContaining({ id: 'tada-fest', text: '🎉 Fest' })]);
      expect(r.compiled.notes ?? []).toEqual([]);
    }
    // Off (the default), the same page keeps its shortcodes, and the key of the compile cache tells the two apart.
    const off = await compileSource(source(body), config);
    expect('compiled' in off && JSON.stringify(off.compiled.output)).toContain('Gut :+1: und');
    expect(cacheKey(source(body), emoji, compileTexts(undefined))).not.toBe(cacheKey(source(body), config, compileTexts(undefined)));
  });

  it('compile: should note a heading id that cannot be one in .mdx as in .md (a warning with the id to write), not fail the page', async () => {
    const expected = [
      [
        5,
        1,
        'The heading id {#mit leer} is shown as part of the heading: an id has no spaces or signs other than - _ : .',
        'Write {#mit-leer}.',
      ],
    ];
    expect(await notes('Text.\n## Mit Leer {#mit leer}\n', 'mdx')).toEqual(expected);
    expect(await notes('Text.\n## Mit Leer {#mit leer}\n', 'md')).toEqual(expected);
    // A valid id still becomes the heading's, and a Markdown example in a code block is shown as written.
    const r = await compileSource(source('## Gut {#gut}\n\n```md\n## Titel {#eigene}\n```\n', 'md'), config);
    if (!('compiled' in r) || r.compiled.output.type !== 'html') throw new Error('expected html');
    expect(r.compiled.headings.map((h) => h.id)).toEqual(['gut']);
    expect(r.compiled.output.html).toContain(' Titel {#eigene}<');
    expect(r.compiled.output.html).not.toContain('\\{');
  });
});

describe('compile: the slowest page', () => {
  it('compile: should name the page that took longest, and the compile line should show it only when it took long', async () => {
    const long = Array.from({ length: 1000 }, (_, i) => `## Teil ${i}\n\nText mit **Betonung** und [Link](/docs/x/).\n\n- a\n- b\n`).join(
      '\n',
    );
    const sources = [
      { ...source('Kurz.\n'), file: 'content/docs/kurz.md', hash: 'k' },
      { ...source(long), file: 'content/docs/lang.md', hash: 'l' },
    ];
    const result = await compile({ sources, config });
    expect(result.slowest?.file).toBe('content/docs/lang.md');
    expect(result.slowest!.ms).toBeGreaterThan(0);
    // Pages from the cache took no time here.
    expect(compileDetail(3)).toBe('3 cached');
    expect(compileDetail(0, { file: 'content/docs/lang.md', ms: 420 })).toBe('0 cached');
    expect(compileDetail(0, { file: 'content/docs/lang.md', ms: 12_345 })).toBe('0 cached, slowest content/docs/lang.md (12.3 s)');
  });
});

describe('compile: pages in order', () => {
  it('compile: should hand each page on in the order of the sources, however the compiler finishes them, skipping failures', async () => {
    const sources = ['eins', 'zwei', 'drei', 'vier'].map((name, i) => ({
      ...source(`# ${name}\n`),
      file: `content/docs/${name}.md`,
      path: `/docs/${name}/`,
      hash: String(i),
    }));
    // A compiler elsewhere (a pool) that finishes the later pages first, and fails the third.
    const finished: string[] = [];
    const compileOne = async (s: Source, c: typeof config): Promise<CompileOneResult> => {
      await new Promise((resolve) => setTimeout(resolve, 40 - 10 * sources.indexOf(s)));
      finished.push(s.file);
      return s.file.endsWith('drei.md') ? { diagnostic: error(CODES.FILE_UNREADABLE, 'kaputt', { file: s.file }) } : compileSource(s, c);
    };
    const seen: string[] = [];
    const result = await compile({ sources, config, compileOne, onCompiled: (compiled) => seen.push(compiled.source.file) });
    expect(finished[0]).toBe('content/docs/vier.md');
    expect(seen).toEqual(['content/docs/eins.md', 'content/docs/zwei.md', 'content/docs/vier.md']);
    expect(result.value.map((c) => c.source.file)).toEqual(seen);
  });
});

describe('compile: notes by kind', () => {
  it('compile: should give each kind of note its own code, at its place', async () => {
    const page = (name: string, body: string, format: 'md' | 'mdx') => ({
      ...source(body, format),
      file: `content/docs/${name}.${format}`,
      id: name,
      path: `/docs/${name}/`,
    });
    const { diagnostics } = await compile({
      sources: [
        page('offen', 'Text\n\n```js\nconst a = 1;\n', 'md'),
        page('text', 'Siehe [Start][start].\n', 'md'),
        page('sprache', '```javascirpt\nconst a = 1;\n```\n', 'md'),
        page(
          'tabs',
          'import Tabs from \'@theme/Tabs\';\nimport TabItem from \'@theme/TabItem\';\n\n<Tabs queryString>\n<TabItem value="a">A</TabItem>\n<TabItem value="b" default>B</TabItem>\n</Tabs>\n',
          'mdx',
        ),
      ],
      config,
    });
    const found = diagnostics.map((d) => [d.file, d.code, d.severity, d.line]);
    expect(found.sort((a, b) => String(a[0]).localeCompare(String(b[0])))).toEqual([
      ['content/docs/offen.md', CODES.CONTENT_UNCLOSED, 'warning', 6],
      ['content/docs/sprache.md', CODES.CODE_OPTION, 'warning', 4],
      ['content/docs/tabs.mdx', CODES.CONTENT_LEFT_OUT, 'warning', 7],
      ['content/docs/text.md', CODES.CONTENT_AS_TEXT, 'warning', 4],
    ]);
  });
});
