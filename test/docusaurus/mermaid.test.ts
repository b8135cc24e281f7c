import { lstat, mkdir, readFile, symlink, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildInMemory, makeSite, repoRoot } from '../helpers.ts';

const cleanups: (() => Promise<void>)[] = [];
afterAll(() => Promise.all(cleanups.map((c) => c())));

// A stand-in for mermaid's browser build: the test checks it is published as it is, not that it draws.
const SCRIPT = 'window.mermaid = { initialize() {}, render() { return Promise.resolve({ svg: "<svg></svg>" }) } };\n';

/** The template with Mermaid on (https://docusaurus.io/docs/markdown-features/diagrams) and a doc with a diagram. */
async function build({ theme = true, installed = true } = {}) {
  const template = await readFile(path.join(repoRoot, 'test/fixtures/docusaurus-classic/docusaurus.config.js'), 'utf8');
  const config = template
    .replace('themeConfig:', `markdown: { mermaid: true },\n  ${theme ? "themes: ['@docusaurus/theme-mermaid'],\n  " : ''}themeConfig:`)
    .replace(
      /themeConfig:[\s\S]*?\(\{/,
      (m) => `${m} mermaid: { theme: { light: 'neutral' }, options: { sequence: { mirrorActors: false } } },`,
    );
  expect(config).toContain('mermaid: true');
  const site = await makeSite('docusaurus-classic', {
    'docusaurus.config.js': config,
    'docs/flow.md': '# Flow\n\nHow it goes:\n\n```mermaid\nsequenceDiagram\n  A->>B: query\n```\n',
  });
  cleanups.push(site.cleanup);
  // The project's own node_modules in place of makeSite's link to this repository's (only the link is removed):
  // the template's clsx, and mermaid where the test installs it.
  const modules = path.join(site.root, 'node_modules');
  if ((await lstat(modules)).isSymbolicLink()) await unlink(modules);
  await mkdir(path.join(modules, 'mermaid', 'dist'), { recursive: true });
  await symlink(path.join(repoRoot, 'node_modules', 'clsx'), path.join(modules, 'clsx'), 'dir');
  if (installed) {
    await writeFile(path.join(modules, 'mermaid', 'package.json'), '{"name":"mermaid","version":"11.0.0"}');
    await writeFile(path.join(modules, 'mermaid', 'dist', 'mermaid.min.js'), SCRIPT);
  }
  return buildInMemory(site.root);
}

const unreadOf = (diagnostics: { code: string; message: string }[]) =>
  diagnostics.filter((d) => d.code === 'Q003').flatMap((d) => d.message.split('\n').slice(1));

describe("Docusaurus's Mermaid diagrams (markdown.mermaid with @docusaurus/theme-mermaid)", () => {
  it("publishes the project's mermaid and draws each mermaid block with it, in the configured themes", async () => {
    const { result, writer } = await build();
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(unreadOf(result.diagnostics).filter((line) => /mermaid/.test(line))).toEqual([]);
    const page = writer.text('docs/flow/index.html') ?? '';
    // Where Docusaurus's server-rendered page has nothing yet: an empty island the browser draws in.
    const island = /<div class="docusaurus-mermaid-container" data-island="Mermaid" data-props="([^"]*)"><\/div>/.exec(page);
    expect(page).not.toContain('data-language="mermaid"');
    const props = JSON.parse((island?.[1] ?? '{}').replaceAll('&quot;', '"').replaceAll('&gt;', '>'));
    expect(props).toEqual({
      text: 'sequenceDiagram\n  A->>B: query',
      script: '/assets/mermaid-11.0.0.min.js',
      theme: { light: 'neutral', dark: 'dark' },
      options: { sequence: { mirrorActors: false } },
    });
    expect(writer.text('assets/mermaid-11.0.0.min.js')).toBe(SCRIPT);
    // The island that draws it, a module of its own.
    const settings = JSON.parse(/<script type="application\/json" id="quire-config">([\s\S]*?)<\/script>/.exec(page)?.[1] ?? '{}');
    expect(settings.islands.Mermaid).toMatch(/^\/assets\/island-Mermaid\.\w+\.js$/);
    expect(writer.text(settings.islands.Mermaid.slice(1))).toContain('mount');
  });

  it('leaves the blocks as code, and names the settings, without the theme or an installed mermaid', async () => {
    for (const options of [{ theme: false }, { installed: false }]) {
      const { result, writer } = await build(options);
      expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
      expect(unreadOf(result.diagnostics)).toContain('- markdown.mermaid');
      const page = writer.text('docs/flow/index.html') ?? '';
      expect(page).toContain('data-language="mermaid"');
      expect(page).not.toContain('Mermaid');
    }
  });
});
