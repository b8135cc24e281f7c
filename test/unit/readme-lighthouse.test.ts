import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a bench script in plain JavaScript, without types.
import { COLUMNS, lighthouseTable } from '../../bench/lighthouse-table.mjs';
import { repoRoot } from '../helpers.ts';

/** README's Lighthouse figures are the recorded runs (bench/lighthouse.json), on the four pages issue 31 names. */

interface LighthouseRecord {
  measured: string;
  runs: number;
  load: [number, number];
  chromium: string;
  pages: { route: string; runs: number[][] }[];
}

const record = JSON.parse(readFileSync(path.join(repoRoot, 'bench/lighthouse.json'), 'utf8')) as LighthouseRecord;
const readme = readFileSync(path.join(repoRoot, 'README.md'), 'utf8');
const table = lighthouseTable as (r: LighthouseRecord) => string;

describe('README Lighthouse figures', () => {
  it('readme: should record every run of the home page, a docs page, pricing and the not-found page', () => {
    expect(record.pages.map((p) => p.route)).toEqual(['/de/', '/de/docs/features/pdf/', '/de/pricing/', '/de/404.html']);
    for (const page of record.pages) {
      expect(page.runs.length, page.route).toBe(record.runs);
      for (const run of page.runs) expect(run.length, page.route).toBe((COLUMNS as string[]).length);
    }
    expect(record.runs).toBeGreaterThanOrEqual(3);
    expect(record.chromium).toMatch(/^Chromium \d+/);
  });

  it('readme: should show exactly the table the recorded runs give', () => {
    expect(readme).toContain(table(record));
  });

  it('readme: should give a median with its range where runs differ, and the plain value where they agree', () => {
    const made = table({
      ...record,
      pages: [
        {
          route: '/x/',
          runs: [
            [100, 100, 100, 100, 40, 0, 0],
            [98, 100, 100, 100, 90, 0, 0],
            [100, 100, 100, 100, 10, 0, 0],
          ],
        },
      ],
    });
    expect(made).toContain('| `/x/` | 100 (98–100) | 100 | 100 | 100 | 40 (10–90) |');
  });
});
