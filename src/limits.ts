import vm from 'node:vm';
import { CODES, report, type Diagnostic } from './diagnostics.ts';
import type { SiteConfig } from './types.ts';

/**
 * Bounds on one page's work (`limits` in the site config), so that a writer's typo cannot stall a build: the
 * time a page may take to compile or to render, and how deep and how dense its Markdown may be (checked before
 * parsing, see compile/prescan.ts). Past one, the page gets one diagnostic, Q035.
 */
export interface PageLimits {
  timeoutMs: number;
  maxNesting: number;
  maxInlineMarkers: number;
}

/** The defaults of `limits` in config/schema.ts, for configs made without it (tests build some by hand). */
const DEFAULT_LIMITS = { pageTimeout: 30, maxNesting: 100, maxInlineMarkers: 1000 };

export function pageLimits(config: Pick<SiteConfig, 'limits'>): PageLimits {
  const { pageTimeout, maxNesting, maxInlineMarkers } = config.limits ?? DEFAULT_LIMITS;
  return { timeoutMs: Math.round(pageTimeout * 1000), maxNesting, maxInlineMarkers };
}

/** How one item of a slice ended: its value, its exception, or stopped at the time limit. */
export type SliceOutcome<R> = { value: R } | { error: unknown } | { timedOut: true };

let guard: { context: vm.Context; script: vm.Script } | undefined;

/**
 * Runs `run` on `items[from]`, `items[from + 1]`, … in this thread, synchronously, starting items for `sliceMs`
 * (at least one), under a time limit: an item still running `limitMs` after it started is stopped (V8 terminates
 * the thread's JavaScript, whatever it is doing, and Node turns that into an exception where the timed call was
 * made), and comes back as `timedOut`, the last of the outcomes. Returns one outcome per item started, in order.
 *
 * This is how a busy loop in this thread can be interrupted at all (an endless `while` in an MDX export, a parser
 * path that does not end): `vm`'s timeout covers everything called from the script it runs, here `run`. Only
 * the synchronous part of `run` is covered: work that continues after an `await` runs outside. Node starts a
 * watchdog thread for each timed call and waits for it to end, so a slice should hold many short items; the call's timeout is `limitMs + sliceMs`, so that an item started late in the slice
 * still has its whole time.
 */
export function runSlice<I, R>(
  items: readonly I[],
  from: number,
  run: (item: I) => R,
  limitMs: number,
  sliceMs: number,
): SliceOutcome<R>[] {
  guard ??= { context: vm.createContext({ run: undefined }), script: new vm.Script('run()', { filename: 'quire:time-limit' }) };
  const { context, script } = guard;
  const outcomes: SliceOutcome<R>[] = [];
  const began = performance.now();
  const previous: unknown = context.run;
  context.run = () => {
    do {
      // Pushed first, so that a stopped item is the last outcome.
      outcomes.push({ timedOut: true });
      const item = items[from + outcomes.length - 1];
      try {
        outcomes[outcomes.length - 1] = { value: run(item) };
      } catch (e) {
        outcomes[outcomes.length - 1] = { error: e };
      }
    } while (from + outcomes.length < items.length && performance.now() - began < sliceMs);
  };
  try {
    script.runInContext(context, { timeout: Math.ceil(limitMs + sliceMs) });
  } catch (e) {
    if ((e as { code?: string }).code !== 'ERR_SCRIPT_EXECUTION_TIMEOUT') throw e;
    outcomes[outcomes.length - 1] = { timedOut: true };
  } finally {
    context.run = previous;
  }
  return outcomes;
}

/** Whether `e` is V8 running out of stack (deep recursion: a tree nested too deeply, or code calling itself). */
export function isStackOverflow(e: unknown): boolean {
  return e instanceof RangeError && e.message === 'Maximum call stack size exceeded';
}

const seconds = (ms: number) => `${Number((ms / 1000).toFixed(3))} s`;

/**
 * Q035 for a page that took longer than the time limit to compile or render. `page`: its address (a page
 * without a file of its own, such as a blog list); `hasCode`: an MDX page whose code runs when it renders.
 */
export function timeLimitDiagnostic(
  step: 'compile' | 'render',
  file: string | undefined,
  limitMs: number,
  { page, hasCode = false }: { page?: string; hasCode?: boolean } = {},
): Diagnostic {
  return report(CODES.LIMIT_EXCEEDED, 'timeLimit', { step, page, limit: seconds(limitMs), hasCode }, { file });
}

/** Q035 for a page whose compile was still waiting on a promise at the time limit (a project plugin's). */
export function waitingDiagnostic(file: string, limitMs: number): Diagnostic {
  return report(CODES.LIMIT_EXCEEDED, 'waiting', { limit: seconds(limitMs) }, { file });
}

/** Q035 for a page whose compiling or rendering ran out of stack, at its place when known. */
export function stackDiagnostic(
  step: 'compile' | 'render',
  file: string | undefined,
  place: { line?: number; column?: number } = {},
  hasCode = false,
): Diagnostic {
  return report(CODES.LIMIT_EXCEEDED, 'stack', { step, hasCode }, { file, ...place });
}
