import { contentImageError, type Diagnostic, outsideProject } from '../diagnostics.ts';
import type { Page, ProjectFiles } from '../types.ts';
import { assetName } from './hash.ts';
import type { Tally } from './tally.ts';

type Asset = Page['assets'][number];

/**
 * Relative images from content, published once each under a content hash. Load's reader (`files`) gives each
 * image's size, hash and path on disk; the writer copies it, so emit never opens a project file. A kept page's
 * image is the file the previous build published: same bytes (its hash is in the page's fingerprint), so same
 * name; it is kept as it is, not copied again.
 */
export class ContentAssets {
  private urls = new Map<string, string>();

  constructor(
    private readonly output: Tally,
    private readonly options: {
      baseUrl: string;
      /** Load's reader of the images; without it a page may have none. */
      files?: ProjectFiles;
      /** The size a file of the previous output has (see OutputManifest.previousSize), when pages can be kept. */
      previousSize?: (file: string) => number | undefined;
    },
    private readonly diagnostics: Diagnostic[],
  ) {}

  /** The asset's published URL, copying it the first time; undefined (and a diagnostic) when it cannot be. */
  async url(asset: Asset): Promise<string | undefined> {
    const known = this.urls.get(asset.marker);
    if (known) return known;
    // Reported where the content refers to it (plan reported these already, unless a file vanished since).
    if (outsideProject(asset.file)) {
      this.diagnostics.push(contentImageError(asset, 'outside'));
      return undefined;
    }
    const found = await this.reader().file(asset.file);
    if (!found) {
      this.diagnostics.push(contentImageError(asset, 'missing'));
      return undefined;
    }
    const name = assetName(asset.file, found.hash);
    this.urls.set(asset.marker, this.options.baseUrl + name);
    await this.output.writer.copy(found.source, this.base + name);
    this.output.count(found.size);
    return this.options.baseUrl + name;
  }

  /** Keeps a kept page's image from the previous output, or publishes it when that copy is gone or changed. */
  async keepOrWrite(asset: Asset): Promise<void> {
    if (!(await this.keep(asset))) await this.url(asset);
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

  private async keep(asset: Asset): Promise<boolean> {
    if (this.urls.has(asset.marker)) return true;
    const { baseUrl, previousSize } = this.options;
    if (!previousSize || outsideProject(asset.file)) return false;
    const found = await this.reader().file(asset.file);
    if (!found) return false;
    const name = assetName(asset.file, found.hash);
    // Still there and whole (a file deleted or changed by hand is written again).
    if (previousSize(this.base + name) !== found.size) return false;
    this.output.keep(this.base + name, found.size);
    this.urls.set(asset.marker, baseUrl + name);
    return true;
  }

  private reader(): ProjectFiles {
    if (!this.options.files) throw new Error('quire bug: a page with content images was emitted without the reader of them');
    return this.options.files;
  }

  private get base(): string {
    return this.options.baseUrl.replace(/^\//, '');
  }
}
