import { open } from 'node:fs/promises';
import path from 'node:path';
import { imageSize } from 'image-size';
import type { ImageSize } from '../types.ts';

/** Enough of a file for almost every image's header: PNG, GIF, WebP and SVG name their size in the first bytes. */
const FIRST_BYTES = 16 * 1024;
/** Enough for every raster format's header (a JPEG's size can follow its embedded metadata). */
const HEAD_BYTES = 128 * 1024;

/**
 * The pixel size of each image (project-relative files, by the key the caller gives them): for the social card's
 * `og:image:width` / `og:image:height` (with them, Facebook and LinkedIn show a page's card on its first share
 * instead of after fetching the image) and for the `width` and `height` of Markdown images. Only the file's head is
 * read. Files that are missing or not an image get no entry (the link check reports missing ones).
 */
export async function readImageSizes(root: string, files: ReadonlyMap<string, string>): Promise<Record<string, ImageSize>> {
  const byFile = new Map<string, Promise<ImageSize | undefined>>();
  const entries = await Promise.all(
    [...files].map(async ([key, file]) => {
      let size = byFile.get(file);
      if (!size) byFile.set(file, (size = headSize(path.join(root, file))));
      return [key, await size] as const;
    }),
  );
  const out: Record<string, ImageSize> = {};
  for (const [key, size] of entries.sort((a, b) => (a[0] < b[0] ? -1 : 1))) if (size) out[key] = size;
  return out;
}

async function headSize(abs: string): Promise<ImageSize | undefined> {
  let handle: Awaited<ReturnType<typeof open>> | undefined;
  try {
    handle = await open(abs, 'r');
    const buffer = Buffer.alloc(HEAD_BYTES);
    // Most headers fit the first bytes; a JPEG whose metadata comes first is read further.
    let { bytesRead } = await handle.read(buffer, 0, FIRST_BYTES, 0);
    let found = sizeIn(buffer.subarray(0, bytesRead));
    if (!found && bytesRead === FIRST_BYTES) {
      bytesRead += (await handle.read(buffer, FIRST_BYTES, HEAD_BYTES - FIRST_BYTES, FIRST_BYTES)).bytesRead;
      found = sizeIn(buffer.subarray(0, bytesRead));
    }
    return found;
  } catch {
    return undefined;
  } finally {
    await handle?.close();
  }
}

function sizeIn(head: Buffer): ImageSize | undefined {
  try {
    const found = imageSize(head);
    if (!found.width || !found.height) return undefined;
    if (found.type === 'svg') return { width: found.width, height: found.height, vector: true };
    // EXIF orientations 5–8 turn the picture by 90°: a browser and a preview show it the other way round.
    const turned = (found.orientation ?? 1) >= 5;
    return turned ? { width: found.height, height: found.width } : { width: found.width, height: found.height };
  } catch {
    return undefined;
  }
}
