import { execFile } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { compileSource, settleWithin } from '../../src/compile/compile.ts';
import { loadConfig } from '../../src/config/index.ts';
import type { Source } from '../../src/types.ts';
import { buildInMemory, makeSite, repoRoot } from '../helpers.ts';

const run = promisify(execFile);
const cleanups: (() => Promise<void>)[] = [];
afterAll(() => Promise.all(cleanups.map((c) => c())));

/** The template's config with one remark plugin of the project's own (`plugins/waits.mjs`, export `name`) in its docs. */
async function templateWith(name: string, plugin: string, files: Record<string, string>) {
  const template = await readFile(path.join(repoRoot, 'test/fixtures/docusaurus-classic/docusaurus.config.js'), 'utf8');
  const config = `import {${name}} from './plugins/waits.mjs';\n${template.replace(
    "sidebarPath: './sidebars.js',",
    `sidebarPath: './sidebars.js',\n          remarkPlugins: [${name}],`,
  )}`;
  const site = await makeSite('docusaurus-classic', { 'docusaurus.config.js': config, 'plugins/waits.mjs': plugin, ...files });
  cleanups.push(site.cleanup);
  return site;
}

/**
 * Electron's website: a remark plugin that, on a page linking to another, waits for that page's tree to come through
 * the same plugin (Docusaurus compiles the pages together). quire compiled a slice of pages at a time and waited for
 * each slice to end: the page waited for a page of a later slice, and the build hung until the plugin's own timer
 * threw, which stopped the process with a stack trace.
 */
describe("a project's remark plugin waiting for another page", () => {
  it('gets the later page: the queue goes on while a page waits', async () => {
    const plugin = `
let release;
const ready = new Promise((resolve) => { release = resolve; });
export function waits() {
  return async (tree, file) => {
    if (file.path.endsWith('aaa-first.md')) {
      const title = await ready;
      tree.children.push({ type: 'paragraph', children: [{ type: 'text', value: 'Seen from the first: ' + title }] });
    }
    if (file.path.endsWith('zzz-second.md')) release('Second page');
  };
}
`;
    // A page between the two so long that checking it before parsing takes longer than a slice of pages may (see
    // compileSource): the second page starts compiling in a later slice than the first.
    const between = { 'docs/mmm-long.md': `# Long\n\n\`\`\`text\n${'plain text in a code block\n'.repeat(300_000)}\`\`\`\n` };
    const site = await templateWith('waits', plugin, {
      'docs/aaa-first.md': '# First\n\nText.\n',
      ...between,
      'docs/zzz-second.md': '# Second\n\nText.\n',
    });
    // Before, the first page's slice waited for it, and the build never ended.
    const { result, writer } = await buildInMemory(site.root);
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(writer.text('docs/aaa-first/index.html')).toContain('Seen from the first: Second page');
  });

  it("stops the build with one diagnostic at the plugin's line when its own timer throws, no stack trace", async () => {
    const plugin = [
      'export function late() {',
      '  return (tree, file) => {',
      "    if (file.path.endsWith('intro.mdx')) setTimeout(() => {",
      "      throw new Error('gave up waiting for the structure page');",
      '    }, 0);',
      '  };',
      '}',
      '',
    ].join('\n');
    const site = await templateWith('late', plugin, {});
    await mkdir(path.join(site.root, 'dist'), { recursive: true });
    await writeFile(path.join(site.root, 'dist/index.html'), 'previous build');
    // What marks a quire build's output (else the folder would be refused as another tool's, Q101).
    await writeFile(path.join(site.root, 'dist/robots.txt'), 'User-agent: *\n');
    const { code, stderr } = await run(process.execPath, [path.join(repoRoot, 'lib/quire.js'), '--root', site.root, 'build'], {
      env: { ...process.env, CI: '1', NO_COLOR: '1', QUIRE_WORKERS: '1' },
    }).then(
      (r) => ({ code: 0, stderr: r.stderr }),
      (e: { code: number; stderr: string }) => e,
    );
    expect(code, stderr).toBe(1);
    expect(stderr).toContain('error Q004 plugins/waits.mjs:4:');
    expect(stderr).toContain('gave up waiting for the structure page');
    expect(stderr).not.toMatch(/^\s+at .+:\d+:\d+\)?$/m);
    expect(await readFile(path.join(site.root, 'dist/index.html'), 'utf8')).toBe('previous build');
  });
});

describe('a page whose plugin never finishes', () => {
  it("is Q035 at the page time limit, saying it waited on a plugin's promise, and the pages after it compile", async () => {
    const plugin = `
export function never() {
  return (tree, file) => (file.path.endsWith('stuck.md') ? new Promise(() => {}) : undefined);
}
`;
    const site = await templateWith('never', plugin, {});
    const loaded = await loadConfig({ root: site.root });
    // One second instead of the default 30 (a Docusaurus config has no key for quire's limits).
    const config = { ...loaded.config!, limits: { ...loaded.config!.limits, pageTimeout: 1 } };
    const source = (name: string): Source => ({
      kind: 'doc',
      file: `docs/${name}.md`,
      format: 'mdx',
      id: name,
      path: `/docs/${name}/`,
      frontMatter: {},
      body: `# ${name}\n\nText.\n`,
      bodyLine: 1,
      hash: name,
    });
    const started = performance.now();
    const [stuck, after] = await Promise.all([compileSource(source('stuck'), config), compileSource(source('after'), config)]);
    expect(stuck).toEqual({ diagnostic: expect.objectContaining({ code: 'Q035', file: 'docs/stuck.md' }) });
    expect('diagnostic' in stuck && stuck.diagnostic.message).toContain('still waiting on a promise');
    expect('compiled' in after).toBe(true);
    expect(performance.now() - started).toBeLessThan(10_000);
  });
});

describe('settleWithin', () => {
  it("gives the promise's value in time, undefined after the time, and its failure in time", async () => {
    expect(await settleWithin(Promise.resolve(3), 1000)).toBe(3);
    expect(await settleWithin(new Promise(() => undefined), 20)).toBeUndefined();
    await expect(settleWithin(Promise.reject(new Error('no')), 1000)).rejects.toThrow('no');
  });
});
