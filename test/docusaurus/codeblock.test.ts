import { afterAll, describe, expect, it } from 'vitest';
import { buildTemplate } from '../helpers.ts';

const cleanups: (() => Promise<void>)[] = [];
afterAll(() => Promise.all(cleanups.map((c) => c())));

/** A promise made on first use, shared by the tests that read it. */
function once<T>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | undefined;
  return () => (made ??= make());
}

const build = (overlay: Record<string, string>) => buildTemplate(overlay, cleanups);

/** A component with state: the page it is on gets an island module. */
const COUNTER = [
  "import React, { useState } from 'react';",
  'export default function Counter() {',
  '  const [n, setN] = useState(0);',
  '  return <button type="button" onClick={() => setN(n + 1)}>Klicks: {n}</button>;',
  '}',
  '',
].join('\n');

/** The island modules a build wrote, by file, and their bytes together. */
function islandFiles(files: Map<string, Uint8Array | string>): { names: string[]; text: string } {
  const names = [...files.keys()].filter((f) => f.startsWith('assets/project/') && f.endsWith('.js'));
  return { names, text: names.map((f) => String(files.get(f))).join('\n') };
}

describe('<CodeBlock> of a raw-loader import on a page with an island', () => {
  const code = 'const geheimerMarker = "unverwechselbar";\n'.repeat(40);
  const page = (codeBlock: boolean) =>
    [
      '---',
      'title: Insel',
      '---',
      "import CodeBlock from '@theme/CodeBlock';",
      "import Source from '!!raw-loader!./gross.js';",
      "import Counter from '@site/src/components/Counter';",
      '',
      '<Counter />',
      '',
      codeBlock ? '<CodeBlock language="jss" metastring="tittle=x">{Source}</CodeBlock>' : '',
      '',
    ].join('\n');
  const builds = once(() =>
    Promise.all(
      [true, false].map((codeBlock) =>
        build({ 'src/components/Counter.js': COUNTER, 'docs/gross.js': code, 'docs/insel.mdx': page(codeBlock) }),
      ),
    ),
  );

  it('keeps the code and its markup out of the island module', async () => {
    const [withBlock, without] = await builds();
    for (const { result } of [withBlock, without]) expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const html = withBlock.writer.text('docs/insel/index.html')!;
    expect(html.match(/geheimerMarker/g)).toHaveLength(40);
    // The block is the page's markup, drawn at build time: no island of its own.
    expect(html.match(/<quire-island data-island="project"/g)).toHaveLength(1);
    const islands = islandFiles(withBlock.writer.files);
    expect(islands.names.length).toBeGreaterThan(0);
    expect(islands.text).not.toContain('geheimerMarker');
    // The island modules weigh what they weigh without the block (hashes in names and imports aside).
    const size = (t: string) => t.replace(/[\w-]+-[A-Z0-9]{8}\.js/g, 'x.js').length;
    expect(size(islands.text)).toBe(size(islandFiles(without.writer.files).text));
  });

  it('reports each note on the block once', async () => {
    const [withBlock] = await builds();
    const notes = withBlock.result.diagnostics.filter((d) => d.code === 'Q037' && d.file === 'docs/insel.mdx');
    expect(notes.map((n) => n.message)).toEqual([expect.stringContaining('tittle'), expect.stringContaining('jss')]);
  });
});
