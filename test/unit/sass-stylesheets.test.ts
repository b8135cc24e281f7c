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
  const root = await mkdtemp(path.join(os.tmpdir(), 'quire-sass-'));
  dirs.push(root);
  for (const [file, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(root, file)), { recursive: true });
    await writeFile(path.join(root, file), text);
  }
  return root;
}

/**
 * A stand-in for the project's `sass` package (quire has none of its own): `compile` reads the file and its one
 * `@use`d partial, puts each `$name: value;` in place, and throws as Sass does (a message and a 0-based span) at
 * an `@error`.
 */
const SASS_STAND_IN = `const fs = require('node:fs');
const path = require('node:path');
const { pathToFileURL } = require('node:url');
exports.compile = (file) => {
  let text = fs.readFileSync(file, 'utf8');
  const loadedUrls = [pathToFileURL(file)];
  text = text.replace(/@use '([^']+)';\\n/, (_, name) => {
    const partial = path.join(path.dirname(file), '_' + name + '.scss');
    loadedUrls.push(pathToFileURL(partial));
    return fs.readFileSync(partial, 'utf8');
  });
  const lines = text.split('\\n');
  const at = lines.findIndex((l) => l.includes('@error'));
  if (at >= 0) throw Object.assign(new Error('Sass failed'), { sassMessage: 'stopped here', span: { url: pathToFileURL(file), start: { line: at, column: 2 } } });
  const vars = {};
  text = text.replace(/^\\$([\\w-]+):\\s*([^;]+);\\n/gm, (_, k, v) => { vars[k] = v; return ''; });
  return { css: text.replace(/\\$([\\w-]+)/g, (_, k) => vars[k]), loadedUrls };
};
`;

const stylesheet = (bundle: Awaited<ReturnType<typeof bundleClient>>) =>
  Buffer.from(bundle.files.find((f) => `/${f.file}` === bundle.css)!.contents).toString();

describe("the project's Sass stylesheets (customCss with docusaurus-plugin-sass)", () => {
  it("compiles a .scss stylesheet with the project's own sass package, after the theme's styles", async () => {
    const root = await project({
      'node_modules/sass/package.json': '{ "name": "sass", "main": "index.js" }',
      'node_modules/sass/index.js': SASS_STAND_IN,
      'src/css/custom.scss': "@use 'colors';\n.label { color: $brand; }\n",
      'src/css/_colors.scss': '$brand: #ef4242;\n',
    });
    const bundle = await bundleClient({ toolRoot: repoRoot, baseUrl: '/', projectRoot: root, styles: ['src/css/custom.scss'] });
    const css = stylesheet(bundle);
    expect(css).toMatch(/\.label\{color:#ef4242\}/);
    expect(css.indexOf('.label{')).toBeGreaterThan(css.indexOf('.navbar'));
    // The partial Sass read is among the bundle's inputs, so its cache record is made again when it changes.
    expect(bundle.inputs).toContain(path.join(root, 'src/css/_colors.scss'));
  });

  it("names a Sass error at the stylesheet's line, and a project without sass at the stylesheet", async () => {
    const failing = await project({
      'node_modules/sass/package.json': '{ "name": "sass", "main": "index.js" }',
      'node_modules/sass/index.js': SASS_STAND_IN,
      'src/css/custom.scss': '.a {\n  @error "no";\n}\n',
    });
    const error = await bundleClient({ toolRoot: repoRoot, baseUrl: '/', projectRoot: failing, styles: ['src/css/custom.scss'] }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(StylesheetError);
    expect(error).toMatchObject({ message: 'stopped here', place: { file: 'src/css/custom.scss', line: 2, column: 3 } });

    const without = await project({ 'src/css/custom.scss': '.a { b { color: red; } }\n' });
    const missing = await bundleClient({ toolRoot: repoRoot, baseUrl: '/', projectRoot: without, styles: ['src/css/custom.scss'] }).catch(
      (e: unknown) => e,
    );
    expect(missing).toBeInstanceOf(StylesheetError);
    expect(missing).toMatchObject({
      message: expect.stringContaining('npm install sass'),
      place: { file: 'src/css/custom.scss', line: 1 },
    });
  });

  it('finds an @import of ~package/path in node_modules, as sass-loader does for docusaurus-plugin-sass', async () => {
    // Apache Answer's site imports ~bootstrap/scss/bootstrap: without the ~ understood, Sass found no such file and
    // the build failed at the stylesheet. A stand-in for sass that asks the importers it is given, as Sass does, and
    // then looks for the partial.
    const standIn = `const fs = require('node:fs');
const { fileURLToPath, pathToFileURL } = require('node:url');
exports.compile = (file, options) => {
  const loadedUrls = [pathToFileURL(file)];
  const css = fs.readFileSync(file, 'utf8').replace(/@import '([^']+)';\\n/g, (_, url) => {
    const found = options.importers.map((i) => i.findFileUrl(url)).find(Boolean);
    if (!found) throw Object.assign(new Error('no file'), { sassMessage: "Can't find stylesheet to import.", span: { url: pathToFileURL(file), start: { line: 0, column: 8 } } });
    const base = fileURLToPath(found);
    const partial = base.replace(/([^/]+)$/, '_$1.scss');
    loadedUrls.push(pathToFileURL(partial));
    return fs.readFileSync(partial, 'utf8');
  });
  return { css, loadedUrls };
};
`;
    const root = await project({
      'node_modules/sass/package.json': '{ "name": "sass", "main": "index.js" }',
      'node_modules/sass/index.js': standIn,
      'node_modules/kitestyles/scss/_kite.scss': '.kite { color: teal; }\n',
      'src/css/custom.scss': "@import '~kitestyles/scss/kite';\n.label { color: navy; }\n",
    });
    const bundle = await bundleClient({ toolRoot: repoRoot, baseUrl: '/', projectRoot: root, styles: ['src/css/custom.scss'] });
    expect(stylesheet(bundle)).toMatch(/\.kite\{color:teal\}/);
    expect(bundle.inputs).toContain(path.join(root, 'node_modules/kitestyles/scss/_kite.scss'));
  });
});
