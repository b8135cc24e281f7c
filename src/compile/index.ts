export { CompileCache } from './cache.ts';
export {
  cacheKey,
  compile,
  compilerSettings,
  compileInWorker,
  compileSource,
  compileTexts,
  compileTimeLimit,
  COMPILER_VERSION,
  loadCompiler,
  pageSettings,
  preloadCompiler,
  type CompileOneResult,
  type CompileOptions,
  type CompileTexts,
  type Slowest,
} from './compile.ts';
export { compileAll, startCompilePool, type CompileAllOptions, type CompileJob } from './pool.ts';
export { bundleModules } from './modules.ts';
