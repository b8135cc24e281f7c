import { readFileSync } from 'node:fs';
import path from 'node:path';
import { renderToStaticMarkup } from 'react-dom/server';
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { dataGaps, dataShapeProblems } from '../../src/plan/data-shapes.ts';
import type { Site } from '../../src/types.ts';
import { classicTheme } from '../../themes/classic/index.tsx';
import { ThemeContext } from '../../themes/classic/context.tsx';
import { DataPacks } from '../../themes/classic/mdx/data.tsx';
import { dataPackGaps } from '../../themes/classic/mdx/data-packs.ts';
import { repoRoot } from '../helpers.ts';

const text = readFileSync(path.join(repoRoot, 'content/data/pricing.json'), 'utf8');
const shipped = JSON.parse(text) as Record<string, unknown>;
const PACKS = {
  purchaseUrl: 'https://shop.example.org/packs',
  packs: [
    { id: 's', name: 'Klein', quota: 'Beispielmenge A', prices: { EUR: 1.5, USD: 2 } },
    { id: 'l', name: 'Groß', quota: 'Beispielmenge B', prices: { EUR: 3 } },
  ],
};

function render(pricing: unknown): string {
  const site = {
    config: { i18n: { currentLocale: 'de' }, baseUrl: '/de/' },
    data: { pricing },
    messages: JSON.parse(readFileSync(path.join(repoRoot, 'locales/de.json'), 'utf8')),
    locales: [{ code: 'de', htmlLang: 'de', direction: 'ltr', label: 'Deutsch', baseUrl: '/de/' }],
  } as unknown as Site;
  return renderToStaticMarkup(
    createElement(
      ThemeContext.Provider,
      { value: { site, route: { path: '/topup/', kind: 'page' } as Site['routes'][number], mode: 'production', islands: {} } },
      createElement(DataPacks),
    ),
  );
}

describe('data packs of the top-up page', () => {
  it('data packs: should ship empty (no invented price), valid, and named by one build warning', () => {
    expect(shipped.dataPacks).toEqual({ purchaseUrl: '', packs: [] });
    expect(dataShapeProblems({ pricing: shipped }, { pricing: text }, classicTheme.dataSchemas)).toEqual([]);
    const gaps = dataGaps({ pricing: shipped }, { pricing: text }, classicTheme.dataWarnings);
    expect(gaps).toHaveLength(1);
    expect(gaps[0]).toMatchObject({
      code: 'Q090',
      severity: 'warning',
      file: 'content/data/pricing.json',
      keyPath: 'dataPacks.purchaseUrl',
    });
    expect(gaps[0].message).toContain('dataPacks.purchaseUrl, dataPacks.packs');
  });

  it('data packs: should warn of nothing once the owner has filled them in, or when the file has no data packs', () => {
    expect(dataPackGaps({ ...shipped, dataPacks: PACKS })).toEqual([]);
    expect(dataPackGaps({ defaultCurrency: 'EUR', currencies: [] })).toEqual([]);
    expect(dataPackGaps({ dataPacks: { purchaseUrl: 'x', packs: 'wrong' } })).toEqual([]);
  });

  it('data packs: should refuse a pack without a price or with an unknown field', () => {
    const bad = { ...shipped, dataPacks: { purchaseUrl: '', packs: [{ id: 'x', name: 'X', quota: 'Q', prices: {}, extra: 1 }] } };
    const problems = dataShapeProblems({ pricing: bad }, { pricing: JSON.stringify(bad, null, 2) }, classicTheme.dataSchemas);
    expect(problems.length).toBeGreaterThan(0);
    expect(problems.every((p) => p.code === 'Q090' && p.severity === 'error')).toBe(true);
  });

  it('data packs: should show no figure while empty, and each pack with its prices and a buy button once filled in', () => {
    const empty = render(shipped);
    expect(empty).toContain('Größen und Preise der Datenpakete sehen Sie vor dem Kauf in Ihrem Konto.');
    expect(empty).not.toMatch(/€|\d/);
    const html = render({ ...shipped, dataPacks: PACKS });
    expect(html).toContain('<h3 class="data-pack__name">Klein</h3>');
    expect(html).toContain('data-currency="EUR" class="is-default"><span class="pricing__amount">1,50\u00a0€</span>');
    expect(html).toContain('2,00\u00a0$');
    expect(html.match(/href="https:\/\/shop\.example\.org\/packs"/g)).toHaveLength(2);
    expect(html).toContain('Datenpaket kaufen');
    // Two packs: two columns wherever two fit, never one card alone on a row.
    expect(html).toContain('--g4:2');
  });
});
