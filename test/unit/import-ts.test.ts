import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EvaluationError, importTypeScript } from '../../src/import-ts.ts';

describe("import-ts: running the project's TypeScript (config, sidebars)", () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'quire-import-'));
    await mkdir(path.join(dir, 'node_modules/meinpaket'), { recursive: true });
    await writeFile(
      path.join(dir, 'node_modules/meinpaket/package.json'),
      JSON.stringify({ name: 'meinpaket', type: 'module', exports: './index.js' }),
    );
    await writeFile(path.join(dir, 'node_modules/meinpaket/index.js'), "export const titel = 'Aus dem Paket';\n");
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('import-ts: should run a file that imports an npm package of the project, and leave no file behind', async () => {
    const file = path.join(dir, 'site.config.ts');
    await writeFile(
      file,
      "import { titel } from 'meinpaket';\nimport path from 'node:path';\nexport default { title: titel, sep: path.sep };\n",
    );
    expect((await importTypeScript(file)).value).toEqual({ title: 'Aus dem Paket', sep: path.sep });
    expect(await readdir(path.join(dir, 'node_modules/.quire'))).toEqual([]);
  });

  it('import-ts: should run a module of an installed package that imports a package, and write nothing into it', async () => {
    // A Docusaurus preset published without its build step (TypeScript): its own dependency sits in its own
    // node_modules, as npm nests a version conflict and pnpm lays out every package.
    const preset = path.join(dir, 'node_modules/mein-preset');
    await mkdir(path.join(preset, 'node_modules/hilfe'), { recursive: true });
    await writeFile(path.join(preset, 'package.json'), JSON.stringify({ name: 'mein-preset', version: '1.0.0' }));
    await writeFile(
      path.join(preset, 'node_modules/hilfe/package.json'),
      JSON.stringify({ name: 'hilfe', type: 'module', exports: './index.js' }),
    );
    await writeFile(path.join(preset, 'node_modules/hilfe/index.js'), "export const wort = 'geschachtelt';\n");
    await mkdir(path.join(preset, 'src'));
    const file = path.join(preset, 'src/index.ts');
    await writeFile(file, "import { wort } from 'hilfe';\nconst name: string = wort;\nexport default { name };\n");
    const before = await readdir(preset, { recursive: true });
    expect((await importTypeScript(file)).value).toEqual({ name: 'geschachtelt' });
    expect(await readdir(preset, { recursive: true })).toEqual(before);
  });

  it('import-ts: should place an exception thrown by such a file in its TypeScript', async () => {
    const file = path.join(dir, 'sidebars.ts');
    await writeFile(
      file,
      "import { titel } from 'meinpaket';\n\nconst items: string[] = [];\nif (titel) throw new Error('absichtlich');\nexport default { docs: items };\n",
    );
    const thrown = await importTypeScript(file).catch((e: unknown) => e);
    expect(thrown).toBeInstanceOf(EvaluationError);
    expect((thrown as EvaluationError).place).toEqual({ file, line: 4, column: 18 });
  });

  it("import-ts: should run an ESM file with Node's globals that declares its own __dirname and require", async () => {
    // Docusaurus's loader (jiti) runs such a config; the globals quire gives must not clash with the file's own.
    const sub = path.join(dir, 'eigen');
    await mkdir(sub, { recursive: true });
    const file = path.join(sub, 'docusaurus.config.ts');
    await writeFile(path.join(sub, 'teil.js'), 'module.exports = { ort: __dirname };\n');
    await writeFile(
      file,
      [
        "import { createRequire } from 'node:module';",
        "import path from 'node:path';",
        "import { fileURLToPath } from 'node:url';",
        'const require = createRequire(import.meta.url);',
        'const __dirname = path.dirname(fileURLToPath(import.meta.url));',
        "export default { dir: __dirname, sidebar: require.resolve('./teil.js') };",
      ].join('\n'),
    );
    expect((await importTypeScript(file, { nodeGlobals: true })).value).toEqual({ dir: sub, sidebar: path.join(sub, 'teil.js') });
    // A CommonJS file uses the globals as given.
    const cjs = path.join(sub, 'sidebars.js');
    await writeFile(cjs, "const teil = require('./teil.js');\nmodule.exports = { dir: __dirname, file: __filename, teil };\n");
    expect((await importTypeScript(cjs, { nodeGlobals: true })).value).toEqual({ dir: sub, file: cjs, teil: { ort: sub } });
  });

  it('import-ts: should give each module the config imports its own __dirname and __filename, as Node does', async () => {
    // Electron's config imports src/transformers/github-content-links.ts, which finds the docs from its own folder.
    const sub = path.join(dir, 'eigene-ordner');
    await mkdir(path.join(sub, 'src/transformers'), { recursive: true });
    await writeFile(
      path.join(sub, 'src/transformers/links.ts'),
      "import path from 'node:path';\nexport const docs: string = path.join(__dirname, '..', '..', 'docs');\nexport const self = __filename;\n",
    );
    await writeFile(path.join(sub, 'src/own.mjs'), "const __dirname = 'own';\nexport const own = __dirname;\n");
    const file = path.join(sub, 'docusaurus.config.ts');
    await writeFile(
      file,
      "import { docs, self } from './src/transformers/links.ts';\nimport { own } from './src/own.mjs';\nexport default { docs, self, own, dir: __dirname };\n",
    );
    expect((await importTypeScript(file, { nodeGlobals: true })).value).toEqual({
      docs: path.join(sub, 'docs'),
      self: path.join(sub, 'src/transformers/links.ts'),
      own: 'own',
      dir: sub,
    });
  });

  it("import-ts: should bundle a package whose entry is TypeScript, as Docusaurus's loader (jiti) runs it", async () => {
    // React Native's website: workspace remark plugins with `"main": "src/index.ts"`, which Node 20 cannot run.
    const sub = path.join(dir, 'arbeitsbereich');
    await mkdir(path.join(sub, 'node_modules/@eigen/plugin/src'), { recursive: true });
    await writeFile(
      path.join(sub, 'node_modules/@eigen/plugin/package.json'),
      JSON.stringify({ name: '@eigen/plugin', type: 'module', main: 'src/index.ts' }),
    );
    await writeFile(
      path.join(sub, 'node_modules/@eigen/plugin/src/index.ts'),
      "import { titel } from 'meinpaket';\nconst suffix: string = '!';\nexport default (): string => titel + suffix;\n",
    );
    const file = path.join(sub, 'docusaurus.config.ts');
    await writeFile(file, "import plugin from '@eigen/plugin';\nexport default { gruss: plugin() };\n");
    expect((await importTypeScript(file, { nodeGlobals: true })).value).toEqual({ gruss: 'Aus dem Paket!' });
  });

  it('import-ts: should resolve a relative require.resolve without extension to a TypeScript file', async () => {
    // `sidebarPath: require.resolve('./sidebars')` beside a sidebars.ts, as jiti resolves it.
    const sub = path.join(dir, 'ohne-endung');
    await mkdir(sub, { recursive: true });
    await writeFile(path.join(sub, 'sidebars.ts'), 'export default {};\n');
    const file = path.join(sub, 'docusaurus.config.ts');
    await writeFile(file, "export default { sidebar: require.resolve('./sidebars') };\n");
    expect((await importTypeScript(file, { nodeGlobals: true })).value).toEqual({ sidebar: path.join(sub, 'sidebars.ts') });
  });
});
