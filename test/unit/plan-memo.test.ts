import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compile, compileSource, compileTexts, type CompileTexts } from '../../src/compile/index.ts';
import { loadConfig } from '../../src/config/index.ts';
import { sourceKind } from '../../src/dev/classify.ts';
import { load, readSource } from '../../src/load/index.ts';
import { mergeMessages, plan, PlanMemo, withStandIns } from '../../src/plan/index.ts';
import { fingerprintRoutes, FingerprintMemo } from '../../src/render/fingerprint.ts';
import type { Compiled, Loaded, Site, SiteConfig, Source } from '../../src/types.ts';
import { classicTheme } from '../../themes/classic/index.tsx';
import { makeSite } from '../helpers.ts';

/**
 * The basic fixture as a dev session holds it: sources loaded once, each compiled once, and an edit reading and
 * compiling again only the file it changed (the other pages keep their objects, as CompiledSources keeps them).
 */
class DevLikeSite {
  config!: SiteConfig;
  loaded!: Loaded;
  texts!: CompileTexts;
  compiled = new Map<string, Compiled>();
  readonly memo = new PlanMemo();
  readonly fingerprintMemo = new FingerprintMemo();
  constructor(readonly root: string) {}

  async open(): Promise<void> {
    const { config } = await loadConfig({ root: this.root });
    this.config = config!;
    this.loaded = (await load({ root: this.root, config: this.config, mode: 'development' })).value;
    this.texts = compileTexts(mergeMessages(this.loaded.messages, this.config.i18n.currentLocale));
    const result = await compile({ sources: this.loaded.sources, config: this.config, texts: this.texts });
    for (const c of result.value) this.compiled.set(c.source.file, c);
  }

  async edit(file: string, change: (text: string) => string): Promise<void> {
    const abs = path.join(this.root, file);
    await writeFile(abs, change(await readFile(abs, 'utf8')));
    const kind = sourceKind(file, this.config.layout)!;
    const source = (await readSource(abs, file, kind.kind, kind.relative, this.config, []))!;
    const result = await compileSource(source, this.config, this.texts);
    if (!('compiled' in result)) throw new Error(`${file} does not compile`);
    this.loaded.sources = this.loaded.sources.map((s) => (s.file === file ? source : s));
    this.compiled.set(file, result.compiled);
  }

  /** The site planned with the session's memo and from scratch, over the same inputs. */
  plan(): { incremental: ReturnType<typeof plan>; full: ReturnType<typeof plan> } {
    const list = () =>
      withStandIns(
        this.loaded.sources,
        this.loaded.sources.map((s: Source) => ({ ...this.compiled.get(s.file)!, source: s })),
      );
    const options = {
      config: this.config,
      loaded: this.loaded,
      components: Object.keys(classicTheme.components),
      contracts: classicTheme.contracts,
      messageIds: classicTheme.messageIds,
      dataSchemas: classicTheme.dataSchemas,
      dataWarnings: classicTheme.dataWarnings,
    };
    return { incremental: plan({ ...options, compiled: list(), memo: this.memo }), full: plan({ ...options, compiled: list() }) };
  }

  fingerprints(site: Site): { incremental: Map<string, string>; full: Map<string, string> } {
    const inputs = { site, shared: { theme: 1 }, assetVersions: new Map() };
    return { incremental: fingerprintRoutes({ ...inputs, memo: this.fingerprintMemo }), full: fingerprintRoutes(inputs) };
  }
}

let cleanup: () => Promise<void>;
let dev: DevLikeSite;
/** Each plan's incremental site, for the next step's fingerprints. */
let previous: Map<string, string>;

beforeAll(async () => {
  const made = await makeSite('basic', {
    // A second doc linking to a heading of start.md: its link check depends on another page's headings.
    'content/docs/hidden.md': '---\ntitle: Versteckt\n---\nSiehe [die Kennung](./guide/start.md#eigene-id).\n',
  });
  cleanup = made.cleanup;
  dev = new DevLikeSite(made.root);
  await dev.open();
});
afterAll(() => cleanup());

/** Plans after an edit and checks the incremental plan against the full one; returns the routes whose fingerprint changed. */
function planAndCompare(): { site: Site; diagnostics: string[]; changed: string[] } {
  const { incremental, full } = dev.plan();
  // The same site and the same diagnostics in the same order, to the byte.
  expect(JSON.stringify(incremental.value)).toBe(JSON.stringify(full.value));
  expect(JSON.stringify(incremental.diagnostics)).toBe(JSON.stringify(full.diagnostics));
  const fingerprints = dev.fingerprints(incremental.value!);
  expect(fingerprints.incremental).toEqual(fingerprints.full);
  const changed = [...fingerprints.incremental].filter(([route, hash]) => previous?.get(route) !== hash).map(([route]) => route);
  previous = fingerprints.incremental;
  return { site: incremental.value!, diagnostics: incremental.diagnostics.map((d) => `${d.code} ${d.file}:${d.line ?? ''}`), changed };
}

const DOC_ROUTES = ['/docs/', '/docs/draft/', '/docs/guide/mdx/', '/docs/guide/start/', '/docs/hidden/'];

describe('incremental plan (dev)', () => {
  it('plan memo: should plan an edited site exactly as a full plan does, reusing what the edit did not touch', async () => {
    const first = planAndCompare();
    expect(first.diagnostics.filter((d) => d.startsWith('Q06'))).toEqual([]);

    // A body edit: the sidebars are the last plan's objects, and only the edited page fingerprints anew.
    await dev.edit('content/docs/index.md', (t) => t.replace('Willkommen.', 'Willkommen.\n\nEin neuer Absatz.\n\nUnd noch einer.'));
    const body = planAndCompare();
    expect(body.site.sidebar).toBe(first.site.sidebar);
    expect(body.changed).toEqual(['/docs/']);

    // A link broken by a body edit is reported (Q060) at its new line, and fixed by the next.
    await dev.edit('content/docs/index.md', (t) => t.replace('./guide/start.md', './guide/startt.md'));
    const broken = planAndCompare();
    expect(broken.diagnostics).toContain('Q060 content/docs/index.md:9');
    await dev.edit('content/docs/index.md', (t) => t.replace('./guide/startt.md', './guide/start.md'));
    expect(planAndCompare().diagnostics.filter((d) => d.startsWith('Q06'))).toEqual([]);

    // A heading id changed on one page breaks the anchor another page links to: that page is checked again.
    await dev.edit('content/docs/guide/start.md', (t) => t.replace('{#eigene-id}', '{#andere-id}'));
    const anchor = planAndCompare();
    expect(anchor.diagnostics).toEqual(expect.arrayContaining(['Q061 content/docs/hidden.md:4', 'Q061 content/docs/guide/start.md:35']));
    expect(anchor.changed).toEqual(['/docs/guide/start/']);
    await dev.edit('content/docs/guide/start.md', (t) => t.replace('{#andere-id}', '{#eigene-id}'));
    expect(planAndCompare().diagnostics.filter((d) => d.startsWith('Q06'))).toEqual([]);

    // A title shown in the sidebar: the sidebars are planned again, and every page showing them fingerprints anew.
    await dev.edit('content/docs/index.md', (t) => t.replace('title: Übersicht', 'title: Überblick'));
    const title = planAndCompare();
    expect(title.site.sidebar).not.toBe(body.site.sidebar);
    expect(JSON.stringify(title.site.sidebar)).toContain('Überblick');
    expect(title.changed.sort()).toEqual([...DOC_ROUTES, '/404.html'].sort());

    // The sidebar order from the front matter: planned again too.
    await dev.edit('content/docs/hidden.md', (t) => t.replace('title: Versteckt', 'title: Versteckt\nsidebar_position: 0'));
    planAndCompare();
  });
});
