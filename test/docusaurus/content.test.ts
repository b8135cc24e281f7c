import { describe, expect, it } from 'vitest';
import { minimalConfig } from '../unit/config-fixture.ts';
import { compileSource } from '../../src/compile/index.ts';
import { identify } from '../../src/load/index.ts';
import { resolveFromContentRoot } from '../../src/plan/file-links.ts';
import { withStandIns } from '../../src/plan/stand-ins.ts';
import type { Compiled, Source } from '../../src/types.ts';

const config = minimalConfig();

function source(body: string, format: 'md' | 'mdx', file = `content/docs/a.${format}`): Source {
  return { kind: 'doc', file, format, id: 'a', path: '/docs/a/', frontMatter: {}, body, bodyLine: 1, hash: 'h' };
}

async function compiled(body: string, format: 'md' | 'mdx', file?: string): Promise<Compiled> {
  const r = await compileSource(source(body, format, file), config);
  if (!('compiled' in r)) throw new Error(`expected a compiled page, got ${JSON.stringify(r)}`);
  return r.compiled;
}

/** The page's HTML, whichever form its output took (HTML, MDX tree or MDX code is not compared here). */
function htmlOf(c: Compiled): string {
  if (c.output.type !== 'html') throw new Error(`expected html, got ${c.output.type}`);
  return c.output.html;
}

const notes = (c: Compiled) => (c.notes ?? []).map((n) => [n.line, n.message]);

describe('Docusaurus content rules', () => {
  it('keeps a code block title, highlighted lines and line numbers on a page with raw HTML', async () => {
    const body =
      'Eine Zeile<br/>mit HTML.\n\n<div>Kasten</div>\n\n```js title="a.js" {2} showLineNumbers\nconst a = 1;\nconst b = 2;\n```\n';
    const html = htmlOf(await compiled(body, 'md'));
    expect(html).toContain('a.js');
    expect(html).toMatch(/code-block--numbered/);
    expect(html).toMatch(/class="[^"]*highlight[^"]*"/);
    const plain = htmlOf(await compiled(body.replace('<br/>', ' ').replace('<div>Kasten</div>', 'Kasten'), 'md'));
    // The same code block as on a page without HTML.
    const block = (h: string) => /<figure[\s\S]*?<\/figure>/.exec(h)?.[0];
    expect(block(html)).toBe(block(plain));
  });

  it("titles a doc without title or first heading by the last part of its id, as Docusaurus's docs plugin", async () => {
    // TypeDoc's `api/index.md` (a README beginning with HTML): Docusaurus titles it `index`.
    const untitled: Source = { ...source('<p align="center">Logo</p>\n\n## Inhalt\n', 'md'), id: 'api/index', path: '/docs/api/' };
    const r = await compileSource(untitled, config);
    if (!('compiled' in r)) throw new Error('expected a compiled page');
    expect(r.compiled.title).toBe('index');
    expect(withStandIns([untitled], [])[0].title).toBe('index');
    // A blog post keeps its slug.
    const post = await compileSource({ ...untitled, kind: 'blog', id: 'reise/tag-1', path: '/blog/reise/tag-1/' }, config);
    expect('compiled' in post && post.compiled.title).toBe('reise/tag-1');
  });

  it("titles a page by a # heading it begins with only, as Docusaurus's plugins (markdown.title: 'leadingHeading')", async () => {
    // Sequelize's releases.mdx: an import and a component before `# Sequelize Versioning Policy`; Docusaurus's
    // window title is the site's alone.
    const leading: typeof config = { ...config, markdown: { ...config.markdown, title: 'leadingHeading' } };
    const title = async (body: string, kind: Source['kind'], c = leading) => {
      const r = await compileSource({ ...source(body, 'mdx'), kind }, c);
      if (!('compiled' in r)) throw new Error('expected a compiled page');
      return r.compiled.title;
    };
    const late = "import X from './x.js';\n\nexport const y = 1;\n\n# Policy\n\nText.\n";
    expect(await title(late, 'page')).toBe('');
    expect(await title(late, 'doc')).toBe('a');
    expect(await title("import X from './x.js';\n\n# Policy {#policy}\n\nText.\n", 'page')).toBe('Policy');
    expect(await title('Intro.\n\n# Policy\n', 'page')).toBe('');
    // quire's own rule: the first # heading wherever it stands.
    expect(await title(late, 'page', config)).toBe('Policy');
  });

  it("draws a doc's title above its body unless its first heading, before any rule, is an h1, as Docusaurus's DocItem", async () => {
    // gmail-processor's category pages: a comment before the front matter makes it a rule and a heading, so the
    // page's `# Actions` comes after both and Docusaurus draws the title (`index`) above them.
    const leading: typeof config = { ...config, markdown: { ...config.markdown, title: 'leadingHeading' } };
    const titled = async (body: string, c = leading) => {
      const r = await compileSource(source(body, 'mdx'), c);
      if (!('compiled' in r)) throw new Error('expected a compiled page');
      return r.compiled.hasTitleHeading;
    };
    expect(await titled('{/* erzeugt */}\n\n---\nid: aktionen\n---\n\n# Aktionen\n\nText.\n')).toBe(false);
    expect(await titled('## Zuerst\n\n# Dann\n')).toBe(false);
    expect(await titled('<div>\n\n## Im Kasten\n\n</div>\n\n# Dann\n')).toBe(false);
    expect(await titled('Ein Absatz.\n\n# Titel\n\n---\n\n## Mehr\n')).toBe(true);
    expect(await titled("import X from './x.js';\n\n# Titel\n")).toBe(true);
    // quire's own rule: any # heading.
    expect(await titled('## Zuerst\n\n# Dann\n', config)).toBe(true);
  });

  it("opens Markdown links with a scheme in a new tab, as Docusaurus's Link (markdown.newTabLinks)", async () => {
    // Sequelize's `[API](pathname:///api/v7/…)` and `[semver](https://semver.org/)`: quire opened them in place.
    const body = [
      'See [semver](https://semver.org/), [the API](pathname:///api/v7/) and [intro](/docs/intro/).',
      '',
      'And [`Model`][model].',
      '',
      '[model]: pathname:///api/v7/model.html',
      '',
    ].join('\n');
    const newTab: typeof config = { ...config, markdown: { ...config.markdown, newTabLinks: true } };
    for (const format of ['md', 'mdx'] as const) {
      const r = await compileSource(source(body, format), newTab);
      if (!('compiled' in r)) throw new Error('expected a compiled page');
      // The page's output, whatever its form: three links open a new tab, the page's own does not.
      const text = JSON.stringify(r.compiled.output);
      expect(text.match(/_blank/g), text).toHaveLength(3);
      expect(text).toMatch(/\/de\/docs\/intro\/\\?"(?!\s*target|,\\?"target)/);
    }
    // quire's own sites: in place.
    expect(htmlOf(await compiled(body, 'md'))).not.toContain('_blank');
  });

  it('shows every Docusaurus admonition keyword as a box, with a title written either way', async () => {
    for (const [written, style] of [
      [':::important Wichtig!\nText\n:::', 'info'],
      [':::important[Wichtig!]\nText\n:::', 'info'],
      [':::caution Vorsicht!\nText\n:::', 'warning'],
      [':::success Geschafft!\nText\n:::', 'tip'],
    ] as const) {
      const c = await compiled(written + '\n', 'md');
      const html = htmlOf(c);
      expect(html, written).toContain(`admonition-${style}`);
      expect(html, written).toMatch(/<p class="admonition-title">(Wichtig!|Vorsicht!|Geschafft!)<\/p>/);
      expect(notes(c)).toEqual([]);
    }
    const untitled = htmlOf(await compiled(':::important\nText\n:::\n', 'md'));
    expect(untitled).toContain('<p class="admonition-title">Important</p>');
  });

  it('warns of an unknown admonition type with a title as without one, and leaves fenced examples alone', async () => {
    const titled = await compiled(':::hinweis Achtung\nText\n:::\n', 'md');
    expect(notes(titled)).toEqual([[1, expect.stringMatching(/^There is no :::hinweis box/)]]);
    const example = htmlOf(await compiled('```md\n:::tip My tip\nText\n:::\n```\n', 'md'));
    expect(example).toContain(':::tip My tip');
  });

  it('takes a heading id from {#id} and from the MDX comment {/* #id */}, without the comment in the heading or the table of contents', async () => {
    const c = await compiled('## Erster Teil {/* #teil-1 */}\n\nText\n\n## Zweiter Teil {#teil-2}\n', 'mdx');
    expect(c.headings.map((h) => [h.id, h.text])).toEqual([
      ['teil-1', 'Erster Teil'],
      ['teil-2', 'Zweiter Teil'],
    ]);
    expect(c.toc.map((h) => h.text)).toEqual(['Erster Teil', 'Zweiter Teil']);
  });

  it('does not report a component the page defines itself as unknown', async () => {
    const c = await compiled(
      'export const Highlight = ({ children }) => <span>{children}</span>;\n\nDas ist <Highlight>grün</Highlight>.\n',
      'mdx',
    );
    expect(c.components).toEqual([]);
  });

  it('notes MDX written in a .md file read as CommonMark (markdown.format detect), at its line', async () => {
    const c = await compiled("import Tabs from '@theme/Tabs';\n\n# Titel\n\n<Tabs>\nText\n</Tabs>\n", 'md');
    expect(notes(c)).toEqual([
      [1, expect.stringMatching(/^This MDX statement is shown as text: the file is read as CommonMark/)],
      [5, '<Tabs> is written as a component, but the file is read as CommonMark: it is an unknown HTML element here.'],
    ]);
    // The same file read as MDX (markdown.format mdx) has no such note.
    const asMdx = await compileSource(source('export const x = 1;\n\n# Titel\n', 'mdx', 'content/docs/a.md'), config);
    expect('compiled' in asMdx && notes(asMdx.compiled)).toEqual([]);
  });

  it('uses the text before a truncate marker as a blog post excerpt, and its first paragraph as its description', async () => {
    const c = await compiled('Erster Absatz.\n\nZweiter Absatz.\n\n{/* truncate */}\n\nDer Rest.\n', 'mdx');
    expect(c.excerpt).toBe('Erster Absatz. Zweiter Absatz.');
    expect(c.description).toBe('Erster Absatz.');
    const md = await compiled('Nur das.\n\nUnd das.\n\n<!-- truncate -->\n\nDer Rest.\n', 'md');
    expect(md.excerpt).toBe('Nur das. Und das.');
    expect(md.description).toBe('Nur das.');
  });

  it('dates a blog post in its own folder by the folder name, and gives category index docs the folder URL', () => {
    expect(identify('blog', '2021-08-26-welcome/index', {}, config)).toEqual({ id: 'welcome', path: '/blog/welcome/', date: '2021-08-26' });
    // A Docusaurus blog (blog.datePaths) puts a dated post without a slug under its date; a slug wins.
    const dated = { ...config, blog: { ...config.blog, datePaths: true } };
    expect(identify('blog', '2021-08-26-welcome/index', {}, dated).path).toBe('/blog/2021/08/26/welcome/');
    expect(identify('blog', '2019-05-28-first-post', {}, dated).path).toBe('/blog/2019/05/28/first-post/');
    expect(identify('blog', '2019-05-28-first-post', { slug: 'first' }, dated).path).toBe('/blog/first/');
    expect(identify('blog', 'undated', {}, dated).path).toBe('/blog/undated/');
    // Its rule finds the date anywhere in the path, split by `-` or `/`, the folders before it put after it.
    expect(identify('blog', '2023/11-05-neues-release/index', {}, dated)).toEqual({
      id: 'neues-release',
      path: '/blog/2023/11/05/neues-release/',
      date: '2023-11-05',
    });
    expect(identify('blog', 'kino/2020-3-7-abend', {}, dated)).toEqual({
      id: 'kino/abend',
      path: '/blog/2020/3/7/kino/abend/',
      date: '2020-03-07',
    });
    for (const name of ['guides/index', 'guides/README', 'guides/readme', 'guides/guides'])
      expect(identify('doc', name, {}, config).path, name).toBe('/docs/guides/');
    expect(identify('doc', 'guides/other', {}, config).path).toBe('/docs/guides/other/');
  });

  it('resolves a link to a .md file relative to the file, then to the docs folder, as Docusaurus does', async () => {
    const page = await compiled(
      '[Store](api/Store.md) and [near](other.md) and [gone](nowhere.md)\n',
      'md',
      'content/docs/understanding/x/y.md',
    );
    const routes = new Map([
      ['content/docs/api/Store.md', '/docs/api/Store/'],
      ['content/docs/understanding/x/other.md', '/docs/understanding/x/other/'],
    ]);
    const [resolved] = resolveFromContentRoot([page], routes, config);
    expect(resolved.links.map((l) => l.path)).toEqual([
      'quire-file:content/docs/api/Store.md',
      'quire-file:content/docs/understanding/x/other.md',
      'quire-file:content/docs/understanding/x/nowhere.md',
    ]);
    expect(htmlOf(resolved)).toContain('href="quire-file:content/docs/api/Store.md"');
    // Nothing to move: the same page object.
    const plain = await compiled('[near](other.md)\n', 'md', 'content/docs/understanding/x/y.md');
    expect(resolveFromContentRoot([plain], routes, config)[0]).toBe(plain);
  });

  it('resolves a .md link written from the root from the docs folder, then the site folder, never the file', async () => {
    // Docusaurus's resolveMarkdownLinkPathname: `/x.md` tries the content folders, then the site's folder.
    const page = await compiled(
      '[tips](/content/docs/guide/tips.md#top) and [here](/here.md) and [rooted](/guide/tips.md)\n',
      'md',
      'content/docs/guide/y.md',
    );
    const routes = new Map([
      ['content/docs/guide/tips.md', '/docs/guide/tips/'],
      ['content/docs/guide/here.md', '/docs/guide/here/'],
    ]);
    const [resolved] = resolveFromContentRoot([page], routes, config);
    expect(resolved.links.map((l) => [l.path, l.hash])).toEqual([
      ['quire-file:content/docs/guide/tips.md', 'top'],
      ['/here.md', undefined],
      ['quire-file:content/docs/guide/tips.md', undefined],
    ]);
    expect(htmlOf(resolved)).toContain('href="quire-file:content/docs/guide/tips.md#top"');
  });

  it('keeps the query of a link to a .md file, which still names the file (parseLocalURLPath in Docusaurus)', async () => {
    // Electron's API pages link `structures/x.md?inline` for a structure shown in place.
    const page = await compiled('[Size](api/Size.md?inline) and [near](other.md?a=1#part)\n', 'md', 'content/docs/understanding/x/y.md');
    const routes = new Map([
      ['content/docs/api/Size.md', '/docs/api/Size/'],
      ['content/docs/understanding/x/other.md', '/docs/understanding/x/other/'],
    ]);
    const [resolved] = resolveFromContentRoot([page], routes, config);
    expect(resolved.links.map((l) => [l.path, l.hash])).toEqual([
      ['quire-file:content/docs/api/Size.md', undefined],
      ['quire-file:content/docs/understanding/x/other.md', 'part'],
    ]);
    expect(htmlOf(resolved)).toContain('href="quire-file:content/docs/api/Size.md?inline"');
    expect(htmlOf(resolved)).toContain('href="quire-file:content/docs/understanding/x/other.md?a=1#part"');
  });

  it('shows a Markdown example holding a fenced block without the block class on its tokens', async () => {
    const html = htmlOf(await compiled('````md title="x.md"\n# Hi\n\n```js\nconst a = 1;\n```\n````\n', 'md'));
    expect(html.match(/class="[^"]*\bcode-block\b[^"]*"/g)).toEqual(['class="code-block"']);
    expect(html).toContain('<span class="token code language-js keyword">const</span>');
  });

  it("takes Docusaurus's theme imports (Tabs, TabItem, Details, Admonition, Link) as quire's own markup, and notes what it drops", async () => {
    const body = [
      "import Tabs from '@theme/Tabs';",
      "import TabItem from '@theme/TabItem';",
      "import Admonition from '@theme/Admonition';",
      "import Details from '@theme/Details';",
      "import Link from '@docusaurus/Link';",
      '',
      '<Tabs groupId="os" queryString>',
      '  <TabItem value="mac" label="macOS">Mac text</TabItem>',
      '  <TabItem value="win" default>Windows text</TabItem>',
      '</Tabs>',
      '',
      '<Admonition type="tip" title="Guter Tipp">',
      '  Inhalt',
      '</Admonition>',
      '',
      '<Details summary="Mehr">',
      '  Versteckt',
      '</Details>',
      '',
      'Siehe <Link to="/docs/a/">hier</Link>.',
      '',
    ].join('\n');
    const c = await compiled(body, 'mdx');
    expect(c.components.sort()).toEqual(['Tab', 'Tabs']);
    expect(c.componentUses?.Tab?.map((u) => u.props)).toEqual([{ label: 'macOS', value: 'mac' }, { label: 'win' }]);
    // `queryString` (true: the groupId names the parameter) and the tab marked default are kept.
    expect(c.componentUses?.Tabs?.[0].props).toEqual({ groupId: 'os', queryString: 'os', defaultValue: 'win' });
    expect(notes(c)).toEqual([]);
    const json = JSON.stringify(c.output);
    expect(json).toContain('admonition-tip');
    expect(json).toContain('Guter Tipp');
    expect(json).toMatch(/"tagName":"details"|"details"/);
    expect(json).toContain('Mehr');
    // Link's `to` is an address like any other: checked, and under the base path.
    expect(c.links.map((l) => l.path)).toContain('/docs/a/');
    expect(json).toContain('/de/docs/a/');
    // Another import is the page's own module: listed for the bundler, its names bound in the page's code.
    const other = await compileSource(
      source("import Tabs from '@theme/Tabs';\nimport Foo from '../components/Foo';\n\n<Foo />\n", 'mdx'),
      config,
    );
    if (!('compiled' in other)) throw new Error('did not compile');
    expect(other.compiled.imports).toEqual([{ source: '../components/Foo', line: expect.any(Number), column: 1 }]);
    expect(other.compiled.components).toEqual([]);
    expect(other.compiled.output.type === 'mdx' && other.compiled.output.code).toContain(
      'arguments[0]._quireImport("../components/Foo")["default"]',
    );
  });

  it('labels, orders and chooses Docusaurus tabs as useTabs does (values, default, queryString, lazy), and notes what it cannot read', async () => {
    const head = "import Tabs from '@theme/Tabs';\nimport TabItem from '@theme/TabItem';\n\n";
    const c = await compiled(
      head +
        [
          '<Tabs groupId="os" queryString="system" lazy className="wide" values={[{label: \'Windows\', value: \'win\'}, {value: \'mac\'}]}>',
          '  <TabItem value="mac" label="ignored">Mac text</TabItem>',
          '  <TabItem value="win">Windows text</TabItem>',
          '  <TabItem value="linux">Not listed</TabItem>',
          '</Tabs>',
          '',
          '<Tabs defaultValue="b">',
          '  <TabItem value="a" default>A</TabItem>',
          '  <TabItem value="b">B</TabItem>',
          '</Tabs>',
          '',
        ].join('\n'),
      'mdx',
    );
    // `values` orders and labels the tabs (its value when an entry has no label); a tab it does not list is left out.
    expect(c.componentUses?.Tab?.map((u) => u.props)).toEqual([
      { label: 'Windows', value: 'win' },
      // A value the same as the label is not written twice.
      { label: 'mac' },
      { label: 'a' },
      { label: 'b' },
    ]);
    expect(c.componentUses?.Tabs?.map((u) => u.props)).toEqual([
      { groupId: 'os', className: 'wide', queryString: 'system' },
      // defaultValue wins over a tab marked default.
      { defaultValue: 'b' },
    ]);
    expect(notes(c)).toEqual([[7, "This tab's value is not in its <Tabs> values, so Docusaurus shows no tab for it."]]);
    expect(JSON.stringify(c.output)).not.toContain('Not listed');

    const unread = await compiled(
      head + '<Tabs queryString values={list} defaultValue={pick}>\n  <TabItem value="a">A</TabItem>\n</Tabs>\n',
      'mdx',
    );
    // A list or default the page computes (`values={list}`) is read when the page runs, by quire's Tabs: no note.
    expect(notes(unread)).toEqual([[4, '<Tabs queryString>: true needs a groupId to name the URL parameter, so it is left out.']]);
    const written = await compiled(head + '<Tabs values="a" defaultValue>\n  <TabItem value="a">A</TabItem>\n</Tabs>\n', 'mdx');
    expect(notes(written)).toEqual([
      [4, '<Tabs> values: quire reads only a written list ({ label, value } objects), so it is left out.'],
      [4, '<Tabs defaultValue>: only a text is read, so it is left out.'],
    ]);
  });

  it('draws a tab for each of the values, also one no TabItem has (an empty panel), as Docusaurus does', async () => {
    const head = "import Tabs from '@theme/Tabs';\nimport TabItem from '@theme/TabItem';\n\n";
    const c = await compiled(
      head +
        [
          "<Tabs groupId=\"lang\" values={[{ label: 'JavaScript', value: 'js' }, { label: 'React', value: 'react' }]}>",
          '<TabItem value="js">',
          '',
          'Only the script.',
          '',
          '</TabItem>',
          '</Tabs>',
          '',
        ].join('\n'),
      'mdx',
    );
    expect(c.componentUses?.Tab?.map((u) => u.props)).toEqual([
      { label: 'JavaScript', value: 'js' },
      { label: 'React', value: 'react' },
    ]);
    expect(notes(c)).toEqual([]);
    expect(JSON.stringify(c.output)).toContain('Only the script.');
  });

  it('shows an npm2yarn code block as tabs for npm and each package manager, as the Docusaurus plugin does', async () => {
    const withPlugin = {
      ...config,
      markdown: { ...config.markdown, npm2yarn: { sync: true, converters: ['yarn', 'pnpm', 'bun'] as ('yarn' | 'pnpm' | 'bun')[] } },
    };
    const body = 'Install:\n\n```bash npm2yarn\nnpm install --save-dev jest\n```\n\n```bash\nnpm test\n```\n';
    const r = await compileSource(source(body, 'mdx'), withPlugin);
    if (!('compiled' in r)) throw new Error('did not compile');
    const c = r.compiled;
    expect(c.componentUses?.Tabs?.map((u) => u.props)).toEqual([{ groupId: 'npm2yarn' }]);
    expect(c.componentUses?.Tab?.map((u) => u.props)).toEqual([
      { label: 'npm' },
      { label: 'Yarn', value: 'yarn' },
      { label: 'pnpm' },
      { label: 'Bun', value: 'bun' },
    ]);
    // The code of each block, in order: npm's as written, the others converted.
    const blocks: string[] = [];
    const text = (n: { type?: string; value?: unknown; children?: unknown[] }): string =>
      n.type === 'text' ? String(n.value) : (n.children ?? []).map((k) => text(k as typeof n)).join('');
    const visit = (n: { tagName?: string; children?: unknown[] }) =>
      n.tagName === 'figure' ? blocks.push(text(n)) : (n.children ?? []).forEach((k) => visit(k as typeof n));
    if (c.output.type !== 'hast') throw new Error('expected a tree');
    visit(c.output.tree as unknown as { children: unknown[] });
    expect(blocks).toEqual([
      'npm install --save-dev jest',
      'yarn add --dev jest',
      'pnpm add --save-dev jest',
      'bun add --dev jest',
      'npm test',
    ]);
    expect(notes(c)).toEqual([]);
    // Without the plugin in the config, the block stays one block, and its unknown option is named.
    const plain = await compiled(body, 'mdx');
    expect(plain.componentUses?.Tabs).toBeUndefined();
    expect(notes(plain)).toEqual([[3, expect.stringContaining('npm2yarn')]]);
  });

  it('shows a Docusaurus CodeBlock as a fenced block with its language, title and line numbers', async () => {
    const body =
      'import CodeBlock from \'@theme/CodeBlock\';\n\n<CodeBlock language="js" title="a.js" showLineNumbers>{`const a = { b: 1 };`}</CodeBlock>\n';
    const c = await compiled(body, 'mdx');
    const json = JSON.stringify(c.output);
    expect(json).toContain('a.js');
    expect(json).toContain('code-block--numbered');
    expect(json).toContain('language-js');
    expect(notes(c)).toEqual([]);
    // A value of the page's code is drawn as the page renders, by the theme's CodeBlock (test/docusaurus/codeblock.test.ts).
    const computed = await compiled("import CodeBlock from '@theme/CodeBlock';\n\n<CodeBlock>{code}</CodeBlock>\n", 'mdx');
    expect(notes(computed)).toEqual([]);
    expect(computed.imports?.map((i) => i.source)).toEqual(['@theme/CodeBlock']);
    const markup = await compiled("import CodeBlock from '@theme/CodeBlock';\n\n<CodeBlock>\n  <b>fett</b>\n</CodeBlock>\n", 'mdx');
    expect(notes(markup)).toEqual([
      [3, 'This <CodeBlock> holds something other than text or one template literal, which quire cannot show as code.'],
    ]);
  });

  it('reports each note and link of a page that needs MDX code (an export) once', async () => {
    const c = await compiled('export const x = 1;\n\n[Seite](/docs/b/)\n\n```js\nopen\n', 'mdx');
    expect(c.output.type).toBe('mdx');
    expect(notes(c)).toEqual([[5, 'The code block opened here is never closed: everything after it is shown as code.']]);
    expect(c.links.map((l) => l.url)).toEqual(['/docs/b/']);
  });

  it("takes <head>'s title, meta and link tags out of the body for the page's head, and names what it leaves out", async () => {
    const body = [
      "export const toc = [{ value: 'Eigene', id: 'eigene', level: 2 }];",
      '',
      '<head>',
      '  <title>Eigener Titel</title>',
      '  <meta name="description" content="Kurz gesagt." />',
      '  <link rel="preconnect" href="https://example.com" />',
      '  <base href="https://example.com/" />',
      '  <meta name="robots" content={"no" + "index"} />',
      '</head>',
      '',
      '# Kopf',
      '',
    ].join('\n');
    const c = await compiled(body, 'mdx');
    expect(c.head).toEqual({
      title: 'Eigener Titel',
      tags: [
        { tag: 'meta', attributes: { name: 'description', content: 'Kurz gesagt.' } },
        { tag: 'link', attributes: { rel: 'preconnect', href: 'https://example.com' } },
      ],
    });
    expect(JSON.stringify(c.output)).not.toContain('Eigener Titel');
    expect(notes(c).map(([line, message]) => [line, String(message).slice(0, 40)])).toEqual([
      [1, 'export const toc: quire builds the table'],
      [7, '<base> in <head>: quire puts only <title'],
      [8, '<meta> in <head> has a value written as '],
    ]);
  });

  it('drops HTML comments in MDX as Docusaurus does (mdx1Compat.comments), not in code, and reads <!-- truncate --> there', async () => {
    const body =
      'Vorne <!-- im Satz --> hinten.\n\n<!--\nNotiz über\nzwei Zeilen\n-->\n\n```html\n<!-- bleibt -->\n```\n\n`<!-- auch -->`\n';
    const c = await compiled(body, 'mdx');
    const json = JSON.stringify(c.output);
    expect(json).not.toContain('im Satz');
    expect(json).not.toContain('Notiz');
    expect(json).toContain('bleibt');
    expect(json).toContain('auch');
    const post = await compiled('Erster Absatz.\n\n<!-- truncate -->\n\nRest.\n', 'mdx', 'blog/2024-01-01-a.mdx');
    expect(post.excerpt).toBe('Erster Absatz.');
  });
});
