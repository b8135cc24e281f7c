import { describe, expect, it } from 'vitest';
import { chromiumMajor, chromiumMajorFromBrands, chromiumMajorFromUserAgent, isOutdatedChromium } from '../../src/shared/browser.ts';

/** Real user-agent strings as browsers send them, with the Chromium major version they carry. */
const CHROMIUM_UAS: [string, string, number][] = [
  [
    'Chrome 120, Windows',
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36',
    120,
  ],
  [
    'Chrome 80, Windows',
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/80.0.3987.149 Safari/537.36',
    80,
  ],
  ['Chrome 49, Windows XP', 'Mozilla/5.0 (Windows NT 5.1) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/49.0.2623.112 Safari/537.36', 49],
  [
    'Chrome 124, macOS',
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
    124,
  ],
  [
    'Chrome 120, Android',
    'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36',
    120,
  ],
  [
    'Edge 120',
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 Edg/120.0.0.0',
    120,
  ],
  [
    'Edge 120, Android',
    'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36 EdgA/120.0.0.0',
    120,
  ],
  [
    'Opera 105',
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/119.0.0.0 Safari/537.36 OPR/105.0.0.0',
    119,
  ],
  [
    'Samsung Internet 23',
    'Mozilla/5.0 (Linux; Android 13; SM-S908B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/23.0 Chrome/115.0.0.0 Mobile Safari/537.36',
    115,
  ],
  [
    'Yandex',
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/118.0.0.0 YaBrowser/23.11.0.0 Safari/537.36',
    118,
  ],
  [
    'Ubuntu Chromium 79',
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Ubuntu Chromium/79.0.3945.79 Chrome/79.0.3945.79 Safari/537.36',
    79,
  ],
  [
    'Headless Chrome 120',
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/120.0.6099.28 Safari/537.36',
    120,
  ],
  [
    'Android WebView 116',
    'Mozilla/5.0 (Linux; Android 13; Pixel 7 Build/TQ3A.230901.001; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/116.0.0.0 Mobile Safari/537.36',
    116,
  ],
  [
    'Electron 27',
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) bilingo/1.0.0 Chrome/118.0.5993.159 Electron/27.1.3 Safari/537.36',
    118,
  ],
];

/** Real user-agent strings of other engines (and look-alikes that only mention Chrome). */
const OTHER_UAS: [string, string][] = [
  ['Firefox 121', 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:121.0) Gecko/20100101 Firefox/121.0'],
  ['Safari 17', 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Safari/605.1.15'],
  [
    'Chrome on iOS (WebKit)',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/120.0.6099.119 Mobile/15E148 Safari/604.1',
  ],
  [
    'Edge on iOS (WebKit)',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 EdgiOS/120.0.2210.84 Mobile/15E148 Safari/605.1.15',
  ],
  [
    'legacy Edge 18 (EdgeHTML)',
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/70.0.3538.102 Safari/537.36 Edge/18.19582',
  ],
  ['Opera 12 (Presto)', 'Opera/9.80 (Windows NT 6.1) Presto/2.12.388 Version/12.18'],
  ['Internet Explorer 11', 'Mozilla/5.0 (Windows NT 10.0; Trident/7.0; rv:11.0) like Gecko'],
  [
    'Googlebot with a version placeholder',
    'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Googlebot/2.1; +http://www.google.com/bot.html) Chrome/W.X.Y.Z Safari/537.36',
  ],
  ['empty', ''],
];

describe('browser: Chromium version from the user-agent string', () => {
  for (const [name, ua, major] of CHROMIUM_UAS) {
    it(`browser: should read ${major} from ${name}`, () => {
      expect(chromiumMajorFromUserAgent(ua)).toBe(major);
    });
  }
  for (const [name, ua] of OTHER_UAS) {
    it(`browser: should not see a Chromium engine in ${name}`, () => {
      expect(chromiumMajorFromUserAgent(ua)).toBeUndefined();
    });
  }
});

describe('browser: Chromium version from userAgentData brands', () => {
  it('browser: should read the Chromium brand of Chrome and skip the GREASE brand', () => {
    expect(
      chromiumMajorFromBrands([
        { brand: 'Not_A Brand', version: '8' },
        { brand: 'Chromium', version: '120' },
        { brand: 'Google Chrome', version: '120' },
      ]),
    ).toBe(120);
    // Chrome 89 put a high GREASE version first.
    expect(
      chromiumMajorFromBrands([
        { brand: ' Not;A Brand', version: '99' },
        { brand: 'Chromium', version: '89' },
        { brand: 'Google Chrome', version: '89' },
      ]),
    ).toBe(89);
  });

  it('browser: should read the engine, not the product version, of Opera and Brave', () => {
    expect(
      chromiumMajorFromBrands([
        { brand: 'Not_A Brand', version: '8' },
        { brand: 'Chromium', version: '120' },
        { brand: 'Opera', version: '106' },
      ]),
    ).toBe(120);
    expect(
      chromiumMajorFromBrands([
        { brand: 'Brave', version: '120' },
        { brand: 'Chromium', version: '120' },
        { brand: 'Not_A Brand', version: '24' },
      ]),
    ).toBe(120);
  });

  it('browser: should fall back to the Chrome or Edge brand when Chromium is missing', () => {
    expect(
      chromiumMajorFromBrands([
        { brand: 'Microsoft Edge', version: '121' },
        { brand: 'Not A(Brand', version: '99' },
      ]),
    ).toBe(121);
    expect(chromiumMajorFromBrands([{ brand: 'Google Chrome', version: '122.0.6261.57' }])).toBe(122);
  });

  it('browser: should know nothing from empty, missing or foreign brands', () => {
    expect(chromiumMajorFromBrands([])).toBeUndefined();
    expect(chromiumMajorFromBrands(undefined)).toBeUndefined();
    expect(chromiumMajorFromBrands([{ brand: 'Opera', version: '106' }])).toBeUndefined();
    expect(chromiumMajorFromBrands([{ brand: 'Chromium', version: '' }])).toBeUndefined();
  });
});

describe('browser: the browser check', () => {
  const chrome120 = CHROMIUM_UAS[0][1];
  const chrome80 = CHROMIUM_UAS[1][1];

  it('browser: should prefer userAgentData and fall back to the string when it is missing or empty', () => {
    expect(chromiumMajor({ userAgent: chrome120, userAgentData: { brands: [{ brand: 'Chromium', version: '121' }] } })).toBe(121);
    expect(chromiumMajor({ userAgent: chrome80 })).toBe(80);
    expect(chromiumMajor({ userAgent: chrome80, userAgentData: null })).toBe(80);
    expect(chromiumMajor({ userAgent: chrome80, userAgentData: { brands: [] } })).toBe(80);
  });

  it('browser: should call a Chromium engine below the minimum outdated, and the minimum itself not', () => {
    expect(isOutdatedChromium({ userAgent: chrome80 }, 88)).toBe(true);
    expect(
      isOutdatedChromium(
        { userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/87.0.4280.88 Safari/537.36' },
        88,
      ),
    ).toBe(true);
    expect(
      isOutdatedChromium(
        { userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/88.0.4324.96 Safari/537.36' },
        88,
      ),
    ).toBe(false);
    expect(isOutdatedChromium({ userAgent: chrome120 }, 88)).toBe(false);
  });

  it('browser: should trust the engine brands over a user-agent string that claims an old Chrome', () => {
    expect(isOutdatedChromium({ userAgent: chrome80, userAgentData: { brands: [{ brand: 'Chromium', version: '120' }] } }, 88)).toBe(false);
    expect(isOutdatedChromium({ userAgent: chrome120, userAgentData: { brands: [{ brand: 'Chromium', version: '85' }] } }, 88)).toBe(true);
  });

  it('browser: should never call other engines outdated', () => {
    for (const [, ua] of OTHER_UAS) expect(isOutdatedChromium({ userAgent: ua }, 200)).toBe(false);
  });
});
