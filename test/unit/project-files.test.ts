import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ContentAssets } from '../../src/emit/assets.ts';
import { MemoryWriter } from '../../src/emit/writer.ts';
import { Tally } from '../../src/emit/tally.ts';
import { ContentFiles, readStyleFacts } from '../../src/load/index.ts';
import type { Diagnostic } from '../../src/types.ts';

const dirs: string[] = [];
afterAll(() => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

async function project(files: Record<string, string>): Promise<string> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'quire-project-files-'));
  dirs.push(root);
  for (const [file, text] of Object.entries(files)) await writeFile(path.join(root, file), text);
  return root;
}

const sha1 = (text: string) => createHash('sha1').update(text).digest('hex');

describe('project files emit publishes, read by load', () => {
  it("ContentFiles: should give a file's path, size and hash, once per reader, and nothing for a missing one", async () => {
    const root = await project({ 'bild.png': 'PNG-Bytes' });
    const files = new ContentFiles(root);
    const found = await files.file('bild.png');
    expect(found).toEqual({ source: path.join(root, 'bild.png'), size: 9, hash: sha1('PNG-Bytes') });
    await writeFile(path.join(root, 'bild.png'), 'geändert');
    expect(await files.file('bild.png')).toEqual(found);
    expect((await new ContentFiles(root).file('bild.png'))?.hash).toBe(sha1('geändert'));
    expect(await files.file('fehlt.png')).toBeUndefined();
  });

  it('emit: should publish a content image by copying the path load gave, named by its hash', async () => {
    const root = await project({ 'bild.png': 'PNG-Bytes' });
    const writer = new MemoryWriter();
    const copies: [string, string][] = [];
    const copy = writer.copy.bind(writer);
    writer.copy = async (from, file) => (copies.push([from, file]), copy(from, file));
    const diagnostics: Diagnostic[] = [];
    const output = new Tally(writer);
    const assets = new ContentAssets(output, { baseUrl: '/de/', files: new ContentFiles(root) }, diagnostics);
    const asset = { file: 'bild.png', marker: '\u0000asset:1\u0000', from: { file: 'seite.md', line: 3 } };
    const html = await assets.inPage({ path: '/seite/', html: `<img src="${asset.marker}">`, assets: [asset] });
    const name = `assets/bild.${sha1('PNG-Bytes').slice(0, 8)}.png`;
    expect(html).toBe(`<img src="/de/${name}">`);
    expect(copies).toEqual([[path.join(root, 'bild.png'), `de/${name}`]]);
    expect(output.bytes).toBe(9);
    await writer.commit();
    expect(writer.text(`de/${name}`)).toBe('PNG-Bytes');
    expect(diagnostics).toEqual([]);
  });

  it("readStyleFacts: should tell whether a project stylesheet sets Infima's primary colour", async () => {
    const root = await project({ 'a.css': 'body { color: red; }', 'b.css': ':root { --ifm-color-primary: #2e8555; }' });
    expect(readStyleFacts(root, ['a.css'])).toEqual({ setsPrimary: false });
    expect(readStyleFacts(root, ['a.css', 'b.css'])).toEqual({ setsPrimary: true });
  });
});
