import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../src/types.ts';
import { buildInMemory, buildTemplate, makeSite } from '../helpers.ts';

const cleanups: (() => Promise<void>)[] = [];
afterAll(() => Promise.all(cleanups.map((c) => c())));

/** The versions fixture (current, 2.x, 1.x) with a blog, its preset's docs and blog options given. */
async function site(options: { docs?: string; blog?: string; locale?: string }, overlay: Record<string, string | null> = {}) {
  const config = `export default {
  title: 'Versioned',
  url: 'https://docs.example.org',
  baseUrl: '/',
  onBrokenLinks: 'throw',
  i18n: { defaultLocale: '${options.locale ?? 'en'}', locales: ['${options.locale ?? 'en'}'] },
  themeConfig: { navbar: { title: 'Versioned', items: [{ type: 'docsVersionDropdown' }] } },
  presets: [['classic', { docs: { sidebarPath: './sidebars.js', ${options.docs ?? ''} }, blog: { ${options.blog ?? ''} } }]],
};
`;
  const made = await makeSite('docusaurus-versions', {
    'docusaurus.config.js': config,
    'blog/2024-05-01-hello.md': '---\ntitle: Hello\n---\nA post.\n',
    ...overlay,
  });
  cleanups.push(made.cleanup);
  return made.root;
}

async function build(root: string, cacheDir: string | false = false) {
  const { result, writer } = await buildInMemory(root, { cacheDir });
  return { result, page: (file: string) => writer.text(file) ?? '' };
}

/** The row under a doc or post: its edit link (href, target, rel, text) and its last-update text and datetime. */
function metaOf(html: string) {
  const row = /<div class="tag-links edit-meta">([\s\S]*?)<\/div>/.exec(html)?.[1];
  if (row === undefined) return undefined;
  const link = /<a href="([^"]*)" class="edit-meta__edit"([^>]*)>([\s\S]*?)<\/a>/.exec(row);
  const updated = /<span class="blog-post__meta edit-meta__updated">([\s\S]*?)<\/span>/.exec(row)?.[1];
  return {
    edit: link?.[1],
    opens: link ? /target="_blank" rel="noopener noreferrer"/.test(link[2]) : undefined,
    editText: link?.[3]
      .replace(/<svg[\s\S]*?<\/svg>/, '')
      .replace(/<!-- -->/g, '')
      .trim(),
    pencil: link ? /<svg[^>]*aria-hidden="true"/.test(link[3]) : undefined,
    updated: updated?.replace(/<!-- -->/g, '').replace(/<[^>]*>/g, ''),
    datetime: updated ? /<time dateTime="([^"]*)"|<time datetime="([^"]*)"/i.exec(updated)?.slice(1).find(Boolean) : undefined,
  };
}

const codes = (ds: Diagnostic[]) => ds.map((d) => `${d.code} ${d.severity}`);
const REPO = 'https://github.com/org/repo/edit/main/website/';

describe('Docusaurus editUrl', () => {
  it('shows no row at all without editUrl or last updates', async () => {
    const { result, page } = await build(await site({}));
    expect(result.ok).toBe(true);
    expect(page('docs/index.html')).not.toContain('edit-meta');
    expect(page('blog/2024/05/01/hello/index.html')).not.toContain('edit-meta');
  });

  it("shows no row on a category's generated index page, which has no file to edit", async () => {
    // Kysely's website: `_category_.json` with `link: { type: 'generated-index' }` and a docs editUrl.
    const { result, writer } = await buildTemplate({}, cleanups);
    expect(result.ok).toBe(true);
    expect(metaOf(writer.text('docs/intro/index.html') ?? '')?.edit).toMatch(/\/docs\/intro\.mdx$/);
    const index = writer.text('docs/category/tutorial---basics/index.html') ?? '';
    expect(index).toContain('5 minutes to learn the most important Docusaurus concepts.');
    expect(index).not.toContain('edit-meta');
  });

  it('joins a string editUrl with the file path in the project, for each version and the blog', async () => {
    const root = await site({ docs: `editUrl: '${REPO}'`, blog: `editUrl: '${REPO}'` });
    const { result, page } = await build(root);
    expect(result.diagnostics.filter((d) => d.code === 'Q003')).toEqual([]);
    expect(metaOf(page('docs/next/index.html'))).toMatchObject({
      edit: `${REPO}docs/intro.md`,
      opens: true,
      editText: 'Edit this page',
      pencil: true,
      updated: undefined,
    });
    expect(metaOf(page('docs/index.html'))?.edit).toBe(`${REPO}versioned_docs/version-2.x/intro.md`);
    expect(metaOf(page('docs/guides/usage/index.html'))?.edit).toBe(`${REPO}versioned_docs/version-2.x/guides/usage.md`);
    expect(metaOf(page('docs/1.x/install/index.html'))?.edit).toBe(`${REPO}versioned_docs/version-1.x/install.md`);
    expect(metaOf(page('blog/2024/05/01/hello/index.html'))?.edit).toBe(`${REPO}blog/2024-05-01-hello.md`);
  });

  it('links older versions to the current docs with editCurrentVersion', async () => {
    const root = await site({ docs: `editUrl: '${REPO.slice(0, -1)}', editCurrentVersion: true` });
    const { page } = await build(root);
    expect(metaOf(page('docs/index.html'))?.edit).toBe(`${REPO}docs/intro.md`);
    expect(metaOf(page('docs/1.x/install/index.html'))?.edit).toBe(`${REPO}docs/install.md`);
  });

  it('takes custom_edit_url from front matter, and null hides the link', async () => {
    const root = await site(
      { docs: `editUrl: '${REPO}'` },
      {
        'docs/intro.md': '---\nslug: /\ncustom_edit_url: https://example.org/own\n---\n# Intro\n',
        'docs/install.md': '---\ncustom_edit_url: null\n---\n# Install\n',
      },
    );
    const { page } = await build(root);
    expect(metaOf(page('docs/next/index.html'))?.edit).toBe('https://example.org/own');
    expect(metaOf(page('docs/next/install/index.html'))).toBeUndefined();
  });

  it('refuses a custom_edit_url that is not a web address, at its line', async () => {
    const root = await site(
      { docs: `editUrl: '${REPO}'` },
      { 'docs/intro.md': '---\ncustom_edit_url: javascript:alert(1)\n---\n# Intro\n' },
    );
    const { result } = await build(root);
    expect(result.ok).toBe(false);
    expect(result.diagnostics).toContainEqual(expect.objectContaining({ code: 'Q021', file: 'docs/intro.md', line: 2 }));
  });

  it('calls an editUrl function once per file with the arguments Docusaurus gives it', async () => {
    const root = await site({
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the config's own code, as the text of its file
      docs: 'editUrl: ({ version, versionDocsDirPath, docPath, locale }) => `https://e.org/${locale}/${version}/${versionDocsDirPath}/${docPath}`',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the config's own code, as the text of its file
      blog: "editUrl: ({ blogDirPath, blogPath, locale }) => blogPath.startsWith('2024') ? `https://e.org/${locale}/${blogDirPath}/${blogPath}` : undefined",
    });
    const { result, page } = await build(root);
    expect(result.ok).toBe(true);
    expect(metaOf(page('docs/next/guides/usage/index.html'))?.edit).toBe('https://e.org/en/current/docs/guides/usage.md');
    expect(metaOf(page('docs/index.html'))?.edit).toBe('https://e.org/en/2.x/versioned_docs/version-2.x/intro.md');
    expect(metaOf(page('blog/2024/05/01/hello/index.html'))?.edit).toBe('https://e.org/en/blog/2024-05-01-hello.md');
  });

  it('names an editUrl function that reads the permalink, and shows no link built from it', async () => {
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the config's own code, as the text of its file
    const root = await site({ docs: 'editUrl: ({ docPath, permalink }) => `https://e.org${permalink}?f=${docPath}`' });
    const { result, page } = await build(root);
    const warning = result.diagnostics.find((d) => d.code === 'Q003' && d.message.includes('permalink'));
    expect(warning).toMatchObject({ severity: 'warning', keyPath: 'presets.0.1.docs.editUrl' });
    expect(warning?.message).toMatch(/^The editUrl function \(presets\.0\.1\.docs\.editUrl\) reads the page's permalink.*9 page\(s\)/);
    expect(metaOf(page('docs/next/index.html'))).toBeUndefined();
  });

  it('names an editUrl function that returns text other than an address once, and builds without those links', async () => {
    // React Native's website returns JSON for its swizzled footer; quire's own link needs an address.
    const root = await site({
      docs: "editUrl: ({ docPath }) => docPath === 'install.md' ? 'https://e.org/install.md' : JSON.stringify([{ label: 'Bearbeiten', href: docPath }])",
    });
    const { result, page } = await build(root);
    expect(result.ok).toBe(true);
    const warnings = result.diagnostics.filter((d) => d.code === 'Q003' && d.message.includes('other than a web address'));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ severity: 'warning', keyPath: 'presets.0.1.docs.editUrl' });
    expect(warnings[0].message).toMatch(/6 page\(s\) \(docs\/guides\/new-feature\.md, .*: "\[\{"label":"Bearbeiten"/);
    expect(metaOf(page('docs/next/index.html'))?.edit).toBeUndefined();
    expect(metaOf(page('docs/next/install/index.html'))?.edit).toBe('https://e.org/install.md');
  });

  it('reports an editUrl function that throws as one error with the page it failed for', async () => {
    const root = await site({
      docs: "editUrl: ({ docPath }) => { if (docPath === 'install.md') throw new Error('no'); return 'https://e.org/'; }",
    });
    const { result } = await build(root);
    expect(result.ok).toBe(false);
    expect(result.diagnostics.filter((d) => d.code === 'Q001')).toEqual([
      expect.objectContaining({
        severity: 'error',
        keyPath: 'presets.0.1.docs.editUrl',
        message: 'The editUrl function (presets.0.1.docs.editUrl) failed for docs/install.md: no',
      }),
    ]);
  });

  it('shows the link in German on a German site', async () => {
    const root = await site({ docs: `editUrl: '${REPO}'`, locale: 'de' });
    const { page } = await build(root);
    expect(metaOf(page('docs/index.html'))?.editText).toBe('Diese Seite bearbeiten');
  });
});

/** Runs git in `cwd` as `who`, at `when` (ISO), for commits with fixed dates. */
function git(cwd: string, args: string[], who = 'Ann Example', when = '2026-11-28T10:00:00Z') {
  execFileSync('git', args, {
    cwd,
    stdio: 'pipe',
    env: {
      ...process.env,
      GIT_AUTHOR_NAME: who,
      GIT_AUTHOR_EMAIL: 'a@example.org',
      GIT_COMMITTER_NAME: who,
      GIT_COMMITTER_EMAIL: 'a@example.org',
      GIT_AUTHOR_DATE: when,
      GIT_COMMITTER_DATE: when,
      GIT_CONFIG_GLOBAL: '/dev/null',
    },
  });
}

describe('Docusaurus showLastUpdateTime and showLastUpdateAuthor', () => {
  /** The fixture as a git repository: everything committed by Ann, then docs/install.md by Bob, then a new file not committed. */
  async function repository(options: { docs: string; blog?: string; locale?: string }) {
    const root = await site(options, {
      'docs/guides/new-feature.md': '---\nlast_update:\n  date: 2025-01-02\n  author: Front Matter\n---\n# New feature\n',
    });
    git(root, ['init', '-q', '-b', 'main']);
    git(root, ['add', '.']);
    git(root, ['commit', '-q', '-m', 'first']);
    const installFile = path.join(root, 'docs/install.md');
    execFileSync('sh', ['-c', `echo "More." >> '${installFile}'`]);
    git(root, ['commit', '-q', '-am', 'second'], 'Bob Zweiter', '2026-12-01T23:30:00Z');
    execFileSync('sh', ['-c', `printf '# Draft\\n' > '${path.join(root, 'docs/draft.md')}'`]);
    return root;
  }

  it('shows each doc’s and post’s last commit, front matter first, and names files without one', async () => {
    const root = await repository({ docs: 'showLastUpdateTime: true, showLastUpdateAuthor: true', blog: 'showLastUpdateTime: true' });
    const { result, page } = await build(root);
    expect(result.ok).toBe(true);
    expect(metaOf(page('docs/next/index.html'))).toMatchObject({
      edit: undefined,
      updated: 'Last updated on Nov 28, 2026 by Ann Example',
      datetime: '2026-11-28T10:00:00.000Z',
    });
    expect(metaOf(page('docs/next/install/index.html'))?.updated).toBe('Last updated on Dec 1, 2026 by Bob Zweiter');
    expect(metaOf(page('docs/next/guides/new-feature/index.html'))?.updated).toBe('Last updated on Jan 2, 2025 by Front Matter');
    // Only the time for the blog, as configured.
    expect(metaOf(page('blog/2024/05/01/hello/index.html'))?.updated).toBe('Last updated on Nov 28, 2026');
    expect(metaOf(page('docs/next/draft/index.html'))).toBeUndefined();
    expect(result.diagnostics.filter((d) => d.code === 'Q003')).toEqual([
      expect.objectContaining({
        severity: 'warning',
        file: 'docs/draft.md',
        message: expect.stringContaining('1 page file(s) have no commit in git yet'),
      }),
    ]);
  });

  it('reads the history without the contents of files, as a clone missing some objects has it', async () => {
    // Apache Answer's mirror lacked a large image's blob: quire's git log, which looked for renames, read it and
    // failed, so no page showed its last update. Docusaurus's git log of each file reads no contents.
    const root = await repository({ docs: 'showLastUpdateTime: true, showLastUpdateAuthor: true' });
    await writeFile(path.join(root, 'docs/old-chart.txt'), 'tide table for the north harbour\n'.repeat(20));
    git(root, ['add', '.']);
    git(root, ['commit', '-q', '-m', 'chart'], 'Bob Zweiter', '2026-12-02T09:00:00Z');
    // The chart moves and changes in one commit (a rename git would measure), then its old contents go missing.
    const blob = execFileSync('git', ['rev-parse', 'HEAD:docs/old-chart.txt'], { cwd: root, encoding: 'utf8' }).trim();
    await rm(path.join(root, 'docs/old-chart.txt'));
    await writeFile(path.join(root, 'docs/new-chart.txt'), `${'tide table for the north harbour\n'.repeat(19)}and the south\n`);
    git(root, ['add', '-A']);
    git(root, ['commit', '-q', '-m', 'move chart'], 'Cleo Dritte', '2026-12-03T09:00:00Z');
    await rm(path.join(root, '.git/objects', blob.slice(0, 2), blob.slice(2)));
    const { result, page } = await build(root);
    // (Every page file is committed here, the draft with the chart.)
    expect(result.diagnostics.filter((d) => d.code === 'Q003').map((d) => d.message)).toEqual([]);
    expect(metaOf(page('docs/next/install/index.html'))?.updated).toBe('Last updated on Dec 1, 2026 by Bob Zweiter');
    expect(metaOf(page('docs/next/draft/index.html'))?.updated).toBe('Last updated on Dec 2, 2026 by Bob Zweiter');
  });

  it('reads the last commits of a docs folder beside the project folder (path: ../docs)', async () => {
    // Redux's website: `website/` holds the config, the docs are in the repository's `docs/`.
    const root = await repository({ docs: 'showLastUpdateTime: true' });
    const website = path.join(root, 'website');
    await mkdir(website);
    await writeFile(
      path.join(website, 'docusaurus.config.js'),
      `export default {
  title: 'Beside', url: 'https://docs.example.org', baseUrl: '/',
  presets: [['classic', { docs: { path: '../docs', sidebarPath: '../sidebars.js', showLastUpdateTime: true }, blog: false }]],
};
`,
    );
    const { result, page } = await build(website);
    expect(result.ok).toBe(true);
    expect(metaOf(page('docs/install/index.html'))?.updated).toBe('Last updated on Dec 1, 2026');
    expect(metaOf(page('docs/index.html'))?.updated).toBe('Last updated on Nov 28, 2026');
    // Only the file that has no commit is named.
    expect(result.diagnostics.filter((d) => d.code === 'Q003').map((d) => [d.file, d.message.split(' have ')[0]])).toEqual([
      ['../docs/draft.md', 'docs.showLastUpdateTime: 1 page file(s)'],
    ]);
  });

  it('dates a file both branches of a merge changed by the merge commit, as git log of the file does', async () => {
    // Redux Toolkit's getting-started page: a pull request merged after the main branch had changed the same doc.
    const root = await repository({ docs: 'showLastUpdateTime: true, showLastUpdateAuthor: true' });
    const install = path.join(root, 'docs/install.md');
    git(root, ['checkout', '-q', '-b', 'side', 'HEAD~1']);
    execFileSync('sh', ['-c', `echo "From the side." >> '${install}'`]);
    git(root, ['commit', '-q', '-am', 'side'], 'Cleo Dritte', '2026-12-02T12:00:00Z');
    git(root, ['checkout', '-q', 'main']);
    // The side branch is newer than main's own change; the merge resolves both into a third text.
    const merged = `${execFileSync('git', ['show', 'main:docs/install.md'], { cwd: root, encoding: 'utf8' })}From the side.\n`;
    // Both appended to the same file: the merge stops at the conflict, resolved here by keeping both lines.
    expect(() => git(root, ['merge', '-q', '--no-ff', '--no-commit', 'side'], 'Dana Merge', '2026-12-03T08:00:00Z')).toThrow();
    await writeFile(install, merged);
    git(root, ['add', 'docs/install.md'], 'Dana Merge', '2026-12-03T08:00:00Z');
    git(root, ['commit', '-q', '--no-edit'], 'Dana Merge', '2026-12-03T08:00:00Z');
    const { result, page } = await build(root);
    expect(result.ok).toBe(true);
    expect(metaOf(page('docs/next/install/index.html'))?.updated).toBe('Last updated on Dec 3, 2026 by Dana Merge');
    // A file only one branch changed keeps that branch's commit: the merge took it as it was.
    expect(metaOf(page('docs/next/index.html'))?.updated).toBe('Last updated on Nov 28, 2026 by Ann Example');
  });

  it('writes the date in the site’s language', async () => {
    const root = await repository({ docs: 'showLastUpdateTime: true, showLastUpdateAuthor: true', locale: 'de' });
    const { page } = await build(root);
    expect(metaOf(page('docs/next/install/index.html'))?.updated).toBe('Zuletzt aktualisiert am 1. Dez. 2026 von Bob Zweiter');
  });

  it('runs git once per build, and not at all on a warm build while HEAD stays', async () => {
    const root = await repository({ docs: 'showLastUpdateTime: true' });
    const cacheDir = await mkdtemp(path.join(tmpdir(), 'quire-git-cache-'));
    cleanups.push(() => rm(cacheDir, { recursive: true, force: true }));
    await build(root, cacheDir);
    // Without git on the PATH, a build that ran it would warn and show no dates.
    const pathBefore = process.env.PATH;
    process.env.PATH = '/nonexistent';
    try {
      const { result, page } = await build(root, cacheDir);
      expect(codes(result.diagnostics.filter((d) => d.code === 'Q003'))).toEqual(['Q003 warning']);
      expect(result.diagnostics.find((d) => d.code === 'Q003')?.message).toContain('no commit in git yet');
      expect(metaOf(page('docs/next/install/index.html'))?.updated).toBe('Last updated on Dec 1, 2026');
      // A new commit moves HEAD: the next build asks git, which is not there now, and says so.
      process.env.PATH = pathBefore;
      git(root, ['commit', '-q', '--allow-empty', '-m', 'third']);
      process.env.PATH = '/nonexistent';
      const after = await build(root, cacheDir);
      expect(after.result.diagnostics.find((d) => d.code === 'Q003')?.message).toMatch(
        /needs the project's git history, which could not be read \(git is not installed\)/,
      );
      expect(metaOf(after.page('docs/next/install/index.html'))).toBeUndefined();
    } finally {
      process.env.PATH = pathBefore;
    }
  });

  it('warns that a shallow clone dates older pages by its one commit', async () => {
    const root = await repository({ docs: 'showLastUpdateTime: true' });
    git(root, ['add', '.']);
    git(root, ['commit', '-q', '-m', 'third'], 'Cleo Dritte', '2026-12-05T12:00:00Z');
    const shallow = await mkdtemp(path.join(tmpdir(), 'quire-shallow-'));
    cleanups.push(() => rm(shallow, { recursive: true, force: true }));
    git(shallow, ['clone', '-q', '--depth', '1', `file://${root}`, 'site']);
    const { result, page } = await build(path.join(shallow, 'site'));
    expect(result.diagnostics.filter((d) => d.code === 'Q003').map((d) => d.message)).toEqual([
      "docs.showLastUpdateTime: the project is a shallow git clone, so a page last changed before its oldest commit shows that commit's date and author.",
    ]);
    expect(metaOf(page('docs/next/install/index.html'))?.updated).toBe('Last updated on Dec 5, 2026');
  });

  it('warns once outside a git repository and shows front matter dates only', async () => {
    const root = await site(
      { docs: 'showLastUpdateTime: true' },
      {
        'docs/intro.md': '---\nslug: /\nlast_update:\n  date: 2025-03-04\n---\n# Intro\n',
      },
    );
    const { result, page } = await build(root);
    expect(result.ok).toBe(true);
    expect(result.diagnostics.filter((d) => d.code === 'Q003').map((d) => d.message)).toEqual([
      expect.stringMatching(/^docs\.showLastUpdateTime needs the project's git history, which could not be read/),
    ]);
    expect(metaOf(page('docs/next/index.html'))?.updated).toBe('Last updated on Mar 4, 2025');
    expect(metaOf(page('docs/next/install/index.html'))).toBeUndefined();
  });
});
