import { Children, isValidElement, type ReactNode } from 'react';

/** The most columns a grid takes; the container queries of blocks.css name one breakpoint per count up to it. */
export const MAX_COLUMNS = 6;

/**
 * How many columns a grid of `count` cards takes when at most `fit` fit side by side: the largest count that
 * divides the cards evenly, else the largest that leaves at least two on the last row, else two columns whose
 * last card spans both (see lastSpan). A card alone on the last row (4 + 4 + 1) reads as forgotten, and a full
 * last row is what a designed page has; one column where two fit (9 cards at tablet width) wastes half the row.
 */
export function columnsFor(count: number, fit: number): number {
  const max = Math.min(count, fit);
  for (let c = max; c > 1; c--) if (count % c === 0) return c;
  for (let c = max; c > 1; c--) if (count % c >= 2) return c;
  return max >= 2 ? 2 : 1;
}

/** How many columns the last card spans: all of them when it would otherwise sit alone on its row. */
export function lastSpan(count: number, columns: number): number {
  return columns > 1 && count % columns === 1 ? columns : 1;
}

/**
 * A grid of cards with no card left alone on its last row: the columns for each number that fits are
 * worked out here, where the card count is known, and passed as custom properties (`--g2` … `--g6`, and
 * `--s2` … `--s6` for the last card's span) that the container queries of blocks.css choose from by the width
 * the grid has (a page column or a docs article).
 */
export function BalancedGrid({
  className,
  kind,
  count,
  children,
  as: Tag = 'div',
}: {
  className: string;
  kind: 'card' | 'stat' | 'plan';
  count: number;
  children?: ReactNode;
  as?: 'div' | 'dl';
}) {
  const style: Record<string, number> = {};
  for (let fit = 2; fit <= MAX_COLUMNS; fit++) {
    const columns = columnsFor(count, fit);
    style[`--g${fit}`] = columns;
    style[`--s${fit}`] = lastSpan(count, columns);
  }
  return (
    <div className={`grid-box grid-box--${kind}`}>
      <Tag className={`balanced-grid ${className}`} style={style}>
        {children}
      </Tag>
    </div>
  );
}

/** The cards a grid component holds: its element children (MDX puts line breaks between them as text). */
export function countCards(children: ReactNode): number {
  return Children.toArray(children).filter(isValidElement).length;
}
