import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { CODES, error, type Diagnostic } from '../diagnostics.ts';
import type { Loaded, Page, Site, StageResult } from '../types.ts';
import { bundleClient } from './client.ts';
import { outputFile, robotsTxt, sidebarChunks, sitemapXml } from './files.ts';
import type { Writer } from './writer.ts';

export { DirWriter, MemoryWriter, type Writer } from './writer.ts';
export { outputFile } from './files.ts';

export interface EmitOptions {
  site: Site;
  pages: Page[];
  staticFiles: Loaded['staticFiles'];
  root: string;
  /** The quire package folder (client sources, theme styles). */
  toolRoot: string;
  writer: Writer;
  /** Placeholders render left for the bundle URLs. */
  bundlePlaceholders: { css: string; js: string };
  minify?: boolean;
}

export interface EmitReport {
  files: number;
  bytes: number;
  clientJs: string;
  clientCss: string;
}

/** Writes pages, assets, static files, sitemap and robots through the writer, then commits. */
export async function emit(options: EmitOptions): Promise<StageResult<EmitReport | undefined>> {
  const { site, pages, staticFiles, root, toolRoot, writer, bundlePlaceholders } = options;
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
  try {
    const bundle = await bundleClient({ toolRoot, baseUrl, minify: options.minify });
    for (const f of bundle.files) await write(base + f.file, f.contents);

    // Relative images from content: copied once under a content hash.
    const assetUrls = new Map<string, string>();
    for (const page of pages) {
      for (const asset of page.assets) {
        if (assetUrls.has(asset.placeholder)) continue;
        let data: Buffer;
        try {
          data = await readFile(path.join(root, asset.file));
        } catch {
          diagnostics.push(error(CODES.BROKEN_LINK, `Image not found: ${asset.file}.`, { file: asset.file }));
          continue;
        }
        const ext = path.extname(asset.file);
        const name = `assets/${path.basename(asset.file, ext)}.${createHash('sha1').update(data).digest('hex').slice(0, 8)}${ext}`;
        await write(base + name, data);
        assetUrls.set(asset.placeholder, baseUrl + name);
      }
    }
    if (diagnostics.length) {
      await writer.abort();
      return { value: undefined, diagnostics };
    }

    await inBatches(pages, (page) => {
      let html = page.html.replaceAll(bundlePlaceholders.css, bundle.css).replaceAll(bundlePlaceholders.js, bundle.js);
      for (const asset of page.assets) html = html.replaceAll(asset.placeholder, assetUrls.get(asset.placeholder)!);
      return write(outputFile(baseUrl, page.path), html);
    });
    await inBatches(staticFiles, async (f) => {
      await writer.copy(path.join(root, f.file), base + f.path.slice(1));
      files++;
    });
    for (const chunk of sidebarChunks(site)) await write(base + chunk.file, chunk.json);
    await write(base + 'sitemap.xml', sitemapXml(site));
    await write('robots.txt', robotsTxt(site));
    await writer.commit();
    return { value: { files, bytes, clientJs: bundle.js, clientCss: bundle.css }, diagnostics };
  } catch (e) {
    await writer.abort().catch(() => undefined);
    diagnostics.push(error(CODES.WRITE_FAILED, `Writing the output failed: ${(e as Error).message}`, { hint: 'Check that the output folder is writable and the disk has space.' }));
    return { value: undefined, diagnostics };
  }
}

/** Runs file writes with bounded concurrency: fast on any disk, without exhausting file handles. */
async function inBatches<T>(items: readonly T[], run: (item: T) => Promise<void>, concurrency = 32): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await run(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
}
