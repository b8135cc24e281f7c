import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { CODES, error, type Diagnostic } from '../diagnostics.ts';
import type { Loaded, Page, Site, StageResult } from '../types.ts';
import type { ClientBundle } from './client.ts';
import { outputFile, robotsTxt, sidebarChunks, sitemapXml } from './files.ts';
import type { Writer } from './writer.ts';
import { startSearchIndex } from './search.ts';

export { DirWriter, MemoryWriter, type Writer } from './writer.ts';
export { bundleClient, type ClientBundle } from './client.ts';
export { outputFile } from './files.ts';

export interface EmitOptions {
  site: Site;
  /** Pages as render produces them; written as they come. */
  pages: Iterable<Page>;
  /** The client bundle made before rendering (its URLs are in the pages). */
  bundle: ClientBundle;
  staticFiles: Loaded['staticFiles'];
  root: string;
  writer: Writer;
  /** Asked before the swap: false (an earlier stage failed while pages streamed) throws the output away. */
  canCommit?: () => boolean;
}

export interface EmitReport {
  files: number;
  bytes: number;
  clientJs: string;
  clientCss: string;
}

/** Writes pages, assets, static files, sitemap and robots through the writer, then commits. */
export async function emit(options: EmitOptions): Promise<StageResult<EmitReport | undefined>> {
  const { site, pages, bundle, staticFiles, root, writer } = options;
  const { baseUrl } = site.config;
  const base = baseUrl.replace(/^\//, '');
  const diagnostics: Diagnostic[] = [];
  let files = 0;
  let bytes = 0;
  const write = async (file: string, data: string | Uint8Array) => {
    await writer.write(file, data);
    files++;
    bytes += typeof data === 'string' ? Buffer.byteLength(data) : data.byteLength;
  };
  // The search index is fed each page as it is written (hosted search: no index).
  const searchIndex = await startSearchIndex(site);
  diagnostics.push(...searchIndex.diagnostics);
  const search = searchIndex.value;
  try {
    for (const f of bundle.files) await write(base + f.file, f.contents);

    // Relative images from content: copied once under a content hash.
    const assetUrls = new Map<string, string>();
    const assetUrl = async (asset: Page['assets'][number]): Promise<string | undefined> => {
      const known = assetUrls.get(asset.placeholder);
      if (known) return known;
      let data: Buffer;
      try {
        data = await readFile(path.join(root, asset.file));
      } catch {
        diagnostics.push(error(CODES.BROKEN_LINK, `Image not found: ${asset.file}.`, { file: asset.file }));
        return undefined;
      }
      const ext = path.extname(asset.file);
      const name = `assets/${path.basename(asset.file, ext)}.${createHash('sha1').update(data).digest('hex').slice(0, 8)}${ext}`;
      assetUrls.set(asset.placeholder, baseUrl + name);
      await write(base + name, data);
      return baseUrl + name;
    };

    await inBatches(pages, async (page) => {
      let html = page.html;
      for (const asset of page.assets) {
        const url = await assetUrl(asset);
        if (url) html = html.replaceAll(asset.placeholder, url);
      }
      await write(outputFile(baseUrl, page.path), html);
      await search?.add(page.path, html);
    });
    if (diagnostics.length || (options.canCommit && !options.canCommit())) {
      await search?.discard();
      await writer.abort();
      return { value: undefined, diagnostics };
    }
    await inBatches(staticFiles, async (f) => {
      await writer.copy(path.join(root, f.file), base + f.path.slice(1));
      files++;
    });
    await inBatches(sidebarChunks(site), (chunk) => write(base + chunk.file, chunk.json));
    await write(base + 'sitemap.xml', sitemapXml(site));
    if (search) {
      const index = await search.files();
      diagnostics.push(...index.diagnostics);
      if (diagnostics.length) {
        await writer.abort();
        return { value: undefined, diagnostics };
      }
      await inBatches(index.value, (f) => write(base + f.file, f.contents));
    }
    await write('robots.txt', robotsTxt(site));
    await writer.commit();
    return { value: { files, bytes, clientJs: bundle.js, clientCss: bundle.css }, diagnostics };
  } catch (e) {
    await search?.discard();
    await writer.abort().catch(() => undefined);
    diagnostics.push(error(CODES.WRITE_FAILED, `Writing the output failed: ${(e as Error).message}`, { hint: 'Check that the output folder is writable and the disk has space.' }));
    return { value: undefined, diagnostics };
  }
}

/** Runs file writes with bounded concurrency over any iterable (pulled lazily, so a generator streams). */
async function inBatches<T>(items: Iterable<T>, run: (item: T) => Promise<void>, concurrency = 32): Promise<void> {
  const it = items[Symbol.iterator]();
  const worker = async () => {
    for (let next = it.next(); !next.done; next = it.next()) await run(next.value);
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}
