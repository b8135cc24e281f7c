import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CATALOGUE, diagnosticsPage, diagnosticsTable } from '../../src/catalogue.ts';
import { CODES, report } from '../../src/diagnostics.ts';
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

  it('catalogue: report should make the message and hint from the case and its data, at the place given', () => {
    expect(
      report(CODES.CONFIG_UNKNOWN_KEY, 'unknownKey', { keyPath: 'onBrokenLink', meant: 'onBrokenLinks' }, { file: 'site.config.ts' }),
    ).toEqual({
      code: 'Q003',
      severity: 'warning',
      message: 'Unknown config key onBrokenLink; it is ignored.',
      file: 'site.config.ts',
      hint: 'Did you mean onBrokenLinks?',
    });
    // A hint builder that finds nothing to suggest leaves the hint out.
    expect(report(CODES.CONFIG_UNKNOWN_KEY, 'unknownKey', { keyPath: 'x' })).not.toHaveProperty('hint');
    // A setting may decide the severity (onBrokenAnchors: throw).
    expect(report(CODES.DUPLICATE_ANCHOR, 'twice', { id: 'a' }, { severity: 'error' }).severity).toBe('error');
  });

  it('catalogue: a call site passing the wrong data should not type-check', () => {
    // tsc -p tsconfig.json checks these lines (tests are part of it); at run time they still make a diagnostic.
    // @ts-expect-error: `keyPath` is missing.
    expect(report(CODES.CONFIG_UNKNOWN_KEY, 'unknownKey', { meant: 'x' }).code).toBe('Q003');
    // @ts-expect-error: a case of another code.
    expect(() => report(CODES.CONFIG_UNKNOWN_KEY, 'twice', { id: 'a' })).toThrow();
  });

  it("catalogue: each case should have its code's severity (either: one of both)", () => {
    const wrong = Object.entries(CATALOGUE).flatMap(([code, entry]) =>
      Object.entries(entry.cases)
        .filter(([, c]) => entry.severity !== 'either' && c.severity !== entry.severity)
        .map(([name]) => `${code}.${name}`),
    );
    expect(wrong).toEqual([]);
  });
});
