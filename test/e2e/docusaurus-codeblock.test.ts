import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { islandHydrated, openFixturePage } from './docusaurus-fixture.ts';
import type { TestServer } from './harness.ts';

const CODE = 'function gruss(name) {\n  return "Hallo " + name;\n}';

/**
 * `@theme/CodeBlock` in a component of the create-docusaurus template that keeps state, so it is hydrated: the block
 * is the server's highlighted markup, kept by the browser through hydration and re-renders, and its copy button
 * copies the code; a block the component draws later is drawn in the browser, plain, and copies as well.
 */
describe("@theme/CodeBlock in a project's hydrated component", () => {
  let server: TestServer;
  let page: Page;
  let errors: string[] = [];
  let close: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    ({ server, page, errors, close } = await openFixturePage(
      'docusaurus-classic',
      {
        'src/components/Beispiel.js': [
          "import React, {useState} from 'react';",
          "import CodeBlock from '@theme/CodeBlock';",
          `const code = ${JSON.stringify(CODE)};`,
          'export default function Beispiel() {',
          '  const [n, setN] = useState(0);',
          '  return (',
          '    <div className="beispiel">',
          '      <button type="button" onClick={() => setN(n + 1)}>Mehr ({n})</button>',
          '      <CodeBlock language="js" title="gruss.js" showLineNumbers>{code}</CodeBlock>',
          // biome-ignore lint/suspicious/noTemplateCurlyInString: the component's own template literal, as its source text.
          '      {n > 0 && <CodeBlock language="js" title="zaehler.js">{`const n = ${n};`}</CodeBlock>}',
          '    </div>',
          '  );',
          '}',
          '',
        ].join('\n'),
        'docs/beispiel.mdx': "---\ntitle: Beispiel\n---\nimport Beispiel from '@site/src/components/Beispiel';\n\n<Beispiel />\n",
      },
      { permissions: ['clipboard-read', 'clipboard-write'] },
    ));
  });

  afterAll(async () => {
    await close?.();
  });

  it('keeps the highlighted block through hydration and a re-render, and its copy button copies the code', async () => {
    await page.goto(`${server.url}/docs/beispiel/`);
    await islandHydrated(page);
    const block = page.locator('.beispiel figure.code-block').first();
    expect(await block.locator('figcaption').textContent()).toBe('gruss.js');
    expect(await block.locator('.token.keyword').count()).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Mehr (0)' }).click();
    await page.getByRole('button', { name: 'Mehr (1)' }).waitFor();
    // The server's highlighted markup is still there after React drew the component again.
    expect(await block.locator('.token.keyword').count()).toBeGreaterThan(0);
    await block.hover();
    await block.locator('.code-block__copy').click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(CODE);
    // A block drawn in the browser: the same figure, plain.
    const later = page.locator('.beispiel figure.code-block').nth(1);
    expect(await later.locator('figcaption').textContent()).toBe('zaehler.js');
    expect(await later.locator('pre code').textContent()).toBe('const n = 1;');
    expect(errors).toEqual([]);
  });
});
