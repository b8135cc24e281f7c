import { existsSync } from 'node:fs';
import { cp, mkdtemp, rm, writeFile, mkdir, readdir, realpath, symlink, unlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { crc32, deflateSync } from 'node:zlib';
import { buildSite, type BuildOptions } from '../src/build.ts';
import { MemoryWriter } from '../src/emit/index.ts';
import { classicTheme } from '../themes/classic/index.tsx';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const fixture = (name: string) => path.join(repoRoot, 'test/fixtures', name);

/** Copies a fixture into a temp folder and applies an overlay (file → content, or null to delete). */
export async function makeSite(
  name: string,
  overlay: Record<string, string | Buffer | null> = {},
): Promise<{ root: string; cleanup: () => Promise<void> }> {
  const root = await mkdtemp(path.join(tmpdir(), `quire-${name}-`));
  // Not what builds of the fixture itself left (its cache and build lock, written by tests that build it in place).
  await cp(fixture(name), root, { recursive: true, filter: (src) => path.basename(src) !== '.quire' });
  // A project with a package.json has its dependencies installed, as `npm install` leaves them: the ones the
  // fixtures use (clsx) are among this repository's.
  if (existsSync(path.join(root, 'package.json')) && !existsSync(path.join(root, 'node_modules')))
    await symlink(path.join(repoRoot, 'node_modules'), path.join(root, 'node_modules'), 'dir');
  for (const [file, content] of Object.entries(overlay)) {
    const abs = path.join(root, file);
    if (content === null) await rm(abs, { recursive: true, force: true });
    else {
      await mkdir(path.dirname(abs), { recursive: true });
      await writeFile(abs, content);
    }
  }
  // Retried: a build's detached removal of an old output generation (emit/generations.ts) may still be running
  // when a test removes the folder, and two removals at once can see a folder not yet empty (CI, once, ENOTEMPTY).
  return { root, cleanup: () => rm(root, { recursive: true, force: true, maxRetries: 5 }) };
}

/** Builds a site into memory. */
export async function buildInMemory(root: string, options: Partial<BuildOptions> = {}) {
  const writer = new MemoryWriter();
  const result = await buildSite({ root, toolRoot: repoRoot, theme: classicTheme, writer, cacheDir: false, ...options });
  return { result, writer };
}

/**
 * Makes a copy of a fixture (made by makeSite, its node_modules a link to this repository's) look as if
 * `@docusaurus/<name>` of `version` were installed for it: its own node_modules, holding that package's manifest and a
 * link to each of the repository's packages. quire reads some behaviours off the installed version.
 */
export async function installDocusaurusPackage(root: string, name: string, version: string): Promise<void> {
  const modules = path.join(root, 'node_modules');
  const shared = await realpath(modules);
  await unlink(modules);
  await mkdir(path.join(modules, '@docusaurus', name), { recursive: true });
  for (const entry of await readdir(shared)) await symlink(path.join(shared, entry), path.join(modules, entry));
  await writeFile(path.join(modules, '@docusaurus', name, 'package.json'), JSON.stringify({ name: `@docusaurus/${name}`, version }));
}

/**
 * Builds, in memory, a copy of the create-docusaurus template with an overlay (file → text); the copy is removed
 * by the given cleanups (call them in afterAll).
 */
export async function buildTemplate(overlay: Record<string, string | Buffer | null>, cleanups: (() => Promise<void>)[]) {
  const site = await makeSite('docusaurus-classic', overlay);
  cleanups.push(site.cleanup);
  return buildInMemory(site.root);
}

/** A valid grey PNG of the given size, for tests of what is read from images. */
export function png(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const head = Buffer.alloc(4);
    head.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([head, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bits per sample; colour type 0 (grey), no interlacing
  // Each row: filter byte 0, then the row's samples.
  const rows = Buffer.alloc((width + 1) * height, 0x90);
  for (let y = 0; y < height; y++) rows[y * (width + 1)] = 0;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
