import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error -- the benchmark generator is plain JavaScript without type declarations
import { generateSite } from '../bench/generate.mjs';
import { createElement, type ComponentType } from 'react';
import type { PageProps, Theme } from '../src/types.ts';
import { classicTheme } from '../themes/classic/index.tsx';
import { buildInMemory, repoRoot } from './helpers.ts';

/** The classic theme, counting the parts it renders once for many pages (PageProps.renderShared). */
function countingTheme(): { theme: Theme; calls: () => number } {
  let calls = 0;
  const Page = classicTheme.Page as ComponentType<PageProps>;
  const Counting = (props: PageProps) => {
    const renderShared = props.renderShared && ((element: unknown) => (calls++, props.renderShared!(element)));
    return createElement(Page, { ...props, renderShared });
  };
  return { theme: { ...classicTheme, Page: Counting }, calls: () => calls };
}

/**
 * The theme renders the docs sidebar once per open branch and marks each page's own link in that HTML
 * (themes/classic/components/DocSidebar.tsx). Every page must equal the page rendered whole.
 */
async function htmlBothWays(root: string) {
  const pages = async (sharedRendering: boolean) => {
    const counting = countingTheme();
    const { result, writer } = await buildInMemory(root, { sharedRendering, theme: counting.theme });
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    // The comparison means something: the shared path ran in the one build, never in the other.
    if (sharedRendering) expect(counting.calls()).toBeGreaterThan(0);
    else expect(counting.calls()).toBe(0);
    return new Map([...writer.files.keys()].filter((f) => f.endsWith('.html')).map((f) => [f, writer.text(f)!]));
  };
  return { shared: await pages(true), whole: await pages(false) };
}

function expectSame({ shared, whole }: { shared: Map<string, string>; whole: Map<string, string> }) {
  expect([...shared.keys()].sort()).toEqual([...whole.keys()].sort());
  for (const [file, html] of whole) expect(shared.get(file), file).toBe(html);
}

describe('shared rendering of the docs sidebar', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  it('shared render: every page of the site should equal the page rendered whole', async () => {
    const both = await htmlBothWays(repoRoot);
    expectSame(both);
    // The comparison means something: doc pages mark exactly their own link as current.
    const faq = both.shared.get('de/docs/faq/index.html')!;
    expect(faq.match(/aria-current="page"/g)?.length).toBeGreaterThanOrEqual(1);
    expect(faq).toContain('<a class="menu__link menu__link--active" href="/de/docs/faq/" aria-current="page">');
  }, 120_000);

  it('shared render: pages of a large sidebar (open branch only) should equal the pages rendered whole', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'quire-shared-'));
    dirs.push(dir);
    await (generateSite as (pages: number, dir: string) => Promise<void>)(450, dir);
    const both = await htmlBothWays(dir);
    expect(both.whole.size).toBeGreaterThan(400);
    expectSame(both);
  }, 120_000);
});
