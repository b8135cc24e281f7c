import { renderToStaticMarkup } from 'react-dom/server';
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import type { Site } from '../../src/types.ts';
import { ThemeContext } from '../../themes/classic/context.tsx';
import { PromotionPeriod } from '../../themes/classic/mdx/promotion.tsx';

function render(promotions: unknown, props: { promotion: string; timeZone?: string }, htmlLang = 'de'): string {
  const site = {
    config: { i18n: { currentLocale: 'x' }, baseUrl: '/x/', promotions },
    data: {},
    messages: {},
    locales: [{ code: 'x', htmlLang, direction: 'ltr', label: 'X', baseUrl: '/x/' }],
  } as unknown as Site;
  return renderToStaticMarkup(
    createElement(
      ThemeContext.Provider,
      { value: { site, route: { path: '/deals/manga/', kind: 'page' } as Site['routes'][number], mode: 'production', islands: {} } },
      createElement(PromotionPeriod, props),
    ),
  );
}

const PROMOTIONS = {
  manga: { start: '2025-05-06T16:00:00Z', end: '2027-06-30T16:00:00Z', claimUrl: 'https://x', days: 3 },
  minChromeVersion: 88,
};

describe('<PromotionPeriod>', () => {
  it('promotion: should state the configured period in the page language and the time zone asked for', () => {
    const html = render(PROMOTIONS, { promotion: 'manga', timeZone: 'Europe/Berlin' });
    expect(html.replace(/<[^>]+>/g, '')).toBe('6. Mai 2025 um 18:00 MESZ – 30. Juni 2027 um 18:00 MESZ');
    expect(html).toContain('<time dateTime="2025-05-06T16:00:00Z">');
    expect(html).toContain('<time dateTime="2027-06-30T16:00:00Z">');
    expect(render(PROMOTIONS, { promotion: 'manga' }, 'en').replace(/<[^>]+>/g, '')).toBe(
      'May 6, 2025 at 04:00 PM UTC – June 30, 2027 at 04:00 PM UTC',
    );
  });

  it('promotion: should refuse a promotion the config does not have', () => {
    expect(() => render(PROMOTIONS, { promotion: 'summer' })).toThrow(
      '<PromotionPeriod promotion="summer" />: the config has no promotions.summer with a start and an end',
    );
    expect(() => render(PROMOTIONS, { promotion: 'minChromeVersion' })).toThrow(/no promotions\.minChromeVersion/);
  });
});
