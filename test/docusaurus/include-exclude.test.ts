import { afterAll, describe, expect, it } from 'vitest';
import { buildInMemory, makeSite } from '../helpers.ts';

const cleanups: (() => Promise<void>)[] = [];
afterAll(() => Promise.all(cleanups.map((c) => c())));

/** The versions fixture with a blog and a few extra files, its preset's docs and blog options given. */
async function build(options: { docs?: string; blog?: string }) {
  const made = await makeSite('docusaurus-versions', {
    'docusaurus.config.js': `export default {
  title: 'Versioned',
  url: 'https://docs.example.org',
  baseUrl: '/',
  i18n: { defaultLocale: 'en', locales: ['en'] },
  presets: [['classic', { docs: { sidebarPath: './sidebars.js', ${options.docs ?? ''} }, blog: { ${options.blog ?? ''} } }]],
};
`,
    'docs/wip/plan.md': '# Plan\n',
    'docs/__tests__/fixture.md': '# A test fixture\n',
    'docs/_partial.md': 'A partial.\n',
    'blog/2024-05-01-hello.md': '---\ntitle: Hello\n---\nA post.\n',
    'blog/drafts/2024-06-01-later.md': '---\ntitle: Later\n---\nNot yet.\n',
  });
  cleanups.push(made.cleanup);
  const { result, writer } = await buildInMemory(made.root, { cacheDir: false });
  expect(result.ok).toBe(true);
  return [...writer.files.keys()].filter((f) => f.endsWith('index.html') && /^(docs\/next|blog\/)/.test(f)).sort();
}

describe('Docusaurus docs and blog include/exclude', () => {
  it("reads Markdown and MDX but Docusaurus's default exclusions", async () => {
    const pages = await build({});
    expect(pages).toContain('docs/next/wip/plan/index.html');
    expect(pages.filter((p) => p.includes('later'))).toHaveLength(1);
    expect(pages.filter((p) => /__tests__|_partial|fixture/.test(p))).toEqual([]);
  });

  it('honours the configured globs, relative to each folder', async () => {
    const pages = await build({ docs: "exclude: ['**/wip/**', '**/_*.md']", blog: "exclude: ['drafts/**']" });
    expect(pages).not.toContain('docs/next/wip/plan/index.html');
    // The defaults are replaced, as in Docusaurus: __tests__ is read now.
    expect(pages).toContain('docs/next/__tests__/fixture/index.html');
    expect(pages).toContain('blog/2024/05/01/hello/index.html');
    expect(pages.filter((p) => p.includes('later'))).toEqual([]);
  });

  it('reads only what include names', async () => {
    const pages = await build({ docs: "include: ['*.md', 'guides/**/*.md']" });
    expect(pages).toContain('docs/next/install/index.html');
    expect(pages).toContain('docs/next/guides/usage/index.html');
    expect(pages).not.toContain('docs/next/wip/plan/index.html');
  });
});
