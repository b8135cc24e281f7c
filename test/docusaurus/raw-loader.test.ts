import { afterAll, describe, expect, it } from 'vitest';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { openSession } from '../dev/helpers.ts';
import { buildInMemory, makeSite, buildTemplate } from '../helpers.ts';

const cleanups: (() => Promise<void>)[] = [];
afterAll(() => Promise.all(cleanups.map((c) => c())));

/** Builds a copy of the create-docusaurus template with an overlay (file → text). */
const build = (overlay: Record<string, string>) => buildTemplate(overlay, cleanups);

const SNIPPET_PAGE = {
  'docs/snippet.js': 'export const eins = 1;\n',
  'docs/andere.mdx': '---\ntitle: Andere\n---\n\nOhne Ausschnitt.\n',
  'docs/zeigt.mdx': '---\ntitle: Zeigt\n---\nimport Source from \'!!raw-loader!./snippet.js\';\n\n<pre id="s">{Source}</pre>\n',
};

describe("raw-loader imports, as Docusaurus's docs import code snippets", () => {
  it('gives the file’s text as the default export, relative or from @site, an .mdx file as text', async () => {
    const { result, writer } = await build({
      'docs/beispiel.js': 'const a = "<b>";\nexport default a;\n',
      'src/snippets/teil.mdx': '# Nicht übersetzt\n',
      'docs/roh.mdx': [
        '---',
        'title: Roh',
        '---',
        "import Source from '!!raw-loader!./beispiel.js';",
        "import Teil from 'raw-loader!@site/src/snippets/teil.mdx';",
        '',
        '<pre id="a">{Source}</pre>',
        '',
        '<pre id="b">{Teil}</pre>',
        '',
      ].join('\n'),
    });
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const html = writer.text('docs/roh/index.html')!;
    expect(html).toContain('<pre id="a">const a = &quot;&lt;b&gt;&quot;;\nexport default a;\n</pre>');
    expect(html).toContain('<pre id="b"># Nicht übersetzt\n</pre>');
  });

  it('shows an edited file on the next build with the compile cache on', async () => {
    const site = await makeSite('docusaurus-classic', SNIPPET_PAGE);
    cleanups.push(site.cleanup);
    const first = await buildInMemory(site.root, { cacheDir: undefined });
    expect(first.writer.text('docs/zeigt/index.html')).toContain('<pre id="s">export const eins = 1;\n</pre>');
    await writeFile(path.join(site.root, 'docs/snippet.js'), 'export const zwei = 2;\n');
    const again = await buildInMemory(site.root, { cacheDir: undefined });
    expect(again.result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(again.writer.text('docs/zeigt/index.html')).toContain('<pre id="s">export const zwei = 2;\n</pre>');
  });

  it('re-renders in quire dev the pages that import an edited file, and only those', async () => {
    const site = await makeSite('docusaurus-classic', SNIPPET_PAGE);
    cleanups.push(site.cleanup);
    const { store, edit } = await openSession(site.root);
    const page = () => String(store.raw('docs/zeigt/index.html'));
    expect(page()).toContain('export const eins = 1;');
    const edited = await edit({ 'docs/snippet.js': 'export const drei = 3;\n' });
    expect(edited.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(edited.rendered).toEqual(['/docs/zeigt/']);
    expect(page()).toContain('<pre id="s">export const drei = 3;\n</pre>');
  });

  it('reports a missing file at the import line, with the name of the file it may mean', async () => {
    const { result } = await build({
      'docs/beispiel.js': 'export default 1;\n',
      'docs/fehlt.mdx': "---\ntitle: Fehlt\n---\n\nimport Source from '!!raw-loader!./beispeil.js';\n\n<pre>{Source}</pre>\n",
    });
    expect(result.ok).toBe(false);
    expect(result.diagnostics).toContainEqual(
      expect.objectContaining({
        code: 'Q039',
        file: 'docs/fehlt.mdx',
        line: 5,
        column: 1,
        hint: expect.stringContaining('Did you mean !!raw-loader!./beispiel.js?'),
      }),
    );
  });
});

describe('yaml-loader imports, webpack loading a YAML file as its value', () => {
  it('gives the file read as YAML as the default export, drawn by the page at build time', async () => {
    const { result, writer } = await build({
      'daten/farben.yaml': 'Rot:\n  hell: true\n  seit: 2021-04-01\nBlau:\n  hell: false\n',
      'docs/farben.md': [
        '---',
        'title: Farben',
        '---',
        '',
        "import farben from '!!yaml-loader!../daten/farben.yaml';",
        '',
        '<ul id="f">{Object.entries(farben).filter(([, f]) => f.hell).map(([name, f]) => <li key={name}>{name} {f.seit}</li>)}</ul>',
        '',
      ].join('\n'),
    });
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    // A date stays a text (YAML 1.2's core schema, as yaml-loader reads it); no island: the data holds no component.
    const html = writer.text('docs/farben/index.html')!;
    expect(html).toContain('<ul id="f"><li>Rot<!-- --> <!-- -->2021-04-01</li></ul>');
    expect(html).not.toContain('quire-island');
  });

  it('names a file that is not YAML at the place in that file where its reading stopped', async () => {
    const { result } = await build({
      'docs/kaputt.yaml': 'a: [1, 2\n',
      'docs/kaputt.md': "---\ntitle: Kaputt\n---\n\nimport k from 'yaml-loader!./kaputt.yaml';\n\n{k.a}\n",
    });
    expect(result.ok).toBe(false);
    expect(result.diagnostics).toContainEqual(
      expect.objectContaining({
        code: 'Q039',
        file: 'docs/kaputt.yaml',
        line: 2,
        message: expect.stringContaining('docs/kaputt.yaml is not YAML'),
      }),
    );
  });
});

describe('<CodeBlock> holding the text of a raw-loader import in MDX', () => {
  it('draws the same markup as a fenced block with that language and meta, and names what is wrong at the CodeBlock', async () => {
    const code = 'function gruss(name) {\n  // highlight-next-line\n  return "Hallo " + name;\n}\n';
    const { result, writer } = await build({
      'docs/gruss.js': code,
      'docs/block.mdx': [
        '---',
        'title: Block',
        '---',
        "import CodeBlock from '@theme/CodeBlock';",
        "import Source from '!!raw-loader!./gruss.js';",
        '',
        '```js title="gruss.js" showLineNumbers=3 {1}',
        code.replace(/\n$/, ''),
        '```',
        '',
        '<CodeBlock language="js" title="gruss.js" showLineNumbers="3" metastring="{1}">{Source}</CodeBlock>',
        '',
        '<CodeBlock className="language-jsx">{Source}</CodeBlock>',
        '',
        '<CodeBlock language="jss" metastring="tittle=x">{Source}</CodeBlock>',
        '',
      ].join('\n'),
    });
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const html = writer.text('docs/block/index.html')!;
    const figures = html.match(/<figure class="code-block[\s\S]*?<\/figure>/g)!;
    expect(figures).toHaveLength(4);
    expect(figures[0]).toContain('<figcaption class="code-title">gruss.js</figcaption>');
    expect(figures[0]).toContain('class="line highlighted"');
    expect(figures[0]).toContain('counter-reset:line 2');
    expect(figures[1]).toBe(figures[0]);
    expect(figures[2]).toContain('data-language="jsx"');
    expect(figures[2]).toContain('<span class="token keyword">function</span>');
    // Unknown language and meta option: the fenced block's notes, at the CodeBlock's line.
    const notes = result.diagnostics.filter((d) => d.code === 'Q037' && d.file === 'docs/block.mdx');
    expect(notes).toContainEqual(expect.objectContaining({ line: 18, message: expect.stringContaining('jss') }));
    expect(notes).toContainEqual(expect.objectContaining({ line: 18, message: expect.stringContaining('tittle') }));
  });
});
