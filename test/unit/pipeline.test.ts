import { describe, expect, it } from 'vitest';
import { compile, compileTexts } from '../../src/compile/index.ts';
import { loadConfig } from '../../src/config/index.ts';
import { error, type Diagnostic } from '../../src/diagnostics.ts';
import { load } from '../../src/load/index.ts';
import { runPipeline, type Driver, type Outcome, type Pages } from '../../src/pipeline.ts';
import { mergeMessages, withStandIns } from '../../src/plan/index.ts';
import type { Compiled, Loaded, Page, Site, SiteConfig } from '../../src/types.ts';
import { classicTheme } from '../../themes/classic/index.tsx';
import { fixture } from '../helpers.ts';

const root = fixture('basic');

/**
 * A driver over the basic fixture whose stages are the real config, load and compile, with render and emit
 * replaced by recorders. `broken` makes one source fail to compile; `servesWith` is the driver's rule.
 */
function testDriver(options: { configError?: boolean; broken?: boolean; servesWith?: (d: Diagnostic) => boolean } = {}) {
  const calls: string[] = [];
  const emitted: string[] = [];
  const driver: Driver = {
    root,
    theme: () => classicTheme,
    async config(): Promise<Outcome<SiteConfig>> {
      calls.push('config');
      const { config, diagnostics } = await loadConfig({ root });
      if (options.configError) return { diagnostics: [error('Q002', 'planted', { keyPath: 'title' })] };
      return { value: config, diagnostics };
    },
    async load(config): Promise<Outcome<Loaded>> {
      calls.push('load');
      const { value, diagnostics } = await load({ root, config, mode: 'production' });
      return { value, diagnostics, detail: `${value.sources.length} files` };
    },
    async compile(config, loaded): Promise<Outcome<Compiled[]>> {
      calls.push('compile');
      const sources = options.broken
        ? loaded.sources.map((s) =>
            s.file.endsWith('start.md') ? { ...s, body: '<div>\n\n```js\n', hash: 'broken', format: 'mdx' as const } : s,
          )
        : loaded.sources;
      const texts = compileTexts(mergeMessages(loaded.messages, config.i18n.currentLocale));
      const result = await compile({ sources, config, texts });
      return { value: withStandIns(loaded.sources, result.value), diagnostics: result.diagnostics };
    },
    async render(site: Site): Promise<Outcome<Pages>> {
      calls.push('render');
      function* pages(): Generator<Page> {
        for (const route of site.routes) {
          // Rendering takes time inside the iterator, which the pipeline counts as render's.
          const until = performance.now() + 0.2;
          while (performance.now() < until);
          yield { path: route.path, html: route.title, assets: [] };
        }
      }
      return { value: pages(), diagnostics: [], detail: () => `${emitted.length} pages` };
    },
    async emit(_site, pages): Promise<Outcome<number>> {
      calls.push('emit');
      for await (const page of pages) emitted.push(page.path);
      return { value: emitted.length, diagnostics: [] };
    },
    servesWith: options.servesWith,
  };
  return { driver, calls, emitted };
}

describe('the pipeline (src/pipeline.ts) with a driver of its own', () => {
  it('pipeline: should run the six steps in order, time each, and give emit every page', async () => {
    const { driver, calls, emitted } = testDriver();
    const timings: string[] = [];
    const result = await runPipeline(driver, (step) => timings.push(step.name));
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(calls).toEqual(['config', 'load', 'compile', 'render', 'emit']);
    expect(result.steps.map((s) => s.name)).toEqual(['config', 'load', 'compile', 'plan', 'render', 'emit']);
    expect(timings).toEqual(['config', 'load', 'compile', 'plan', 'render', 'emit']);
    expect(result.emitted).toBe(true);
    expect(emitted).toEqual(result.site!.routes.map((r) => r.path));
    // Render's time is the time spent making the pages, even though emit pulled them; its detail is read at the end.
    const render = result.steps.find((s) => s.name === 'render')!;
    expect(render.ms).toBeGreaterThanOrEqual(0.2 * emitted.length * 0.9);
    expect(render.detail).toBe(`${emitted.length} pages`);
    // Emit only collects the pages here: the time it spent pulling them is render's, not its own.
    expect(result.steps.find((s) => s.name === 'emit')!.ms).toBeLessThan(render.ms / 2);
    expect(result.steps.find((s) => s.name === 'load')!.detail).toMatch(/^\d+ files$/);
  });

  it('pipeline: should stop after config when it has an error', async () => {
    const { driver, calls } = testDriver({ configError: true });
    const result = await runPipeline(driver);
    expect(calls).toEqual(['config']);
    expect(result.steps.map((s) => s.name)).toEqual(['config']);
    expect(result.site).toBeUndefined();
    expect(result.emitted).toBe(false);
  });

  it('pipeline: should plan the site around a page that does not compile and stop before render', async () => {
    const { driver, calls } = testDriver({ broken: true });
    const result = await runPipeline(driver);
    expect(result.diagnostics.some((d) => d.severity === 'error' && d.file?.endsWith('start.md'))).toBe(true);
    expect(result.steps.map((s) => s.name)).toEqual(['config', 'load', 'compile', 'plan']);
    expect(calls).not.toContain('render');
    expect(result.emitted).toBe(false);
  });

  it('pipeline: should render and emit around the errors the driver serves with', async () => {
    const { driver, calls, emitted } = testDriver({ broken: true, servesWith: (d) => d.file?.endsWith('start.md') === true });
    const result = await runPipeline(driver);
    expect(calls).toEqual(['config', 'load', 'compile', 'render', 'emit']);
    expect(result.emitted).toBe(true);
    expect(emitted.length).toBeGreaterThan(0);
  });
});
