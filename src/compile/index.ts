/**
 * The compile stage's door: `compileAll` (a build, with its cache and workers), what quire dev's compiled sources and
 * the worker use one source at a time, the texts and settings a compile depends on, and `bundleModules` (the modules
 * of pages that import components, bundled once for the site).
 */
export { CompileCache } from './cache.ts';
export {
  cacheKey,
  compile,
  compilerSettings,
  compileInWorker,
  compileSource,
  compileTexts,
  loadCompiler,
  pageSettings,
  preloadCompiler,
  type CompileOneResult,
  type CompileTexts,
  type Slowest,
} from './compile.ts';
export { compileAll, startCompilePool, type CompileJob } from './pool.ts';
export { addressesHold, pageAddresses, type PageAddresses } from './addresses.ts';
export { bundleModules } from './modules.ts';
export { ModuleBundles } from './module-bundles.ts';
