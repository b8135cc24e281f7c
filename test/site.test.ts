import { HtmlValidate } from 'html-validate';
import { beforeAll, describe, expect, it } from 'vitest';
import type { MemoryWriter } from '../src/emit/index.ts';
import { buildInMemory, repoRoot } from './helpers.ts';

/** SPEC §2: every route of the real site. */
const MARKETING = [
  '',
  'android',
  'ao3',
  'bill',
  'deals/manga',
  'download',
  'exchange',
  'f-pdf-translate',
  'f-share-bilingual-content',
  'f-video-subtitle-translate',
  'home',
  'image',
  'landing-page',
  'learn',
  'manga',
  'manual-chrome-extension',
  'manual-chrome-extension/zip',
  'mobile',
  'pricing',
  'search',
  'topup',
  'usage-scenarios',
  'welcome',
];
const DOC_IDS = [
  'advanced',
  'apikey',
  'browserExtensionIntegration',
  'CHANGELOG',
  'communities',
  'dependences',
  'donate',
  'EULA',
  'faq',
  'friends',
  'input',
  'installation',
  'joinUs',
  'js-sdk',
  'pdf-helper',
  'PRIVACY',
  'prompts',
  'recommend',
  'review',
  'services',
  'share',
  'sites',
  'TERMS',
  'thanks',
  'usage',
  'usecase',
  'videoSiteSupport',
];
const FEATURES = ['epub', 'hover', 'image', 'manga', 'pdf', 'subtitles', 'video-subtitles', 'webpage'];
const SERVICES = [
  'ai',
  'aliyun',
  'aliyun-bailian',
  'azure',
  'azure-openai',
  'baidu',
  'baidu-qianfan',
  'caiyun',
  'claude',
  'custom',
  'deepL',
  'deepseek',
  'doubao',
  'gemini',
  'grok',
  'groq',
  'kimi',
  'lingyiwanwu',
  'niu',
  'ollama',
  'openai',
  'openL',
  'openrouter',
  'qwen-mt',
  'tencent',
  'tencent-hunyuan',
  'volcano',
  'youdao',
  'youdao-ziyue',
  'zhipu',
];
const NOT_IN_SIDEBAR = ['apikey', 'dependences', 'donate', 'EULA', 'joinUs', 'PRIVACY', 'TERMS', 'thanks'];

describe('the Bilingo site', () => {
  let writer: MemoryWriter;
  let result: Awaited<ReturnType<typeof buildInMemory>>['result'];
  beforeAll(async () => {
    ({ writer, result } = await buildInMemory(repoRoot));
  }, 120_000);
  const page = (p: string) => writer.text(`de/${p ? p + '/' : ''}index.html`);

  it('site: should build without errors or warnings, but those naming the company details and data packs the owner has not filled in', () => {
    // content/data/company.json and the data packs of pricing.json ship empty (nothing about the company or its
    // prices is invented): the build names their gaps until the owner fills them in, one warning per file, so a
    // release cannot go out with them unnoticed.
    const owners = ['content/data/company.json', 'content/data/pricing.json'];
    const gaps = (d: (typeof result.diagnostics)[number]) => d.code === 'Q090' && d.severity === 'warning' && owners.includes(d.file ?? '');
    expect(result.diagnostics.filter((d) => !gaps(d)).map((d) => `${d.file}:${d.line} ${d.message}`)).toEqual([]);
    for (const file of owners) expect(result.diagnostics.filter((d) => gaps(d) && d.file === file).length).toBeLessThanOrEqual(1);
  });

  it('site: should emit every marketing route of SPEC §2', () => {
    expect(MARKETING.filter((p) => page(p) === undefined)).toEqual([]);
  });

  it('site: should emit every doc id, feature and service page, with index at /de/docs/', () => {
    const docs = [...DOC_IDS, ...FEATURES.map((f) => `features/${f}`), ...SERVICES.map((s) => `services/${s}`)];
    expect(docs.filter((id) => page(`docs/${id}`) === undefined)).toEqual([]);
    expect(page('docs')).toBeDefined();
  });

  it('site: should have about 18 landing pages including the named stories', () => {
    const landing = [...writer.files.keys()].filter((f) => /^de\/landing-page\/[^/]+\/index\.html$/.test(f));
    expect(landing.length).toBeGreaterThanOrEqual(16);
    for (const slug of ['star-gate', 'against-the-gods', 'supreme-uprising', 'the-earth-is-online'])
      expect(page(`landing-page/${slug}`)).toBeDefined();
  });

  it('site: should keep the unlisted-from-sidebar docs out of the sidebar but build them', () => {
    const faq = page('docs/faq')!;
    for (const id of NOT_IN_SIDEBAR) {
      expect(page(`docs/${id}`)).toBeDefined();
      expect(faq).not.toContain(`class="menu__link" href="/de/docs/${id}/"`);
    }
    expect(faq).toContain('class="menu__link" href="/de/docs/installation/"');
  });

  it('site: should give every page a title and a description', () => {
    const missing: string[] = [];
    for (const [file, content] of writer.files) {
      if (!file.endsWith('.html') || file === 'de/404.html') continue;
      const html = String(typeof content === 'string' ? content : Buffer.from(content));
      if (
        !/<title>[^<|]+ \| Bilingo<\/title>|<title>Bilingo<\/title>/.test(html) ||
        !/<meta name="description" content="[^"]{20,}"/.test(html)
      )
        missing.push(file);
    }
    expect(missing).toEqual([]);
  });

  it('site: should pass an HTML validator on every page (one element per id, each class once, named landmarks, permitted content, …)', async () => {
    const validator = new HtmlValidate({
      extends: ['html-validate:recommended'],
      rules: {
        // Style, not validity: React writes `<meta/>`, camel-cased SVG attributes, `hidden=""` and style attributes.
        'void-style': 'off',
        'attr-case': 'off',
        'attribute-boolean-style': 'off',
        'attribute-empty-style': 'off',
        'no-inline-style': 'off',
        // Links acting as buttons work without JavaScript (the menu toggle is a link to #mobile-menu); the announcement bar is a banner, as on the seed site.
        'prefer-native-element': ['error', { exclude: ['button', 'banner'] }],
        // HTML allows ids that start with a digit (heading slugs such as `382-2025-10-14`).
        'valid-id': ['error', { relaxed: true }],
        // A search-engine preference, and the blog's titles are the writers' choice.
        'long-title': 'off',
      },
    });
    const problems: string[] = [];
    for (const [file, content] of writer.files) {
      if (!file.endsWith('.html')) continue;
      const report = await validator.validateString(String(typeof content === 'string' ? content : Buffer.from(content)), file);
      for (const result of report.results)
        for (const m of result.messages) problems.push(`${file}:${m.line}:${m.column} ${m.ruleId}: ${m.message}`);
    }
    expect(problems.slice(0, 20)).toEqual([]);
  }, 60_000);

  it('site: should write the not-found page and the navbar items of SPEC §2', () => {
    expect(writer.text('de/404.html')).toContain('dass der Link nicht mehr funktioniert');
    const home = page('')!;
    for (const href of [
      '/de/download/',
      'https://app.bilingo.app/',
      '/de/docs/usage/',
      '/de/pricing/',
      '/de/learn/',
      '/de/f-video-subtitle-translate/',
      '/de/ao3/',
      '/de/docs/joinUs/',
    ]) {
      expect(home).toContain(`href="${href}"`);
    }
    expect(home).toContain('data-premium-tag="" hidden=""');
    expect(home).toContain('© 2025');
  });

  it('site: should say in words what the pricing comparison marks, and which links open a new tab', () => {
    const pricing = page('pricing')!;
    const table = pricing.slice(pricing.indexOf('Free und Pro im Vergleich'));
    const cells = [
      ...table.matchAll(
        /<td><span class="table-mark table-mark--(yes|no)"><span aria-hidden="true">(✓|–)<\/span><span class="visually-hidden">(Ja|Nein)<\/span><\/span><\/td>/g,
      ),
    ].map((m) => m.slice(1).join(' '));
    expect(cells).toHaveLength(30);
    expect(new Set(cells)).toEqual(new Set(['yes ✓ Ja', 'no – Nein']));
    // The navbar's external app link says that it opens a new tab.
    expect(page('')).toMatch(
      /<a href="https:\/\/app\.bilingo\.app\/" target="_blank" rel="noopener noreferrer" class="navbar__link">Dokumente übersetzen<span class="visually-hidden"> \(öffnet in neuem Tab\)<\/span><\/a>/,
    );
  });

  it('site: should give every image the width and height of its own shape, so nothing moves when it loads', async () => {
    const { readFile } = await import('node:fs/promises');
    const { join } = await import('node:path');
    const wrong: string[] = [];
    const checked = new Set<string>();
    for (const [file] of writer.files) {
      if (!file.endsWith('.html')) continue;
      for (const img of writer.text(file)!.matchAll(/<img [^>]*>/g)) {
        const src = /src="\/de(\/img\/[^"]+\.svg)"/.exec(img[0])?.[1];
        const width = Number(/ width="(\d+)"/.exec(img[0])?.[1]);
        const height = Number(/ height="(\d+)"/.exec(img[0])?.[1]);
        if (!src || checked.has(`${src} ${width} ${height}`)) continue;
        checked.add(`${src} ${width} ${height}`);
        const box = /viewBox="[\d.]+ [\d.]+ ([\d.]+) ([\d.]+)"/.exec(await readFile(join(repoRoot, 'static', src), 'utf8'));
        if (!box || !width || !height || Math.abs(Number(box[1]) / Number(box[2]) - width / height) > 0.01)
          wrong.push(`${file}: ${src} is ${box?.[1]}×${box?.[2]}, markup says ${width}×${height}`);
      }
    }
    expect(checked.size).toBeGreaterThan(3);
    expect(wrong).toEqual([]);
  });
});
