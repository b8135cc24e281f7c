import { statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { contentImageError, type Diagnostic } from '../diagnostics.ts';
import type { Page } from '../types.ts';
import { assetName, contentHash } from './hash.ts';
import type { Tally } from './tally.ts';

type Asset = Page['assets'][number];

/**
 * Relative images from content, published once each under a content hash. A kept page's image is the file the
 * previous build published: same bytes (its hash is in the page's fingerprint), so same name; it is kept as it
 * is, not read and written again.
 */
export class ContentAssets {
  private urls = new Map<string, string>();

  constructor(
    private readonly output: Tally,
    private readonly options: {
      root: string;
      baseUrl: string;
      /** The sha1 of each content image's bytes, when the build hashed them already (page fingerprints). */
      hashes?: ReadonlyMap<string, string>;
      /** Where the previous output holds a file (see OutputManifest.previousPath), when pages can be kept. */
      previousPath?: (file: string) => string;
    },
    private readonly diagnostics: Diagnostic[],
  ) {}

  /** The asset's published URL, writing it the first time; undefined (and a diagnostic) when it cannot be. */
  async url(asset: Asset): Promise<string | undefined> {
    const known = this.urls.get(asset.marker);
    if (known) return known;
    // Reported where the content refers to it (plan reported these already, unless a file vanished since).
    if (asset.file.startsWith('../')) {
      this.diagnostics.push(contentImageError(asset, 'outside'));
      return undefined;
    }
    const { root, baseUrl, hashes } = this.options;
    let data: Buffer;
    try {
      data = await readFile(path.join(root, asset.file));
    } catch {
      this.diagnostics.push(contentImageError(asset, 'missing'));
      return undefined;
    }
    const name = assetName(asset.file, hashes?.get(asset.file) ?? contentHash(data));
    this.urls.set(asset.marker, baseUrl + name);
    await this.output.write(this.base + name, data);
    return baseUrl + name;
  }

  /** Keeps a kept page's image from the previous output, or publishes it when that copy is gone or changed. */
  async keepOrWrite(asset: Asset): Promise<void> {
    if (!this.keep(asset)) await this.url(asset);
  }

  /** Replaces the page's asset markers by their URLs. */
  async inPage(page: Page): Promise<string> {
    let html = page.html;
    for (const asset of page.assets) {
      const url = await this.url(asset);
      if (url) html = html.replaceAll(asset.marker, url);
    }
    return html;
  }

  private keep(asset: Asset): boolean {
    if (this.urls.has(asset.marker)) return true;
    const { root, baseUrl, hashes, previousPath } = this.options;
    const hash = hashes?.get(asset.file);
    if (!hash || !previousPath) return false;
    const name = assetName(asset.file, hash);
    // Still there and whole (a file deleted or changed by hand is written again).
    const size = statSync(path.join(root, asset.file)).size;
    if (statSync(previousPath(this.base + name), { throwIfNoEntry: false })?.size !== size) return false;
    this.output.keep(this.base + name, size);
    this.urls.set(asset.marker, baseUrl + name);
    return true;
  }

  private get base(): string {
    return this.options.baseUrl.replace(/^\//, '');
  }
}
