// Preloaded into a benchmarked build (node --import): on exit, reports the process's peak memory and the CPU
// time the build used, by where it ran: this process's main thread, its other threads (V8's compiler and
// garbage collector helpers, libuv's file system pool, quire's workers) and its child processes (Pagefind's
// indexer, esbuild's service). On two cores a build cannot finish sooner than its CPU time over two, so this
// says how far a budget is from what the machine can do at all, whatever the order of the work.
import { readdirSync, readFileSync } from 'node:fs';

/** Linux's clock tick for /proc times (USER_HZ, 100 on every mainstream kernel). */
const TICK_MS = 10;

/** utime, stime, cutime and cstime of a /proc stat line, in ms (fields 14–17; the name in brackets may hold spaces). */
function times(statLine) {
  const f = statLine.slice(statLine.lastIndexOf(')') + 2).split(' ');
  const [utime, stime, cutime, cstime] = f.slice(11, 15).map(Number);
  return {
    own: (utime + stime) * TICK_MS,
    reaped: (cutime + cstime) * TICK_MS,
    ppid: Number(f[1]),
    comm: statLine.slice(statLine.indexOf('(') + 1, statLine.lastIndexOf(')')),
  };
}

function read(file) {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined; // gone meanwhile, or not Linux
  }
}

/** The largest peak resident memory of a child still running (Pagefind's indexer), in kB: /usr/bin/time misses it. */
let childPeakKb = 0;

function cpuReport() {
  const self = read('/proc/self/stat');
  if (!self) return undefined;
  const pid = process.pid;
  const whole = times(self);
  const main = times(read(`/proc/self/task/${pid}/stat`) ?? self).own;
  const children = {};
  const add = (name, ms) => (children[name] = (children[name] ?? 0) + ms);
  // Children still running (Pagefind's and esbuild's services stay until this process ends)…
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry) || Number(entry) === pid) continue;
    const line = read(`/proc/${entry}/stat`);
    if (!line) continue;
    const t = times(line);
    if (t.ppid !== pid) continue;
    add(/pagefind/.test(t.comm) ? 'pagefind' : t.comm, t.own + t.reaped);
    const peak = Number(/VmHWM:\s+(\d+)/.exec(read(`/proc/${entry}/status`) ?? '')?.[1] ?? 0);
    childPeakKb = Math.max(childPeakKb, peak);
  }
  // …and those that ended and were reaped.
  if (whole.reaped) add('ended', whole.reaped);
  return { main, threads: whole.own - main, children };
}

process.on('exit', () => {
  const cpu = cpuReport();
  process.stderr.write(
    `\nQUIRE_BENCH_MAX_RSS_KB=${process.resourceUsage().maxRSS}\n${cpu ? `QUIRE_BENCH_CPU=${JSON.stringify(cpu)}\nQUIRE_BENCH_CHILD_RSS_KB=${childPeakKb}\n` : ''}`,
  );
});
