import { describe, expect, it } from 'vitest';
import { buildInMemory, makeSite, repoRoot } from './helpers.ts';

/**
 * MDX pages whose expressions are all literals are rendered from their syntax tree instead of MDX's
 * JavaScript (src/compile/processors.ts). The pages must be the same either way: every page of the
 * site and a set of edge cases are built both ways and compared.
 */
/** The output type of every compiled file, per build. */
const outputs: string[][] = [];

async function htmlBothWays(root: string) {
  outputs.length = 0;
  const pages = async (mdxFromTree: boolean) => {
    const { result, writer } = await buildInMemory(root, { mdxFromTree });
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    outputs.push((result.site?.compiled ?? []).map((c) => c.output.type));
    return new Map([...writer.files.keys()].filter((f) => f.endsWith('.html')).map((f) => [f, writer.text(f)!]));
  };
  return { tree: await pages(true), code: await pages(false) };
}

describe('MDX rendered from its syntax tree', () => {
  it('mdx tree: every page of the site should equal the page rendered from MDX code', async () => {
    const { tree, code } = await htmlBothWays(repoRoot);
    expect(tree.size).toBeGreaterThan(100);
    // The comparison means something: most pages took the tree path, none did with the strategy `code`.
    expect(outputs[0].filter((t) => t === 'hast').length).toBeGreaterThan(100);
    expect(outputs[1].filter((t) => t === 'hast')).toEqual([]);
    expect([...tree.keys()].sort()).toEqual([...code.keys()].sort());
    for (const [file, html] of code) expect(tree.get(file), file).toBe(html);
  }, 120_000);

  it('mdx tree: literal attributes, comments, nested components, tables and code should render the same', async () => {
    const page = [
      '---',
      'title: Kanten',
      '---',
      '{/* ein Kommentar */}',
      '',
      '<Figure src="/img/logo.svg" alt="Logo" width={320} caption={`Unterschrift`} />',
      '',
      '<CardGrid>',
      '  <Card title="Eins" href="/docs/">Text mit **fett** und `code`.</Card>',
      '  <Card title={"Zwei"} href="/docs/">',
      '',
      '    - Liste in einer Karte',
      '',
      '  </Card>',
      '</CardGrid>',
      '',
      '<div className="eigene" style={{ marginTop: -2, textAlign: "center" }} data-x={[1, 2]}>Inline <Kbd>Strg</Kbd> {/* still */} Text</div>',
      '',
      '| a | b |',
      '| - | - |',
      '| <Kbd>A</Kbd> | 2 |',
      '',
      '```js {1}',
      'const a = 1;',
      '```',
      '',
    ].join('\n');
    const site = await makeSite('basic', {
      'content/docs/kanten.mdx': page,
      'content/docs/rechnen.mdx': '---\ntitle: Rechnen\n---\nDas Jahr {2020 + 6} und <Kbd>{"a".toUpperCase()}</Kbd>.\n',
    });
    try {
      const { tree, code } = await htmlBothWays(site.root);
      for (const file of ['de/docs/kanten/index.html', 'de/docs/rechnen/index.html']) {
        expect(tree.get(file), file).toBeDefined();
        expect(tree.get(file), file).toBe(code.get(file));
      }
      // A computed expression keeps MDX's code path and still works.
      expect(tree.get('de/docs/rechnen/index.html')).toMatch(/Das Jahr (<!-- -->)?2026(<!-- -->)? und <kbd class="kbd">A<\/kbd>/);
      expect(tree.get('de/docs/kanten/index.html')).toContain('style="margin-top:-2px;text-align:center"');
    } finally {
      await site.cleanup();
    }
  }, 60_000);
});
