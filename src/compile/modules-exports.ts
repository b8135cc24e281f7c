import { existsSync, readFileSync, realpathSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * The conditions of a package's `exports` that Docusaurus's bundler matches (webpack's `conditionNames` for its
 * client and server builds); `types` and the others name files no bundler loads.
 */
const CONDITIONS = new Set(['import', 'require', 'module', 'webpack', 'production', 'browser', 'node', 'default']);

/** The extensions Docusaurus's bundler tries on a path without one (its `resolve.extensions`), in its order. */
const EXTENSIONS = ['.wasm', '.mjs', '.js', '.jsx', '.ts', '.tsx', '.json'];

/**
 * The file a bare import (`gmail-processor/examples/Example`) names through its package's `exports` when the
 * target has no extension (`"./examples/*": "./build/examples/*"`): Node and esbuild take the target as written and
 * find no file, webpack (and Rspack) try its resolve extensions on it as on any path, so Docusaurus builds such an
 * import. Undefined when the package, its `exports` or such a file is not there: esbuild's error stands.
 */
export function exportsTargetWithExtension(request: string, resolveDir: string): string | undefined {
  const m = /^((?:@[^/]+\/)?[^/@][^/]*)(\/.*)?$/.exec(request);
  if (!m) return undefined;
  const pkgDir = packageDir(m[1], resolveDir);
  if (!pkgDir) return undefined;
  let exports: unknown;
  try {
    exports = (JSON.parse(readFileSync(path.join(pkgDir, 'package.json'), 'utf8')) as { exports?: unknown }).exports;
  } catch {
    return undefined;
  }
  const target = subpathTarget(exports, `.${m[2] ?? ''}`);
  if (!target?.startsWith('./')) return undefined;
  const base = path.join(pkgDir, target);
  for (const candidate of [...EXTENSIONS.map((ext) => base + ext), ...EXTENSIONS.map((ext) => path.join(base, `index${ext}`))])
    if (isFile(candidate)) return realpathSync(candidate);
  return undefined;
}

/** The folder of the installed package `name`, looked for in `node_modules` from `dir` up, as Node looks. */
function packageDir(name: string, dir: string): string | undefined {
  for (let at = dir; ; at = path.dirname(at)) {
    const candidate = path.join(at, 'node_modules', name);
    if (existsSync(path.join(candidate, 'package.json'))) return candidate;
    if (path.dirname(at) === at) return undefined;
  }
}

/** The target `exports` gives `subpath` (`./examples/Example`): an exact key first, else the longest `*` pattern. */
function subpathTarget(exports: unknown, subpath: string): string | undefined {
  if (exports === null || exports === undefined) return undefined;
  const map =
    typeof exports === 'object' && !Array.isArray(exports) && Object.keys(exports).some((k) => k.startsWith('.'))
      ? (exports as Record<string, unknown>)
      : { '.': exports };
  if (subpath in map) return conditionTarget(map[subpath]);
  let best: { prefix: string; suffix: string; value: unknown } | undefined;
  for (const [key, value] of Object.entries(map)) {
    const star = key.indexOf('*');
    if (star < 0) continue;
    const prefix = key.slice(0, star);
    const suffix = key.slice(star + 1);
    if (!subpath.startsWith(prefix) || !subpath.endsWith(suffix) || subpath.length < key.length - 1) continue;
    if (!best || prefix.length > best.prefix.length) best = { prefix, suffix, value };
  }
  if (!best) return undefined;
  const matched = subpath.slice(best.prefix.length, subpath.length - best.suffix.length);
  return conditionTarget(best.value)?.replaceAll('*', matched);
}

/** A target through its conditions (the first key in the object's order that the bundler matches) and arrays. */
function conditionTarget(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) {
    for (const v of value) {
      const t = conditionTarget(v);
      if (t) return t;
    }
    return undefined;
  }
  if (value && typeof value === 'object')
    for (const [key, v] of Object.entries(value)) {
      const t = CONDITIONS.has(key) ? conditionTarget(v) : undefined;
      if (t) return t;
    }
  return undefined;
}

function isFile(file: string): boolean {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
}
