import { afterAll, describe, expect, it } from 'vitest';
import { buildTemplate } from '../helpers.ts';

const cleanups: (() => Promise<void>)[] = [];
afterAll(() => Promise.all(cleanups.map((c) => c())));

/** Builds a copy of the create-docusaurus template with an overlay (file → text). */
const build = (overlay: Record<string, string>) => buildTemplate(overlay, cleanups);

/** A module of the project holding tab lists, as a site shares them between pages. */
const LISTS = [
  "export const kitchens = [{label: 'Herd', value: 'stove'}, {label: 'Ofen', value: 'oven'}, {value: 'grill'}];",
  "export const defaultKitchen = 'oven';",
  '',
].join('\n');

describe('Docusaurus content known only when the page runs, or unwrapped before MDX reads it', () => {
  it('labels and orders tabs by a values list the page imports, and takes a computed defaultValue', async () => {
    const { result, writer } = await build({
      'src/lists.js': LISTS,
      'docs/kochen.mdx': [
        '# Kochen',
        '',
        "import Tabs from '@theme/Tabs';",
        "import TabItem from '@theme/TabItem';",
        "import * as lists from '@site/src/lists';",
        '',
        '<Tabs groupId="kitchen" defaultValue={lists.defaultKitchen} values={lists.kitchens}>',
        '<TabItem value="oven">',
        '',
        'Im Ofen backen.',
        '',
        '</TabItem>',
        '<TabItem value="stove" label="Eigenes Etikett">',
        '',
        'Auf dem Herd braten.',
        '',
        '</TabItem>',
        '<TabItem value="wok">',
        '',
        'Nicht gelistet.',
        '',
        '</TabItem>',
        '</Tabs>',
        '',
      ].join('\n'),
    });
    expect(result.diagnostics.filter((d) => d.severity === 'error' || ['Q033', 'Q038'].includes(d.code))).toEqual([]);
    const html = writer.text('docs/kochen/index.html') ?? '';
    const labels = [...html.matchAll(/class="tabs__label">([^<]*)</g)].map((m) => m[1]);
    // The list's order and labels (the value where an entry has none); the unlisted tab is not drawn.
    expect(labels).toEqual(['Herd', 'Ofen', 'grill']);
    expect(html).not.toContain('Nicht gelistet');
    expect(html).toMatch(/<input [^>]*checked="" value="oven"\/>/);
    expect(html).toContain('Im Ofen backen.');
  });

  it('reads an mdx-code-block fence as the page’s own MDX, in a page and in a partial it imports', async () => {
    const fence = '```';
    const { result, writer } = await build({
      'docs/_teil.mdx': ['Vor dem Block.', '', `${fence}mdx-code-block`, '<mark>aus dem Teil</mark>', fence, ''].join('\n'),
      'docs/farben.md': [
        '# Farben',
        '',
        `${fence}mdx-code-block`,
        "import Teil from './_teil.mdx';",
        '',
        'export function Standard() {',
        '  return <ins className="farbe">#2196F3</ins>;',
        '}',
        fence,
        '',
        '| Art | Standard |',
        '| --- | --- |',
        '| Farbe | <Standard /> |',
        '',
        '<Teil />',
        '',
        `${fence}js`,
        'const kein = "mdx-code-block";',
        fence,
        '',
      ].join('\n'),
    });
    expect(result.diagnostics.filter((d) => d.severity === 'error' || (d.code === 'Q037' && d.file === 'docs/farben.md'))).toEqual([]);
    const html = writer.text('docs/farben/index.html') ?? '';
    expect(html).toContain('<td><ins class="farbe">#2196F3</ins></td>');
    expect(html).toContain('<mark>aus dem Teil</mark>');
    expect(html).not.toContain('export function');
    // An ordinary code block that mentions the name stays one.
    expect(html).toMatch(/<code[^>]*>[\s\S]*kein[\s\S]*<\/code>/);
  });

  it("gives @theme/MDXComponents/A, Docusaurus's MDX link, to a component that imports it", async () => {
    const { result, writer } = await build({
      'src/components/RepoLink.js': [
        "import A from '@theme/MDXComponents/A';",
        'export default function RepoLink({name}) {',
        // biome-ignore lint/suspicious/noTemplateCurlyInString: the component's own code, as the text of its file
        '  return <A href={`https://example.org/repo/${name}`}>{name}</A>;',
        '}',
      ].join('\n'),
      'docs/quelle.mdx': '# Quelle\n\nimport RepoLink from \'@site/src/components/RepoLink\';\n\nSiehe <RepoLink name="werkzeug" />.\n',
    });
    expect(result.diagnostics.filter((d) => d.severity === 'error' || d.code === 'Q039')).toEqual([]);
    expect(writer.text('docs/quelle/index.html') ?? '').toMatch(/<a href="https:\/\/example\.org\/repo\/werkzeug"[^>]*>werkzeug</);
  });

  it('gives a CodeBlock its computed text on a page whose modules hydrate, as text and not drawn children', async () => {
    const { result, writer } = await build({
      'src/version.js': "export const version = () => '2.1';\n",
      'src/components/Zaehler.js': [
        "import {useState} from 'react';",
        'export default function Zaehler() {',
        '  const [n] = useState(1);',
        '  return <b>{n}</b>;',
        '}',
      ].join('\n'),
      'docs/befehl.md': [
        "import CodeBlock from '@theme/CodeBlock';",
        "import Zaehler from '@site/src/components/Zaehler';",
        "import {version} from '@site/src/version';",
        '',
        '# Befehl',
        '',
        '<Zaehler />',
        '',
        '<CodeBlock language="bash" title="shell">',
        // biome-ignore lint/suspicious/noTemplateCurlyInString: the page's own expression, as the text of its file
        '{`npm install paket@${version()}`}',
        '</CodeBlock>',
        '',
      ].join('\n'),
    });
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const html = writer.text('docs/befehl/index.html') ?? '';
    expect(html).toContain('data-island="project"');
    expect(html).toMatch(/<figcaption class="code-title">shell<\/figcaption>/);
    expect(html.replace(/<[^>]+>/g, '')).toContain('npm install paket@2.1');
    expect(html).not.toMatch(/<quire-children>[^<]*npm install/);
  });
});
