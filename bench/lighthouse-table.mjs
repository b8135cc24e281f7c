// README's Lighthouse table, made from what `node bench/lighthouse.mjs --json bench/lighthouse.json` recorded:
// lighthouse.mjs prints it, and test/unit/readme-lighthouse.test.ts checks that README shows exactly this table.

/** The columns of a run, in the order lighthouse.mjs records them. */
export const COLUMNS = ['performance', 'accessibility', 'best-practices', 'seo', 'tbt', 'longest', 'layout'];

export const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** A column's median over the runs, with its range when the runs differ. */
function cell(runs, column) {
  const values = runs.map((run) => run[COLUMNS.indexOf(column)]);
  const [low, high] = [Math.min(...values), Math.max(...values)];
  return low === high ? `${low}` : `${median(values)} (${low}–${high})`;
}

/**
 * The table: each page with its scores and Total Blocking Time (medians, ranges where the runs differ), and a line
 * saying when, how often and at what load it was measured.
 */
export function lighthouseTable(record) {
  const head = ['| page | performance | accessibility | best practices | SEO | TBT (ms) |', '| --- | ---: | ---: | ---: | ---: | ---: |'];
  const rows = record.pages.map(
    ({ route, runs }) =>
      `| \`${route}\` | ${['performance', 'accessibility', 'best-practices', 'seo', 'tbt'].map((c) => cell(runs, c)).join(' | ')} |`,
  );
  const [from, to] = record.load.map((l) => l.toFixed(1));
  return [
    ...head,
    ...rows,
    '',
    `Measured ${record.measured.slice(0, 16).replace('T', ' ')} UTC, ${record.runs} runs per page, load average ${from} → ${to}, ${record.chromium}.`,
  ].join('\n');
}
