import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { bundleClient, StylesheetError } from '../../src/emit/index.ts';
import { repoRoot } from '../helpers.ts';

let dirs: string[] = [];
afterEach(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  dirs = [];
});

/** A project folder with these files. */
async function project(files: Record<string, string>): Promise<string> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'quire-tailwind-'));
  dirs.push(root);
  for (const [file, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(root, file)), { recursive: true });
    await writeFile(path.join(root, file), text);
  }
  return root;
}

/**
 * Stand-ins for the project's `postcss` and `@tailwindcss/postcss` (quire has neither of its own): the plugin puts
 * one utility for each class name it finds in the files under its `base` in place of the import, and names each
 * file it read as a dependency, as Tailwind's does.
 */
const POSTCSS_STAND_IN = `module.exports = (plugins) => ({
  process: async (css, options) => plugins[0].run(css, options),
});
`;
const TAILWIND_STAND_IN = `const fs = require('node:fs');
const path = require('node:path');
module.exports = ({ base }) => ({
  run(css) {
    const file = path.join(base, 'src/pages/index.js');
    const names = [...fs.readFileSync(file, 'utf8').matchAll(/className="([\\w-]+)"/g)].map((m) => m[1]);
    const utilities = names.map((n) => '.' + n + ' { display: ' + n + '; }').join('\\n');
    return { css: css.replace(/@import 'tailwindcss';/, utilities), messages: [{ type: 'dependency', file }] };
  },
});
`;

const stylesheet = (bundle: Awaited<ReturnType<typeof bundleClient>>) =>
  Buffer.from(bundle.files.find((f) => `/${f.file}` === bundle.css)!.contents).toString();

describe("the project's Tailwind stylesheets (customCss with @tailwindcss/postcss, as a Docusaurus plugin adds it)", () => {
  it("runs a stylesheet importing tailwindcss through the project's own postcss and @tailwindcss/postcss", async () => {
    const root = await project({
      'package.json': '{ "name": "site" }',
      'node_modules/postcss/package.json': '{ "name": "postcss", "main": "index.js" }',
      'node_modules/postcss/index.js': POSTCSS_STAND_IN,
      'node_modules/@tailwindcss/postcss/package.json': '{ "name": "@tailwindcss/postcss", "main": "index.js" }',
      'node_modules/@tailwindcss/postcss/index.js': TAILWIND_STAND_IN,
      'src/css/custom.css': "@import 'tailwindcss';\n.label { color: #ef4242; }\n",
      'src/pages/index.js': 'export default () => <div className="flex">Home</div>;\n',
    });
    const bundle = await bundleClient({ toolRoot: repoRoot, baseUrl: '/', projectRoot: root, styles: ['src/css/custom.css'] });
    const css = stylesheet(bundle);
    // Tailwind scanned the project's folder (Docusaurus's working folder) for the class names it makes.
    expect(css).toMatch(/\.flex\{display:flex\}/);
    expect(css).toMatch(/\.label\{color:#ef4242\}/);
    // The files Tailwind scanned are among the bundle's inputs, so its cache record is made again when one changes.
    expect(bundle.inputs).toContain(path.join(root, 'src/pages/index.js'));
  });

  it('names a project without the packages at the import, and leaves a stylesheet without Tailwind as it is', async () => {
    const without = await project({ 'src/css/custom.css': ".a { color: red; }\n@import 'tailwindcss';\n" });
    const missing = await bundleClient({ toolRoot: repoRoot, baseUrl: '/', projectRoot: without, styles: ['src/css/custom.css'] }).catch(
      (e: unknown) => e,
    );
    expect(missing).toBeInstanceOf(StylesheetError);
    expect(missing).toMatchObject({
      message: expect.stringContaining('npm install @tailwindcss/postcss postcss'),
      place: { file: 'src/css/custom.css', line: 2 },
    });

    // Tailwind's own at-rules need it too, without the import (a stylesheet written with @reference and @apply).
    const applied = await project({ 'src/css/custom.css': '.a {\n  @apply flex;\n}\n' });
    const noTailwind = await bundleClient({ toolRoot: repoRoot, baseUrl: '/', projectRoot: applied, styles: ['src/css/custom.css'] }).catch(
      (e: unknown) => e,
    );
    expect(noTailwind).toMatchObject({ place: { file: 'src/css/custom.css', line: 2 } });

    const plain = await project({ 'src/css/custom.css': '/* @theme/ThemedImage, @apply: named in a comment */\n.a { color: red; }\n' });
    const bundle = await bundleClient({ toolRoot: repoRoot, baseUrl: '/', projectRoot: plain, styles: ['src/css/custom.css'] });
    expect(stylesheet(bundle)).toMatch(/\.a\{color:red\}/);
  });
});
