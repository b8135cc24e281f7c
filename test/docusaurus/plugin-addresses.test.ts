import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MemoryWriter } from '../../src/emit/index.ts';
import { fileMarker, replaceFileMarkers } from '../../src/shared/markers.ts';
import { openSession } from '../dev/helpers.ts';
import { buildInMemory, makeSite, repoRoot } from '../helpers.ts';

type Result = Awaited<ReturnType<typeof buildInMemory>>['result'];
const cleanups: (() => Promise<void>)[] = [];
afterAll(() => Promise.all(cleanups.map((c) => c())));

/**
 * Plugins that note the links they see (in this thread, by file), as Electron's api-structure-previews keys the pages it
 * waits for by a link's address: a remark plugin that also writes what it saw into the page (so a page compiled from the
 * cache shows what it saw then), a rehype plugin, and a beforeDefaultRemarkPlugins one, which Docusaurus runs before it
 * resolves the links.
 */
const PLUGINS = `
import nodePath from 'node:path';
const visit = (node, test, fn) => {
  if (test(node)) fn(node);
  for (const child of node.children ?? []) visit(child, test, fn);
};
const note = (list, file, url) => {
  const seen = (globalThis.__quireSeen ??= {});
  const key = list + ':' + nodePath.basename(file.path);
  (seen[key] ??= []).push(url);
};
export function before() {
  return (tree, file) => visit(tree, (n) => n.type === 'link', (l) => note('before', file, l.url));
}
export function sees() {
  return (tree, file) => visit(tree, (n) => n.type === 'link' || n.type === 'definition', (l) => {
    note('remark', file, l.url);
    if (l.type === 'link') l.children.push({ type: 'text', value: ' [saw ' + l.url + ']' });
  });
}
export function seesHtml() {
  return (tree, file) => visit(tree, (n) => n.type === 'element' && n.tagName === 'a', (a) => note('rehype', file, a.properties.href));
}
`;

async function config(): Promise<string> {
  const template = await readFile(path.join(repoRoot, 'test/fixtures/docusaurus-classic/docusaurus.config.js'), 'utf8');
  // A broken link is a warning, so the pages are written beside it.
  return `import {before, sees, seesHtml} from './plugins/seen.mjs';\n${template}`
    .replace("onBrokenLinks: 'throw'", "onBrokenLinks: 'warn'")
    .replace(
      "sidebarPath: './sidebars.js',",
      `sidebarPath: './sidebars.js',
          beforeDefaultRemarkPlugins: [before],
          remarkPlugins: [sees],
          rehypePlugins: [seesHtml],`,
    );
}

const LINKER = `# Linker

[index](./guides/index.md), [setup](guides/setup.md#install), [page](./tutorial-basics/create-a-page.mdx?x=1),
[missing](./missing.md) and [ref][r].

[r]: ./intro.mdx
`;

/** The page's body text (React's `<!-- -->` between text parts taken out), or '' when it was not written. */
const body = (writer: MemoryWriter, page: string): string =>
  /<div class="markdown">([\s\S]*?)<\/div>/.exec(writer.text(page) ?? '')?.[1].replaceAll('<!-- -->', '') ?? '';

const seen = (key: string): string[] => (globalThis as { __quireSeen?: Record<string, string[]> }).__quireSeen?.[key] ?? [];

async function site() {
  const made = await makeSite('docusaurus-classic', {
    'docusaurus.config.js': await config(),
    'plugins/seen.mjs': PLUGINS,
    'docs/guides/index.md': '# Guides\n',
    'docs/guides/setup.md': '---\nslug: /start-here\n---\n\n# Setup\n\n## Install\n',
    'docs/guides/deep.md': '# Deep\n\nFrom the root: [page](tutorial-basics/create-a-page.mdx).\n',
    'docs/linker.md': LINKER,
  });
  cleanups.push(made.cleanup);
  return made;
}

describe("a project's plugins see a link to a Markdown file as its page's address, as under Docusaurus", () => {
  let result: Result;
  let writer: MemoryWriter;
  beforeAll(async () => {
    delete (globalThis as { __quireSeen?: unknown }).__quireSeen;
    ({ result, writer } = await buildInMemory((await site()).root));
  });

  it('shows remarkPlugins the permalink, with its query and hash, and a missing file as written', () => {
    // Docusaurus's permalink ends with a slash only where the slug does (the index doc), whatever trailingSlash says.
    expect(seen('remark:linker.md')).toEqual([
      '/docs/guides/',
      '/docs/start-here#install',
      '/docs/tutorial-basics/create-a-page?x=1',
      './missing.md',
      '/docs/intro',
    ]);
    // Not written with ./ or ../: tried from the docs folder too (resolveMarkdownLinkPathname).
    expect(seen('remark:deep.md')).toEqual(['/docs/tutorial-basics/create-a-page']);
  });

  it('shows rehype plugins the addresses too, and beforeDefaultRemarkPlugins the links as written', () => {
    expect(seen('rehype:linker.md').slice(0, 3)).toEqual([
      '/docs/guides/',
      '/docs/start-here#install',
      '/docs/tutorial-basics/create-a-page?x=1',
    ]);
    expect(seen('before:linker.md').slice(0, 2)).toEqual(['./guides/index.md', 'guides/setup.md#install']);
  });

  it("writes the page's links as quire's own, and reports the broken one at its place", () => {
    const html = body(writer, 'docs/linker/index.html');
    expect(html).toContain('<a href="/docs/guides/">index [saw /docs/guides/]</a>');
    expect(html).toContain('<a href="/docs/start-here/#install">setup [saw /docs/start-here#install]</a>');
    expect(html).toContain('<a href="/docs/tutorial-basics/create-a-page/?x=1">');
    expect(html).not.toContain('quire-file:');
    const broken = result.diagnostics.filter((d) => d.code === 'Q060');
    expect(broken).toEqual([
      expect.objectContaining({ file: 'docs/linker.md', line: 4, column: 1, message: expect.stringContaining('./missing.md') }),
    ]);
  });
});

describe('a page whose linked page moved', () => {
  it('is compiled again from the cache when the address its plugins saw changed', async () => {
    const made = await site();
    const cacheDir = path.join(made.root, '.quire/cache');
    const first = await buildInMemory(made.root, { cacheDir });
    expect(body(first.writer, 'docs/linker/index.html')).toContain('[saw /docs/start-here#install]');
    // Only the linked page changes: the linking page's bytes and route are as they were.
    const setup = path.join(made.root, 'docs/guides/setup.md');
    await writeFile(setup, (await readFile(setup, 'utf8')).replace('slug: /start-here', 'slug: /begin'));
    const again = await buildInMemory(made.root, { cacheDir });
    expect(again.result.cacheHits).toBeGreaterThan(0);
    expect(body(again.writer, 'docs/linker/index.html')).toContain('<a href="/docs/begin/#install">setup [saw /docs/begin#install]</a>');
  });
});

describe('quire dev, when a linked page moves', () => {
  it('compiles the linking page again, though its own file did not change', async () => {
    const { store, edit } = await openSession((await site()).root);
    const page = () =>
      (/<div class="markdown">([\s\S]*?)<\/div>/.exec(String(store.raw('docs/linker/index.html')))?.[1] ?? '').replaceAll('<!-- -->', '');
    expect(page()).toContain('[saw /docs/start-here#install]');
    const moved = await edit({ 'docs/guides/setup.md': (old) => old.replace('slug: /start-here', 'slug: /begin') });
    expect(moved.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(page()).toContain('<a href="/docs/begin/#install">setup [saw /docs/begin#install]</a>');
  });
});

describe('the markers of links to content files', () => {
  it("are replaced in an island's props too, where React escaped the quotes around them", () => {
    // Electron's APIStructurePreview gets the link as its `url` prop, which the page's HTML holds as escaped JSON.
    const props = `{&quot;url&quot;:&quot;${fileMarker('docs/api/structures/size.md')}&quot;,&quot;title&quot;:&quot;Size&quot;}`;
    const urls = new Map([['docs/api/structures/size.md', '/docs/api/structures/size/']]);
    expect(replaceFileMarkers(`<quire-island data-props="${props}">`, (file) => urls.get(file))).toBe(
      '<quire-island data-props="{&quot;url&quot;:&quot;/docs/api/structures/size/&quot;,&quot;title&quot;:&quot;Size&quot;}">',
    );
  });
});
