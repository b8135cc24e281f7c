/**
 * The render stage's door: `renderPages` (a build: in this thread or a pool), `renderEach` (quire dev), the
 * worker's `routeRenderer` and its job types, `loadCodeBlocks` (the highlighter's grammars a site needs, loaded
 * before rendering), and the fingerprints incremental builds compare.
 */
export { FingerprintMemo, fingerprintRoutes } from './fingerprint.ts';
export { loadCodeBlocks, routeRenderer } from './page.ts';
export { renderEach } from './pages.ts';
export { renderPages, type RenderJob, type RenderTask } from './pool.ts';
