import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { islandHydrated, openFixturePage } from './docusaurus-fixture.ts';
import type { TestServer } from './harness.ts';

/**
 * A component of the create-docusaurus template that keeps state (so it is hydrated) and reads the docs' global
 * data: it draws the same at build time and in the browser, where it reads the location and reacts to clicks.
 */
describe('Docusaurus global data in a hydrated component', () => {
  let server: TestServer;
  let page: Page;
  let errors: string[] = [];
  let close: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    ({ server, page, errors, close } = await openFixturePage('docusaurus-classic', {
      'src/components/DocList.js': [
        "import React, {useState} from 'react';",
        "import {useActiveDocContext, useVersions} from '@docusaurus/plugin-content-docs/client';",
        "import {usePluginData} from '@docusaurus/useGlobalData';",
        'export default function DocList() {',
        '  const [open, setOpen] = useState(false);',
        '  const {activeDoc, activeVersion} = useActiveDocContext();',
        "  const data = usePluginData('docusaurus-plugin-content-docs');",
        '  return (',
        '    <div className="doc-list">',
        '      <p className="active">{activeVersion.label} {activeDoc.id} of {useVersions()[0].docs.length}</p>',
        '      <button type="button" onClick={() => setOpen(!open)}>{open ? "Hide" : "Show"}</button>',
        '      {open && <ul>{data.versions[0].docs.filter((d) => d.id.startsWith("tutorial-extras/")).map((d) => <li key={d.id}>{d.path}</li>)}</ul>}',
        '    </div>',
        '  );',
        '}',
        '',
      ].join('\n'),
      'docs/doc-list.mdx': "---\ntitle: Doc list\n---\nimport DocList from '@site/src/components/DocList';\n\n<DocList />\n",
    }));
  });

  afterAll(async () => {
    await close?.();
  });

  it('draws the active doc at build time, hydrates with the same, and lists the docs from the global data on a click', async () => {
    await page.goto(`${server.url}/docs/doc-list/`);
    const active = page.locator('.doc-list .active');
    const built = await active.textContent();
    expect(built).toMatch(/^Next doc-list of \d+$/);
    await islandHydrated(page);
    await page.getByRole('button', { name: 'Show' }).click();
    await expect
      .poll(() => page.locator('.doc-list li').allTextContents())
      .toEqual(['/docs/tutorial-extras/manage-docs-versions/', '/docs/tutorial-extras/translate-your-site/']);
    expect(await active.textContent()).toBe(built);
    expect(errors).toEqual([]);
  });
});
