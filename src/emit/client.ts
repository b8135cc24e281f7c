import path from 'node:path';
import { type BuildOptions, build } from 'esbuild';

export interface ClientBundle {
  /** Output files relative to the base path: `assets/main.AB12CD.js`. */
  files: { file: string; contents: Uint8Array }[];
  /** URL path (under base) of the entry script and the stylesheet. */
  js: string;
  css: string;
  /** Island name → module URL. */
  islands: Record<string, string>;
}

/** React islands: name → client entry (under the tool root). Each becomes its own lazily loaded module. */
export const ISLAND_ENTRIES: Record<string, string> = {
  MangaPromo: 'themes/classic/islands/manga-promo.client.tsx',
  SearchModal: 'themes/classic/islands/search-modal.client.tsx',
  SearchPage: 'themes/classic/islands/search-page.client.tsx',
};

/**
 * The browser side: `src/client/main.ts` (plain TypeScript, no React) and the theme's stylesheet,
 * bundled by esbuild into content-hashed files that can be cached forever.
 * This is the one place where client code and the theme's styles meet.
 */
export async function bundleClient({
  toolRoot,
  baseUrl,
  minify = true,
}: {
  toolRoot: string;
  baseUrl: string;
  minify?: boolean;
}): Promise<ClientBundle> {
  const options = {
    define: { 'process.env.NODE_ENV': JSON.stringify(minify ? 'production' : 'development') },
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    target: ['es2020'],
    minify,
    write: false,
    outdir: path.join(toolRoot, '.quire-out/assets'),
    entryNames: '[name].[hash]',
    chunkNames: 'chunks/[name].[hash]',
    assetNames: '[name].[hash]',
    // Paths in the output (and so its hashes) are relative to this folder: the same from any working directory,
    // so a build started elsewhere does not rename the bundle and re-render every page.
    absWorkingDir: toolRoot,
    logLevel: 'silent',
    legalComments: 'none',
  } satisfies BuildOptions;
  // Two builds: the page's own script shares no chunk with the islands, so a search or promotion module that
  // cannot be loaded never stops the script that shows the failure and its Retry button.
  const [page, rest] = await Promise.all([
    build({ ...options, entryPoints: { main: path.join(toolRoot, 'src/client/main.ts') } }),
    build({
      ...options,
      entryPoints: {
        styles: path.join(toolRoot, 'themes/classic/styles/index.css'),
        ...Object.fromEntries(Object.entries(ISLAND_ENTRIES).map(([name, file]) => [`island-${name}`, path.join(toolRoot, file)])),
      },
    }),
  ]);
  // A chunk both builds make has the same name (its content hash) and bytes: written once.
  const result = { outputFiles: [...new Map([...page.outputFiles, ...rest.outputFiles].map((f) => [f.path, f])).values()] };
  const outRoot = path.join(toolRoot, '.quire-out');
  const files = result.outputFiles.map((f) => ({ file: path.relative(outRoot, f.path).split(path.sep).join('/'), contents: f.contents }));
  const js = files.find((f) => /^assets\/main\.[\w-]+\.js$/.test(f.file))!.file;
  const css = files.find((f) => /^assets\/styles\.[\w-]+\.css$/.test(f.file))!.file;
  const islands = Object.fromEntries(
    Object.keys(ISLAND_ENTRIES).map((name) => [
      name,
      baseUrl + files.find((f) => f.file.startsWith(`assets/island-${name}.`) && f.file.endsWith('.js'))!.file,
    ]),
  );
  return { files, js: baseUrl + js, css: baseUrl + css, islands };
}
