import { createHash } from 'node:crypto';
import { statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { Command, InvalidArgumentError } from 'commander';
import { parseBase, parsePort } from './flags.ts';
import type { Launcher } from './launcher.ts';
import { Output } from './output.ts';
// Each command imports what it needs when it runs (`--help` and `--version` load almost nothing,
// `build` never loads the dev server): every module loaded is start-up time.

declare const QUIRE_VERSION: string;
/** The launcher running this CLI (cli/launcher.ts), when it runs compiled; undefined from the sources. */
declare const __quireLauncher: Launcher | undefined;
const launcher = typeof __quireLauncher === 'undefined' ? undefined : __quireLauncher;

/** quire's own folder: the compiled CLI lives in `<toolRoot>/lib/`. */
const toolRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const program = new Command()
  .name('quire')
  .description('Builds the Bilingo website from content/ into dist/.')
  .version(typeof QUIRE_VERSION === 'string' ? QUIRE_VERSION : '0.0.0')
  .option('--debug', 'print stack traces of internal errors')
  .option('--root <dir>', 'project folder', process.cwd())
  // Set before the commands are made, so each inherits it: a mistyped option or command points to the help.
  .showHelpAfterError('(run quire --help, or quire <command> --help, for what is available)');

// A project folder that is not there is named as such, not reported as a missing site.config.ts in it.
program.hook('preAction', (_program, command) => {
  if (command.name() === 'serve') return;
  const root = path.resolve(program.opts<{ root: string }>().root);
  let isDir = false;
  try {
    isDir = statSync(root).isDirectory();
  } catch {
    // Not there (or not readable): reported below.
  }
  if (!isDir) {
    process.stderr.write(`error: the project folder ${root} does not exist or is not a folder (--root).\n`);
    process.exit(1);
  }
});

program
  .command('build')
  .description('build the site into the output folder (atomically: a failed build leaves it untouched)')
  .option('--out <dir>', 'output folder', 'dist')
  .option('--locale <code>', 'build another locale of the site (default: the configured current locale)')
  .option('--config <file>', 'site configuration file', 'site.config.ts')
  .option('--no-cache', 'build everything anew: no compile cache, no reuse of unchanged pages')
  .action(async (opts: { out: string; locale?: string; config: string; cache: boolean }) => {
    // Until the build says otherwise: a process that ends early must not look like success.
    process.exitCode = 1;
    const root = path.resolve(program.opts<{ root: string }>().root);
    const out = new Output();
    const started = performance.now();
    let stepIndex = 0;
    const outDir = path.resolve(root, opts.out);
    const shown = path.relative(process.cwd(), outDir);
    const where = shown.startsWith('..') ? outDir : shown || '.';
    const version = await toolVersion();
    // Before the stages load: when every file the last build read or wrote is as it left them, its result stands.
    const [{ loadConfig }, { standingBuild, standingKey }] = await Promise.all([
      import('../src/config/index.ts'),
      import('../src/standing.ts'),
    ]);
    const loadedConfig = await loadConfig({ root, file: opts.config, overrides: { locale: opts.locale } });
    const key =
      opts.cache && version && loadedConfig.config
        ? standingKey(loadedConfig.config, { tool: version, outDir, locale: opts.locale, configFile: opts.config })
        : undefined;
    const standing = key && standingBuild({ root, outDir, cacheDir: path.join(root, '.quire/cache'), key });
    if (standing) {
      process.stderr.write(`Nothing changed since the last build into ${where}: its output stands.\n`);
      out.diagnostics(standing.diagnostics, root);
      out.summary(
        { ...standing, ok: true, reused: standing.pages, steps: [], cacheHits: 0, inputs: [] },
        performance.now() - started,
        where,
      );
      process.exitCode = 0;
      return;
    }
    const [{ buildSite }, { classicTheme }, { strayErrorDiagnostic }, { evaluatedPlace }] = await Promise.all([
      import('../src/build.ts'),
      import('../themes/classic/index.tsx'),
      import('../src/diagnostics.ts'),
      import('../src/config/index.ts'),
    ]);
    // The project's code may throw from a timer or promise of its own, outside any page's work that quire awaits:
    // one diagnostic at its place, and the build stops with the output folder as the last build left it.
    const stray = (e: unknown) => {
      out.endProgress();
      out.diagnostics([strayErrorDiagnostic(e, root, evaluatedPlace(e))], root);
      process.stderr.write('Build failed: 1 error(s). The previous output was left as it was.\n');
      process.exit(1);
    };
    process.on('uncaughtException', stray);
    process.on('unhandledRejection', stray);
    const result = await buildSite({
      root,
      toolRoot,
      theme: classicTheme,
      outDir,
      locale: opts.locale,
      configFile: opts.config,
      loadedConfig,
      cacheDir: opts.cache ? undefined : false,
      workerFile: path.join(toolRoot, 'lib/worker.js'),
      toolVersion: version,
      onStep: (timing) => out.step(timing, ++stepIndex, 6),
      onProgress: (progress) => out.progress(progress),
      onLockWait: (holder) => {
        out.endProgress();
        process.stderr.write(
          `Waiting for another build of this project to finish: process ${holder.pid} (${holder.command}), started ${holder.started}.\n`,
        );
      },
      beforeCompile,
    });
    out.endProgress();
    out.diagnostics(result.diagnostics, root);
    out.summary(result, performance.now() - started, where);
    process.exitCode = result.ok ? 0 : 1;
  });

/**
 * Before a build compiles `sources` pages: a build that compiles a few thousand pages or fewer ends before V8's
 * inlining pays back what it costs (its optimising compiler competes with the build's thread and Pagefind for two
 * cores); long builds keep it. A process-wide V8 setting, so only here, where the process is this one build (never
 * in `quire dev`). Figures: bench/HISTORY.md, session 16. The launcher learns what to undo before it writes the
 * code cache, and that this run's cache would hold the compiler.
 */
function beforeCompile(sources: number): void {
  if (sources > 0 && sources <= SHORT_BUILD_SOURCES) {
    setFlagsFromString('--no-turbo-inlining');
    launcher?.restoreFlags.push('--turbo-inlining');
  }
  if (sources > 0 && launcher) launcher.compiled = true;
}

/** Sources to compile up to which a build turns V8's inlining off (see the build command). */
const SHORT_BUILD_SOURCES = 2000;

/**
 * quire's version and code: the hash of the compiled CLI written by scripts/compile.mjs (its chunks hold
 * the stages and the theme) and the lock file (the exact libraries). Output of another quire is never
 * reused; without the hash file nothing is reused.
 */
async function toolVersion(): Promise<string | undefined> {
  try {
    const lock = createHash('sha1')
      .update(await readFile(path.join(toolRoot, 'package-lock.json')))
      .digest('hex')
      .slice(0, 16);
    const code = (await readFile(path.join(toolRoot, 'lib/code-hash.txt'), 'utf8')).trim();
    return `${typeof QUIRE_VERSION === 'string' ? QUIRE_VERSION : '0.0.0'}+${code}+${lock}`;
  } catch {
    return undefined;
  }
}

interface ServerFlags {
  host: string;
  port: number;
  nextPort?: boolean;
}

/** The listening flags `dev` and `serve` share. */
function serverFlags(command: Command): Command {
  return command
    .option('--host <host>', 'address to listen on (another than 127.0.0.1 exposes the server to the network)', '127.0.0.1')
    .option('--port <number>', 'port to listen on', parsePort, 3000)
    .option('--next-port', 'when the port is busy, use the next free one instead of stopping');
}

/** A listen address other machines can reach: said once, since the default (127.0.0.1) keeps the site to this machine. */
function warnIfExposed(host: string): void {
  if (['127.0.0.1', 'localhost', '::1', '[::1]'].includes(host)) return;
  process.stderr.write(
    `warning: listening on ${host}: other machines on the network can open this site.${host === '0.0.0.0' || host === '::' ? ' On this machine, open it at http://localhost:<port>/.' : ''}\n`,
  );
}

/** Ends a long-running server on Ctrl+C or SIGTERM, closing connections and the watcher first. */
function closeOnSignal(close: () => Promise<void>): void {
  const stop = () => {
    void close().finally(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

serverFlags(program.command('dev'))
  .alias('watch')
  .description('build into memory, serve the site and rebuild and reload it on every edit')
  .option('--allowed-host <names...>', 'Host header names to accept besides the listen address and localhost')
  .option('--locale <code>', 'serve another locale of the site')
  .option('--config <file>', 'site configuration file', 'site.config.ts')
  .option('--no-cache', 'ignore and do not write the compile cache')
  .action(async (opts: ServerFlags & { allowedHost?: string[]; locale?: string; config: string; cache: boolean }) => {
    process.exitCode = 1;
    const root = path.resolve(program.opts<{ root: string }>().root);
    const out = new Output();
    const [{ createThemeLoader, startDev }, { classicTheme }] = await Promise.all([
      import('../src/dev/index.ts'),
      import('../themes/classic/index.tsx'),
    ]);
    const handle = await startDev({
      root,
      toolRoot,
      theme: classicTheme,
      host: opts.host,
      port: opts.port,
      nextPort: opts.nextPort,
      allowedHosts: opts.allowedHost,
      configFile: opts.config,
      locale: opts.locale,
      cacheDir: opts.cache ? undefined : false,
      workerFile: path.join(toolRoot, 'lib/worker.js'),
      loadTheme: createThemeLoader({
        entry: path.join(toolRoot, 'themes/classic/index.tsx'),
        exportName: 'classicTheme',
        outDir: path.join(toolRoot, '.quire/dev'),
        root,
      }),
      // A line printed ends the first build's progress line first (a terminal only has one).
      log: (text) => {
        out.endProgress();
        process.stderr.write(text + '\n');
      },
      color: out.color,
      onFirstBuildProgress: (progress) => out.progress(progress),
      // What the project's code throws from its own timers is one Q004 in the terminal and the overlay; dev goes on.
      strayErrors: true,
    });
    if ('diagnostics' in handle) {
      out.diagnostics(handle.diagnostics, root);
      return;
    }
    process.exitCode = 0;
    // Its first build compiled the site: a code cache written when it stops holds the compiler.
    if (launcher) launcher.compiled = true;
    process.stderr.write(`quire dev: serving ${handle.siteUrl} (Ctrl+C to stop)\n`);
    warnIfExposed(opts.host);
    closeOnSignal(() => handle.close());
  });

serverFlags(program.command('serve [dir]'))
  .description('serve a built site (default: dist) exactly as the hosting bucket does')
  .option(
    '--base <path>',
    'base path of the site, for the cache rules of hashed assets (default: baseUrl of the site configuration)',
    parseBase,
  )
  .option('--config <file>', 'site configuration file, read for the base path', 'site.config.ts')
  .action(async (dir: string | undefined, opts: ServerFlags & { base?: string; config: string }) => {
    process.exitCode = 1;
    const root = path.resolve(program.opts<{ root: string }>().root);
    const out = new Output();
    const [{ loadConfig }, { serve }] = await Promise.all([import('../src/config/index.ts'), import('../src/dev/index.ts')]);
    // The base path only decides which assets are cached forever; without a readable config it is `/`.
    const baseUrl = opts.base ?? (await loadConfig({ root, file: opts.config }).catch(() => undefined))?.config?.baseUrl ?? '/';
    const served = await serve({
      dir: path.resolve(root, dir ?? 'dist'),
      baseUrl,
      host: opts.host,
      port: opts.port,
      nextPort: opts.nextPort,
    });
    if ('diagnostics' in served) {
      out.diagnostics(served.diagnostics, root);
      return;
    }
    process.exitCode = 0;
    process.stderr.write(
      `quire serve: ${path.relative(process.cwd(), path.resolve(root, dir ?? 'dist')) || '.'} on ${served.url}${baseUrl} (Ctrl+C to stop)\n`,
    );
    warnIfExposed(opts.host);
    closeOnSignal(() => served.close());
  });

program.parseAsync().catch((e: unknown) => {
  const debug = program.opts<{ debug?: boolean }>().debug;
  if (e instanceof InvalidArgumentError) process.stderr.write(`error: ${e.message}\n`);
  else
    process.stderr.write(
      `quire: internal error: ${(e as Error).message}\n${debug ? (e as Error).stack + '\n' : 'Run again with --debug for details, and please report it.\n'}`,
    );
  process.exitCode = 1;
});
