import { outsideProject } from '../diagnostics.ts';
import type { ProjectFiles, Site } from '../types.ts';
import { OutputManifest } from './previous.ts';
import { DirWriter, type Writer } from './writer.ts';

/** The previous output a build may keep pages of, and a hash of each content image the pages show. */
export interface PreviousOutput {
  manifest: OutputManifest;
  /** A page is kept only while its images are the same: their hashes go into its fingerprint. */
  assetHashes: Map<string, string>;
}

/**
 * Opens the record of the previous output into the same folder. Only a build into a folder keeps pages (a
 * writer in memory has nothing to keep); without a cache folder or a tool version the record is disabled.
 */
export async function openPreviousOutput(
  site: Site,
  { files, writer, cacheDir, toolVersion }: { files: ProjectFiles; writer: Writer; cacheDir?: string; toolVersion?: string },
): Promise<PreviousOutput> {
  const onDisk = writer instanceof DirWriter;
  const manifest = await OutputManifest.open(onDisk ? cacheDir : undefined, onDisk ? writer.outDir : '', toolVersion);
  return { manifest, assetHashes: manifest.enabled ? await contentAssetHashes(files, site) : new Map() };
}

/** A hash of each content image's bytes, from load's reader. A file that cannot be read is left out (emit reports it). */
async function contentAssetHashes(reader: ProjectFiles, site: Site): Promise<Map<string, string>> {
  const files = [...new Set(site.compiled.flatMap((c) => c.assets.map((a) => a.file)))].filter((f) => !outsideProject(f));
  const found = await Promise.all(files.map((file) => reader.file(file)));
  return new Map(files.flatMap((file, i) => (found[i] ? [[file, found[i].hash] as const] : [])));
}
