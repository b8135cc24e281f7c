import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Command, InvalidArgumentError } from 'commander';
import { buildSite } from '../src/build.ts';
import { classicTheme } from '../themes/classic/index.tsx';
import { Output } from './output.ts';

declare const QUIRE_VERSION: string;

/** quire's own folder: the compiled CLI lives in `<toolRoot>/lib/`. */
const toolRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const program = new Command()
  .name('quire')
  .description('Builds the Bilingo website from content/ into dist/.')
  .version(typeof QUIRE_VERSION === 'string' ? QUIRE_VERSION : '0.0.0')
  .option('--debug', 'print stack traces of internal errors')
  .option('--root <dir>', 'project folder', process.cwd());

program
  .command('build')
  .description('build the site into the output folder (atomically: a failed build leaves it untouched)')
  .option('--out <dir>', 'output folder', 'dist')
  .option('--locale <code>', 'build another locale of the site (default: the configured current locale)')
  .option('--config <file>', 'site configuration file', 'site.config.ts')
  .option('--no-cache', 'ignore and do not write the compile cache')
  .action(async (opts: { out: string; locale?: string; config: string; cache: boolean }) => {
    // Until the build says otherwise: a process that ends early must not look like success.
    process.exitCode = 1;
    const root = path.resolve(program.opts<{ root: string }>().root);
    const out = new Output();
    const started = performance.now();
    let stepIndex = 0;
    const result = await buildSite({
      root,
      toolRoot,
      theme: classicTheme,
      outDir: path.resolve(root, opts.out),
      locale: opts.locale,
      configFile: opts.config,
      cacheDir: opts.cache ? undefined : false,
      workerFile: path.join(toolRoot, 'lib/worker.js'),
      onStep: (timing) => out.step(timing, ++stepIndex, 6),
    });
    out.endProgress();
    out.diagnostics(result.diagnostics, root);
    const outDir = path.resolve(root, opts.out);
    const shown = path.relative(process.cwd(), outDir);
    out.summary(result, performance.now() - started, shown.startsWith('..') ? outDir : shown || '.');
    process.exitCode = result.ok ? 0 : 1;
  });

program.parseAsync().catch((e: unknown) => {
  const debug = program.opts<{ debug?: boolean }>().debug;
  if (e instanceof InvalidArgumentError) process.stderr.write(`error: ${e.message}\n`);
  else process.stderr.write(`quire: internal error: ${(e as Error).message}\n${debug ? (e as Error).stack + '\n' : 'Run again with --debug for details, and please report it.\n'}`);
  process.exitCode = 1;
});
