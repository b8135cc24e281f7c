import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';

/**
 * A small worker-thread pool: tasks go to the first worker with room, the rest wait in a queue.
 * It knows nothing about content; the worker script decides what a task means.
 *
 * The calling thread can take tasks too (`local`): on a machine with few cores, a pool that leaves
 * the main thread waiting wastes one core, and the main thread starts at once while each worker first
 * spends a few hundred milliseconds loading its modules.
 */
export interface Pool<I, O> {
  run(input: I): Promise<O>;
  close(): Promise<void>;
  readonly size: number;
}

export interface PoolOptions<I, O> {
  size?: number;
  /** Sent to every worker once, as `workerData` (e.g. the site config), instead of with each task. */
  workerData?: unknown;
  /** Runs a task in this thread; given, this thread works through the queue beside the workers. */
  local?: (input: I) => Promise<O>;
  /** Young generation of each worker's heap, in MB (default 64: see below). */
  youngGenerationMb?: number;
  /**
   * A task running in a worker longer than `ms` has that worker stopped (a busy loop cannot be interrupted from
   * inside) and another started in its place; the task's answer is then `result(input)`. Tasks are timed once
   * their worker has said `{ ready: true }` (its modules loaded: that time is not the first task's). Tasks in
   * this thread (`local`) keep their own limit.
   */
  timeLimit?: { ms: number; result: (input: I) => O };
}

interface Pending<I, O> {
  id: number;
  input: I;
  resolve: (value: O) => void;
  reject: (error: Error) => void;
}

/**
 * A worker, what it was sent and has not answered (in the order sent; it works on the first), whether it said it
 * is ready, and the timer of its first task.
 */
interface Lane<I, O> {
  worker: Worker;
  tasks: Pending<I, O>[];
  ready: boolean;
  timer?: NodeJS.Timeout;
}

/**
 * Threads that compile: `QUIRE_WORKERS` when set (1 = this thread only), else one per core from three
 * cores up, at most MAX_THREADS. On two cores a second thread gained nothing (measured on the site and on
 * 1,000 pages): each thread first warms up its own copy of the compiler, and the garbage collector's
 * helper thread already keeps the second core busy.
 */
export function defaultPoolSize(): number {
  const fromEnv = Number(process.env.QUIRE_WORKERS);
  if (Number.isInteger(fromEnv) && fromEnv >= 1) return fromEnv;
  const cores = availableParallelism();
  return cores >= 3 ? Math.min(cores, MAX_THREADS) : 1;
}

/** Each compiling thread has a heap of its own: five keep a 10,000-page build within 1 GB (bench/HISTORY.md). */
const MAX_THREADS = 5;

/**
 * Tasks a worker holds at once: while it works on one, the next is already in its inbox, so it never
 * waits for a busy main thread to hand it work.
 */
const IN_FLIGHT = 2;

/** Tasks this thread takes from the queue at once (see runLocal): few, so the workers are not left without. */
const LOCAL_GROUP = 4;

/**
 * A task failed because its worker is gone (it did not start, crashed or ran out of memory), not because
 * the task itself failed: running it elsewhere may succeed.
 */
export class WorkerLostError extends Error {
  override name = 'WorkerLostError';
}

// biome-ignore lint/complexity/noExcessiveLinesPerFunction: the pool's queue, lanes and timers are one closure's state, shared by dispatch, answers, runaway stops and close.
export function createPool<I, O>(workerFile: string | URL, options: PoolOptions<I, O> = {}): Pool<I, O> {
  const { size = defaultPoolSize(), workerData, local, youngGenerationMb = 64, timeLimit } = options;
  const queue: Pending<I, O>[] = [];
  const lanes: Lane<I, O>[] = [];
  let localBusy = false;
  let nextId = 0;
  let closing = false;

  /** Times the lane's first task, which its worker is working on (workers answer in order: worker.ts). */
  const timeHead = (lane: Lane<I, O>) => {
    if (!timeLimit || !lane.ready) return;
    clearTimeout(lane.timer);
    lane.timer = lane.tasks.length ? setTimeout(() => stopRunaway(lane), timeLimit.ms) : undefined;
  };

  const dispatch = () => {
    for (const lane of lanes) {
      const wasIdle = lane.tasks.length === 0;
      while (lane.tasks.length < IN_FLIGHT && queue.length) {
        const task = queue.shift()!;
        lane.tasks.push(task);
        lane.worker.postMessage({ id: task.id, input: task.input });
      }
      if (wasIdle && lane.tasks.length) timeHead(lane);
    }
    if (local && !localBusy && queue.length) void runLocal();
  };

  // This thread takes a few tasks at a time: compileSource starts the sources asked for together under one time
  // guard (a guard costs Node a thread), instead of one each.
  const runLocal = async () => {
    localBusy = true;
    while (queue.length) {
      await Promise.all(
        queue.splice(0, LOCAL_GROUP).map(async (task) => {
          try {
            task.resolve(await local!(task.input));
          } catch (e) {
            task.reject(e as Error);
          }
        }),
      );
      // A task in this thread resolves through microtasks only; without a turn of the event loop the
      // workers' answers (and their next tasks) would wait until this lane had emptied the queue.
      await new Promise((resolve) => setImmediate(resolve));
    }
    localBusy = false;
  };

  /** Removes a lane: it takes no more tasks. */
  const remove = (lane: Lane<I, O>): boolean => {
    const at = lanes.indexOf(lane);
    if (at < 0) return false;
    lanes.splice(at, 1);
    clearTimeout(lane.timer);
    return true;
  };

  /**
   * The task at the head of the lane ran past the time limit: its worker is stopped and replaced, the task gets
   * its time-limit answer, and the tasks sent behind it (not started) go back to the front of the queue.
   */
  const stopRunaway = (lane: Lane<I, O>) => {
    if (closing || !timeLimit || !remove(lane)) return;
    const [head, ...rest] = lane.tasks.splice(0);
    void lane.worker.terminate();
    queue.unshift(...rest);
    spawn();
    if (head) head.resolve(timeLimit.result(head.input));
    dispatch();
  };

  const spawn = () => {
    // By default a larger young generation than Node's: compiling allocates many short-lived trees, and with
    // Node's default a compile worker spent a third of its time in scavenges.
    const worker = new Worker(workerFile, { workerData, resourceLimits: { maxYoungGenerationSizeMb: youngGenerationMb } });
    const lane: Lane<I, O> = { worker, tasks: [], ready: false };
    worker.on('message', (message: { ready: true } | ({ id: number } & ({ ok: true; value: O } | { ok: false; error: string }))) => {
      if ('ready' in message) {
        lane.ready = true;
        timeHead(lane);
        return;
      }
      const at = lane.tasks.findIndex((t) => t.id === message.id);
      const task = at < 0 ? undefined : lane.tasks.splice(at, 1)[0];
      if (at === 0) timeHead(lane);
      if (task) {
        if (message.ok) task.resolve(message.value);
        else task.reject(new Error(message.error));
      }
      dispatch();
    });
    // A worker that dies (an uncaught error, running out of memory) fails the tasks it held and takes no
    // more; when no worker and no local lane are left, the queued tasks fail too, so nobody waits forever.
    const retire = (cause: Error) => {
      if (!remove(lane)) return;
      const error = new WorkerLostError(cause.message);
      for (const task of lane.tasks.splice(0)) task.reject(error);
      if (!lanes.length && !local) for (const task of queue.splice(0)) task.reject(error);
      dispatch();
    };
    worker.on('error', retire);
    worker.on('exit', (code) => {
      if (!closing) retire(new Error(`a worker thread stopped (exit code ${code})`));
    });
    lanes.push(lane);
  };

  for (let i = 0; i < size; i++) spawn();

  return {
    size,
    run(input) {
      return new Promise<O>((resolve, reject) => {
        if (closing) return reject(new WorkerLostError('the pool was closed'));
        if (!lanes.length && !local) return reject(new WorkerLostError('no worker thread is left to run the task'));
        queue.push({ id: nextId++, input, resolve, reject });
        // Dispatched a tick later, so a burst of tasks is queued first and shared out evenly.
        if (queue.length === 1) setImmediate(dispatch);
      });
    },
    async close() {
      closing = true;
      // Tasks still waiting or running fail, so nobody waits for them forever.
      const stopped = new WorkerLostError('the pool was closed');
      for (const task of [...queue.splice(0), ...lanes.flatMap((lane) => lane.tasks.splice(0))]) task.reject(stopped);
      for (const lane of lanes) clearTimeout(lane.timer);
      await Promise.all(lanes.map((lane) => lane.worker.terminate()));
    },
  };
}
