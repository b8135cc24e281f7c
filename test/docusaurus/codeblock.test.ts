import { readFile } from 'node:fs/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { buildTemplate, fixture } from '../helpers.ts';

const cleanups: (() => Promise<void>)[] = [];
afterAll(() => Promise.all(cleanups.map((c) => c())));

/** A promise made on first use, shared by the tests that read it. */
function once<T>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | undefined;
  return () => (made ??= make());
}

const build = (overlay: Record<string, string>) => buildTemplate(overlay, cleanups);

/** A component with state: the page it is on gets an island module. */
const COUNTER = [
  "import React, { useState } from 'react';",
  'export default function Counter() {',
  '  const [n, setN] = useState(0);',
  '  return <button type="button" onClick={() => setN(n + 1)}>Klicks: {n}</button>;',
  '}',
  '',
].join('\n');

/** The island modules a build wrote, by file, and their bytes together. */
function islandFiles(files: Map<string, Uint8Array | string>): { names: string[]; text: string } {
  const names = [...files.keys()].filter((f) => f.startsWith('assets/project/') && f.endsWith('.js'));
  return { names, text: names.map((f) => String(files.get(f))).join('\n') };
}

describe('<CodeBlock> of a raw-loader import on a page with an island', () => {
  const code = 'const geheimerMarker = "unverwechselbar";\n'.repeat(40);
  const page = (codeBlock: boolean) =>
    [
      '---',
      'title: Insel',
      '---',
      "import CodeBlock from '@theme/CodeBlock';",
      "import Source from '!!raw-loader!./gross.js';",
      "import Counter from '@site/src/components/Counter';",
      '',
      '<Counter />',
      '',
      codeBlock ? '<CodeBlock language="jss" metastring="tittle=x">{Source}</CodeBlock>' : '',
      '',
    ].join('\n');
  const builds = once(() =>
    Promise.all(
      [true, false].map((codeBlock) =>
        build({ 'src/components/Counter.js': COUNTER, 'docs/gross.js': code, 'docs/insel.mdx': page(codeBlock) }),
      ),
    ),
  );

  it('keeps the code and its markup out of the island module', async () => {
    const [withBlock, without] = await builds();
    for (const { result } of [withBlock, without]) expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const html = withBlock.writer.text('docs/insel/index.html')!;
    expect(html.match(/geheimerMarker/g)).toHaveLength(40);
    // The block is the page's markup, drawn at build time: no island of its own.
    expect(html.match(/<quire-island data-island="project"/g)).toHaveLength(1);
    const islands = islandFiles(withBlock.writer.files);
    expect(islands.names.length).toBeGreaterThan(0);
    expect(islands.text).not.toContain('geheimerMarker');
    // The island modules weigh what they weigh without the block (hashes in names and imports aside).
    const size = (t: string) => t.replace(/[\w-]+-[A-Z0-9]{8}\.js/g, 'x.js').length;
    expect(size(islands.text)).toBe(size(islandFiles(without.writer.files).text));
  });

  it('reports each note on the block once', async () => {
    const [withBlock] = await builds();
    const notes = withBlock.result.diagnostics.filter((d) => d.code === 'Q037' && d.file === 'docs/insel.mdx');
    expect(notes.map((n) => n.message)).toEqual([expect.stringContaining('tittle'), expect.stringContaining('jss')]);
  });
});

/** The code-block figures of a page, in order. */
const figures = (html: string) => html.match(/<figure class="code-block[\s\S]*?<\/figure>/g) ?? [];

// biome-ignore lint/suspicious/noTemplateCurlyInString: JavaScript code shown in the page, template literal and all.
const GREETING = 'function gruss(name) {\n  // highlight-next-line\n  return `Hallo ${name}`;\n}';
const FENCED = ['```js title="gruss.js" showLineNumbers {1}', GREETING, '```'].join('\n');

describe('<CodeBlock> holding a value of the code', () => {
  it('draws a constant of the page, an imported one and a template literal like the fenced block', async () => {
    const { result, writer } = await build({
      'docs/schnipsel.js': `export const greeting = ${JSON.stringify(GREETING)};\n`,
      'docs/werte.mdx': [
        '---',
        'title: Werte',
        '---',
        "import CodeBlock from '@theme/CodeBlock';",
        "import { greeting } from './schnipsel.js';",
        '',
        `export const eigen = ${JSON.stringify(GREETING)};`,
        "export const name = 'name';",
        '',
        FENCED,
        '',
        '<CodeBlock language="js" title="gruss.js" showLineNumbers metastring="{1}">{eigen}</CodeBlock>',
        '',
        '<CodeBlock className="language-js" title="gruss.js" showLineNumbers metastring="{1}">{greeting}</CodeBlock>',
        '',
        '<CodeBlock language="js" title="gruss.js" showLineNumbers metastring="{1}">',
        // biome-ignore lint/suspicious/noTemplateCurlyInString: the page's own template literal, as MDX text.
        '{`function gruss(${name}) {\\n  // highlight-next-line\\n  return \\`Hallo \\${${name}}\\`;\\n}`}',
        '</CodeBlock>',
        '',
      ].join('\n'),
    });
    expect(result.diagnostics.filter((d) => d.severity === 'error' || d.file === 'docs/werte.mdx')).toEqual([]);
    const found = figures(writer.text('docs/werte/index.html')!);
    expect(found).toHaveLength(4);
    expect(found[0]).toContain('<span class="token keyword">function</span>');
    expect(found[0]).toContain('class="line highlighted"');
    for (const figure of found.slice(1)) expect(figure).toBe(found[0]);
  });

  it('draws a CodeBlock written inside a paragraph as the theme’s block, with text or a value', async () => {
    const { result, writer } = await build({
      'docs/zeile.mdx': [
        '---',
        'title: Zeile',
        '---',
        "import CodeBlock from '@theme/CodeBlock';",
        '',
        "export const befehl = 'npm run build';",
        '',
        'Im Terminal: <CodeBlock language="bash">{befehl}</CodeBlock> und <CodeBlock language="bash">npm test</CodeBlock>',
        '',
      ].join('\n'),
    });
    expect(result.diagnostics.filter((d) => d.severity === 'error' || d.file === 'docs/zeile.mdx')).toEqual([]);
    const found = figures(writer.text('docs/zeile/index.html')!);
    expect(found).toHaveLength(2);
    expect(found[0]).toContain('<span class="token function">npm</span> run build');
    expect(found[1]).toContain('<span class="token function">npm</span> <span class="token builtin class-name">test</span>');
  });

  it('notes an unknown language and meta option written on a CodeBlock of a value, at its line', async () => {
    const { result, writer } = await build({
      'docs/notiz.mdx': [
        '---',
        'title: Notiz',
        '---',
        "import CodeBlock from '@theme/CodeBlock';",
        '',
        "export const code = 'let a = 1;';",
        '',
        '<CodeBlock language="jss" metastring="tittle=x {1}">{code}</CodeBlock>',
        '',
      ].join('\n'),
    });
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const notes = result.diagnostics.filter((d) => d.file === 'docs/notiz.mdx');
    expect(notes.map((n) => [n.code, n.line, n.column])).toEqual([
      ['Q037', 8, 1],
      ['Q037', 8, 1],
    ]);
    expect(notes.map((n) => n.message)).toEqual([expect.stringContaining('tittle'), expect.stringContaining('jss')]);
    expect(figures(writer.text('docs/notiz/index.html')!)).toHaveLength(1);
  });

  it("draws a component's CodeBlock holding elements as they are, unhighlighted, as Docusaurus does", async () => {
    const { result, writer } = await build({
      'src/components/Liste.js': [
        "import CodeBlock from '@theme/CodeBlock';",
        'export default function Liste() {',
        '  return <CodeBlock language="markdown">{["eins", "zwei"].map((n) => <div key={n}>{"- [ ] " + n + "\\n"}</div>)}</CodeBlock>;',
        '}',
        '',
      ].join('\n'),
      'docs/liste.md': "---\ntitle: Liste\n---\nimport Liste from '@site/src/components/Liste';\n\n<Liste />\n",
    });
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const html = writer.text('docs/liste/index.html')!;
    expect(html).toContain(
      '<figure class="code-block"><pre class="code" tabindex="0"><code><div>- [ ] eins\n</div><div>- [ ] zwei\n</div></code></pre></figure>',
    );
  });

  it('names a value that is not text at the CodeBlock, with the page built no further', async () => {
    const { result } = await build({
      'docs/objekt.mdx': [
        '---',
        'title: Objekt',
        '---',
        "import CodeBlock from '@theme/CodeBlock';",
        '',
        'export const einstellungen = { a: 1 };',
        '',
        'Text.',
        '',
        '<CodeBlock language="json">{einstellungen}</CodeBlock>',
        '',
      ].join('\n'),
    });
    const errors = result.diagnostics.filter((d) => d.severity === 'error');
    expect(errors).toEqual([
      expect.objectContaining({
        file: 'docs/objekt.mdx',
        line: 10,
        column: 1,
        message: expect.stringContaining('<CodeBlock> holds something other than text'),
      }),
    ]);
  });
});

const EXAMPLE = [
  "import React from 'react';",
  "import CodeBlock from '@theme/CodeBlock';",
  `const greeting = ${JSON.stringify(GREETING)};`,
  'export default function Example() {',
  '  return <CodeBlock language="js" title="gruss.js" showLineNumbers metastring="{1}">{greeting}</CodeBlock>;',
  '}',
  '',
].join('\n');

const LIVE = [
  "import React, { useState } from 'react';",
  "import CodeBlock from '@theme/CodeBlock';",
  `const greeting = ${JSON.stringify(GREETING)};`,
  'export default function Live() {',
  '  const [n, setN] = useState(0);',
  '  return (',
  '    <div>',
  '      <button type="button" onClick={() => setN(n + 1)}>Klicks: {n}</button>',
  '      <CodeBlock language="js" title="gruss.js" showLineNumbers metastring="{1}">{greeting}</CodeBlock>',
  '    </div>',
  '  );',
  '}',
  '',
].join('\n');

describe("<CodeBlock> in a project's components", () => {
  it('draws the fenced block’s figure in a React page and in a doc’s component', async () => {
    const { result, writer } = await build({
      'src/components/Example.js': EXAMPLE,
      'src/pages/beispiel.js': [
        "import React from 'react';",
        "import Layout from '@theme/Layout';",
        "import Example from '@site/src/components/Example';",
        'export default function Beispiel() {',
        '  return <Layout title="Beispiel"><main><Example /></main></Layout>;',
        '}',
        '',
      ].join('\n'),
      'docs/vergleich.mdx': [
        '---',
        'title: Vergleich',
        '---',
        "import Example from '@site/src/components/Example';",
        '',
        FENCED,
        '',
        '<Example />',
        '',
      ].join('\n'),
    });
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const doc = figures(writer.text('docs/vergleich/index.html')!);
    expect(doc).toHaveLength(2);
    expect(doc[1]).toBe(doc[0]);
    expect(figures(writer.text('beispiel/index.html')!)).toEqual([doc[0]]);
  });

  it('draws a swizzled CodeBlock that wraps @theme-original/CodeBlock around the fenced block’s figure', async () => {
    const { result, writer } = await build({
      'src/theme/CodeBlock/index.js': [
        "import React from 'react';",
        "import OriginalCodeBlock from '@theme-original/CodeBlock';",
        'export default function CodeBlock(props) {',
        '  return <div className="eingerahmt"><OriginalCodeBlock {...props} /></div>;',
        '}',
        '',
      ].join('\n'),
      'src/components/Example.js': EXAMPLE,
      'docs/gerahmt.mdx': [
        '---',
        'title: Gerahmt',
        '---',
        "import Example from '@site/src/components/Example';",
        '',
        FENCED,
        '',
        '<Example />',
        '',
      ].join('\n'),
    });
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const html = writer.text('docs/gerahmt/index.html')!;
    const found = figures(html);
    expect(found).toHaveLength(2);
    expect(html).toContain(`<div class="eingerahmt">${found[0]}</div>`);
  });

  it('ships no highlighter and no highlighted markup in a hydrated component’s module', async () => {
    const live = (withBlock: boolean) => (withBlock ? LIVE : LIVE.replace(/ {6}<CodeBlock[^\n]*\n/, ''));
    const [withBlock, without] = await Promise.all(
      [true, false].map((b) =>
        build({
          'src/components/Live.js': live(b),
          'docs/live.mdx': [
            '---',
            'title: Live',
            '---',
            "import Live from '@site/src/components/Live';",
            '',
            FENCED,
            '',
            '<Live />',
            '',
          ].join('\n'),
        }),
      ),
    );
    expect(withBlock.result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const html = withBlock.writer.text('docs/live/index.html')!;
    const found = figures(html);
    expect(found).toHaveLength(2);
    expect(found[1]).toBe(found[0]);
    expect(html).toMatch(/<quire-island data-island="project"[^>]*>[\s\S]*<figure class="code-block/);
    const islands = islandFiles(withBlock.writer.files).text;
    expect(islands).not.toContain('token keyword');
    // No highlighter (theme-common's usePrismTheme, the config's colours, is no highlighter).
    expect(islands).not.toMatch(/refractor|Prism(?!Theme)/);
    // The use adds its text and props only: the theme's CodeBlock is among the modules every island module has.
    const grown = islands.length - islandFiles(without.writer.files).text.length;
    expect(grown).toBeLessThan(1000);
  });
});

describe("the config's magic comments (themeConfig.prism.magicComments)", () => {
  it('takes each kind of comment out and gives its lines its class, in fenced blocks and CodeBlocks of raw-loader imports', async () => {
    // Sequelize's website: `// error-next-line` and `// success-start` … `// success-end` lines, coloured by its
    // stylesheet; quire showed them as code.
    const template = await readFile(fixture('docusaurus-classic/docusaurus.config.js'), 'utf8');
    const kinds = [
      "{ className: 'theme-code-block-highlighted-line', line: 'highlight-next-line', block: { start: 'highlight-start', end: 'highlight-end' } }",
      "{ className: 'code-block-error-line', line: 'error-next-line', block: { start: 'error-start', end: 'error-end' } }",
      "{ className: 'code-block-success-line', line: 'success-next-line' }",
    ];
    const config = template.replace(/prism: \{/, (m) => `${m} magicComments: [${kinds.join(', ')}],`);
    const { result, writer } = await build({
      'docusaurus.config.js': config,
      'docs/magic.mdx': [
        '---',
        'title: Magic',
        '---',
        "import CodeBlock from '@theme/CodeBlock';",
        "import Source from '!!raw-loader!./magic-source.js';",
        '',
        '```js',
        '// error-next-line',
        'wrong();',
        '// success-next-line',
        'right();',
        '// error-start',
        'a();',
        'b();',
        '// error-end',
        '// highlight-next-line',
        'marked();',
        '```',
        '',
        '```js {1}',
        'first();',
        '```',
        '',
        '<CodeBlock language="js">{Source}</CodeBlock>',
        '',
      ].join('\n'),
      'docs/magic-source.js': '// success-next-line\nloaded();\n',
    });
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(result.diagnostics.map((d) => d.message).join('\n')).not.toContain('magicComments');
    const html = writer.text('docs/magic/index.html') ?? '';
    const lines = [...html.matchAll(/<span class="(line[^"]*)">(.*?)<\/span>(?=\n|<\/code>)/g)].map(
      (m) => `${m[1]}: ${m[2].replace(/<[^>]+>/g, '')}`,
    );
    expect(lines).toEqual([
      'line code-block-error-line: wrong();',
      'line code-block-success-line: right();',
      'line code-block-error-line: a();',
      'line code-block-error-line: b();',
      'line highlighted: marked();',
      // `{1}` takes the first kind's class: Docusaurus's highlighted line.
      'line highlighted: first();',
      'line code-block-success-line: loaded();',
    ]);
    expect(html).not.toMatch(/error-next-line|success-next-line|error-start|error-end|highlight-next-line/);
  });
});
