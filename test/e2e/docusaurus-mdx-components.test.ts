import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { islandHydrated, openFixturePage } from './docusaurus-fixture.ts';
import type { TestServer } from './harness.ts';

/**
 * A component the project's src/theme/MDXComponents adds, used in a page without an import: it keeps state, so the
 * page hydrates it as it would an imported one, and it reacts to clicks in the browser.
 */
describe("a global MDX component from the project's src/theme/MDXComponents, in the browser", () => {
  let server: TestServer;
  let page: Page;
  let errors: string[] = [];
  let close: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    ({ server, page, errors, close } = await openFixturePage('docusaurus-classic', {
      'src/components/Counter.js': [
        "import React, {useState} from 'react';",
        'export default function Counter({start}) {',
        '  const [n, setN] = useState(Number(start));',
        '  return <button type="button" className="counter" onClick={() => setN(n + 1)}>Zähler {n}</button>;',
        '}',
        '',
      ].join('\n'),
      'src/theme/MDXComponents.js': [
        "import MDXComponents from '@theme-original/MDXComponents';",
        "import Counter from '@site/src/components/Counter';",
        'export default { ...MDXComponents, Counter };',
        '',
      ].join('\n'),
      'docs/counter.mdx': '---\ntitle: Counter\n---\n\n<Counter start="3" />\n',
    }));
  });

  afterAll(async () => {
    await close?.();
  });

  it('is drawn at build time, hydrated, and counts on a click', async () => {
    await page.goto(`${server.url}/docs/counter/`);
    const button = page.locator('button.counter');
    expect(await button.textContent()).toBe('Zähler 3');
    await islandHydrated(page);
    await button.click();
    await button.click();
    await expect.poll(() => button.textContent()).toBe('Zähler 5');
    expect(errors).toEqual([]);
  });
});
