import { describe, expect, it } from 'vitest';
import { checkComponents } from '../../src/plan/components.ts';
import type { Compiled, ComponentUse } from '../../src/types.ts';
import { classicTheme } from '../../themes/classic/index.tsx';

const page = (uses: Record<string, ComponentUse[]>): Compiled =>
  ({ source: { file: 'content/docs/a.mdx' }, components: Object.keys(uses), componentUses: uses }) as unknown as Compiled;
const contracts = {
  Figure: { props: { src: true, alt: true, caption: false } },
  Stat: { props: { id: true }, values: { id: { file: 'figures', names: (d: unknown) => (d && typeof d === 'object' && !Array.isArray(d) ? Object.keys(d) : undefined) } } },
};
const check = (uses: Record<string, ComponentUse[]>, data: Record<string, unknown> = {}) =>
  checkComponents({ compiled: [page(uses)], components: ['Figure', 'Stat', 'Kbd'], contracts, data });

describe('components: each use of an MDX component is checked before pages render', () => {
  it('components: should report a required prop left out at the use, and a typo of it once', () => {
    const d = check({ Figure: [{ line: 3, column: 1, props: { alt: 'x' } }, { line: 9, column: 4, props: { scr: '/a.png', alt: 'x' } }] });
    expect(d).toEqual([
      expect.objectContaining({ code: 'Q033', severity: 'error', message: '<Figure> needs the prop src.', file: 'content/docs/a.mdx', line: 3, column: 1, hint: '<Figure> takes alt, caption, src.' }),
      expect.objectContaining({ code: 'Q033', severity: 'error', line: 9, column: 4, hint: 'Did you mean src instead of scr?' }),
    ]);
  });

  it('components: should warn of a prop the component does not take, naming the nearest', () => {
    const d = check({ Figure: [{ line: 2, column: 1, props: { src: '/a.png', alt: '', captoin: 'Text' } }] });
    expect(d).toEqual([expect.objectContaining({ severity: 'warning', message: '<Figure> does not take the prop captoin; it is left out.', hint: 'Did you mean caption?' })]);
  });

  it('components: should check quoted values against the data file and leave expressions and spreads to render', () => {
    const data = { figures: { users: {}, sites: {} } };
    expect(check({ Stat: [{ line: 5, column: 7, props: { id: 'user' } }] }, data)).toEqual([
      expect.objectContaining({ message: '<Stat id="user">: content/data/figures.json has no entry "user".', line: 5, column: 7, hint: 'Did you mean "users"? content/data/figures.json has: sites, users.' }),
    ]);
    expect(check({ Stat: [{ line: 5, column: 7, props: { id: 'users' } }] }, {})[0].hint).toBe('content/data/figures.json is missing.');
    expect(check({ Stat: [{ line: 5, column: 7, props: { id: 'users' } }] }, { figures: [{ users: 1 }] })[0].hint).toBe('content/data/figures.json is not an object of entries by name (it holds an array).');
    expect(check({ Stat: [{ props: { id: null } }], Figure: [{ props: {}, spread: true }] }, data)).toEqual([]);
  });

  it('components: should name an unknown component at its first use, with the nearest name', () => {
    const d = check({ Kdb: [{ line: 4, column: 6, props: {} }, { line: 8, column: 1, props: {} }] });
    expect(d).toEqual([expect.objectContaining({ code: 'Q032', message: 'Unknown component <Kdb>.', line: 4, column: 6 })]);
    expect(d[0].hint).toMatch(/^Did you mean <Kbd>\?/);
  });

  it('components: should check number props, the component a use sits in, what it holds, and repeated labels', () => {
    const nested = {
      Figure: { props: { src: true, alt: true, width: false }, numbers: ['width'] },
      Tabs: { props: {}, children: { name: 'Tab', unique: 'label' } },
      Tab: { props: { label: true }, parent: 'Tabs' },
    };
    const uses: Record<string, ComponentUse[]> = {
      Figure: [{ line: 1, props: { src: '/a.png', alt: '', width: ' 800 ' } }, { line: 2, props: { src: '/a.png', alt: '', width: '80%' } }, { line: 3, props: { src: '/a.png', alt: '', width: null } }],
      Tabs: [{ line: 5, props: {}, children: ['Tab'] }, { line: 9, props: {}, children: ['Tab', '#text', 'Kbd'] }],
      Tab: [
        { line: 6, props: { label: 'A' }, parent: { name: 'Tabs', index: 0 } },
        { line: 7, props: { label: 'A' }, parent: { name: 'Tabs', index: 0 } },
        { line: 10, props: { label: 'A' }, parent: { name: 'Tabs', index: 1 } },
        { line: 12, props: { label: 'B' }, parent: { name: 'Figure', index: 0 } },
        { line: 13, props: { label: 'C' } },
      ],
    };
    const d = checkComponents({ compiled: [page(uses)], components: ['Figure', 'Tabs', 'Tab', 'Kbd'], contracts: nested, data: {} });
    expect(d.map((x) => [x.severity, x.line, x.message])).toEqual([
      ['error', 2, '<Figure width="80%">: width is a number.'],
      ['warning', 7, 'Two <Tab> in this <Tabs> have the label "A": a reader cannot tell them apart.'],
      ['error', 9, '<Tabs> holds text, <Kbd>: only <Tab> elements show in it.'],
      ['error', 12, '<Tab> shows only inside <Tabs>, not inside <Figure>.'],
      ['error', 13, '<Tab> shows only inside <Tabs>.'],
    ]);
  });

  it('components: should have a contract for every component of the classic theme', () => {
    expect(Object.keys(classicTheme.contracts ?? {}).sort()).toEqual(Object.keys(classicTheme.components).sort());
  });
});
