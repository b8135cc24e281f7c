import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CATALOGUE, diagnosticsPage, diagnosticsTable } from '../../src/catalogue.ts';
import { CODES } from '../../src/diagnostics.ts';
import { repoRoot } from '../helpers.ts';

describe('the catalogue of diagnostic codes', () => {
  it('catalogue: should have one entry for every code and no other', () => {
    expect(Object.keys(CATALOGUE).sort()).toEqual(Object.values(CODES).sort());
  });

  it('catalogue: README.md and DIAGNOSTICS.md should be what node scripts/diagnostics-table.mjs writes', () => {
    const readme = readFileSync(path.join(repoRoot, 'README.md'), 'utf8');
    expect(readme).toContain(
      `<!-- diagnostics table: generated from src/catalogue.ts -->\n${diagnosticsTable()}\n<!-- end of diagnostics table -->`,
    );
    expect(readFileSync(path.join(repoRoot, 'DIAGNOSTICS.md'), 'utf8')).toBe(diagnosticsPage());
  });

  it('catalogue: DIAGNOSTICS.md should read as text, no line longer than 120 characters', () => {
    expect(
      diagnosticsPage()
        .split('\n')
        .filter((line) => line.length > 120),
    ).toEqual([]);
  });
});
