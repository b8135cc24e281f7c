import { createElement, useId, type ComponentType, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { compileSource } from '../../src/compile/index.ts';
import { formatDiagnostic } from '../../src/diagnostics.ts';
import { checkComponents } from '../../src/plan/components.ts';
import { guardedComponents } from '../../src/shared/component-props.ts';
import type { Compiled, ComponentUse, Source } from '../../src/types.ts';
import { classicTheme } from '../../themes/classic/index.tsx';
import { buildInMemory, makeSite } from '../helpers.ts';
import { minimalConfig } from './config-fixture.ts';

const page = (uses: Record<string, ComponentUse[]>): Compiled =>
  ({
    source: { file: 'content/docs/a.mdx', body: '', bodyLine: 1 },
    components: Object.keys(uses),
    componentUses: uses,
  }) as unknown as Compiled;
const contracts = {
  Figure: { props: { src: true, alt: true, caption: false } },
  Stat: {
    props: { id: true },
    values: {
      id: { file: 'figures', names: (d: unknown) => (d && typeof d === 'object' && !Array.isArray(d) ? Object.keys(d) : undefined) },
    },
  },
};
const check = (uses: Record<string, ComponentUse[]>, data: Record<string, unknown> = {}) =>
  checkComponents({ compiled: [page(uses)], components: ['Figure', 'Stat', 'Kbd'], contracts, data });

describe('components: each use of an MDX component is checked before pages render', () => {
  it('components: should report a required prop left out at the use, and a typo of it once', () => {
    const d = check({
      Figure: [
        { line: 3, column: 1, props: { alt: 'x' } },
        { line: 9, column: 4, props: { scr: '/a.png', alt: 'x' } },
      ],
    });
    expect(d).toEqual([
      expect.objectContaining({
        code: 'Q033',
        severity: 'error',
        message: '<Figure> needs the prop src.',
        file: 'content/docs/a.mdx',
        line: 3,
        column: 1,
        hint: '<Figure> takes alt, caption, src.',
      }),
      expect.objectContaining({ code: 'Q033', severity: 'error', line: 9, column: 4, hint: 'Did you mean src instead of scr?' }),
    ]);
  });

  it('components: should warn of a prop the component does not take, naming the nearest', () => {
    const d = check({ Figure: [{ line: 2, column: 1, props: { src: '/a.png', alt: '', captoin: 'Text' } }] });
    expect(d).toEqual([
      expect.objectContaining({
        severity: 'warning',
        message: '<Figure> does not take the prop captoin; it is left out.',
        hint: 'Did you mean caption?',
      }),
    ]);
  });

  it('components: should check quoted values against the data file and leave expressions and spreads to render', () => {
    const data = { figures: { users: {}, sites: {} } };
    expect(check({ Stat: [{ line: 5, column: 7, props: { id: 'user' } }] }, data)).toEqual([
      expect.objectContaining({
        message: '<Stat id="user">: content/data/figures.json has no entry "user".',
        line: 5,
        column: 7,
        hint: 'Did you mean "users"? content/data/figures.json has: sites, users.',
      }),
    ]);
    expect(check({ Stat: [{ line: 5, column: 7, props: { id: 'users' } }] }, {})[0].hint).toBe('content/data/figures.json is missing.');
    expect(check({ Stat: [{ line: 5, column: 7, props: { id: 'users' } }] }, { figures: [{ users: 1 }] })[0].hint).toBe(
      'content/data/figures.json is not an object of entries by name (it holds an array).',
    );
    expect(check({ Stat: [{ props: { id: null } }], Figure: [{ props: {}, spread: true }] }, data)).toEqual([]);
  });

  it('components: should name an unknown component at its first use, with the nearest name', () => {
    const d = check({
      Kdb: [
        { line: 4, column: 6, props: {} },
        { line: 8, column: 1, props: {} },
      ],
    });
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
      Figure: [
        { line: 1, props: { src: '/a.png', alt: '', width: ' 800 ' } },
        { line: 2, props: { src: '/a.png', alt: '', width: '80%' } },
        { line: 3, props: { src: '/a.png', alt: '', width: null } },
      ],
      Tabs: [
        { line: 5, props: {}, children: ['Tab'] },
        { line: 9, props: {}, children: ['Tab', '#text', 'Kbd'] },
      ],
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

  it('components: should report a defaultValue of <Tabs> that names none of its tabs, by value or else label', () => {
    const tabs = {
      Tabs: { props: { defaultValue: false }, children: { name: 'Tab', select: { prop: 'defaultValue', by: ['value', 'label'] } } },
      Tab: { props: { label: true, value: false }, parent: 'Tabs' },
    };
    const uses: Record<string, ComponentUse[]> = {
      Tabs: [
        { line: 1, props: { defaultValue: 'mac' }, children: ['Tab'] },
        { line: 5, props: { defaultValue: 'Linux' }, children: ['Tab'] },
        { line: 9, props: { defaultValue: 'Windows' }, children: ['Tab'] },
      ],
      Tab: [
        { line: 2, props: { label: 'macOS', value: 'mac' }, parent: { name: 'Tabs', index: 0 } },
        { line: 6, props: { label: 'Linux' }, parent: { name: 'Tabs', index: 1 } },
        // The value names the tab, not its label.
        { line: 10, props: { label: 'Windows', value: 'win' }, parent: { name: 'Tabs', index: 2 } },
      ],
    };
    const d = checkComponents({ compiled: [page(uses)], components: ['Tabs', 'Tab'], contracts: tabs, data: {} });
    expect(d.map((x) => [x.severity, x.line, x.message, x.hint])).toEqual([
      ['error', 9, '<Tabs defaultValue="Windows">: none of its tabs has that value.', 'The values here: "win".'],
    ]);
  });

  it('components: should have a contract for every component of the classic theme', () => {
    expect(Object.keys(classicTheme.contracts ?? {}).sort()).toEqual(Object.keys(classicTheme.components).sort());
  });
});

describe('components: an object or array for a prop that wants a text or a number', () => {
  const config = minimalConfig();
  /** The component problems of an MDX page with this body (below three lines of front matter), checked against the classic theme. */
  const problems = async (body: string, data: Record<string, unknown> = {}) => {
    const source: Source = {
      kind: 'doc',
      file: 'content/docs/a.mdx',
      format: 'mdx',
      id: 'a',
      path: '/docs/a/',
      frontMatter: {},
      body,
      bodyLine: 4,
      hash: 'h',
    };
    const r = await compileSource(source, config);
    if (!('compiled' in r)) throw new Error(`expected a compiled page: ${r.diagnostic.message}`);
    return checkComponents({
      compiled: [r.compiled],
      components: Object.keys(classicTheme.components),
      contracts: classicTheme.contracts,
      data,
    });
  };

  it('components: should report a literal object or array at the prop, naming it, what it wants and what it got', async () => {
    const d = await problems(
      'Text.\n\n<Figure src="/a.png" alt="Karte" width={{a: 1}} />\n\n<Figure\n  src="/a.png"\n  caption={"ein } in Text"} alt={[1, 2]}\n/>\n',
    );
    expect(d.map(({ code, severity, message, line, column, hint }) => ({ code, severity, message, line, column, hint }))).toEqual([
      {
        code: 'Q033',
        severity: 'error',
        message: '<Figure width={{a: 1}}>: width wants a number, not an object.',
        line: 6,
        column: 34,
        hint: 'Write it as a number: width={800}.',
      },
      {
        code: 'Q033',
        severity: 'error',
        message: '<Figure alt={[1, 2]}>: alt wants a text, not an array.',
        line: 10,
        column: 29,
        hint: 'Write it as a text in quotes: alt="…".',
      },
    ]);
  });

  it('components: should leave numbers, texts, computed values and literals inside larger expressions alone', async () => {
    const body = [
      'export const size = {a: 1};',
      '',
      '<Figure src="/a.png" alt={`Karte {x}`} width={800} height={size} />',
      '<Figure src="/a.png" alt={["a", "b"][0]} width={{a: 1}.a} />',
      '<Figure src="/a.png" alt={/* {} */ "Text" /* [] */} caption={"}"} width={ 2 / 1 } height={[3][0] / 1} />',
      '<Figure src="/a.png" alt="x" caption={<b>fett</b>} width={640} />',
      '<Figure src="/a.png" alt={"x"} {...{ width: 2 }} />',
    ].join('\n');
    expect(await problems(body)).toEqual([]);
  });

  it('components: should find the props of a tag after a spread and across lines, in a list item, with comments', async () => {
    const d = await problems(
      '- Ein Punkt:\n\n  <Figure {...{ src: "/a.png" }} alt="x"\n    width={\n      // die Breite\n      [800]\n    } />\n',
    );
    expect(d).toEqual([
      expect.objectContaining({
        message: '<Figure width={// die Breite\n      [800]}>: width wants a number, not an array.',
        line: 7,
        column: 5,
      }),
    ]);
  });

  it('components: should carry the lines of the page with each problem, so the frame does not depend on the file now', async () => {
    const [d] = await problems('Text.\n\n<Figure src="/a.png" alt={{}} />\n');
    expect(d.excerpt).toEqual({ line: 4, offset: 0, lines: ['Text.', '', '<Figure src="/a.png" alt={{}} />', ''] });
    expect(formatDiagnostic(d)).toContain('> 6 | <Figure src="/a.png" alt={{}} />');
  });
});

describe('components: a prop that wants a text or a number, given an object only while the page renders', () => {
  it('components: should throw naming the component and the prop, without a change to the rendered markup otherwise', () => {
    // A component with a hook: called in the wrapper's place, it keeps its state and ids.
    const Pic = ({ src, alt, width, caption }: { src: string; alt: string; width?: number; caption?: string }) =>
      createElement('figure', { id: useId() }, createElement('img', { src, alt, width }), caption);
    const themeComponents = { Pic, Plain: Pic };
    const contracts = { Pic: { props: { src: true, alt: true, width: false, caption: false }, numbers: ['width'] } };
    const components = guardedComponents(themeComponents, contracts);
    expect(guardedComponents(themeComponents, contracts)).toBe(components);
    expect(components.Plain).toBe(Pic);
    const Figure = components.Pic as ComponentType<Record<string, unknown>>;
    const Original = Pic as unknown as ComponentType<Record<string, unknown>>;
    const props = { src: '/a.png', alt: 'Karte', width: 800, caption: 'Eine Karte' };
    expect(renderToString(createElement(Figure, props))).toBe(renderToString(createElement(Original, props)));
    expect(() => renderToString(createElement(Figure, { ...props, width: { a: 1 } }))).toThrow(
      '<Pic width={…}>: width wants a number, not an object.',
    );
    expect(() => renderToString(createElement(Figure, { ...props, alt: ['a', 'b'] }))).toThrow(
      '<Pic alt={…}>: alt wants a text, not an array.',
    );
    expect(() => renderToString(createElement(Figure, { ...props, caption: createElement('b', null, 'x') }))).toThrow(
      'caption wants a text, not an element.',
    );
  });

  it('components: should check the elements a component reads its children from (the labels of <Tab> in <Tabs>), and keep React ids', () => {
    const components = guardedComponents(classicTheme.components, classicTheme.contracts);
    const tabs = (c: Record<string, unknown>, label: unknown) =>
      renderToString(
        createElement(
          c.Tabs as ComponentType<{ children?: ReactNode }>,
          null,
          createElement(c.Tab as ComponentType<{ label: unknown; children?: ReactNode }>, { label }, 'Inhalt'),
          createElement(c.Tab as ComponentType<{ label: unknown; children?: ReactNode }>, { label: 'B' }, 'Mehr'),
        ),
      );
    expect(tabs(components, 'A')).toBe(tabs(classicTheme.components, 'A'));
    expect(() => tabs(components, { de: 'A' })).toThrow('<Tab label={…}>: label wants a text, not an object.');
  });

  it('components: should report such a value at build as a render error for the page, at the component, never as [object Object]', async () => {
    const site = await makeSite('basic', {
      'content/docs/guide/mdx.mdx':
        '---\ntitle: MDX\n---\nexport const size = {breit: 800};\n\nText.\n\n<Figure src="/img/logo.svg" alt="Logo" width={size} />\n',
    });
    try {
      const { result, writer } = await buildInMemory(site.root);
      const failed = result.diagnostics.filter((d) => d.code === 'Q080');
      expect(failed).toEqual([expect.objectContaining({ severity: 'error', file: 'content/docs/guide/mdx.mdx', line: 8, column: 1 })]);
      expect(failed[0].message).toContain('<Figure width={…}>: width wants a number, not an object.');
      expect(
        [...writer.files.values()].some((f) => (typeof f === 'string' ? f : Buffer.from(f).toString('utf8')).includes('[object Object]')),
      ).toBe(false);
    } finally {
      await site.cleanup();
    }
  });
});
