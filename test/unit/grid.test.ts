import { describe, expect, it } from 'vitest';
import { columnsFor } from '../../themes/classic/mdx/grid.tsx';

describe('balanced card grids', () => {
  it('grid: should divide the cards evenly when a column count that fits does', () => {
    expect(columnsFor(9, 4)).toBe(3);
    expect(columnsFor(6, 4)).toBe(3);
    expect(columnsFor(4, 4)).toBe(4);
    expect(columnsFor(4, 3)).toBe(2);
    expect(columnsFor(5, 6)).toBe(5);
  });

  it('grid: should leave at least two cards on the last row, else take one column', () => {
    // 5 cards where 4 fit: 3 + 2, not 4 + 1; where 2 fit: 2 + 2 + 1 would leave one alone.
    expect(columnsFor(5, 4)).toBe(3);
    expect(columnsFor(5, 2)).toBe(1);
    expect(columnsFor(7, 6)).toBe(5);
    expect(columnsFor(3, 2)).toBe(1);
    expect(columnsFor(1, 6)).toBe(1);
  });

  it('grid: should never leave one card alone on a row of a multi-column grid', () => {
    for (let count = 1; count <= 24; count++)
      for (let fit = 1; fit <= 6; fit++) {
        const c = columnsFor(count, fit);
        expect(c).toBeLessThanOrEqual(Math.max(1, fit));
        if (c > 1) expect(count % c === 0 || count % c >= 2).toBe(true);
      }
  });
});
