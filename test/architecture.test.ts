import { cp, mkdtemp, readdir, readFile, rename, rm, symlink, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { lintDeps, type Violation } from '../scripts/lint-deps.mjs';
import { repoRoot } from './helpers.ts';

/** What a copy of the tree holds: the code the rules are about, the rules, and what resolution needs. */
const COPIED = ['src', 'cli', 'themes', '.dependency-cruiser.cjs', 'package.json', 'tsconfig.json'];

const temporary: string[] = [];
afterAll(() => Promise.all(temporary.map((dir) => rm(dir, { recursive: true, force: true }))));

/** A copy of the tree in a temporary folder (node_modules linked, not copied), with files added or appended to. */
async function plantedCopy(files: Record<string, string>, prepare?: (root: string) => Promise<void>): Promise<string> {
  const root = await mkdtemp(path.join(tmpdir(), 'quire-architecture-'));
  temporary.push(root);
  for (const entry of COPIED) await cp(path.join(repoRoot, entry), path.join(root, entry), { recursive: true });
  await symlink(path.join(repoRoot, 'node_modules'), path.join(root, 'node_modules'), 'dir');
  await prepare?.(root);
  for (const [file, text] of Object.entries(files)) {
    const abs = path.join(root, file);
    await mkdir(path.dirname(abs), { recursive: true });
    const before = await readFile(abs, 'utf8').catch(() => '');
    await writeFile(abs, before + text);
  }
  return root;
}

/** One kind of violation: the files that make it, and the violation the check must report for it. */
interface Plant {
  name: string;
  files: Record<string, string>;
  expected: { rule: string; from: string; to?: string }[];
}

const PLANTS: Plant[] = [
  {
    name: 'a stage importing another stage',
    files: { 'src/load/planted-stage.ts': "import { compile } from '../compile/index.ts';\nexport const planted = compile;\n" },
    expected: [{ rule: 'stage-imports-contracts-only', from: 'src/load/planted-stage.ts', to: 'src/compile/index.ts' }],
  },
  {
    name: 'a stage reaching another stage through a helper it may import',
    files: {
      'src/shared/planted-helper.ts': "export { emit } from '../emit/index.ts';\n",
      'src/render/planted-transitive.ts': "import { emit } from '../shared/planted-helper.ts';\nexport const planted = emit;\n",
    },
    expected: [
      { rule: 'stage-reaches-no-other-stage', from: 'src/render/planted-transitive.ts', to: 'src/emit/index.ts' },
      { rule: 'shared-is-self-contained', from: 'src/shared/planted-helper.ts', to: 'src/emit/index.ts' },
    ],
  },
  {
    name: 'the theme importing node:fs',
    files: {
      'themes/classic/planted-fs.ts': "import { readFileSync } from 'node:fs';\nexport const planted = () => readFileSync('x', 'utf8');\n",
    },
    expected: [
      { rule: 'theme-imports-react-shared-types', from: 'themes/classic/planted-fs.ts' },
      { rule: 'fs-only-where-files-are-read', from: 'themes/classic/planted-fs.ts' },
    ],
  },
  {
    name: 'client code importing React',
    files: { 'src/client/planted-react.ts': "import { createElement } from 'react';\nexport const planted = createElement;\n" },
    expected: [{ rule: 'client-imports-client-and-shared', from: 'src/client/planted-react.ts' }],
  },
  {
    name: 'client code importing a stage',
    files: { 'src/client/planted-stage.ts': "import * as stage from '../render/index.ts';\nexport const planted = stage;\n" },
    expected: [{ rule: 'client-imports-client-and-shared', from: 'src/client/planted-stage.ts', to: 'src/render/index.ts' }],
  },
  {
    name: 'shared code importing node:path',
    files: { 'src/shared/planted-path.ts': "import path from 'node:path';\nexport const planted = path.join;\n" },
    expected: [{ rule: 'shared-is-self-contained', from: 'src/shared/planted-path.ts' }],
  },
  {
    name: 'shared code importing an npm package',
    files: { 'src/shared/planted-npm.ts': "import { load } from 'js-yaml';\nexport const planted = load;\n" },
    expected: [{ rule: 'shared-is-self-contained', from: 'src/shared/planted-npm.ts' }],
  },
  {
    name: "the CLI importing a stage's internals",
    files: { 'cli/planted-internals.ts': "import { planRoutes } from '../src/plan/routes.ts';\nexport const planted = planRoutes;\n" },
    expected: [{ rule: 'cli-calls-entry-points', from: 'cli/planted-internals.ts', to: 'src/plan/routes.ts' }],
  },
  {
    name: 'a new stage folder',
    files: { 'src/newstage/index.ts': 'export const planted = 1;\n' },
    expected: [{ rule: 'not-a-known-place-orphan', from: 'src/newstage/index.ts' }],
  },
  {
    name: 'a new stage folder that build.ts calls',
    files: {
      'src/optimize/index.ts': "import type { Site } from '../types.ts';\nexport const optimize = (site: Site) => site;\n",
      'src/build.ts': "\nimport { optimize as plantedStage } from './optimize/index.ts';\nexport const plantedNewStage = plantedStage;\n",
    },
    expected: [
      { rule: 'not-a-known-place', from: 'src/optimize/index.ts', to: 'src/types.ts' },
      { rule: 'not-a-known-place-imported', from: 'src/build.ts', to: 'src/optimize/index.ts' },
    ],
  },
  {
    name: 'a new file at the top of src/',
    files: { 'src/helpers.ts': 'export const planted = 1;\n' },
    expected: [{ rule: 'not-a-known-place-orphan', from: 'src/helpers.ts' }],
  },
  {
    name: "process.getBuiltinModule('fs') in a stage that may not touch files",
    files: { 'src/compile/planted-builtin.ts': "export const planted = () => process.getBuiltinModule('fs').readFileSync('x');\n" },
    expected: [{ rule: 'fs-only-where-files-are-read', from: 'src/compile/planted-builtin.ts', to: 'fs' }],
  },
  {
    name: "globalThis.process.getBuiltinModule('node:fs')",
    files: { 'src/render/planted-global-builtin.ts': "export const planted = () => globalThis.process.getBuiltinModule('node:fs');\n" },
    expected: [{ rule: 'fs-only-where-files-are-read', from: 'src/render/planted-global-builtin.ts' }],
  },
  {
    name: 'process.getBuiltinModule through an alias',
    files: { 'src/plan/planted-alias.ts': "const load = process.getBuiltinModule;\nexport const planted = () => load('fs');\n" },
    expected: [{ rule: 'modules-loaded-visibly', from: 'src/plan/planted-alias.ts' }],
  },
  {
    name: "require('fs')",
    files: { 'src/render/planted-require.ts': "export const planted = () => require('fs');\n" },
    expected: [{ rule: 'fs-only-where-files-are-read', from: 'src/render/planted-require.ts', to: 'fs' }],
  },
  {
    name: "import('node:fs')",
    files: { 'src/compile/planted-import.ts': "export const planted = () => import('node:fs');\n" },
    expected: [{ rule: 'fs-only-where-files-are-read', from: 'src/compile/planted-import.ts' }],
  },
  {
    name: 'import() of a computed name',
    files: { 'src/plan/planted-computed.ts': "export const planted = () => import(['node', 'fs'].join(':'));\n" },
    expected: [{ rule: 'computed-import-where-allowed', from: 'src/plan/planted-computed.ts' }],
  },
  {
    name: "createRequire(…)('fs')",
    files: {
      'src/render/planted-create-require.ts':
        "import { createRequire } from 'node:module';\nexport const planted = () => createRequire(import.meta.url)('fs');\n",
    },
    expected: [
      { rule: 'modules-loaded-visibly', from: 'src/render/planted-create-require.ts' },
      { rule: 'module-loaders-where-needed', from: 'src/render/planted-create-require.ts' },
    ],
  },
  {
    name: "process.binding('fs')",
    files: {
      'src/plan/planted-binding.ts':
        "export const planted = () => (process as unknown as { binding(name: string): unknown }).binding('fs');\nexport const plantedToo = () => process['binding' as 'exit'];\n",
    },
    expected: [{ rule: 'modules-loaded-visibly', from: 'src/plan/planted-binding.ts' }],
  },
  {
    name: 'a write (writeFileSync) in src/plan/',
    files: {
      'src/plan/planted-write.ts': "import { writeFileSync } from 'node:fs';\nexport const planted = () => writeFileSync('x', '');\n",
    },
    expected: [
      { rule: 'fs-writes-where-writes-are-allowed', from: 'src/plan/planted-write.ts', to: 'writeFileSync' },
      { rule: 'fs-only-where-files-are-read', from: 'src/plan/planted-write.ts' },
    ],
  },
  {
    name: 'a write (fs.promises.writeFile) in src/render/',
    files: {
      'src/render/planted-write.ts': "import { promises as fsp } from 'node:fs';\nexport const planted = () => fsp.writeFile('x', '');\n",
    },
    expected: [
      { rule: 'fs-writes-where-writes-are-allowed', from: 'src/render/planted-write.ts', to: 'writeFile' },
      { rule: 'fs-only-where-files-are-read', from: 'src/render/planted-write.ts' },
    ],
  },
  {
    name: 'a write in src/load/, which may only read',
    files: {
      'src/load/planted-write.ts': "import { writeFile as save } from 'node:fs/promises';\nexport const planted = () => save('x', '');\n",
    },
    expected: [{ rule: 'fs-writes-where-writes-are-allowed', from: 'src/load/planted-write.ts', to: 'writeFile' }],
  },
  {
    name: 'a file opened for writing in src/config/',
    files: {
      'src/config/planted-open.ts':
        "import { open } from 'node:fs/promises';\nexport const planted = (p: string) => open(p, 'w');\nexport const read = (p: string) => open(p, 'r');\n",
    },
    expected: [{ rule: 'fs-writes-where-writes-are-allowed', from: 'src/config/planted-open.ts', to: "open(…, 'w')" }],
  },
  {
    name: 'a write stream in src/build.ts through a namespace import',
    files: {
      'src/build.ts':
        "\nimport * as plantedFs from 'node:fs';\nexport const plantedStream = (p: string) => plantedFs.createWriteStream(p);\n",
    },
    expected: [{ rule: 'fs-writes-where-writes-are-allowed', from: 'src/build.ts', to: 'createWriteStream' }],
  },
  {
    name: "fs required in a reader, out of the write check's sight",
    files: { 'src/load/planted-require.ts': "export const planted = () => require('node:fs') as unknown;\n" },
    expected: [{ rule: 'fs-calls-by-name', from: 'src/load/planted-require.ts' }],
  },
  {
    name: 'emit reading a content image itself instead of through load (assets.ts)',
    files: {
      'src/emit/assets.ts':
        "\nimport { readFile as plantedRead } from 'node:fs/promises';\nexport const plantedImage = (root: string, file: string) => plantedRead(root + file);\n",
    },
    expected: [{ rule: 'fs-only-where-files-are-read', from: 'src/emit/assets.ts', to: 'fs/promises' }],
  },
  {
    name: "a new emit module reading a project file through process.getBuiltinModule('fs')",
    files: {
      'src/emit/planted-styles.ts': "export const planted = (file: string) => process.getBuiltinModule('fs').readFileSync(file, 'utf8');\n",
    },
    expected: [{ rule: 'fs-only-where-files-are-read', from: 'src/emit/planted-styles.ts', to: 'fs' }],
  },
  {
    name: "emit's index statting a project file",
    files: {
      'src/emit/index.ts':
        "\nimport { statSync as plantedStat } from 'node:fs';\nexport const plantedSize = (file: string) => plantedStat(file).size;\n",
    },
    expected: [{ rule: 'fs-only-where-files-are-read', from: 'src/emit/index.ts', to: 'fs' }],
  },
  {
    name: 'a package that writes files (esbuild) in a stage that may not write',
    files: { 'src/plan/planted-esbuild.ts': "import { build } from 'esbuild';\nexport const planted = build;\n" },
    expected: [{ rule: 'packages-that-write-where-writes-are-allowed', from: 'src/plan/planted-esbuild.ts' }],
  },
  {
    name: 'shipped code importing a devDependency at run time',
    files: { 'src/render/planted-dev-dependency.ts': "import { expect } from 'vitest';\nexport const planted = expect;\n" },
    expected: [{ rule: 'shipped-code-uses-dependencies', from: 'src/render/planted-dev-dependency.ts' }],
  },
  {
    name: 'src/types.ts importing a stage',
    files: { 'src/types.ts': "\nimport { plan as plantedPlan } from './plan/index.ts';\nexport const plantedStage = plantedPlan;\n" },
    expected: [{ rule: 'types-are-the-contracts', from: 'src/types.ts', to: 'src/plan/index.ts' }],
  },
  {
    name: 'src/types.ts importing code from config',
    files: {
      'src/types.ts': "\nimport { loadConfig as plantedLoad } from './config/index.ts';\nexport const plantedConfig = plantedLoad;\n",
    },
    expected: [{ rule: 'types-name-config-types-only', from: 'src/types.ts', to: 'src/config/index.ts' }],
  },
  {
    name: 'src/worker.ts importing the theme',
    files: {
      'src/worker.ts':
        "\nimport { classicTheme as plantedTheme } from '../themes/classic/index.tsx';\nexport const plantedWorkerTheme = plantedTheme;\n",
    },
    expected: [{ rule: 'worker-runs-compile-and-render', from: 'src/worker.ts', to: 'themes/classic/index.tsx' }],
  },
  {
    name: 'the pipeline importing the build lock (a policy of the build driver)',
    files: { 'src/pipeline.ts': "\nimport { acquireLock as plantedLock } from './lock.ts';\nexport const planted = plantedLock;\n" },
    expected: [{ rule: 'pipeline-runs-stage-entries', from: 'src/pipeline.ts', to: 'src/lock.ts' }],
  },
  {
    name: 'a stage importing the build lock',
    files: { 'src/render/planted-lock.ts': "import { acquireLock } from '../lock.ts';\nexport const planted = acquireLock;\n" },
    expected: [{ rule: 'stage-imports-contracts-only', from: 'src/render/planted-lock.ts', to: 'src/lock.ts' }],
  },
  {
    name: 'the theme importing a stage',
    files: { 'themes/classic/planted-stage.tsx': "import * as render from '../../src/render/index.ts';\nexport const planted = render;\n" },
    expected: [{ rule: 'theme-imports-react-shared-types', from: 'themes/classic/planted-stage.tsx', to: 'src/render/index.ts' }],
  },
  {
    name: "the dev session importing a stage's internals and the CLI",
    files: {
      'src/dev/planted.ts':
        "import { planRoutes } from '../plan/routes.ts';\nimport { parsePort } from '../../cli/flags.ts';\nexport const planted = [planRoutes, parsePort];\n",
    },
    expected: [
      { rule: 'dev-drives-stage-entries', from: 'src/dev/planted.ts', to: 'src/plan/routes.ts' },
      { rule: 'nothing-imports-the-cli', from: 'src/dev/planted.ts', to: 'cli/flags.ts' },
    ],
  },
  {
    name: 'the glob helper, which every stage may import, importing a stage',
    files: { 'src/globs.ts': "\nimport { plan as plantedPlan } from './plan/index.ts';\nexport const planted = plantedPlan;\n" },
    expected: [{ rule: 'helpers-import-contracts-only', from: 'src/globs.ts', to: 'src/plan/index.ts' }],
  },
];

/** Renames src/plan to src/planning and follows the rename in every import, as an editor would. */
async function renamePlan(root: string): Promise<void> {
  await rename(path.join(root, 'src/plan'), path.join(root, 'src/planning'));
  for (const dir of ['src', 'cli', 'themes']) {
    for (const entry of await readdir(path.join(root, dir), { recursive: true, withFileTypes: true })) {
      if (!entry.isFile() || !/\.tsx?$/.test(entry.name)) continue;
      const file = path.join(entry.parentPath, entry.name);
      const text = await readFile(file, 'utf8');
      const renamed = text.replace(/(['"](?:\.\.?\/)+(?:src\/)?)plan\//g, '$1planning/');
      if (renamed !== text) await writeFile(file, renamed);
    }
  }
}

const violationsOf = (() => {
  const runs = new Map<string, Promise<Violation[]>>();
  return (key: string, run: () => Promise<Violation[]>) => {
    if (!runs.has(key)) runs.set(key, run());
    return runs.get(key)!;
  };
})();

/** Every plant in one copy: each plant's violations name its own files, so one run shows each of them. */
function mergedPlants(): Record<string, string> {
  const files: Record<string, string> = {};
  for (const plant of PLANTS) for (const [file, text] of Object.entries(plant.files)) files[file] = (files[file] ?? '') + text;
  return files;
}

const format = (v: Violation) => `${v.rule}: ${v.from} → ${v.to}${v.message ? ` (${v.message})` : ''}`;

describe('architecture', () => {
  it('architecture: the tree keeps every rule of .dependency-cruiser.cjs and the source walk', async () => {
    const violations = await violationsOf('real', () => lintDeps(repoRoot));
    expect(violations.map(format)).toEqual([]);
  });

  it.each(PLANTS)('architecture: should fail for $name', async (plant) => {
    const violations = await violationsOf('planted', async () => lintDeps(await plantedCopy(mergedPlants())));
    for (const expected of plant.expected)
      expect(violations, format({ ...expected, to: expected.to ?? '…' })).toContainEqual(expect.objectContaining(expected));
  });

  it('architecture: should fail for a renamed folder (src/plan → src/planning), imports and all', async () => {
    const violations = await violationsOf('renamed', async () => lintDeps(await plantedCopy({}, renamePlan)));
    const rules = new Set(violations.map((v) => `${v.rule} ${v.from}`));
    expect(rules).toContain('known-place-exists src/plan');
    expect(rules).toContain('not-a-known-place src/planning/index.ts');
    expect(rules).toContain('build-drives-plan src/build.ts');
  });

  it('architecture: zod is imported as a namespace, so the bundle leaves out what the build never calls', async () => {
    // `import { z } from 'zod'` is zod's whole namespace object: bundled, it brought its 60-odd message
    // locales and JSON Schema code (the CLI's zod chunk: 765 kB, loaded at every start); `import * as z`
    // lets esbuild keep what is used (274 kB). Loading zod alone: 35–53 ms against 18–29 ms.
    const problems: string[] = [];
    for (const dir of ['src', 'themes']) {
      for (const entry of await readdir(path.join(repoRoot, dir), { recursive: true, withFileTypes: true })) {
        if (!entry.isFile() || !/\.tsx?$/.test(entry.name)) continue;
        const file = path.join(entry.parentPath, entry.name);
        const text = await readFile(file, 'utf8');
        for (const m of text.matchAll(/^import\s+(?!type\b)([^'"]*?)\s+from\s+'zod(?:\/[^']*)?'/gm))
          if (!/^\*\s+as\s+\w+$/.test(m[1])) problems.push(`${path.relative(repoRoot, file)}: ${m[0]}`);
      }
    }
    expect(problems).toEqual([]);
  });
});
