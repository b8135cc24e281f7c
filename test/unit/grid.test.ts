import { describe, expect, it } from 'vitest';
import { columnsFor, lastSpan } from '../../themes/classic/mdx/grid.tsx';

describe('balanced card grids', () => {
  it('grid: should divide the cards evenly when a column count that fits does', () => {
    expect(columnsFor(9, 4)).toBe(3);
    expect(columnsFor(6, 4)).toBe(3);
    expect(columnsFor(4, 4)).toBe(4);
    expect(columnsFor(4, 3)).toBe(2);
    expect(columnsFor(5, 6)).toBe(5);
  });

  it('grid: should leave at least two cards on the last row, else take two columns and span the last card', () => {
    // 5 cards where 4 fit: 3 + 2, not 4 + 1.
    expect(columnsFor(5, 4)).toBe(3);
    expect(columnsFor(7, 6)).toBe(5);
    // Where only 2 fit, an odd count takes 2 columns, not 1: 2 + 2 + … + one card as wide as the row.
    expect(columnsFor(9, 2)).toBe(2);
    expect(lastSpan(9, 2)).toBe(2);
    expect(columnsFor(5, 2)).toBe(2);
    expect(columnsFor(3, 2)).toBe(2);
    // 7 cards where 3 fit: neither 3 nor 2 comes out even, so 2 columns with the seventh spanning.
    expect(columnsFor(7, 3)).toBe(2);
    expect(lastSpan(7, 2)).toBe(2);
    expect(columnsFor(1, 6)).toBe(1);
    expect(columnsFor(9, 1)).toBe(1);
  });

  it('grid: should span no card when the last row is full or holds two or more', () => {
    expect(lastSpan(9, 3)).toBe(1);
    expect(lastSpan(5, 3)).toBe(1);
    expect(lastSpan(4, 2)).toBe(1);
    expect(lastSpan(9, 1)).toBe(1);
  });

  it('grid: should never leave one card alone on a row of a multi-column grid, nor take one column where two fit', () => {
    for (let count = 1; count <= 24; count++)
      for (let fit = 1; fit <= 6; fit++) {
        const c = columnsFor(count, fit);
        expect(c).toBeLessThanOrEqual(Math.max(1, fit));
        if (count >= 2 && fit >= 2) expect(c).toBeGreaterThanOrEqual(2);
        if (c > 1) expect(count % c === 0 || count % c >= 2 || lastSpan(count, c) === c).toBe(true);
      }
  });
});
