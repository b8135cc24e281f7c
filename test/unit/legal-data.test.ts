import { readFileSync } from 'node:fs';
import path from 'node:path';
import { renderToStaticMarkup } from 'react-dom/server';
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { dataGaps, dataShapeProblems } from '../../src/plan/data-shapes.ts';
import { checkComponents } from '../../src/plan/components.ts';
import { cancellationOutcome, checkCancellation, type CancellationRequest } from '../../src/shared/cancellation.ts';
import type { Compiled, Site } from '../../src/types.ts';
import { classicTheme } from '../../themes/classic/index.tsx';
import { ThemeContext } from '../../themes/classic/context.tsx';
import { COMPANY_KEY_PATHS, companyGaps } from '../../themes/classic/mdx/company.ts';
import { Company, Impressum } from '../../themes/classic/mdx/legal.tsx';
import { Testimonials } from '../../themes/classic/mdx/data.tsx';
import { repoRoot } from '../helpers.ts';

const read = (name: string) => readFileSync(path.join(repoRoot, 'content/data', `${name}.json`), 'utf8');
const schemas = classicTheme.dataSchemas!;
const FILLED = {
  legalName: 'Beispiel GmbH',
  legalForm: 'GmbH',
  representatives: ['A. Muster'],
  address: { street: 'Weg 1', postalCode: '12345', city: 'Ort', country: 'Deutschland' },
  email: 'a@example.org',
  phone: '+49 1',
  register: { court: 'Amtsgericht Ort', number: 'HRB 1' },
  vatId: 'DE1',
  contentResponsible: { name: 'A. Muster', address: 'Weg 1, 12345 Ort' },
  disputeResolution: 'Keine Teilnahme.',
};

/** Renders a theme component with the data files given, as a page of the real theme would. */
function render(element: ReturnType<typeof createElement>, data: Record<string, unknown>): string {
  const site = {
    config: { i18n: { currentLocale: 'de' }, baseUrl: '/de/', legal: {} },
    data,
    messages: JSON.parse(readFileSync(path.join(repoRoot, 'locales/de.json'), 'utf8')),
    locales: [{ code: 'de', htmlLang: 'de', direction: 'ltr', label: 'Deutsch', baseUrl: '/de/' }],
  } as unknown as Site;
  return renderToStaticMarkup(
    createElement(
      ThemeContext.Provider,
      { value: { site, route: { path: '/impressum/', kind: 'page' } as Site['routes'][number], mode: 'production', islands: {} } },
      element,
    ),
  );
}

describe("company.json: the owner's company details", () => {
  it('company: should ship with every field empty (nothing invented), each one named as a gap', () => {
    const shipped = JSON.parse(read('company')) as unknown;
    expect(dataShapeProblems({ company: shipped }, { company: read('company') }, schemas)).toEqual([]);
    expect(companyGaps(shipped)).toEqual([...COMPANY_KEY_PATHS]);
  });

  it('company: should name only the fields still empty, and nothing when there is no file', () => {
    expect(companyGaps(FILLED)).toEqual([]);
    expect(companyGaps({ ...FILLED, phone: ' ', representatives: [''], address: { ...FILLED.address, city: '' } })).toEqual([
      'representatives',
      'address.city',
      'phone',
    ]);
    expect(companyGaps({})).toEqual([...COMPANY_KEY_PATHS]);
    expect(companyGaps(undefined)).toBeUndefined();
  });

  it('company: should warn at build time of the fields still empty, at the first one, and of nothing when all are filled', () => {
    const partly = { ...FILLED, vatId: '', register: { court: 'Amtsgericht Ort', number: '' } };
    const text = JSON.stringify(partly, null, 2);
    const gaps = dataGaps({ company: partly }, { company: text }, classicTheme.dataWarnings);
    expect(gaps).toHaveLength(1);
    expect(gaps[0]).toMatchObject({ code: 'Q090', severity: 'warning', file: 'content/data/company.json', keyPath: 'register.number' });
    expect(gaps[0].message).toContain('2 fields are empty that the Impressum must show: register.number, vatId.');
    expect(gaps[0].line).toBe(text.split('\n').findIndex((l) => l.includes('"number"')) + 1);
    expect(dataGaps({ company: FILLED }, {}, classicTheme.dataWarnings)).toEqual([]);
    // The shipped file is all gaps: the real site's build says so.
    expect(
      dataGaps({ company: JSON.parse(read('company')) }, { company: read('company') }, classicTheme.dataWarnings)[0].message,
    ).toContain(`${COMPANY_KEY_PATHS.length} fields are empty`);
  });

  it('company: should report a wrong shape at its key path (Q090): a missing field, a wrong type, a misspelt field', () => {
    const { phone: _phone, ...withoutPhone } = FILLED;
    const text = JSON.stringify({ ...withoutPhone, representatives: 'A. Muster', adress: {} }, null, 2);
    const problems = dataShapeProblems({ company: JSON.parse(text) }, { company: text }, schemas);
    expect(problems.every((p) => p.code === 'Q090' && p.severity === 'error' && p.file === 'content/data/company.json')).toBe(true);
    const messages = problems.map((p) => p.message).join('\n');
    expect(messages).toContain('at phone: the field is missing');
    expect(messages).toContain('at representatives: expected array, found string');
    expect(messages).toMatch(/adress/);
  });

  it('company: should render filled fields as facts and empty ones marked as not provided yet', () => {
    const filled = render(createElement(Impressum), { company: FILLED });
    for (const value of ['Beispiel GmbH', 'A. Muster', 'Weg 1', '12345', 'Amtsgericht Ort', 'HRB 1', 'DE1', 'Keine Teilnahme.'])
      expect(filled).toContain(value);
    expect(filled).toContain('href="mailto:a@example.org"');
    expect(filled).toContain('href="tel:+491"');
    expect(filled).not.toContain('data-company-missing');
    const empty = render(createElement(Impressum), { company: JSON.parse(read('company')) });
    expect(empty).toContain('Dieses Impressum ist noch unvollständig');
    expect(empty.match(/data-company-missing=/g)).toHaveLength(COMPANY_KEY_PATHS.length);
    expect(render(createElement(Company, { field: 'address' }), { company: JSON.parse(read('company')) })).toBe(
      '<span class="company-missing" data-company-missing="address">[noch nicht angegeben: Anschrift]</span>',
    );
    expect(render(createElement(Company, { field: 'address' }), { company: FILLED })).toBe('Weg 1, 12345 Ort, Deutschland');
    expect(render(createElement(Company, { field: 'register' }), { company: FILLED })).toBe('Amtsgericht Ort, HRB 1');
  });

  it('company: should check <Company field> against the fields there are (Q033)', () => {
    const page = {
      source: { file: 'content/docs/PRIVACY.mdx', body: '', bodyLine: 1 },
      components: ['Company'],
      componentUses: {
        Company: [
          { line: 3, column: 5, props: { field: 'adress' } },
          { line: 4, column: 1, props: { field: 'address' } },
        ],
      },
    } as unknown as Compiled;
    const d = checkComponents({
      compiled: [page],
      components: Object.keys(classicTheme.components),
      contracts: classicTheme.contracts,
      data: { company: FILLED },
    });
    expect(d).toEqual([
      expect.objectContaining({
        code: 'Q033',
        severity: 'error',
        line: 3,
        column: 5,
        message: '<Company field="adress">: content/data/company.json has no entry "adress".',
      }),
    ]);
    expect(d[0].hint).toMatch(/^Did you mean "address"\?/);
  });
});

describe('testimonials.json: quotes only with consent', () => {
  it('testimonials: should ship none, and show only entries whose person consented', () => {
    expect(JSON.parse(read('testimonials'))).toEqual([]);
    expect(render(createElement(Testimonials), { testimonials: [] })).toBe('');
    const html = render(createElement(Testimonials), {
      testimonials: [
        { name: 'Ja Sager', role: 'Leser', quote: 'Darf zitiert werden.', consent: true },
        { name: 'Nein Sager', quote: 'Darf nicht zitiert werden.', consent: false },
      ],
    });
    expect(html).toContain('Darf zitiert werden.');
    expect(html).not.toContain('Nein Sager');
  });

  it('testimonials: should require the consent flag and a quote (Q090)', () => {
    const text = JSON.stringify(
      [
        { name: 'A', quote: 'B' },
        { name: 'C', consent: 'ja', quote: '' },
      ],
      null,
      2,
    );
    const messages = dataShapeProblems({ testimonials: JSON.parse(text) }, { testimonials: text }, schemas).map((p) => p.message);
    expect(messages).toEqual(
      expect.arrayContaining([
        expect.stringContaining('at 0.consent: the field is missing'),
        expect.stringContaining('at 1.consent: expected boolean'),
        expect.stringContaining('at 1.quote: must not be empty'),
      ]),
    );
  });
});

describe("cancellation: the form's rules", () => {
  const request = (over: Partial<CancellationRequest> = {}): CancellationRequest => ({
    requestId: 'r1',
    name: 'Erika',
    email: 'erika@example.org',
    contract: '',
    kind: 'ordinary',
    reason: '',
    effective: 'next',
    date: '',
    locale: 'de',
    ...over,
  });

  it('cancellation: should need a name, an e-mail address, a reason for an extraordinary cancellation and a date from today on', () => {
    expect(checkCancellation(request(), '2025-11-27')).toEqual({});
    expect(checkCancellation(request({ name: ' ', email: 'erika@' }), '2025-11-27')).toEqual({ name: 'error.name', email: 'error.email' });
    expect(checkCancellation(request({ kind: 'extraordinary' }), '2025-11-27')).toEqual({ reason: 'error.reason' });
    expect(checkCancellation(request({ kind: 'extraordinary', reason: 'Umzug ins Ausland' }), '2025-11-27')).toEqual({});
    expect(checkCancellation(request({ effective: 'date', date: '2025-11-26' }), '2025-11-27')).toEqual({ date: 'error.date' });
    expect(checkCancellation(request({ effective: 'date', date: '' }), '2025-11-27')).toEqual({ date: 'error.date' });
    expect(checkCancellation(request({ effective: 'date', date: '2025-11-27' }), '2025-11-27')).toEqual({});
  });

  it('cancellation: should count only a 2xx with a receipt time as confirmed, and everything else as not received', () => {
    expect(cancellationOutcome(201, { receivedAt: '2025-11-27T14:03:12Z', reference: 'K-1', effectiveDate: '2025-12-31' })).toEqual({
      kind: 'confirmed',
      receivedAt: '2025-11-27T14:03:12Z',
      reference: 'K-1',
      effectiveDate: '2025-12-31',
    });
    expect(cancellationOutcome(200, { reference: 'K-1' })).toEqual({ kind: 'failed', reason: 'invalid', status: 200 });
    expect(cancellationOutcome(200, undefined)).toEqual({ kind: 'failed', reason: 'invalid', status: 200 });
    expect(cancellationOutcome(422, { errors: { email: 'Unbekannt', name: '' }, message: 'Prüfen' })).toEqual({
      kind: 'invalid',
      status: 422,
      errors: { email: 'Unbekannt' },
      message: 'Prüfen',
    });
    expect(cancellationOutcome(429, { message: 'Zu viele Anfragen' })).toEqual({
      kind: 'failed',
      reason: 'rejected',
      status: 429,
      message: 'Zu viele Anfragen',
    });
    expect(cancellationOutcome(503, '<html>')).toEqual({ kind: 'failed', reason: 'server', status: 503 });
    expect(cancellationOutcome(302, {})).toEqual({ kind: 'failed', reason: 'server', status: 302 });
  });
});
