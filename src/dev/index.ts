import path from 'node:path';
import { strayErrorDiagnostic, type Diagnostic } from '../diagnostics.ts';
import { evaluatedPlace } from '../config/index.ts';
import { ON_DEMAND_DIR } from '../shared/output-paths.ts';
import { watchedFolders, type FileChange } from './classify.ts';
import { injectLiveScript, type OverlayPayload } from './live-client.ts';
import { MemoryStore } from './memory-store.ts';
import { formatForTerminal, overlayPayload, restartPayload, servedLine, servedStates, signatureOf, sourcesOf } from './overlay.ts';
import { startDevServer, type DevServer } from './server.ts';
import { DevSession, type DevBuildReport, type DevSessionOptions } from './session.ts';
import { watchProject, type ProjectWatcher } from './watch.ts';

export { serve, type ServeOptions, type RunningServer } from './serve.ts';
export { createThemeLoader } from './theme-loader.ts';
export type { DevBuildReport } from './session.ts';

/** The session's options (root, theme, config file, locale, cache, theme loader, watched code) and the server's. */
export interface DevOptions extends Omit<DevSessionOptions, 'store'> {
  /** Default 127.0.0.1: only this machine can connect. */
  host?: string;
  /** Default 3000; 0 picks a free port. */
  port?: number;
  /** When the port is busy, use the next free one instead of failing. Default false. */
  nextPort?: boolean;
  /** Host header names accepted besides the bound host and loopback names. Default none. */
  allowedHosts?: string[];
  /** Terminal lines (already formatted). */
  log?: (text: string) => void;
  color?: boolean;
  /** Called after every build, first one included. */
  onReport?: (report: DevBuildReport) => void;
  /** Quiet time after a build before the search index is rebuilt. Default 300 ms. */
  searchDelayMs?: number;
  /** Called when a new search index is served, with its number of files (tests). */
  onSearchIndex?: (files: number) => void;
  /**
   * An exception the project's code throws from a timer or promise of its own, outside any page's work quire awaits
   * (a plugin's own time limit), becomes Q004 at its place in the terminal and the overlay, and the server goes on,
   * instead of ending the process. The handlers are the process's (`uncaughtException`, `unhandledRejection`), so the
   * command line asks for them; a test runner keeps its own. Default false.
   */
  strayErrors?: boolean;
}

export interface DevHandle {
  url: string;
  /** The site's address: the server URL plus the base path. */
  siteUrl: string;
  server: DevServer;
  session: DevSession;
  store: MemoryStore;
  /** The first build. */
  first: DevBuildReport;
  /** The next build report (tests: edit a file, then await this). */
  nextReport(): Promise<DevBuildReport>;
  close(): Promise<void>;
}

/** `quire dev`: build into memory, serve it, watch the project, rebuild incrementally, reload pages. */
// biome-ignore lint/complexity/noExcessiveLinesPerFunction: the dev session's wiring (build, server, watcher, reports, close) in the order it starts, sharing the handles each part closes.
export async function startDev(options: DevOptions): Promise<DevHandle | { diagnostics: Diagnostic[] }> {
  const { root, toolRoot } = options;
  const log = options.log ?? (() => undefined);
  // emit rewrites the on-demand folder (sidebar categories, the theme's shared files) on every emit:
  // any other file there is stale.
  const store: MemoryStore = new MemoryStore(injectLiveScript, (): string[] =>
    session.baseUrl ? [session.baseUrl.replace(/^\//, '') + ON_DEMAND_DIR] : [],
  );
  const session: DevSession = new DevSession({ ...options, store });
  let overlay: OverlayPayload | null = null;
  let printed = signatureOf([]);
  const waiting: ((r: DevBuildReport) => void)[] = [];

  /**
   * Terminal and overlay for a finished build; the same diagnostics are printed once. `before`: the site served
   * before the build; a failed build that left it in place built nothing (a broken config or sidebar file).
   */
  const publish = async (report: DevBuildReport, server: DevServer | undefined, before: DevSession['site']) => {
    const sources = await sourcesOf(report.diagnostics, root);
    const signature = signatureOf(report.diagnostics);
    if (signature !== printed && report.diagnostics.length) log(formatForTerminal(report.diagnostics, sources, options.color ?? false));
    const hadOverlay = overlay !== null;
    const hadErrors = hadOverlay && overlay!.errors.some((e) => e.code !== 'restart');
    printed = signature;
    if (report.ok) {
      const what = report.changed.length ? namesOf(report.changed, report) : 'first build';
      // Past the edit-to-reload budget (200 ms), say where the time went.
      const slow =
        report.ms > 200 && report.changed.length
          ? ` (${report.steps
              .filter((s) => s.ms >= 1)
              .map((s) => `${s.name} ${s.ms.toFixed(0)}`)
              .join(', ')})`
          : '';
      // A save that changed nothing served (the same bytes, a second watcher event) needs no line.
      if (report.files.length || hadErrors || !report.changed.length)
        log(`${hadErrors ? 'fixed: ' : ''}${what}: ${report.rendered.length} page(s) rendered in ${report.ms.toFixed(0)} ms${slow}`);
      if (report.restart.length && overlay?.errors[0]?.code !== 'restart')
        log(`theme code changed: restart quire dev (${report.restart.join(', ')})`);
      overlay = report.restart.length ? restartPayload(report.restart) : null;
      // Nothing to tell a page when nothing changed (a second watcher event for the same save).
      if (report.files.length || hadOverlay) server?.broadcast('ok', { files: report.files, other: report.other });
      if (overlay) server?.broadcast('errors', overlay);
    } else {
      const blocked = session.site === before;
      const states = blocked ? undefined : servedStates(report.diagnostics, session.site);
      overlay = overlayPayload(report.diagnostics, sources, { served: store.size > 0, blocked, states });
      // A file that does not compile did not stop the other pages: they are served and open ones reload
      // (showing the overlay again, which the server hands every page while errors remain).
      if (report.files.length) {
        log(
          `${namesOf(report.changed, report) || 'build'}: ${report.rendered.length} page(s) rendered in ${report.ms.toFixed(0)} ms; ${servedLine(states ?? new Map(), report.diagnostics)}`,
        );
        server?.broadcast('ok', { files: report.files, other: report.other });
      }
      server?.broadcast('errors', overlay);
    }
    options.onReport?.(report);
    for (const resolve of waiting.splice(0)) resolve(report);
  };

  /**
   * Reports what the project's code throws outside a build's work as `quire build` does (cli/quire.ts), without ending:
   * the pages served stay, the overlay shows it until the next build's report replaces it.
   */
  const strayReporter = (server: DevServer) => {
    const handler = (e: unknown) => {
      const diagnostic = strayErrorDiagnostic(e, root, evaluatedPlace(e), 'strayDev');
      void sourcesOf([diagnostic], root).then((sources) => {
        log(formatForTerminal([diagnostic], sources, options.color ?? false));
        printed = signatureOf([diagnostic]);
        overlay = overlayPayload([diagnostic], sources, { served: store.size > 0 });
        server.broadcast('errors', overlay);
      });
    };
    process.on('uncaughtException', handler);
    process.on('unhandledRejection', handler);
    return {
      remove() {
        process.off('uncaughtException', handler);
        process.off('unhandledRejection', handler);
      },
    };
  };

  // Search: the index is rebuilt from the served pages once edits pause (pagefind takes a moment).
  let searchPrinted = signatureOf([]);
  const search = debounced(options.searchDelayMs ?? 300, async () => {
    const index = await session.searchIndex();
    if (!index) return;
    const signature = signatureOf(index.diagnostics);
    if (signature !== searchPrinted && index.diagnostics.length)
      log(formatForTerminal(index.diagnostics, new Map(), options.color ?? false));
    searchPrinted = signature;
    if (!index.diagnostics.some((d) => d.severity === 'error')) store.replaceUnder(index.prefix, index.files);
    options.onSearchIndex?.(index.files.size);
  });

  // Listen first: a busy port is known before a build is paid for, and a browser may connect at once.
  const server = await startDevServer({
    store,
    host: options.host ?? '127.0.0.1',
    port: options.port ?? 3000,
    nextPort: options.nextPort,
    allowedHosts: options.allowedHosts,
    baseUrl: () => session.baseUrl,
    overlay: () => overlay,
  });
  if ('diagnostics' in server) return server;
  const stray = options.strayErrors ? strayReporter(server) : undefined;
  const first = await session.start();
  await publish(first, server, undefined);
  if (first.ok) search.schedule();
  const warming = session.warmUp();

  // The layout's content, data, locale and static folders (quire's: content/, sidebars.ts included, locales/,
  // static/), the theme, the client, and the config and sidebar files with whatever they import.
  const paths = [
    ...watchedFolders(root, session.layout),
    ...(options.themeDirs ?? [path.join(toolRoot, 'themes')]),
    ...(options.clientDirs ?? [path.join(toolRoot, 'src/client')]),
    ...session.extraInputs(),
  ];
  let watcher: ProjectWatcher | undefined;
  const onChanges = async (changes: FileChange[]) => {
    let report: DevBuildReport;
    const before = session.site;
    try {
      report = await session.update(changes);
    } catch (e) {
      // A bug, not the writer's doing: say so loudly and keep serving the last good pages.
      log(`quire bug: a rebuild failed: ${(e as Error).stack ?? String(e)}`);
      server.broadcast('errors', {
        title: 'quire dev: internal error',
        note: 'Please report it; the last successful build is still being served.',
        errors: [{ code: 'bug', where: '', message: (e as Error).message }],
      });
      return;
    }
    await publish(report, server, before);
    // Pages written or removed (a deleted page must leave the index too), also while another file is broken.
    if (report.files.some((f) => f.endsWith('.html'))) search.schedule();
    watcher?.add(session.extraInputs());
  };
  watcher = watchProject({ paths, onChanges, root });
  await watcher.ready;

  return {
    url: server.url,
    siteUrl: server.url + (session.baseUrl ?? '/'),
    server,
    session,
    store,
    first,
    nextReport: () => new Promise((resolve) => waiting.push(resolve)),
    async close() {
      stray?.remove();
      await warming;
      await watcher?.close();
      await search.close();
      await server.close();
      await session.close();
    },
  };
}

/**
 * The files of a save line, a renamed page as `old → new` and a deleted file as such: a burst of saves (a
 * search and replace over many files) names the first few.
 */
export function namesOf(
  files: string[],
  { removed = [], renamed = [] }: Partial<Pick<DevBuildReport, 'removed' | 'renamed'>> = {},
  shown = 3,
): string {
  const from = new Map(renamed.map((r) => [r.to, r.from]));
  const moved = new Set(renamed.map((r) => r.from));
  const deleted = new Set(removed);
  const names = files
    .filter((f) => !moved.has(f))
    .map((f) => (from.has(f) ? `${from.get(f)} → ${f}` : deleted.has(f) ? `${f} (deleted)` : f));
  return names.length <= shown + 1 ? names.join(', ') : `${names.slice(0, shown).join(', ')} and ${names.length - shown} more files`;
}

/**
 * Runs `task` once calls to `schedule` pause for `ms`; never twice at a time (a call during a run
 * schedules one more run after it). `close` cancels what is waiting and lets a running task finish.
 */
function debounced(ms: number, task: () => Promise<void>): { schedule(): void; close(): Promise<void> } {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  let closed = false;
  const fire = async () => {
    timer = undefined;
    if (closed) return;
    if (running) {
      again = true;
      return;
    }
    running = task().catch(() => undefined);
    await running;
    running = undefined;
    if (again && !closed) {
      again = false;
      schedule();
    }
  };
  const schedule = () => {
    if (closed) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => void fire(), ms);
  };
  return {
    schedule,
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
