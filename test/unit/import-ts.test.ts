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
});
