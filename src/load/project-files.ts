import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { ProjectFile, ProjectFiles } from '../types.ts';

/**
 * The project files emit publishes as they are (content images), read here so that only config and load open the
 * project: each file once per reader, for its size and content hash; emit names it by the hash and hands its path
 * to the writer, which copies it. A reader is made per build (per dev run), so an edited image is read again.
 */
export class ContentFiles implements ProjectFiles {
  private readonly known = new Map<string, Promise<ProjectFile | undefined>>();

  constructor(private readonly root: string) {}

  /** A project-relative file's facts, or undefined when it is not there or cannot be read (emit reports it). */
  file(relative: string): Promise<ProjectFile | undefined> {
    let found = this.known.get(relative);
    if (!found) {
      const source = path.join(this.root, relative);
      found = readFile(source).then(
        (bytes) => ({ source, size: bytes.byteLength, hash: createHash('sha1').update(bytes).digest('hex') }),
        () => undefined,
      );
      this.known.set(relative, found);
    }
    return found;
  }
}

/** What the client bundle must know of the project's stylesheets (SiteConfig.styles), read before it is made. */
export interface StyleFacts {
  /** One of them sets Infima's `--ifm-color-primary`: the theme's primary colour follows it. */
  setsPrimary: boolean;
}

/** The facts of the project's stylesheets (project-relative); one that cannot be read is esbuild's to report. */
export function readStyleFacts(root: string, styles: readonly string[]): StyleFacts {
  const text = (file: string) => {
    try {
      return readFileSync(path.resolve(root, file), 'utf8');
    } catch {
      return '';
    }
  };
  return { setsPrimary: styles.some((file) => text(file).includes('--ifm-color-primary')) };
}
