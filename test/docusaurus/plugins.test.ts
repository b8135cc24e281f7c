import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileTexts, startCompilePool } from '../../src/compile/index.ts';
import { loadConfig } from '../../src/config/index.ts';
import type { MemoryWriter } from '../../src/emit/index.ts';
import type { Source } from '../../src/types.ts';
import { buildInMemory, makeSite, repoRoot } from '../helpers.ts';

type Result = Awaited<ReturnType<typeof buildInMemory>>['result'];
const cleanups: (() => Promise<void>)[] = [];
afterAll(() => Promise.all(cleanups.map((c) => c())));

/**
 * The template's config with remark and rehype plugins in its preset, as Docusaurus's docs show them
 * (https://docusaurus.io/docs/markdown-features/math-equations: remark-math and rehype-katex), beside small plugins
 * of the project's own that show where each list runs.
 */
async function configWithPlugins(): Promise<string> {
  const template = await readFile(path.join(repoRoot, 'test/fixtures/docusaurus-classic/docusaurus.config.js'), 'utf8');
  const withImports = `import remarkMath from 'remark-math';
import rehypeKatex from 'rehype-katex';
import {shout, suffix, linkClass, grumble, boom, thread, tabBlocks, embeds, outside, docLinks, runs} from './plugins/local.mjs';
${template}`;
  return withImports
    .replace(
      "sidebarPath: './sidebars.js',",
      `sidebarPath: './sidebars.js',
          beforeDefaultRemarkPlugins: [shout],
          remarkPlugins: [remarkMath, [suffix, {text: ' (v2)'}], grumble, boom, tabBlocks, embeds, outside, docLinks, runs],
          rehypePlugins: [rehypeKatex, linkClass, thread],`,
    )
    .replace('showReadingTime: true,', `showReadingTime: true,\n          remarkPlugins: [[suffix, {text: ' [blog]'}]],`);
}

/** Plugins written in the project, in the unified style: an attacher (with its options) returning a transformer. */
const LOCAL_PLUGINS = `
import { isMainThread } from 'node:worker_threads';
import nodePath from 'node:path';

const visit = (node, test, fn) => {
  if (test(node)) fn(node);
  for (const child of node.children ?? []) visit(child, test, fn);
};
const isHeading = (depth) => (n) => n.type === 'heading' && n.depth === depth;

/** beforeDefaultRemarkPlugins: before the heading ids are made, so the id follows the new text. */
export function shout() {
  return (tree) => visit(tree, isHeading(2), (h) => visit(h, (n) => n.type === 'text', (t) => { t.value = t.value.toUpperCase(); }));
}

const MARK = '';

/** remarkPlugins, with options: after the heading ids, which keep the text as written. */
export function suffix(options) {
  return (tree) => visit(tree, isHeading(3), (h) => h.children.push({ type: 'text', value: options.text + MARK }));
}

/** Counts its runs by file (in this thread), for the test of how often a page's transforms run. */
export function runs() {
  return (_tree, file) => {
    const seen = (globalThis.__quireRuns ??= {});
    const name = nodePath.basename(file.path);
    seen[name] = (seen[name] ?? 0) + 1;
  };
}

/** A rehype plugin: a class on every external link. */
export function linkClass() {
  return (tree) => visit(tree, (n) => n.type === 'element' && n.tagName === 'a' && /^https?:/.test(n.properties?.href ?? ''), (a) => {
    a.properties.className = [...(a.properties.className ?? []), 'external'];
  });
}

/**
 * Which thread compiled the page, on its first heading: the build's own, or a compile worker; and the file's path
 * as the plugin sees it, which Docusaurus gives absolute (remark-typescript-tools resolves files from it).
 */
export function thread() {
  return (tree, file) => visit(tree, (n) => n.type === 'element' && n.tagName === 'h1', (h) => {
    h.properties['data-compiled-in'] = isMainThread ? 'main' : 'worker';
    h.properties['data-file'] = nodePath.isAbsolute(file.path) ? nodePath.relative(file.cwd, file.path) : 'relative: ' + file.path;
  });
}

/**
 * Code blocks marked \`tab\` become Docusaurus tabs with their imports, in the manner of
 * docusaurus-remark-plugin-tab-blocks: one import node object, inserted into every page it changes.
 */
const importNode = {
  type: 'mdxjsEsm',
  value: "import Tabs from '@theme/Tabs';\\nimport TabItem from '@theme/TabItem';",
  data: { estree: { type: 'Program', sourceType: 'module', body: ['Tabs', 'TabItem'].map((name) => ({
    type: 'ImportDeclaration',
    specifiers: [{ type: 'ImportDefaultSpecifier', local: { type: 'Identifier', name } }],
    source: { type: 'Literal', value: '@theme/' + name, raw: "'@theme/" + name + "'" },
  })) } },
};
export function tabBlocks() {
  return (tree) => {
    const tabs = tree.children.filter((n) => n.type === 'code' && n.meta === 'tab');
    if (!tabs.length) return;
    const at = tree.children.indexOf(tabs[0]);
    tree.children.splice(at, tabs.length, {
      type: 'mdxJsxFlowElement', name: 'Tabs', attributes: [],
      children: tabs.map((code) => ({ type: 'mdxJsxFlowElement', name: 'TabItem', attributes: [
        { type: 'mdxJsxAttribute', name: 'value', value: code.lang },
        { type: 'mdxJsxAttribute', name: 'label', value: code.lang.toUpperCase() },
      ], children: [code] })),
    });
    tree.children.unshift(importNode);
  };
}

/**
 * Code blocks marked \`embed\` become a component of the project's, with one import node object made once and put
 * into every page it changes, as Electron's fiddle-embedder does.
 */
const embedImport = {
  type: 'mdxjsEsm',
  value: "import Embed from '@site/src/components/Embed';",
  data: { estree: { type: 'Program', sourceType: 'module', body: [{
    type: 'ImportDeclaration',
    specifiers: [{ type: 'ImportDefaultSpecifier', local: { type: 'Identifier', name: 'Embed' } }],
    source: { type: 'Literal', value: '@site/src/components/Embed', raw: "'@site/src/components/Embed'" },
  }] } },
};
export function embeds() {
  return (tree) => {
    const at = tree.children.findIndex((n) => n.type === 'code' && n.meta === 'embed');
    if (at < 0) return;
    const code = tree.children[at];
    tree.children[at] = { type: 'mdxJsxFlowElement', name: 'Embed', attributes: [{ type: 'mdxJsxAttribute', name: 'dir', value: code.value.trim() }], children: [] };
    tree.children.unshift(embedImport);
  };
}

/** Relative links out of the docs sent to the repository, as Electron's github-content-links does with what it sees. */
export function outside() {
  return (tree) => visit(tree, (n) => n.type === 'link' && n.url.startsWith('../../'), (link) => {
    link.url = 'https://code.example/' + link.url.replace(/^(?:[.][.][/])+/, '');
  });
}

/** Links a plugin adds (as linkDocblocks adds a doc comment's), written relative to the page like the page's own. */
export function docLinks() {
  return (tree) => {
    let text = '';
    visit(tree, (n) => n.type === 'text', (t) => { text += t.value; });
    const link = (url) => tree.children.push({ type: 'paragraph', children: [{ type: 'link', url, children: [{ type: 'text', value: 'see' }] }] });
    if (text.includes('LINKME')) link('../tutorial-basics/create-a-page');
    if (text.includes('BROKENLINK')) link('./nowhere');
  };
}

/** A plugin that reports what it finds, at its place. */
export function grumble() {
  return (tree, file) => visit(tree, (n) => n.type === 'text' && n.value.includes('simply'), (t) => { file.message('Avoid "simply"', t); });
}

/** A plugin that throws on a page that asks for it. */
export function boom() {
  return async (tree) => {
    let found = false;
    visit(tree, (n) => n.type === 'text' && n.value.includes('EXPLODE'), () => { found = true; });
    if (found) throw new Error('the page asked for it');
  };
}
`;

const MATH_DOC = `---
title: Math
---

# Math

Inline $E = mc^2$ and a block:

$$
\\int_0^1 x\\,dx
$$

## Loud heading

### Quiet heading

Visit [the site](https://example.com/) or [intro](./intro.mdx).
`;

async function buildWith(overlay: Record<string, string | null>, options: Parameters<typeof buildInMemory>[1] = {}) {
  const site = await makeSite('docusaurus-classic', {
    'docusaurus.config.js': await configWithPlugins(),
    'plugins/local.mjs': LOCAL_PLUGINS,
    'docs/math.md': MATH_DOC,
    ...overlay,
  });
  cleanups.push(site.cleanup);
  return { site, ...(await buildInMemory(site.root, options)) };
}

describe("a Docusaurus project's own remark and rehype plugins", () => {
  let result: Result;
  let writer: MemoryWriter;
  beforeAll(async () => {
    const tabbed = (name: string) => `# ${name}\n\n\`\`\`js tab\nconst a = 1;\n\`\`\`\n\n\`\`\`ts tab\nconst a: number = 1;\n\`\`\`\n`;
    ({ result, writer } = await buildWith({
      'docs/simply.mdx': '# Simply\n\nJust simply run it.\n',
      'docs/tabs-one.mdx': tabbed('One'),
      'docs/tabs-two.mdx': tabbed('Two'),
      'docs/tutorial-extras/outside.md':
        '# Outside\n\nSee [DEPS](../../DEPS), [intro](../intro.mdx) and [static](../../static/img/logo.svg).\n',
      'docs/embed-one.md': '# Embed one\n\n```js embed\nfiddles/one\n```\n',
      'docs/embed-two.md': '# Embed two\n\n```js embed\nfiddles/two\n```\n',
      'src/components/Embed.js': 'export default function Embed({dir}) { return <p className="embed">Open {dir}</p>; }\n',
      'docs/typo.mdx': '# Typo\n\n```js showLineNumbrs\nconst a = 1;\n```\n',
      'docs/tutorial-extras/linked.mdx': '# Linked\n\nLINKME\n',
      'docs/imports.mdx': "import Box from './box.js';\n\n# Imports\n\n<Box />\n",
      'docs/box.js': 'export default function Box() { return null; }\n',
      'docs/computes.mdx': '# Computes\n\nTwo is {1 + 1}.\n',
    }));
  });

  it("runs a page's transforms once when its parse shows it needs MDX's code (an import of the project's)", () => {
    const seen = (globalThis as { __quireRuns?: Record<string, number> }).__quireRuns ?? {};
    expect(seen['imports.mdx']).toBe(1);
    expect(seen['simply.mdx']).toBe(1);
    // An expression that computes is found only by the transforms: tried as a tree first, then compiled as code.
    expect(seen['computes.mdx']).toBe(2);
  });

  it('builds with no error, and names none of the plugin lists as unread', () => {
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(result.diagnostics.filter((d) => d.code === 'Q003').map((d) => d.message)).not.toContainEqual(expect.stringMatching(/Plugins/));
  });

  it('renders math with remark-math and rehype-katex, inline and as a block, in a .md page read as MDX', () => {
    const html = writer.text('docs/math/index.html')!;
    expect(html).toMatch(
      /<span class="katex"><span class="katex-mathml"><math xmlns="http:\/\/www.w3.org\/1998\/Math\/MathML"><semantics><mrow><mi>E<\/mi>/,
    );
    expect(html).toMatch(/<span class="katex-display">/);
    // In the page; the head's description is the source's first line, dollars and all, as Docusaurus writes it.
    expect(html.slice(html.indexOf('<body'))).not.toContain('$E = mc^2$');
  });

  it('runs beforeDefaultRemarkPlugins before the heading ids and remarkPlugins after them, with their options', () => {
    const html = writer.text('docs/math/index.html')!;
    expect(html).toMatch(/<h2[^>]* id="loud-heading"[^>]*>LOUD HEADING/);
    // React keeps the two texts apart with a comment.
    expect(html).toMatch(/<h3[^>]* id="quiet-heading"[^>]*>Quiet heading(<!-- -->)? \(v2\)/);
  });

  it('runs rehype plugins on the page, and its own links are still checked and resolved', () => {
    const html = writer.text('docs/math/index.html')!;
    // The plugin sees the file's absolute path, under the project folder as its working directory.
    expect(html).toContain('data-file="docs/math.md"');
    expect(html).toMatch(/<a href="https:\/\/example.com\/" target="_blank" rel="noopener noreferrer" class="external"/);
    expect(html).toContain('href="/docs/intro/"');
  });

  it("resolves the relative links a plugin adds as the page's own, as Docusaurus does without trailingSlash", () => {
    // Docusaurus serves the page at /docs/tutorial-extras/linked, so ../ leaves tutorial-extras/.
    expect(writer.text('docs/tutorial-extras/linked/index.html')).toContain('<a href="/docs/tutorial-basics/create-a-page/">see</a>');
  });

  it("resolves theme modules a plugin's tabs import, on every page it inserts the same import node into", () => {
    for (const page of ['docs/tabs-one/index.html', 'docs/tabs-two/index.html']) {
      const html = writer.text(page) ?? '';
      // quire's own tabs, as for tabs written in the page, with both labels.
      expect(html, page).toMatch(/<div class="tabs"[\s\S]*class="tabs__label">JS<[\s\S]*class="tabs__label">TS</);
    }
  });

  it("bundles the project's component a plugin imports, on every page it inserts the same import node into", () => {
    // The first page's compile turned the shared node's import into declarations: the second had no import left.
    expect(result.diagnostics.filter((d) => d.code === 'Q080')).toEqual([]);
    for (const [page, dir] of [
      ['docs/embed-one/index.html', 'fiddles/one'],
      ['docs/embed-two/index.html', 'fiddles/two'],
    ]) {
      expect(writer.text(page) ?? '', page).toContain(`<p class="embed">Open <!-- -->${dir}</p>`);
    }
  });

  it("gives the project's plugins the links to other files than Markdown as written, as Docusaurus does", () => {
    // Docusaurus resolves the links to .md/.mdx files before them, and leaves the others for later.
    const html = writer.text('docs/tutorial-extras/outside/index.html') ?? '';
    expect(html).toContain('<a href="https://code.example/DEPS" target="_blank" rel="noopener noreferrer" class="external">DEPS</a>');
    expect(html).toContain(
      '<a href="https://code.example/static/img/logo.svg" target="_blank" rel="noopener noreferrer" class="external">static</a>',
    );
    expect(html).toMatch(/<a href="\/docs\/intro\/?">intro<\/a>/);
  });

  it("leaves the words of a code block's meta to the project's plugins, but still names a typo of quire's options", () => {
    // The template's own `mdx` fence (no highlighting for that language) is another Q037 case.
    const options = result.diagnostics.filter((d) => d.code === 'Q037' && d.message.includes('option'));
    // tab-blocks reads `tab` (tabs-one, tabs-two); `showLineNumbrs` is a typo of showLineNumbers.
    expect(options.map((d) => d.file)).toEqual(['docs/typo.mdx']);
    expect(options[0].hint).toContain('showLineNumbers');
  });

  it("gives each section its own plugins: the blog's suffix on a post, not the docs'", () => {
    const post = writer.text('blog/mdx-blog-post/index.html') ?? '';
    const doc = writer.text('docs/tutorial-basics/markdown-features/index.html') ?? '';
    expect(doc).toContain('(v2)');
    expect(doc).not.toContain('[blog]');
    expect(post).not.toContain('(v2)');
  });

  it("reports a plugin's message as a warning at its place in the page, naming the plugin", () => {
    const found = result.diagnostics.filter((d) => d.code === 'Q004');
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({
      severity: 'warning',
      file: 'docs/simply.mdx',
      line: 3,
      column: 1,
      message: 'grumble: Avoid "simply"',
    });
    expect(found[0].hint).toContain('presets.0.1.docs.remarkPlugins.2');
  });
});

describe("a project's plugin that fails", () => {
  it('fails the page that made it throw, naming the plugin and its key path, and the other pages still build', async () => {
    const { result, writer } = await buildWith({ 'docs/explode.mdx': '# Explode\n\nEXPLODE now.\n' });
    const errors = result.diagnostics.filter((d) => d.severity === 'error');
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ code: 'Q004', file: 'docs/explode.mdx' });
    expect(errors[0].message).toBe(
      'The plugin boom (presets.0.1.docs.remarkPlugins.3 in docusaurus.config.js) failed on this page: the page asked for it',
    );
    expect(result.ok).toBe(false);
    expect(writer.text('docs/explode/index.html')).toBeUndefined();
  });
});

describe("links a project's plugin adds", () => {
  it("checks them like the page's own links", async () => {
    const { result } = await buildWith({ 'docs/broken.mdx': '# Broken\n\nBROKENLINK\n' });
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([
      expect.objectContaining({ code: 'Q060', file: 'docs/broken.mdx', message: expect.stringContaining('./nowhere') }),
    ]);
  });
});

describe("a project's plugins in compile workers and the compile cache", () => {
  it('runs them in a compile worker, which runs the config again to get them', async () => {
    const { site } = await buildWith({});
    const { config } = await loadConfig({ root: site.root });
    // No page of the build's own thread (local: false): the one worker compiles it.
    const pool = startCompilePool(path.join(repoRoot, 'lib/worker.js'), config!, compileTexts(undefined), 1);
    try {
      const body = '# Worker\n\n### Part\n\nSum $a_1$.\n';
      const source: Source = {
        kind: 'doc',
        file: 'docs/w.md',
        format: 'mdx',
        id: 'w',
        path: '/docs/w/',
        frontMatter: {},
        body,
        bodyLine: 1,
        hash: 'w',
      };
      const result = await pool.run(source);
      expect('compiled' in result).toBe(true);
      const output = JSON.stringify('compiled' in result ? result.compiled.output : result);
      expect(output).toContain('katex');
      expect(output).toContain('(v2)');
      expect(output).toMatch(/"data-compiled-in":"worker"|dataCompiledIn":"worker"/);
    } finally {
      await pool.close();
    }
  });

  it('compiles every page again when a plugin changes, though no page did', async () => {
    const { site, result, writer } = await buildWith({}, { cacheDir: undefined });
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(writer.text('docs/math/index.html')).toMatch(/>Quiet heading(<!-- -->)? \(v2\)</);
    // The plugin's module is part of the cache's key (the config bundles it), not only the plugin function's code.
    const local = path.join(site.root, 'plugins/local.mjs');
    await writeFile(local, (await readFile(local, 'utf8')).replace("const MARK = '';", "const MARK = '!';"));
    const again = await buildInMemory(site.root, { cacheDir: undefined });
    expect(again.result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(again.writer.text('docs/math/index.html')).toMatch(/>Quiet heading(<!-- -->)? \(v2\)!</);
  });
});
