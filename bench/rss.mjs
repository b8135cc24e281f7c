// Preloaded into a benchmarked build: reports the process's peak memory on exit.
process.on('exit', () => {
  process.stderr.write(`\nQUIRE_BENCH_MAX_RSS_KB=${process.resourceUsage().maxRSS}\n`);
});
