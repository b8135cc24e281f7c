import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContext, Page, Route } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import siteConfig from '../../site.config.ts';
import { launchBrowser, serveDist, type TestServer } from './harness.ts';

const CLAIM_URL = siteConfig.promotions!.manga!.claimUrl;
const EXTENSION_ATTRIBUTE = siteConfig.promotions!.manga!.extensionAttribute ?? 'data-bilingo-extension';
const MARK = { attribute: EXTENSION_ATTRIBUTE, version: '1.4.2' };
const TOKEN_COOKIE = `${siteConfig.product.slug}_token`;
const PROMO_PAGE = '/de/deals/manga/';
/** Inside the configured window (2025-05-06 to 2027-06-30); every test fixes the page clock. */
const INSIDE = '2025-06-01T12:00:00Z';
const CHROME_80 = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/80.0.3987.149 Safari/537.36';

/** One answer of the fake claim endpoint: a status (with an optional JSON body), or a dropped connection. */
type Answer = { status: number; body?: unknown } | 'offline';

interface ClaimRequest {
  method: string;
  contentType: string | undefined;
  body: unknown;
}

/**
 * A stand-in for the claim API on 127.0.0.1: answers with the queued statuses in turn (CORS with credentials,
 * like the real cross-origin API), records what it got, and can hold answers back to show the claiming state.
 */
class FakeClaimServer {
  answers: Answer[] = [];
  requests: ClaimRequest[] = [];
  /** While set, answers wait for it. */
  hold: Promise<void> | undefined;
  url = '';
  private server: Server | undefined;

  async start(allowedOrigin: string): Promise<void> {
    this.server = createServer((req, res) => {
      const cors = {
        'access-control-allow-origin': allowedOrigin,
        'access-control-allow-credentials': 'true',
        'access-control-allow-headers': 'content-type, accept',
        'access-control-allow-methods': 'POST',
      };
      if (req.method === 'OPTIONS') {
        res.writeHead(204, cors).end();
        return;
      }
      let raw = '';
      req.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      req.on('end', async () => {
        let body: unknown = raw;
        try {
          body = JSON.parse(raw);
        } catch {
          // recorded as text: the test then fails on the body
        }
        this.requests.push({ method: req.method ?? '', contentType: req.headers['content-type'], body });
        await this.hold;
        const answer = this.answers.shift();
        const { status, body: answerBody } = answer && answer !== 'offline' ? answer : { status: 599, body: { error: 'no answer queued' } };
        res.writeHead(status, { ...cors, 'content-type': 'application/json' }).end(JSON.stringify(answerBody ?? {}));
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/v1/promotions/manga/claim`;
  }

  /** page.route handler: sends the page's claim request to this server, or drops it when 'offline' is next. */
  readonly route = async (route: Route): Promise<void> => {
    if (this.answers[0] === 'offline') {
      this.answers.shift();
      await route.abort('internetdisconnected');
      return;
    }
    const response = await route.fetch({ url: this.url });
    await route.fulfill({ response });
  };

  reset(): void {
    this.answers = [];
    this.requests = [];
    this.hold = undefined;
  }

  close(): Promise<void> {
    return new Promise((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

/** What the extension does on every page it runs on: mark `<html>` with its version (runs at document start). */
function markExtension({ attribute, version }: { attribute: string; version: string }): void {
  const mark = () => document.documentElement.setAttribute(attribute, version);
  if (document.documentElement) mark();
  else
    new MutationObserver((_, observer) => {
      if (!document.documentElement) return;
      observer.disconnect();
      mark();
    }).observe(document, { childList: true });
}

interface Visit {
  /** The session cookie `{product}_token` is set. */
  loggedIn?: boolean;
  /** The extension is installed and marks the page. */
  extension?: boolean;
  /** The page's clock (ISO). */
  time?: string;
  userAgent?: string;
  /** Chromium before 90 has no navigator.userAgentData; a user-agent override alone keeps today's brands. */
  withoutUserAgentData?: boolean;
  javaScriptEnabled?: boolean;
  /** The browser's time zone (IANA); dates in the box are shown in it. */
  timezoneId?: string;
}

describe('manga promotion in the browser', () => {
  let server: TestServer;
  let browser: Browser;
  const fake = new FakeClaimServer();
  const contexts: BrowserContext[] = [];
  const errors: string[] = [];

  beforeAll(async () => {
    server = await serveDist(inject('e2eDist'));
    await fake.start(server.url);
    browser = await launchBrowser();
  });
  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((c) => c.close()));
    fake.reset();
    // Our own script errors and React's hydration warnings; refused requests are the tests' doing.
    expect(errors.splice(0)).toEqual([]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await fake.close();
  });

  async function newContext(visit: Visit): Promise<BrowserContext> {
    const context = await browser.newContext({
      userAgent: visit.userAgent,
      javaScriptEnabled: visit.javaScriptEnabled ?? true,
      timezoneId: visit.timezoneId,
    });
    contexts.push(context);
    if (visit.loggedIn) await context.addCookies([{ name: TOKEN_COOKIE, value: 'session-1', url: server.url }]);
    if (visit.extension) await context.addInitScript(markExtension, MARK);
    if (visit.withoutUserAgentData)
      await context.addInitScript(() =>
        Object.defineProperty(Navigator.prototype, 'userAgentData', { get: () => undefined, configurable: true }),
      );
    return context;
  }

  async function openPromo(context: BrowserContext, time = INSIDE): Promise<Page> {
    const page = await context.newPage();
    page.on('pageerror', (e) => errors.push(e.message));
    page.on(
      'console',
      (m) =>
        m.type() === 'error' &&
        !m.text().startsWith('Failed to load resource') &&
        m.location().url.startsWith(server.url) &&
        errors.push(m.text()),
    );
    await page.route(/googletagmanager\.com/, (r) => r.abort());
    await page.route(CLAIM_URL, fake.route);
    await page.clock.setFixedTime(new Date(time));
    await page.goto(server.url + PROMO_PAGE);
    await checked(page);
    return page;
  }

  async function visitPromo(visit: Visit = {}): Promise<Page> {
    return openPromo(await newContext(visit), visit.time);
  }

  /** Waits until the island has looked at the visitor (the server's first guess can look the same). */
  async function checked(page: Page): Promise<void> {
    await page.waitForSelector('[data-island="MangaPromo"][data-promo-checked="true"]', { state: 'attached' });
  }

  const promo = (page: Page) => page.locator('.manga-promo');
  const state = (page: Page) => promo(page).getAttribute('data-promo-state');
  const text = (page: Page) => page.locator('.manga-promo__text').textContent();
  const claimButton = (page: Page) => page.getByRole('button', { name: 'Jetzt einlösen' });

  async function claimWith(page: Page, answer: Answer): Promise<void> {
    fake.answers.push(answer);
    await expect.poll(() => state(page)).toBe('ready');
    await claimButton(page).click();
    await expect.poll(async () => ['ready', 'claiming'].includes((await state(page)) ?? '')).toBe(false);
  }

  it('manga promo: should ask a visitor without JavaScript to log in, in the server-rendered markup', async () => {
    const context = await newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(server.url + PROMO_PAGE);
    expect(await state(page)).toBe('loggedOut');
    expect(await text(page)).toBe('Bitte melden Sie sich an, um das Angebot einzulösen.');
    expect(await page.locator('.manga-promo a', { hasText: 'Anmelden' }).getAttribute('href')).toBe(siteConfig.header!.signInUrl);
  });

  it('manga promo: should ask a visitor without the session cookie to log in, linking to the sign-in page', async () => {
    const page = await visitPromo({ extension: true });
    expect(await state(page)).toBe('loggedOut');
    expect(await text(page)).toContain('Bitte melden Sie sich an');
    const login = page.getByRole('link', { name: 'Anmelden', exact: true }).and(page.locator('.manga-promo a'));
    expect(await login.getAttribute('href')).toBe(siteConfig.header!.signInUrl);
    expect(await claimButton(page).count()).toBe(0);
  });

  it('manga promo: should follow a log-in in another tab when the visitor comes back', async () => {
    const context = await newContext({ extension: true });
    const page = await openPromo(context);
    expect(await state(page)).toBe('loggedOut');
    // Playwright makes every page look focused; switch that off so leaving and returning fire blur and focus.
    await (await context.newCDPSession(page)).send('Emulation.setFocusEmulationEnabled', { enabled: false });
    const other = await context.newPage();
    await other.bringToFront();
    await context.addCookies([{ name: TOKEN_COOKIE, value: 'session-2', url: server.url }]);
    await page.bringToFront();
    await expect.poll(() => state(page)).toBe('ready');
  });

  it('manga promo: should ask a logged-in visitor without the extension to install it, then to reload after installing', async () => {
    const context = await newContext({ loggedIn: true });
    const page = await openPromo(context);
    expect(await state(page)).toBe('noExtension');
    expect(await text(page)).toBe('Die Erweiterung ist nicht installiert. Bitte installieren Sie sie, bevor Sie das Angebot einlösen.');
    expect(await page.locator('.manga-promo__hint').textContent()).toBe('Laden Sie die Seite nach der Installation neu.');
    expect(await page.getByRole('link', { name: 'Erweiterung installieren' }).getAttribute('href')).toBe('/de/download/');
    expect(await claimButton(page).count()).toBe(0);

    // The visitor leaves for another tab to install the extension, which marks open tabs and every later load.
    await (await context.newCDPSession(page)).send('Emulation.setFocusEmulationEnabled', { enabled: false });
    const store = await context.newPage();
    await store.bringToFront();
    await context.addInitScript(markExtension, MARK);
    await page.evaluate(markExtension, MARK);
    await page.bringToFront();
    await expect.poll(() => promo(page).getAttribute('data-promo-step')).toBe('reload');
    expect(await text(page)).toContain('Die Erweiterung wurde erkannt. Laden Sie die Seite neu');
    expect(await claimButton(page).count()).toBe(0);

    await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: 'Seite neu laden' }).click()]);
    await checked(page);
    await expect.poll(() => state(page)).toBe('ready');
    expect(await text(page)).toBe('Sie können jetzt 3 Tage Pro kostenlos einlösen.');
  });

  it('manga promo: should offer the claim at once when the extension marks the page a moment after load', async () => {
    const page = await visitPromo({ loggedIn: true });
    expect(await state(page)).toBe('noExtension');
    await page.evaluate(markExtension, MARK);
    await expect.poll(() => state(page)).toBe('ready');
    expect(await promo(page).getAttribute('data-promo-step')).toBeNull();
  });

  it('manga promo: should claim once on a double click, show the claiming state, and remember success across reloads and visits', async () => {
    let release!: () => void;
    fake.hold = new Promise((resolve) => (release = resolve));
    fake.answers.push({ status: 200, body: { ok: true, days: 3 } });
    const context = await newContext({ loggedIn: true, extension: true });
    const page = await openPromo(context);
    await expect.poll(() => state(page)).toBe('ready');

    await claimButton(page).dblclick();
    await expect.poll(() => state(page)).toBe('claiming');
    const busy = page.getByRole('button', { name: 'Wird eingelöst …' });
    expect(await busy.isDisabled()).toBe(true);
    await expect.poll(() => fake.requests.length).toBe(1);
    release();
    await expect.poll(() => state(page)).toBe('claimed');
    expect(await text(page)).toMatch(/^Erfolgreich eingelöst! Ihre 3 Tage Pro laufen bis zum 4\. Juni 2025 um \d\d:00\.$/);
    expect(fake.requests).toEqual([{ method: 'POST', contentType: 'application/json', body: { promotion: 'manga' } }]);

    // Second look: a reload and a later visit in the same browser show the claim without asking again.
    await page.reload();
    await checked(page);
    expect(await state(page)).toBe('claimedBefore');
    const later = await openPromo(context);
    expect(await state(later)).toBe('claimedBefore');
    expect(fake.requests).toHaveLength(1);
  });

  it('manga promo: should say "bereits eingelöst" with the end of the Pro days after a claim, and still offer it to others', async () => {
    const context = await newContext({ loggedIn: true, extension: true, timezoneId: 'Europe/Berlin' });
    const page = await openPromo(context);
    await claimWith(page, { status: 200 });
    // Claimed at 12:00 UTC on 1 June: three days later is 14:00 in Berlin (summer time).
    expect(await text(page)).toBe('Erfolgreich eingelöst! Ihre 3 Tage Pro laufen bis zum 4. Juni 2025 um 14:00.');

    await page.reload();
    await checked(page);
    expect(await state(page)).toBe('claimedBefore');
    expect(await text(page)).toBe('Bereits eingelöst: Ihre Pro-Tage laufen noch bis zum 4. Juni 2025 um 14:00.');
    expect(await page.locator('.manga-promo').textContent()).not.toContain('beginnen');
    expect(await claimButton(page).count()).toBe(0);

    // Once the days are over, the box says so and points to the plans instead.
    const after = await openPromo(context, '2025-06-04T12:00:00Z');
    expect(await state(after)).toBe('claimedBefore');
    expect(await text(after)).toBe('Bereits eingelöst: Ihre Pro-Tage sind am 4. Juni 2025 um 14:00 abgelaufen.');
    expect(await after.getByRole('link', { name: 'Pläne und Preise ansehen' }).getAttribute('href')).toBe('/de/pricing/');

    // Another visitor (another browser profile) still sees the offer.
    const fresh = await visitPromo({ loggedIn: true, extension: true, timezoneId: 'Europe/Berlin' });
    await expect.poll(() => state(fresh)).toBe('ready');
    expect(await text(fresh)).toBe('Sie können jetzt 3 Tage Pro kostenlos einlösen.');
    expect(fake.requests).toHaveLength(1);
  });

  it('manga promo: should show each answer of the claim endpoint in turn', async () => {
    const context = await newContext({ loggedIn: true, extension: true });
    const page = await openPromo(context);
    const cases: [Answer, string, string][] = [
      [
        { status: 409, body: { reason: 'already_claimed' } },
        'alreadyClaimed',
        'Das Angebot gilt nur für neue Nutzerinnen und Nutzer und nur einmal',
      ],
      [
        { status: 403, body: { reason: 'not_new_user' } },
        'alreadyClaimed',
        'Das Angebot gilt nur für neue Nutzerinnen und Nutzer und nur einmal',
      ],
      [{ status: 401 }, 'loggedOut', 'Bitte melden Sie sich an'],
      [{ status: 410 }, 'ended', 'Die Aktion ist beendet. Wir hoffen, Sie beim nächsten Mal dabei zu haben.'],
      [{ status: 403, body: { reason: 'region' } }, 'error', 'Das Einlösen hat nicht geklappt'],
      [{ status: 503 }, 'error', 'Das Einlösen hat nicht geklappt'],
      ['offline', 'error', 'Das Einlösen hat nicht geklappt'],
    ];
    for (const [answer, expected, message] of cases) {
      await page.reload();
      await checked(page);
      await claimWith(page, answer);
      expect(await state(page), JSON.stringify(answer)).toBe(expected);
      expect(await text(page)).toContain(message);
      expect(await page.getByRole('link', { name: 'Pläne und Preise ansehen' }).count()).toBe(expected === 'alreadyClaimed' ? 1 : 0);
      expect(await page.getByRole('button', { name: 'Erneut versuchen' }).count()).toBe(expected === 'error' ? 1 : 0);
    }
    // Seven claims, one request each (the offline one never reached the server).
    expect(fake.requests).toHaveLength(6);
  });

  it('manga promo: should let the visitor retry after a server error and after a network error', async () => {
    const page = await visitPromo({ loggedIn: true, extension: true });
    await claimWith(page, { status: 500 });
    expect(await state(page)).toBe('error');
    fake.answers.push('offline');
    await page.getByRole('button', { name: 'Erneut versuchen' }).click();
    await expect.poll(() => state(page)).toBe('error');
    fake.answers.push({ status: 200 });
    await page.getByRole('button', { name: 'Erneut versuchen' }).click();
    await expect.poll(() => state(page)).toBe('claimed');
    expect(fake.requests).toHaveLength(2);
  });

  it('manga promo: should say the event has ended from its end on, and not offer the claim', async () => {
    const end = siteConfig.promotions!.manga!.end;
    for (const time of [end, new Date(Date.parse(end) + 86_400_000).toISOString()]) {
      const page = await visitPromo({ loggedIn: true, extension: true, time });
      await expect.poll(() => state(page)).toBe('ended');
      expect(await text(page)).toBe('Die Aktion ist beendet. Wir hoffen, Sie beim nächsten Mal dabei zu haben.');
      expect(await claimButton(page).count()).toBe(0);
    }
    // One millisecond before the end the claim is still open.
    const page = await visitPromo({ loggedIn: true, extension: true, time: new Date(Date.parse(end) - 1).toISOString() });
    await expect.poll(() => state(page)).toBe('ready');
    expect(fake.requests).toHaveLength(0);
  });

  it('manga promo: should say when the event starts to a visitor who comes too early', async () => {
    const start = siteConfig.promotions!.manga!.start;
    const page = await visitPromo({ loggedIn: true, extension: true, time: new Date(Date.parse(start) - 60_000).toISOString() });
    await expect.poll(() => state(page)).toBe('upcoming');
    expect(await text(page)).toMatch(/^Die Aktion beginnt am \d+\. Mai 2025/);
    expect(await claimButton(page).count()).toBe(0);
  });

  it('manga promo: should ask a visitor on an old Chrome to update the browser instead of claiming', async () => {
    const page = await visitPromo({ loggedIn: true, extension: true, userAgent: CHROME_80, withoutUserAgentData: true });
    expect(await page.evaluate(() => navigator.userAgent)).toBe(CHROME_80);
    await expect.poll(() => state(page)).toBe('outdatedBrowser');
    expect(await text(page)).toBe('Die Chrome-Kernversion Ihres Browsers ist zu alt. Bitte aktualisieren Sie Ihren Browser.');
    expect(await claimButton(page).count()).toBe(0);
  });
});
