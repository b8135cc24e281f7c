import { open } from 'node:fs/promises';
import path from 'node:path';
import { imageSize } from 'image-size';
import type { ImageSize } from '../types.ts';

/** Enough of a file for every raster format's header (a JPEG's size can follow its embedded metadata). */
const HEAD_BYTES = 128 * 1024;

/**
 * The pixel size of each image (project-relative files, by the key the caller gives them), for the social
 * card's `og:image:width` / `og:image:height`: with them, Facebook and LinkedIn show a page's card on its
 * first share instead of after fetching the image. Only the file's head is read. Vector images and files
 * that are missing or not an image get no entry (the link check reports missing ones).
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
    const { bytesRead } = await handle.read(buffer, 0, HEAD_BYTES, 0);
    const found = imageSize(buffer.subarray(0, bytesRead));
    if (found.type === 'svg' || !found.width || !found.height) return undefined;
    // EXIF orientations 5–8 turn the picture by 90°: a preview shows it the other way round.
    const turned = (found.orientation ?? 1) >= 5;
    return turned ? { width: found.height, height: found.width } : { width: found.width, height: found.height };
  } catch {
    return undefined;
  } finally {
    await handle?.close();
  }
}
