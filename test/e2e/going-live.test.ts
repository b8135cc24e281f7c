import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildSite } from '../../src/build.ts';
import { formatDiagnostic } from '../../src/diagnostics.ts';
import { CONSENT_KEY } from '../../src/shared/consent.ts';
import { classicTheme } from '../../themes/classic/index.tsx';
import { repoRoot } from '../helpers.ts';
import { launchBrowser, serveDist, type TestServer } from './harness.ts';
import { runAxe } from './theme-support.ts';

/**
 * Going live in Germany (issue 30): consent before any third party, the Impressum from the owner's data file,
 * the cancellation button and form of § 312k BGB. The real site is built with a variant config whose tag
 * manager and cancellation endpoint are a fake "third-party" server on 127.0.0.1 (another port, so another
 * origin), and with a filled company.json, so the Impressum shows every field.
 */

const COMPANY = {
  legalName: 'Testfirma Übersetzungen GmbH',
  legalForm: 'Gesellschaft mit beschränkter Haftung',
  representatives: ['Erika Mustermann', 'Max Beispiel'],
  address: { street: 'Prüfweg 7', postalCode: '99999', city: 'Teststadt', country: 'Deutschland' },
  email: 'kontakt@example.org',
  phone: '+49 30 0000000',
  register: { court: 'Amtsgericht Teststadt', number: 'HRB 0000 T' },
  vatId: 'DE000000000',
  contentResponsible: { name: 'Erika Mustermann', address: 'Prüfweg 7, 99999 Teststadt' },
  disputeResolution: 'Wir nehmen an Streitbeilegungsverfahren vor einer Verbraucherschlichtungsstelle nicht teil (Testangabe).',
};

/** How the fake endpoint answers the next cancellation. */
type Answer = 'ok' | 'invalid' | 'error' | 'hang';

interface ThirdParty {
  url: string;
  server: Server;
  /** Paths requested, in order (`/gtm.js?id=…`, `/cancel`). */
  requests: string[];
  /** JSON bodies posted to /cancel, and form bodies of the no-script post. */
  bodies: string[];
  answer: Answer;
  close(): Promise<void>;
}

/**
 * The tag manager and the cancellation endpoint, as another origin. gtm.js sets the cookies the real one sets
 * (on the page's host) and counts its runs; /cancel answers as the test asks, with CORS as a real API must.
 */
async function startThirdParty(): Promise<ThirdParty> {
  const state = { requests: [] as string[], bodies: [] as string[], answer: 'ok' as Answer };
  const hanging: ServerResponse[] = [];
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const cors = {
      'access-control-allow-origin': '*',
      'access-control-allow-headers': 'content-type',
      'access-control-allow-methods': 'POST',
    };
    if (req.method === 'OPTIONS') return void res.writeHead(204, cors).end();
    state.requests.push(url.pathname + url.search);
    if (url.pathname === '/gtm.js') {
      res.writeHead(200, { 'content-type': 'text/javascript' });
      return void res.end(
        "document.cookie='_ga=GA1.1.1;path=/';document.cookie='_ga_TEST=GS1.1;path=/';document.cookie='_gid=GA1.1.2;path=/';document.cookie='_gcl_au=1.1.3;path=/';window.fakeGtmRuns=(window.fakeGtmRuns||0)+1;",
      );
    }
    if (url.pathname === '/cancel') {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      req.on('end', () => {
        state.bodies.push(body);
        if (!(req.headers['content-type'] ?? '').includes('json')) {
          res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
          return void res.end(
            '<!DOCTYPE html><html lang="de"><title>Eingang bestätigt</title><h1>Ihre Kündigung ist eingegangen</h1></html>',
          );
        }
        const json = (status: number, value: unknown) =>
          res.writeHead(status, { ...cors, 'content-type': 'application/json' }).end(JSON.stringify(value));
        if (state.answer === 'ok')
          return void json(200, { reference: 'K-2025-0042', receivedAt: '2025-11-27T14:03:12Z', effectiveDate: '2025-12-31' });
        if (state.answer === 'invalid')
          return void json(422, {
            message: 'Zu dieser E-Mail-Adresse gibt es kein Konto.',
            errors: { email: 'Kein Konto mit dieser E-Mail-Adresse gefunden.', requestId: 'Unbekannte Anfrage.' },
          });
        if (state.answer === 'error') return void json(500, { message: 'Datenbank nicht erreichbar.' });
        hanging.push(res);
      });
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const fake: ThirdParty = {
    url: `http://127.0.0.1:${port}`,
    server,
    requests: state.requests,
    bodies: state.bodies,
    get answer() {
      return state.answer;
    },
    set answer(value: Answer) {
      state.answer = value;
    },
    close: () =>
      new Promise((resolve) => {
        hanging.forEach((r) => r.destroy());
        server.close(() => resolve());
      }),
  };
  return fake;
}

/** The real site with the variant config and a filled company.json, built from a copy of the project. */
async function buildGoingLive(thirdParty: string): Promise<{ dist: string; cleanup: () => Promise<void> }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'quire-going-live-'));
  const root = path.join(dir, 'site');
  for (const part of ['content', 'locales', 'static', 'site.config.ts'])
    await cp(path.join(repoRoot, part), path.join(root, part), { recursive: true });
  await writeFile(path.join(root, 'content/data/company.json'), JSON.stringify(COMPANY, null, 2));
  await writeFile(
    path.join(root, 'variant.config.ts'),
    `import base from './site.config.ts';
export default {
  ...base,
  analytics: { gtmContainerId: 'GTM-TEST30', gtmOrigin: ${JSON.stringify(thirdParty)} },
  consent: {
    version: 'test-1',
    categories: [
      { id: 'necessary', services: [{ name: 'Website', purpose: 'Speichert Ihre Wahl.' }] },
      { id: 'statistics', services: [{ name: 'Google Tag Manager', provider: 'Google Ireland Limited' }, { name: 'Google Analytics 4', provider: 'Google Ireland Limited', cookies: ['_ga', '_gid'] }] },
      { id: 'marketing', services: [{ name: 'Google Ads', provider: 'Google Ireland Limited', cookies: ['_gcl_au'] }] },
    ],
  },
  legal: { cancellationUrl: ${JSON.stringify(thirdParty + '/cancel')}, cancellationTimeoutMs: 1500 },
};
`,
  );
  const dist = path.join(dir, 'dist');
  const result = await buildSite({
    root,
    toolRoot: repoRoot,
    theme: classicTheme,
    outDir: dist,
    cacheDir: false,
    configFile: 'variant.config.ts',
  });
  if (!result.ok)
    throw new Error('The going-live variant did not build:\n' + result.diagnostics.map((d) => formatDiagnostic(d)).join('\n'));
  return { dist, cleanup: () => rm(dir, { recursive: true, force: true }) };
}

describe('going live in Germany: consent, Impressum, cancellation', () => {
  let thirdParty: ThirdParty;
  let site: TestServer;
  let built: Awaited<ReturnType<typeof buildGoingLive>>;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    thirdParty = await startThirdParty();
    built = await buildGoingLive(thirdParty.url);
    site = await serveDist(built.dist);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await Promise.all(contexts.map((c) => c.close().catch(() => undefined)));
    await browser?.close();
    await site?.close();
    await thirdParty?.close();
    await built?.cleanup();
  });
  beforeEach(() => {
    thirdParty.requests.length = 0;
    thirdParty.bodies.length = 0;
    thirdParty.answer = 'ok';
  });

  /** A new visitor (fresh storage) on `path`; every request to another origin than the site's is collected. */
  async function visit(
    pathname: string,
    options: { javaScriptEnabled?: boolean; width?: number; init?: () => void } = {},
  ): Promise<{ page: Page; foreign: string[]; errors: string[] }> {
    const context = await browser.newContext({
      viewport: { width: options.width ?? 1280, height: 800 },
      javaScriptEnabled: options.javaScriptEnabled ?? true,
      acceptDownloads: true,
    });
    contexts.push(context);
    const page = await context.newPage();
    const foreign: string[] = [];
    const errors: string[] = [];
    page.on(
      'request',
      (r) => new URL(r.url()).origin !== site.url && !r.url().startsWith('blob:') && !r.url().startsWith('data:') && foreign.push(r.url()),
    );
    page.on('pageerror', (e) => errors.push(e.message));
    if (options.init) await page.addInitScript(options.init);
    await page.goto(site.url + pathname, { waitUntil: 'networkidle' });
    return { page, foreign, errors };
  }
  const banner = (page: Page) => page.locator('[data-consent-banner]');
  const gtmRequests = () => thirdParty.requests.filter((r) => r.startsWith('/gtm.js'));
  const storedChoice = (page: Page) =>
    page.evaluate(
      (key) => JSON.parse(localStorage.getItem(key) ?? 'null') as { v: string; c: Record<string, boolean> } | null,
      CONSENT_KEY,
    );
  const cookieNames = (page: Page) =>
    page.evaluate(() =>
      document.cookie
        .split(';')
        .map((c) => c.split('=')[0].trim())
        .filter(Boolean),
    );
  /** Consent Mode commands in the data layer, as plain arrays. */
  const consentCommands = (page: Page) =>
    page.evaluate(() =>
      ((window as unknown as { dataLayer?: unknown[] }).dataLayer ?? [])
        .filter((e) => typeof e === 'object' && e !== null && (e as ArrayLike<unknown>)[0] === 'consent')
        .map((e) => Array.from(e as ArrayLike<unknown>)),
    );

  it('consent: should load nothing from another host before a choice, with the banner shown and its three buttons of one size', async () => {
    const { page, foreign, errors } = await visit('/de/');
    expect(await banner(page).isVisible()).toBe(true);
    expect(foreign).toEqual([]);
    expect(gtmRequests()).toEqual([]);
    // Consent Mode defaults are in place before any container could load: everything denied.
    expect(await consentCommands(page)).toEqual([
      [
        'consent',
        'default',
        { ad_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied', analytics_storage: 'denied', wait_for_update: 500 },
      ],
    ]);
    const boxes = await page.locator('.consent__actions button:visible').evaluateAll((buttons) =>
      buttons.map((b) => {
        const r = b.getBoundingClientRect();
        const s = getComputedStyle(b);
        return {
          text: b.textContent,
          width: Math.round(r.width),
          height: Math.round(r.height),
          background: s.backgroundColor,
          color: s.color,
          weight: s.fontWeight,
          size: s.fontSize,
        };
      }),
    );
    expect(boxes.map((b) => b.text)).toEqual(['Alle akzeptieren', 'Nur notwendige', 'Einstellungen']);
    for (const b of boxes) expect({ ...b, text: '' }).toEqual({ ...boxes[0], text: '' });
    // Fixed at the bottom, over the page rather than in its flow: nothing moves when it shows.
    expect(await banner(page).evaluate((el) => getComputedStyle(el).position)).toBe('fixed');
    const box = (await banner(page).boundingBox())!;
    expect(Math.round(box.y + box.height)).toBe(800);
    // No box is ticked in advance; the necessary category is on and cannot be switched off.
    await page.getByRole('button', { name: 'Einstellungen', exact: true }).click();
    expect(
      await page
        .locator('input[data-consent-category]')
        .evaluateAll((inputs) =>
          inputs.map((i) => [(i as HTMLInputElement).name, (i as HTMLInputElement).checked, (i as HTMLInputElement).disabled]),
        ),
    ).toEqual([
      ['necessary', true, true],
      ['statistics', false, false],
      ['marketing', false, false],
    ]);
    // The buttons' code loads as a pointer or the focus comes near them: the answer may come a moment after the click.
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('statistics');
    expect(await page.locator('.consent__actions button:visible').allTextContents()).toEqual([
      'Alle akzeptieren',
      'Nur notwendige',
      'Auswahl speichern',
    ]);
    expect(await runAxe(page)).toEqual([]);
    await page.waitForTimeout(300);
    expect(foreign).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('consent: should keep the banner usable by keyboard, and hidden without JavaScript (nothing to consent to there)', async () => {
    const { page } = await visit('/de/docs/faq/');
    // Right after the skip link: the first thing Tab reaches.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.closest('[data-consent-banner]') !== null)).toBe(true);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Nur notwendige');
    await page.keyboard.press('Enter');
    // The choice is handled by the banner's module, loaded on first use: waited for, as a visitor waits a moment.
    await expect.poll(() => banner(page).isVisible()).toBe(false);
    expect((await storedChoice(page))?.c).toEqual({ necessary: true, statistics: false, marketing: false });
    expect(await page.locator('[data-consent-status]').textContent()).toBe('Ihre Wahl ist gespeichert.');
    const noScript = await visit('/de/docs/faq/', { javaScriptEnabled: false });
    expect(await banner(noScript.page).isVisible()).toBe(false);
    expect(await noScript.page.locator('[data-consent-open]').isVisible()).toBe(false);
    expect(noScript.foreign).toEqual([]);
  });

  it('consent: should keep the end of the page and the back-to-top button above the banner, also after a soft navigation', async () => {
    const { page } = await visit('/de/docs/faq/', { width: 375 });
    const room = () =>
      page.evaluate(() => {
        const top = document.querySelector('[data-consent-banner]')!.getBoundingClientRect().top;
        const height = innerHeight - top;
        const button = document.querySelector('[data-back-to-top]');
        // The room is kept in whole pixels (offsetHeight), the banner's box may end on a fraction of one (and -0 is 0).
        return {
          height,
          padding: Math.round(Number.parseFloat(getComputedStyle(document.body).paddingBottom) - height) || 0,
          button: button ? Math.round(Number.parseFloat(getComputedStyle(button).bottom) - height) || 0 : null,
        };
      });
    // A narrow screen's banner is tall: the body's end keeps its height free, and the button floats 24 px above it.
    await expect.poll(room).toEqual({ height: expect.any(Number), padding: 0, button: 24 });
    expect((await room()).height).toBeGreaterThan(200);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const covered = await page.evaluate(() => {
      const top = document.querySelector('[data-consent-banner]')!.getBoundingClientRect().top;
      const links = [...document.querySelectorAll('footer a')];
      return links.filter((a) => a.getBoundingClientRect().bottom > top).length;
    });
    expect(covered).toBe(0);
    // The next page's own button, brought by a soft navigation, takes the same room at once.
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 3));
    await page.$eval('.doc-sidebar a[href="/de/docs/"]', (a) => (a as HTMLElement).click());
    await page.waitForURL(/\/de\/docs\/$/);
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(3);
    await expect.poll(room).toEqual({ height: expect.any(Number), padding: 0, button: 24 });
    // Once the visitor has chosen, the banner and its room are gone.
    await page.getByRole('button', { name: 'Nur notwendige' }).click();
    await expect.poll(() => banner(page).isVisible()).toBe(false);
    expect(await page.evaluate(() => getComputedStyle(document.body).paddingBottom)).toBe('0px');
  });

  it('consent: should load nothing after "Nur notwendige", also after a reload and a soft navigation', async () => {
    const { page, foreign } = await visit('/de/');
    await page.getByRole('button', { name: 'Nur notwendige' }).click();
    // The buttons' code loads on the first press: the banner closes a moment after the click.
    await expect.poll(() => banner(page).isVisible()).toBe(false);
    await page.reload({ waitUntil: 'networkidle' });
    expect(await banner(page).isVisible()).toBe(false);
    await page.locator('.navbar a[href="/de/docs/usage/"]').first().click();
    await expect.poll(() => page.evaluate(() => location.pathname)).toBe('/de/docs/usage/');
    await page.waitForLoadState('networkidle');
    expect(await banner(page).isVisible()).toBe(false);
    expect(foreign).toEqual([]);
    expect(gtmRequests()).toEqual([]);
  });

  it('consent: should load the container at once after "Alle akzeptieren", keep the choice across reloads and soft navigation, and ask again for a new version', async () => {
    const { page } = await visit('/de/');
    const url = page.url();
    await page.getByRole('button', { name: 'Alle akzeptieren' }).click();
    await expect.poll(gtmRequests).toEqual(['/gtm.js?id=GTM-TEST30']);
    expect(page.url()).toBe(url);
    await expect.poll(() => page.evaluate(() => (window as unknown as { fakeGtmRuns?: number }).fakeGtmRuns)).toBe(1);
    expect((await consentCommands(page)).at(-1)).toEqual([
      'consent',
      'update',
      { ad_storage: 'granted', ad_user_data: 'granted', ad_personalization: 'granted', analytics_storage: 'granted' },
    ]);
    expect(await banner(page).isVisible()).toBe(false);
    // A soft navigation keeps the running container (one run, one request) and the banner closed.
    await page.locator('.navbar a[href="/de/docs/usage/"]').first().click();
    await expect.poll(() => page.evaluate(() => location.pathname)).toBe('/de/docs/usage/');
    expect(await page.evaluate(() => (window as unknown as { fakeGtmRuns?: number }).fakeGtmRuns)).toBe(1);
    expect(gtmRequests()).toHaveLength(1);
    expect(await banner(page).isVisible()).toBe(false);
    // A reload loads the container again from the stored choice, without asking.
    await page.reload({ waitUntil: 'networkidle' });
    expect(await banner(page).isVisible()).toBe(false);
    expect(gtmRequests()).toHaveLength(2);
    // A choice stored for another consent version counts as none: asked again, nothing loaded.
    thirdParty.requests.length = 0;
    await page.evaluate(
      (key) =>
        localStorage.setItem(
          key,
          JSON.stringify({ v: 'test-0', c: { necessary: true, statistics: true, marketing: true }, t: '2025-01-01T00:00:00Z' }),
        ),
      CONSENT_KEY,
    );
    await page.reload({ waitUntil: 'networkidle' });
    expect(await banner(page).isVisible()).toBe(true);
    expect(gtmRequests()).toEqual([]);
  });

  it('consent: should reopen from the footer on every page, and withdrawing should delete the cookies and stop the container on the next page', async () => {
    const { page } = await visit('/de/docs/faq/');
    await page.getByRole('button', { name: 'Alle akzeptieren' }).click();
    await expect.poll(() => cookieNames(page)).toEqual(expect.arrayContaining(['_ga', '_ga_TEST', '_gid', '_gcl_au']));
    const reopen = page.locator('[data-consent-open]');
    expect(await reopen.textContent()).toBe('Cookie-Einstellungen');
    await reopen.click();
    expect(await banner(page).isVisible()).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('consent-title');
    // The stored choice is shown; withdrawing is as easy: one click on "Nur notwendige".
    expect(await page.locator('input[name="statistics"]').isChecked()).toBe(true);
    expect(await page.locator('input[name="marketing"]').isChecked()).toBe(true);
    expect(await runAxe(page)).toEqual([]);
    await page.getByRole('button', { name: 'Nur notwendige' }).click();
    expect(await banner(page).isVisible()).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.hasAttribute('data-consent-open'))).toBe(true);
    expect(await cookieNames(page)).not.toEqual(expect.arrayContaining(['_ga']));
    expect((await cookieNames(page)).filter((n) => /^_g/.test(n))).toEqual([]);
    expect((await consentCommands(page)).at(-1)).toEqual([
      'consent',
      'update',
      { ad_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied', analytics_storage: 'denied' },
    ]);
    // The container ran in this document: the next page is loaded for real, without it.
    thirdParty.requests.length = 0;
    await Promise.all([page.waitForEvent('load'), page.locator('.navbar a[href="/de/docs/usage/"]').first().click()]);
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => location.pathname)).toBe('/de/docs/usage/');
    expect(await page.evaluate(() => (window as unknown as { fakeGtmRuns?: number }).fakeGtmRuns)).toBeUndefined();
    expect(gtmRequests()).toEqual([]);
    // The footer reopens the banner on this page too, and Escape closes it unchanged.
    await page.locator('[data-consent-open]').click();
    await expect.poll(() => banner(page).isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    expect(await banner(page).isVisible()).toBe(false);
  });

  it('consent: should follow the ticked categories: statistics alone loads the container with ads storage denied', async () => {
    const { page } = await visit('/de/pricing/');
    await page.getByRole('button', { name: 'Einstellungen', exact: true }).click();
    await page.locator('input[name="statistics"]').check();
    await page.getByRole('button', { name: 'Auswahl speichern' }).click();
    await expect.poll(gtmRequests).toHaveLength(1);
    expect((await storedChoice(page))?.c).toEqual({ necessary: true, statistics: true, marketing: false });
    expect((await consentCommands(page)).at(-1)).toEqual([
      'consent',
      'update',
      { ad_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied', analytics_storage: 'granted' },
    ]);
    // Google Ads' cookie is not allowed: removed, analytics' kept.
    await expect.poll(() => cookieNames(page)).toContain('_ga');
    await page.locator('[data-consent-open]').click();
    await page.getByRole('button', { name: 'Auswahl speichern' }).click();
    expect(await cookieNames(page)).not.toContain('_gcl_au');
  });

  it("impressum: should show every field of company.json, be linked from every page's footer beside the legal links, and be axe-clean", async () => {
    for (const pathname of ['/de/', '/de/docs/faq/', '/de/blog/', '/de/landing-page/star-gate/']) {
      const { page } = await visit(pathname);
      const legal = await page.locator('.footer a').evaluateAll((as) => as.map((a) => [a.textContent, a.getAttribute('href')]));
      expect(legal).toEqual(
        expect.arrayContaining([
          ['Impressum', '/de/impressum/'],
          ['Datenschutz', '/de/docs/PRIVACY/'],
          ['Nutzungsbedingungen', '/de/docs/TERMS/'],
          ['Verträge hier kündigen', '/de/kuendigen/'],
        ]),
      );
      await page.close();
    }
    const { page } = await visit('/de/impressum/', {
      init: () => localStorage.setItem('quire.consent', JSON.stringify({ v: 'test-1', c: { necessary: true }, t: '2025-11-27T00:00:00Z' })),
    });
    const text = (await page.locator('[data-impressum]').innerText()).replace(/\s+/g, ' ');
    const values = [
      COMPANY.legalName,
      COMPANY.legalForm,
      ...COMPANY.representatives,
      ...Object.values(COMPANY.address),
      COMPANY.email,
      COMPANY.phone,
      COMPANY.register.court,
      COMPANY.register.number,
      COMPANY.vatId,
      COMPANY.contentResponsible.name,
      COMPANY.contentResponsible.address,
      COMPANY.disputeResolution,
    ];
    for (const value of values) expect(text).toContain(value);
    expect(await page.locator('[data-company-missing]').count()).toBe(0);
    expect(await page.locator('.impressum__incomplete').count()).toBe(0);
    expect(await page.locator('[data-impressum] a[href="mailto:kontakt@example.org"]').count()).toBe(1);
    // The privacy policy takes the company's details from the same file.
    const privacy = await visit('/de/docs/PRIVACY/');
    expect(await privacy.page.locator('main').innerText()).toContain('Testfirma Übersetzungen GmbH');
    expect(await runAxe(page)).toEqual([]);
  });

  async function openCancel(options: { javaScriptEnabled?: boolean } = {}) {
    const visited = await visit('/de/kuendigen/', {
      ...options,
      init: () => localStorage.setItem('quire.consent', JSON.stringify({ v: 'test-1', c: { necessary: true }, t: '2025-11-27T00:00:00Z' })),
    });
    if (options.javaScriptEnabled !== false)
      await expect.poll(() => visited.page.locator('[data-cancel-form]').getAttribute('data-enhanced')).toBe('true');
    return visited;
  }
  async function fill(page: Page) {
    await page.getByLabel('Vor- und Nachname').fill('Erika Mustermann');
    await page.getByLabel('E-Mail-Adresse Ihres Kontos').fill('erika@example.org');
    await page.getByLabel('Vertrags- oder Kundennummer, falls bekannt').fill('C-123');
  }
  const submit = (page: Page) => page.getByRole('button', { name: 'jetzt kündigen' }).click();
  const failure = (page: Page) => page.locator('[data-cancel-failure]');

  it('cancellation: should check required fields beside them, then send JSON and show the confirmation with date and time to save and print', async () => {
    const { page, errors } = await openCancel();
    await page.locator('input[name="kind"][value="extraordinary"]').check();
    await submit(page);
    const email = page.locator('#cancel-email');
    expect(await email.getAttribute('aria-invalid')).toBe('true');
    expect(await email.getAttribute('aria-describedby')).toContain('cancel-email-error');
    expect(await page.locator('#cancel-email-error').textContent()).toMatch(/E-Mail-Adresse Ihres Kontos/);
    expect(await page.locator('#cancel-reason-error').isVisible()).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('cancel-name');
    expect(thirdParty.bodies).toEqual([]);
    expect(await runAxe(page)).toEqual([]);
    await fill(page);
    await page.getByLabel('Grund', { exact: true }).fill('Der Dienst ist seit Wochen nicht erreichbar.');
    await page.locator('input[name="effective"][value="date"]').check();
    await page.getByLabel('Gewünschtes Datum').fill('2999-12-31');
    await submit(page);
    await page.locator('[data-cancel-confirmation]').waitFor();
    const sent = JSON.parse(thirdParty.bodies[0]) as Record<string, string>;
    expect(sent).toMatchObject({
      name: 'Erika Mustermann',
      email: 'erika@example.org',
      contract: 'C-123',
      kind: 'extraordinary',
      reason: 'Der Dienst ist seit Wochen nicht erreichbar.',
      effective: 'date',
      date: '2999-12-31',
      locale: 'de',
    });
    expect(sent.requestId).toMatch(/\S{8,}/);
    const confirmation = await page.locator('[data-cancel-confirmation]').innerText();
    expect(confirmation).toContain('Ihre Kündigung ist bei uns eingegangen');
    expect(confirmation).toContain('K-2025-0042');
    expect(confirmation).toMatch(/27\. November 2025 um \d{2}:03:12/);
    expect(confirmation).toContain('31. Dezember 2025');
    expect(await page.locator('[data-cancel-form]').isVisible()).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.matches('[data-cancel-outcome]'))).toBe(true);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Bestätigung speichern' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^Kündigungsbestätigung-20251127T140312\.html$/);
    const saved = await readFile((await download.path())!, 'utf8');
    expect(saved).toContain('K-2025-0042');
    expect(saved).toContain('Erika Mustermann');
    expect(saved).toContain('„jetzt kündigen“');
    await page.evaluate(
      () =>
        ((window as unknown as { printed: number }).printed = 0) ||
        (window.print = () => ((window as unknown as { printed: number }).printed += 1)),
    );
    await page.getByRole('button', { name: 'Drucken' }).click();
    expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
    expect(await runAxe(page)).toEqual([]);
    expect(errors).toEqual([]);
  });

  it("cancellation: should show the server's field errors beside the fields (4xx) and never claim success", async () => {
    const { page } = await openCancel();
    thirdParty.answer = 'invalid';
    await fill(page);
    await submit(page);
    await expect.poll(() => page.locator('#cancel-email-error').textContent()).toBe('Kein Konto mit dieser E-Mail-Adresse gefunden.');
    expect(await page.locator('#cancel-email').getAttribute('aria-describedby')).toBe('cancel-email-error cancel-email-hint');
    const summary = await page.locator('[data-cancel-summary]').innerText();
    expect(summary).toContain('Ihre Kündigung ist NICHT bei uns eingegangen.');
    expect(summary).toContain('Zu dieser E-Mail-Adresse gibt es kein Konto.');
    expect(summary).toContain('Unbekannte Anfrage.');
    expect(await page.locator('[data-cancel-confirmation]').count()).toBe(0);
    expect(await runAxe(page)).toEqual([]);
  });

  it('cancellation: should say the cancellation was NOT received on a server error, and send it again with the same request id', async () => {
    const { page } = await openCancel();
    thirdParty.answer = 'error';
    await fill(page);
    await submit(page);
    await failure(page).waitFor();
    expect(await failure(page).getAttribute('data-cancel-failure')).toBe('server');
    const text = await failure(page).innerText();
    expect(text).toContain('Ihre Kündigung ist NICHT bei uns eingegangen.');
    expect(text).toContain('Fehler 500');
    expect(await page.locator('[data-cancel-confirmation]').count()).toBe(0);
    expect(await page.getByLabel('Vor- und Nachname').inputValue()).toBe('Erika Mustermann');
    thirdParty.answer = 'ok';
    await page.getByRole('button', { name: 'Erneut senden' }).click();
    await page.locator('[data-cancel-confirmation]').waitFor();
    const [first, second] = thirdParty.bodies.map((b) => JSON.parse(b) as { requestId: string });
    expect(second.requestId).toBe(first.requestId);
  });

  it('cancellation: should say the cancellation was NOT received when the server does not answer in time, or the device is offline', async () => {
    const { page } = await openCancel();
    thirdParty.answer = 'hang';
    await fill(page);
    await submit(page);
    expect(await page.locator('[data-cancel-status]').textContent()).toBe('Ihre Kündigung wird übermittelt …');
    await failure(page).waitFor({ timeout: 10_000 });
    expect(await failure(page).getAttribute('data-cancel-failure')).toBe('timeout');
    expect(await failure(page).innerText()).toContain('Ihre Kündigung ist NICHT bei uns eingegangen.');
    expect(await failure(page).innerText()).toContain('nicht rechtzeitig geantwortet');
    await page.context().setOffline(true);
    await page.getByRole('button', { name: 'Erneut senden' }).click();
    await expect.poll(() => failure(page).getAttribute('data-cancel-failure')).toBe('offline');
    expect(await failure(page).innerText()).toContain('nicht mit dem Internet verbunden');
    expect(await page.locator('[data-cancel-confirmation]').count()).toBe(0);
    await page.context().setOffline(false);
  });

  it('cancellation: should post the form to the endpoint without JavaScript, and be reachable from the footer of every page', async () => {
    const { page } = await openCancel({ javaScriptEnabled: false });
    expect(
      await page.locator('[data-cancel-form]').evaluate((f) => [(f as HTMLFormElement).method, (f as HTMLFormElement).action]),
    ).toEqual(['post', thirdParty.url + '/cancel']);
    await fill(page);
    await Promise.all([page.waitForURL(thirdParty.url + '/cancel'), submit(page)]);
    expect(new URLSearchParams(thirdParty.bodies[0]).get('email')).toBe('erika@example.org');
    expect(new URLSearchParams(thirdParty.bodies[0]).get('kind')).toBe('ordinary');
    const { page: home } = await visit('/de/');
    await home.getByRole('button', { name: 'Nur notwendige' }).click();
    await home.getByRole('link', { name: 'Verträge hier kündigen' }).click();
    await expect.poll(() => home.evaluate(() => location.pathname)).toBe('/de/kuendigen/');
    await expect.poll(() => home.locator('[data-cancel-form]').getAttribute('data-enhanced')).toBe('true');
  });
});
