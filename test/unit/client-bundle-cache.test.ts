import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { repoRoot } from '../helpers.ts';

// esbuild's `build`, counted: a bundle taken from the cache must not run it.
const builds = vi.hoisted(() => ({ count: 0 }));
vi.mock('esbuild', async (importOriginal) => {
  const esbuild = await importOriginal<typeof import('esbuild')>();
  return {
    ...esbuild,
    build: (options: import('esbuild').BuildOptions) => {
      builds.count++;
      return esbuild.build(options);
    },
  };
});

const { bundleClient } = await import('../../src/emit/client.ts');

let dirs: string[] = [];
afterEach(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  dirs = [];
});

const files = (bundle: Awaited<ReturnType<typeof bundleClient>>) =>
  bundle.files.map((f) => [f.file, Buffer.from(f.contents).toString('base64')]).sort();

describe('client bundle cache', () => {
  it('client bundle: should be taken from the cache folder while its inputs are the same, and made again when one changed', async () => {
    const project = await mkdtemp(path.join(os.tmpdir(), 'quire-bundle-'));
    dirs.push(project);
    const cacheDir = path.join(project, '.quire/cache');
    await writeFile(path.join(project, 'custom.css'), ':root { --ifm-color-primary: #123456; }\n');
    const options = { toolRoot: repoRoot, baseUrl: '/de/', projectRoot: project, styles: ['custom.css'], cacheDir };

    const first = await bundleClient(options);
    const made = builds.count;
    expect(made).toBeGreaterThan(0);

    const again = await bundleClient(options);
    expect(builds.count).toBe(made);
    expect(again.js).toBe(first.js);
    expect(again.css).toBe(first.css);
    expect(again.islands).toEqual(first.islands);
    expect(files(again)).toEqual(files(first));

    // Without the cache folder the same bundle is made, so a cached one is what a build without it writes.
    const fresh = await bundleClient({ ...options, cacheDir: undefined });
    expect(builds.count).toBe(2 * made);
    expect(files(fresh)).toEqual(files(first));

    await writeFile(path.join(project, 'custom.css'), ':root { --ifm-color-primary: #654321; }\n');
    const changed = await bundleClient(options);
    expect(builds.count).toBe(3 * made);
    expect(changed.css).not.toBe(first.css);
    const css = changed.files.find((f) => `/de/${f.file}` === changed.css)!;
    expect(Buffer.from(css.contents).toString()).toContain('#654321');
  });
});
