/**
 * The browser check of SPEC §5 and §8 ("Chrome core version too low, update the browser"): which Chromium
 * engine a visitor runs, read from `navigator.userAgentData` when the browser has it and from the user-agent
 * string otherwise. Pure, so the manga promotion island and the client bundle share it and tests can feed it
 * real user-agent strings.
 */

/** One entry of `navigator.userAgentData.brands`. */
export interface UserAgentBrand {
  brand: string;
  version: string;
}

/** What the parser needs from `navigator`; `userAgentData` is missing in Firefox, Safari and Chromium before 90. */
export interface BrowserIdentity {
  userAgent: string;
  userAgentData?: { brands?: readonly UserAgentBrand[] } | null;
}

/**
 * Brands whose version is the engine's version. `Chromium` is the engine itself; Chrome and Edge ship the
 * same major version as their engine, so they stand in when a browser leaves `Chromium` out. Opera, Brave,
 * Yandex and others version their own product and are ignored. GREASE entries (`Not A(Brand`) never match.
 */
const ENGINE_BRANDS = ['Chromium', 'Google Chrome', 'Microsoft Edge'];

/** The Chromium major version from `userAgentData.brands`, or undefined when no brand names the engine. */
export function chromiumMajorFromBrands(brands: readonly UserAgentBrand[] | undefined | null): number | undefined {
  if (!brands) return undefined;
  for (const name of ENGINE_BRANDS) {
    const entry = brands.find((b) => b.brand === name);
    const major = entry ? parseMajor(entry.version) : undefined;
    if (major !== undefined) return major;
  }
  return undefined;
}

/**
 * The Chromium major version from a user-agent string, or undefined for other engines.
 * `Chrome/<n>` (also `HeadlessChrome/<n>`, `Chromium/<n>`) carries the engine version in Chrome, Edge, Opera,
 * Samsung Internet, Android WebViews and Electron. Two look-alikes are not Chromium: legacy Edge (EdgeHTML,
 * `Edge/18`) still says `Chrome/70`, and Chrome on iOS (`CriOS`) runs on WebKit.
 */
export function chromiumMajorFromUserAgent(userAgent: string): number | undefined {
  if (/\bEdge\/\d/.test(userAgent)) return undefined;
  const match = /(?:^|[\s(;])(?:Headless)?Chrom(?:e|ium)\/(\d+)\./.exec(userAgent);
  return match ? parseMajor(match[1]) : undefined;
}

/**
 * The visitor's Chromium major version, or undefined when the browser is not Chromium-based.
 * The brands win over the string: only Chromium 89+ has `userAgentData`, and when both exist but disagree,
 * the string has been overridden (a user-agent switcher) while the brands still describe the real engine.
 */
export function chromiumMajor(identity: BrowserIdentity): number | undefined {
  return chromiumMajorFromBrands(identity.userAgentData?.brands) ?? chromiumMajorFromUserAgent(identity.userAgent);
}

/** True when the visitor runs a Chromium engine older than `minVersion`; other engines are never "outdated". */
export function isOutdatedChromium(identity: BrowserIdentity, minVersion: number): boolean {
  const major = chromiumMajor(identity);
  return major !== undefined && major < minVersion;
}

function parseMajor(version: string): number | undefined {
  const match = /^\s*(\d+)/.exec(version);
  return match ? Number(match[1]) : undefined;
}
