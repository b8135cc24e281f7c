import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, type SiteConfig } from '../../src/config/index.ts';
import { localeGaps, mergeMessages, uncatalogued } from '../../src/plan/index.ts';
import { load } from '../../src/load/index.ts';
import { classicTheme } from '../../themes/classic/index.tsx';
import { makeSite, repoRoot } from '../helpers.ts';

const dir = path.join(repoRoot, 'locales');
const read = (code: string): Record<string, unknown> =>
  JSON.parse(readFileSync(path.join(dir, `${code}.json`), 'utf8')) as Record<string, unknown>;
const placeholders = (text: string): string[] => [...new Set(text.match(/\{\w+\}/g) ?? [])].sort();

/** Every locale file except the English source; German is hand-written and complete too. */
const translated = readdirSync(dir)
  .filter((f) => f.endsWith('.json') && f !== 'en.json')
  .map((f) => f.slice(0, -'.json'.length))
  .sort();
const english = read('en') as Record<string, string>;
const uiIds = Object.keys(english).filter((id) => !id.startsWith('label:'));

/** Every label the theme passes through useLabel: navbar, dropdowns, the docs version, footer columns and links, social, app stores, copyright. */
function configLabels(config: SiteConfig): string[] {
  const labels: string[] = [];
  for (const item of config.navbar.items) {
    if ('label' in item && item.label) labels.push(item.label);
    if (item.type === 'dropdown') labels.push(...item.items.map((sub) => sub.label));
  }
  for (const column of config.footer.links) labels.push(column.title, ...column.items.flatMap((i) => ('label' in i ? [i.label] : [])));
  labels.push(...config.footer.social.map((s) => s.label), ...config.footer.appStores.map((s) => s.label));
  if (config.footer.copyright) labels.push(config.footer.copyright);
  labels.push(config.docs.version.label);
  return [...new Set(labels)];
}

describe('locales', () => {
  let labels: string[] = [];
  let configured: string[] = [];
  beforeAll(async () => {
    const { config, diagnostics } = await loadConfig({ root: repoRoot });
    expect(diagnostics).toEqual([]);
    labels = configLabels(config!);
    configured = config!.i18n.locales;
  });

  it('locales: should have one file for every configured locale', () => {
    expect([...translated, 'en'].sort()).toEqual([...configured].sort());
  });

  it.each(['en', ...translated])('locales: should parse %s.json into id → non-empty string', (code) => {
    const messages = read(code);
    for (const [id, text] of Object.entries(messages)) {
      expect(typeof text, `${code}: ${id}`).toBe('string');
      expect((text as string).trim(), `${code}: ${id}`).not.toBe('');
    }
  });

  it.each(translated)('locales: should translate every UI message id of en.json in %s.json', (code) => {
    const messages = read(code);
    expect(uiIds.filter((id) => !(id in messages))).toEqual([]);
    expect(Object.keys(messages).filter((id) => !(id in english))).toEqual([]);
  });

  it.each(translated)('locales: should keep every {placeholder} of the English text in %s.json', (code) => {
    const messages = read(code) as Record<string, string>;
    for (const id of Object.keys(english)) {
      if (id in messages) expect(placeholders(messages[id]), `${code}: ${id}`).toEqual(placeholders(english[id]));
    }
  });

  it('locales: should give every config label an English text and no stale label', () => {
    expect(labels.filter((l) => !(`label:${l}` in english))).toEqual([]);
    const known = new Set(labels.map((l) => `label:${l}`));
    expect(Object.keys(english).filter((id) => id.startsWith('label:') && !known.has(id))).toEqual([]);
  });

  it.each(translated.filter((c) => c !== 'de'))('locales: should translate every config label in %s.json', (code) => {
    const messages = read(code);
    expect(labels.filter((l) => !(`label:${l}` in messages))).toEqual([]);
  });

  it('locales: should keep German labels as written in the config (de.json has no label messages)', () => {
    expect(Object.keys(read('de')).filter((id) => id.startsWith('label:'))).toEqual([]);
    const merged = mergeMessages({ en: english, de: read('de') as Record<string, string> }, 'de');
    expect(Object.keys(merged).filter((id) => id.startsWith('label:'))).toEqual([]);
  });
});

describe('mergeMessages', () => {
  const all = {
    en: { 'a.one': 'One', 'a.two': 'Two', 'a.three': 'Three', 'label:Preise': 'Pricing' },
    pt: { 'a.one': 'Um', 'a.two': 'Dois', 'label:Preise': 'Preços' },
    'pt-BR': { 'a.one': 'Um (BR)' },
    es: { 'a.one': 'Uno' },
  };

  it('mergeMessages: should fall back to English per message', () => {
    expect(mergeMessages(all, 'es')).toEqual({ 'a.one': 'Uno', 'a.two': 'Two', 'a.three': 'Three' });
  });

  it('mergeMessages: should prefer the region, then the base language, then English', () => {
    expect(mergeMessages(all, 'pt-BR')).toEqual({ 'a.one': 'Um (BR)', 'a.two': 'Dois', 'a.three': 'Three', 'label:Preise': 'Preços' });
  });

  it('mergeMessages: should use English alone for an unknown locale, so only missing English ids show as ids', () => {
    expect(mergeMessages(all, 'xx')).toEqual({ 'a.one': 'One', 'a.two': 'Two', 'a.three': 'Three' });
    expect(mergeMessages({}, 'xx')).toEqual({});
  });

  it('mergeMessages: should not fall back to English for config labels, so the source text stays', () => {
    expect(mergeMessages(all, 'es')['label:Preise']).toBeUndefined();
    expect(mergeMessages(all, 'en')['label:Preise']).toBe('Pricing');
  });

  it('locales: should warn of interface texts a locale lacks, and of a locale without a file', () => {
    const all = { en: { 'a.b': 'A', 'c.d': 'C', 'label:X': 'X' }, de: { 'a.b': 'Ä' }, pt: { 'a.b': 'Á', 'c.d': 'Ç' } };
    expect(localeGaps(all, 'de')).toEqual([
      expect.objectContaining({
        code: 'Q091',
        file: 'locales/de.json',
        message: 'locales/de.json lacks 1 interface text(s) of locales/en.json, shown in English: c.d.',
      }),
    ]);
    expect(localeGaps(all, 'pt-BR')).toEqual([]);
    expect(localeGaps(all, 'en')).toEqual([]);
    expect(localeGaps(all, 'ar')[0].message).toBe('There is no locales/ar.json: the interface is shown in English.');
  });

  it('locales: should name a misspelt message id at its key, as the id the file lacks, and not list that id again', async () => {
    const site = await makeSite('basic');
    try {
      const file = path.join(site.root, 'locales/de.json');
      const text = readFileSync(file, 'utf8').replace('"navbar.close"', '"navbar.clsoe"');
      writeFileSync(file, text);
      const { config } = await loadConfig({ root: site.root });
      const loaded = await load({ root: site.root, config: config!, mode: 'production' });
      const line = text.split('\n').findIndex((l) => l.includes('navbar.clsoe')) + 1;
      expect(loaded.diagnostics.filter((d) => d.code === 'Q091')).toEqual([
        expect.objectContaining({
          severity: 'warning',
          file: 'locales/de.json',
          line,
          column: 3,
          message:
            '"navbar.clsoe" is not a message id of locales/en.json: probably navbar.close misspelt, which this file lacks, so that text is shown in English.',
          hint: 'Rename "navbar.clsoe" to "navbar.close".',
        }),
      ]);
      // The gap list leaves it out (reported at its key), and names the others.
      expect(localeGaps(loaded.value.messages, 'de')).toEqual([]);
      const all = {
        en: { 'a.b': 'A', 'navbar.close': 'Close', 'c.d': 'C' },
        de: { 'a.b': 'Ä', 'navbar.clsoe': 'Schließen', 'ganz.anders': 'x' },
      };
      expect(localeGaps(all, 'de')).toEqual([
        expect.objectContaining({ message: 'locales/de.json lacks 1 interface text(s) of locales/en.json, shown in English: c.d.' }),
      ]);
    } finally {
      await site.cleanup();
    }
  });

  it('locales: should warn once of theme texts that no catalogue has (the page would show their ids)', () => {
    const messages = mergeMessages({ en: { 'a.b': 'A' }, de: { 'c.d': 'C' } }, 'de');
    expect(uncatalogued(['a.b', 'c.d'], messages, 'de')).toEqual([]);
    expect(uncatalogued(['a.b', 'x.y', 'x.y'], messages, 'de')).toEqual([
      expect.objectContaining({
        code: 'Q091',
        file: 'locales/en.json',
        message:
          '1 interface text(s) the theme shows are in neither locales/de.json or locales/en.json, so their ids are shown instead: x.y.',
      }),
    ]);
  });
});

/** The text of every TypeScript file git knows under a folder. */
function sourcesUnder(folder: string): string {
  const files = execFileSync('git', ['ls-files', folder], { cwd: repoRoot, encoding: 'utf8' })
    .split('\n')
    .filter((f) => /\.tsx?$/.test(f));
  return files.map((f) => readFileSync(path.join(repoRoot, f), 'utf8')).join('\n');
}

describe("the theme's message ids", () => {
  const declared = new Set(classicTheme.messageIds);
  const themeText = sourcesUnder('themes');

  it('theme: should declare every id it passes to t() and every catalogue id its sources name', () => {
    const called = [...themeText.matchAll(/\bt\('([^']+)'/g)].map((m) => m[1]);
    expect(called.length).toBeGreaterThan(40);
    const named = uiIds.filter((id) => themeText.includes(`'${id}'`));
    expect([...new Set([...called, ...named])].filter((id) => !declared.has(id))).toEqual([]);
  });

  it('theme: should find every id it declares in locales/en.json', () => {
    expect([...declared].filter((id) => !(id in english))).toEqual([]);
  });

  it('locales: should have no id that neither the theme nor the engine uses', () => {
    const engineText = sourcesUnder('src');
    expect(uiIds.filter((id) => !declared.has(id) && !engineText.includes(`'${id}'`))).toEqual([]);
  });
});
