export { STORAGE_KEYS } from './inline-scripts.ts';
export { safeJson } from './document.tsx';
export { FingerprintMemo, fingerprintRoutes, type FingerprintInputs } from './fingerprint.ts';
export {
  limitedRender,
  loadCodeBlocks,
  renderRoute,
  renderTimeLimit,
  routeRenderer,
  type BundleUrls,
  type RenderOneResult,
  type RenderOptions,
  type RenderRouteOptions,
} from './page.ts';
export { render, renderEach, renderEachWith, renderOrder } from './pages.ts';
export { renderPages, type RenderJob, type RenderTask } from './pool.ts';
