// The `quire` command (lib/quire.js): runs the compiled CLI (lib/cli.cjs, one CommonJS file) through V8's code
// cache, so a run does not parse and compile quire's own code again: what the first run compiled (the whole
// compiler, after a build that compiled pages) is read back by the next. Node 22 does this itself
// (module.enableCompileCache), Node 20 does not, and for CommonJS only: hence one CommonJS file. What it saves
// is in bench/HISTORY.md (session 33). QUIRE_CODE_CACHE=0 runs without the cache.
import { createHash } from 'node:crypto';
import { lstatSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { homedir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import vm from 'node:vm';

/**
 * What the launcher hands the CLI (the bundle's `__quireLauncher`, see scripts/compile.mjs): `import()`, as a
 * script V8 deserialises from a code cache has lost its own on Node 20 ("A dynamic import callback was not
 * specified"), so every `import()` of the bundle is compiled into a call of this one; and what the CLI tells it
 * before it writes the cache at exit.
 */
export interface Launcher {
  import(specifier: string): Promise<unknown>;
  /** V8 flags the CLI set during the run (see the build command), set back before the cache is written. */
  restoreFlags: string[];
  /** Set when the run compiled pages: its cache then holds the compiler, worth writing over one that does not. */
  compiled: boolean;
}

// React picks its production build from NODE_ENV when it is loaded.
process.env.NODE_ENV ??= 'production';

const file = path.join(path.dirname(fileURLToPath(import.meta.url)), 'cli.cjs');
const source = readFileSync(file, 'utf8');
const cache = cacheFiles(source);
const full = cache && readCache(cache.full);
const start = !full && cache ? readCache(cache.start) : undefined;
const cachedData = full ?? start;

// The CommonJS wrapper, with the launcher and its import() (what scripts/compile.mjs made of the bundle's) besides.
const script = new vm.Script(`(function (exports, require, module, __filename, __dirname, __quireLauncher, __qImp) {${source}\n})`, {
  filename: file,
  ...(cachedData ? { cachedData } : {}),
  importModuleDynamically: vm.constants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
});
const launcher: Launcher = { import: (specifier) => import(specifier), restoreFlags: [], compiled: false };
const rejected = cachedData !== undefined && script.cachedDataRejected === true;

if (cache)
  process.once('exit', () => {
    // A cache made by a run that compiled pages holds the compiler: written once, and over one made without it.
    const target = launcher.compiled ? cache.full : cache.start;
    if (cachedData && !rejected && (full || !launcher.compiled)) return;
    try {
      // V8 checks its flags against the ones the cache was made with: those the run changed are set back.
      for (const flag of launcher.restoreFlags) setFlagsFromString(flag);
      writeCache(cache.dir, target, script.createCachedData());
    } catch {
      // A cache that cannot be written costs the next run its compile time, nothing else.
    }
  });

const cjsModule = { exports: {} };
script.runInThisContext()(cjsModule.exports, createRequire(file), cjsModule, file, path.dirname(file), launcher, launcher.import);

/**
 * The cache files for this CLI, Node and machine, in the user's cache folder (never a shared temporary folder:
 * the cache is code this process runs); undefined where there is none or QUIRE_CODE_CACHE is 0.
 */
function cacheFiles(code: string): { dir: string; full: string; start: string } | undefined {
  if (process.env.QUIRE_CODE_CACHE === '0') return undefined;
  const base = process.env.XDG_CACHE_HOME || (homedir() ? path.join(homedir(), '.cache') : '');
  if (!base || !path.isAbsolute(base)) return undefined;
  const dir = path.join(base, 'quire');
  // scripts/compile.mjs wrote the code's hash beside it; hashing the 4 MB here would cost each run milliseconds.
  let codeHash: string;
  try {
    codeHash = readFileSync(path.join(path.dirname(file), 'code-hash.txt'), 'utf8').trim();
  } catch {
    codeHash = createHash('sha1').update(code).digest('hex');
  }
  const key = createHash('sha1').update(`${codeHash} ${process.version} ${process.arch}`).digest('hex').slice(0, 16);
  return { dir, full: path.join(dir, `code-${key}-full.bin`), start: path.join(dir, `code-${key}-start.bin`) };
}

/** A cache file this user owns (a file another user could write is not run), or undefined. */
function readCache(p: string): Buffer | undefined {
  try {
    const stat = lstatSync(p);
    if (!stat.isFile() || (process.getuid && stat.uid !== process.getuid()) || (stat.mode & 0o022) !== 0) return undefined;
    return readFileSync(p);
  } catch {
    return undefined;
  }
}

/** Writes the cache through a temporary file (two runs at once each write a whole one) and removes the others. */
function writeCache(dir: string, target: string, data: Buffer): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const temporary = `${target}.${process.pid}.tmp`;
  writeFileSync(temporary, data, { mode: 0o600 });
  renameSync(temporary, target);
  for (const name of readdirSync(dir))
    if (name.startsWith('code-') && name !== path.basename(target) && !name.endsWith('.tmp')) rmSync(path.join(dir, name), { force: true });
}
