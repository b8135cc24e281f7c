import { afterAll, describe, expect, it } from 'vitest';
import { buildTemplate } from '../helpers.ts';

const cleanups: (() => Promise<void>)[] = [];
afterAll(() => Promise.all(cleanups.map((c) => c())));

/** Builds a copy of the create-docusaurus template with an overlay (file → text). */
const build = (overlay: Record<string, string>) => buildTemplate(overlay, cleanups);

const HIGHLIGHT =
  'export default function Highlight({children, color}) {\n  return <span className="highlight" style={{backgroundColor: color}}>{children}</span>;\n}\n';

/** A project's MDXComponents as Docusaurus's docs write it: the original spread, components added. */
const MDX_COMPONENTS = [
  "import React from 'react';",
  "import MDXComponents from '@theme-original/MDXComponents';",
  "import Tabs from '@theme/Tabs';",
  "import TabItem from '@theme/TabItem';",
  "import Highlight from '@site/src/components/Highlight';",
  '',
  'const extra = {',
  '  Badge: ({children}) => <b className="badge">{children}</b>,',
  '};',
  '',
  'export default {',
  '  ...MDXComponents,',
  '  ...extra,',
  '  Highlight,',
  '  Tabs,',
  '  TabItem,',
  '  Wrapped: (props) => <MDXComponents.Details className="wrapped" {...props} />,',
  '};',
  '',
].join('\n');

describe("a project's src/theme/MDXComponents: components every MDX page uses without an import", () => {
  it('binds the names it adds in every MDX page (its own, an object it spreads, theme modules), and the original spread works', async () => {
    const { result, writer } = await build({
      'src/components/Highlight.js': HIGHLIGHT,
      'src/theme/MDXComponents.js': MDX_COMPONENTS,
      'docs/globals.mdx': [
        '---',
        'title: Globals',
        '---',
        '',
        'Text <Highlight color="#25c2a0">grün</Highlight> und <Badge>neu</Badge>.',
        '',
        '<Tabs groupId="os">',
        '  <TabItem value="linux" label="Linux">Für Linux.</TabItem>',
        '  <TabItem value="mac" label="macOS">Für macOS.</TabItem>',
        '</Tabs>',
        '',
        '<Wrapped summary="Mehr">Versteckt</Wrapped>',
        '',
      ].join('\n'),
      'docs/plain.md':
        "---\ntitle: Plain\n---\nimport Part from './_part.mdx';\n\nA page <Highlight>in Markdown</Highlight> too.\n\n<Part />\n",
      'docs/_part.mdx': 'A partial with <Badge>global</Badge> names.\n',
      'src/components/Other.js': 'export default function Other({children}) { return <i className="other">{children}</i>; }\n',
      'docs/own.mdx':
        "---\ntitle: Own\n---\nimport Highlight from '@site/src/components/Other';\nexport const Badge = ({children}) => <u>{children}</u>;\n\n<Highlight>eigen</Highlight> <Badge>hier</Badge>\n",
    });
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const html = (writer.text('docs/globals/index.html') ?? '').replace(/<!-- -->/g, '');
    expect(html).toContain('<span class="highlight" style="background-color:#25c2a0">grün</span>');
    expect(html).toContain('<b class="badge">neu</b>');
    // Tabs from @theme/Tabs are quire's own tabs, as an imported <Tabs> is.
    const imported = (
      await build({
        'docs/globals.mdx':
          '---\ntitle: Globals\n---\nimport Tabs from \'@theme/Tabs\';\nimport TabItem from \'@theme/TabItem\';\n\n<Tabs groupId="os">\n  <TabItem value="linux" label="Linux">Für Linux.</TabItem>\n  <TabItem value="mac" label="macOS">Für macOS.</TabItem>\n</Tabs>\n',
      })
    ).writer.text('docs/globals/index.html');
    // React's ids (useId) differ between the two builds.
    const tabs = (page: string) => /<div[^>]*class="[^"]*tabs[\s\S]*?Für macOS\.[\s\S]*?<\/div>/.exec(page)?.[0].replace(/_R_\w+_/g, 'id');
    expect(tabs(html)).toBeDefined();
    expect(tabs(html)).toBe(tabs((imported ?? '').replace(/<!-- -->/g, '')));
    // A component wrapping the original module's Details.
    expect(html).toMatch(/<details class="wrapped"[^>]*><summary>Mehr<\/summary>/);
    expect(html).toContain('Versteckt');
    expect(writer.text('docs/plain/index.html')).toContain('<span class="highlight">in Markdown</span>');
    // In an imported partial too.
    expect(writer.text('docs/plain/index.html')).toContain('A partial with <b class="badge">global</b> names.');
    // A page's own import or definition of a name wins over the global one.
    const own = writer.text('docs/own/index.html') ?? '';
    expect(own).toContain('<i class="other">eigen</i>');
    expect(own).toContain('<u>hier</u>');
  });

  it('hydrates a global component that needs the browser as an island, only on the pages that use it', async () => {
    const { result, writer } = await build({
      'src/components/Counter.js':
        'import React, {useState} from \'react\';\nexport default function Counter({start}) {\n  const [n, setN] = useState(Number(start));\n  return <button className="counter" onClick={() => setN(n + 1)}>{n}</button>;\n}\n',
      'src/theme/MDXComponents.js':
        "import MDXComponents from '@theme-original/MDXComponents';\nimport Counter from '@site/src/components/Counter';\nexport default { ...MDXComponents, Counter };\n",
      'docs/count.mdx': '---\ntitle: Count\n---\n\n<Counter start="3" />\n',
      'docs/still.mdx': '---\ntitle: Still\n---\n\nNo counter here.\n',
    });
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const html = writer.text('docs/count/index.html') ?? '';
    const island =
      /<quire-island data-island="project" data-island-src="([^"]+)" data-props="([^"]+)"[^>]*><button class="counter">3<\/button><\/quire-island>/.exec(
        html,
      );
    expect(island).not.toBeNull();
    const props = JSON.parse(island![2].replace(/&quot;/g, '"').replace(/&amp;/g, '&')) as { source: string; name: string; props: unknown };
    expect([props.source, props.name, props.props]).toEqual(['@quire/mdx-components', 'Counter', { start: '3' }]);
    // The island module the browser loads is published, and holds the component's code.
    const module = writer.text(island![1].replace(/^\//, ''));
    expect(module).toContain('counter');
    expect(writer.text('docs/still/index.html')).not.toContain('quire-island');
  });

  it('says did-you-mean with the global names for an unknown component', async () => {
    const { result } = await build({
      'src/components/Highlight.js': HIGHLIGHT,
      'src/theme/MDXComponents.js': MDX_COMPONENTS,
      'docs/typo.mdx': '---\ntitle: Typo\n---\n\nSee <Higlight>this</Higlight>.\n',
    });
    const unknown = result.diagnostics.filter((d) => d.code === 'Q032');
    expect(unknown.map((d) => [d.file, d.line, d.column])).toEqual([['docs/typo.mdx', 5, 5]]);
    expect(unknown[0].hint).toContain('Did you mean <Highlight>?');
    expect(unknown[0].hint).toContain('Badge');
  });

  it('names the HTML elements it replaces and what it cannot read in Q003 warnings, and uses the rest', async () => {
    const { result, writer } = await build({
      'src/components/Highlight.js': HIGHLIGHT,
      'src/theme/MDXComponents.tsx': [
        "import MDXComponents from '@theme-init/MDXComponents';",
        "import * as more from '../components/more';",
        "import Highlight from '@site/src/components/Highlight';",
        'type P = { children?: React.ReactNode };',
        'const components = {',
        '  ...MDXComponents,',
        '  ...more,',
        '  h2: (props: P) => <h2 className="mine" {...props} />,',
        '  a: (props: P) => <a {...props} />,',
        '  Highlight,',
        '};',
        'export default components;',
        '',
      ].join('\n'),
      'src/components/more.js': 'export const Note = () => <p>note</p>;\n',
      'docs/elements.mdx': '---\ntitle: Elements\n---\n\n## Zwei\n\n<Highlight>ja</Highlight>\n',
    });
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const warnings = result.diagnostics.filter((d) => d.code === 'Q003' && d.file === 'src/theme/MDXComponents.tsx');
    expect(warnings.map((d) => d.message)).toEqual([
      expect.stringContaining('maps lowercase names (HTML elements) to components of its own: h2, a.'),
      expect.stringContaining('cannot read the spread of ../components/more'),
    ]);
    const html = writer.text('docs/elements/index.html') ?? '';
    expect(html).toContain('<span class="highlight">ja</span>');
    expect(html).not.toContain('class="mine"');
    // Not named among the parts of Docusaurus's theme that quire draws itself.
    expect(result.diagnostics.some((d) => d.code === 'Q003' && d.message.includes('replaces parts of Docusaurus'))).toBe(false);
  });
});
