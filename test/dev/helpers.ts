import { readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { buildSite } from '../../src/build.ts';
import type { FileChange } from '../../src/dev/classify.ts';
import { startDev, type DevHandle, type DevOptions } from '../../src/dev/index.ts';
import { MemoryStore } from '../../src/dev/memory-store.ts';
import { DevSession, type DevSessionOptions } from '../../src/dev/session.ts';
import { MemoryWriter } from '../../src/emit/index.ts';
import { classicTheme } from '../../themes/classic/index.tsx';
import { repoRoot } from '../helpers.ts';
import { get } from './http.ts';

/** A dev session over a project without watcher or server: tests hand it the changes themselves. */
export async function openSession(root: string, options: Partial<DevSessionOptions> = {}) {
  const store = new MemoryStore(undefined, () => ['de/_quire/']);
  const session = new DevSession({ root, toolRoot: repoRoot, theme: classicTheme, store, cacheDir: false, ...options });
  const first = await session.start();
  if (!first.ok) throw new Error('first dev build failed: ' + JSON.stringify(first.diagnostics, null, 2));
  /** Writes (or with null removes) project files and runs the update the watcher would run. */
  const edit = async (files: Record<string, string | ((old: string) => string) | null>) => {
    const changes: FileChange[] = [];
    for (const [rel, content] of Object.entries(files)) {
      const abs = path.join(root, rel);
      if (content === null) {
        const { rm } = await import('node:fs/promises');
        await rm(abs, { force: true });
        changes.push({ file: abs, removed: true });
      } else {
        const text = typeof content === 'function' ? content(await readFile(abs, 'utf8')) : content;
        const { mkdir } = await import('node:fs/promises');
        await mkdir(path.dirname(abs), { recursive: true });
        await writeFile(abs, text);
        changes.push({ file: abs, removed: false });
      }
    }
    return session.update(changes);
  };
  return { session, store, first, edit };
}

/** Every page of a clean development build of the project, file → HTML. */
export async function cleanBuildPages(root: string): Promise<Map<string, string>> {
  const writer = new MemoryWriter();
  const result = await buildSite({ root, toolRoot: repoRoot, theme: classicTheme, writer, cacheDir: false, mode: 'development' });
  if (!result.ok) throw new Error('clean build failed: ' + JSON.stringify(result.diagnostics, null, 2));
  const pages = new Map<string, string>();
  for (const file of writer.files.keys()) if (file.endsWith('.html')) pages.set(file, writer.text(file)!);
  return pages;
}

/** Every page the dev store serves, file → HTML as emitted (without the live script). */
export function storePages(store: MemoryStore): Map<string, string> {
  const pages = new Map<string, string>();
  for (const file of store.keys()) {
    const raw = store.raw(file);
    if (file.endsWith('.html') && typeof raw === 'string') pages.set(file, raw);
  }
  return pages;
}

/**
 * `quire dev` on a test site: any free port, no cache, the classic theme, compiling in worker threads as the
 * CLI does (lib/worker.js), and (unless a test says otherwise) no watched theme or client folders and a
 * silent terminal. A start that fails throws with its diagnostics.
 */
export async function startTestDev(root: string, options: Partial<DevOptions> = {}): Promise<DevHandle> {
  const workerFile = path.join(repoRoot, 'lib/worker.js');
  const started = await startDev({
    root,
    toolRoot: repoRoot,
    theme: classicTheme,
    port: 0,
    cacheDir: false,
    workerFile,
    themeDirs: [],
    clientDirs: [],
    log: () => {},
    ...options,
  });
  if ('diagnostics' in started) throw new Error(JSON.stringify(started.diagnostics));
  return started;
}

/** Saves a file as many editors do: into a hidden temporary file, renamed over the old one. */
export async function saveAtomically(abs: string, text: string): Promise<void> {
  const temporary = path.join(path.dirname(abs), `.${path.basename(abs)}.tmp`);
  await writeFile(temporary, text);
  await rename(temporary, abs);
}

/** The body of `url` once it contains `text` (polled, bounded to about five seconds), or the last one fetched. */
export async function bodyOnceItShows(url: string, text: string): Promise<string> {
  let body = '';
  for (let i = 0; i < 100; i++) {
    body = (await get(url)).body.toString();
    if (body.includes(text)) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  return body;
}
