/** Locale facts shared by build and browser. */

const RTL = new Set(['ar', 'he', 'fa', 'ur', 'ps', 'yi']);

/** The `lang` attribute of a locale's pages: its configured `htmlLang`, else its code. */
export function localeHtmlLang(localeConfigs: Readonly<Record<string, { htmlLang?: string } | undefined>>, code: string): string {
  return localeConfigs[code]?.htmlLang ?? code;
}

export function localeDirection(code: string): 'ltr' | 'rtl' {
  return RTL.has(code.split('-')[0]) ? 'rtl' : 'ltr';
}

/**
 * Base path of another locale's site, given the current one: `/de/` for de, `/` for the default locale.
 * The configured base path ends with the current locale's segment; every other locale swaps it.
 */
export function localeBaseUrl(baseUrl: string, currentLocale: string, defaultLocale: string, locale: string): string {
  const suffix = `${currentLocale}/`;
  const root = currentLocale !== defaultLocale && baseUrl.endsWith(suffix) ? baseUrl.slice(0, -suffix.length) : baseUrl;
  return locale === defaultLocale ? root : `${root}${locale}/`;
}

/** The region Open Graph readers (Facebook, LinkedIn) expect for a bare language: `de` → `de_DE`. */
const OG_REGION: Record<string, string> = {
  ar: 'AR',
  bg: 'BG',
  cs: 'CZ',
  da: 'DK',
  de: 'DE',
  el: 'GR',
  en: 'US',
  es: 'ES',
  fa: 'IR',
  fi: 'FI',
  fr: 'FR',
  he: 'IL',
  hi: 'IN',
  hu: 'HU',
  id: 'ID',
  it: 'IT',
  ja: 'JP',
  ko: 'KR',
  nb: 'NO',
  nl: 'NL',
  pl: 'PL',
  pt: 'PT',
  ro: 'RO',
  ru: 'RU',
  sk: 'SK',
  sv: 'SE',
  th: 'TH',
  tr: 'TR',
  uk: 'UA',
  vi: 'VN',
  zh: 'CN',
};

/**
 * A page's `og:locale` (language_TERRITORY, as Open Graph defines it) from its `lang`: the region it names
 * (`pt-BR` → `pt_BR`), the one a script implies for Chinese (`zh-Hans` → `zh_CN`, `zh-Hant` → `zh_TW`), else
 * the language's usual one (`de` → `de_DE`); a language without one stays as it is.
 */
export function ogLocale(htmlLang: string): string {
  const [language, ...rest] = htmlLang.split('-');
  const lower = language.toLowerCase();
  const region = rest.find((part) => /^(?:[A-Za-z]{2}|\d{3})$/.test(part));
  if (region) return `${lower}_${region.toUpperCase()}`;
  const script = rest.find((part) => /^[A-Za-z]{4}$/.test(part))?.toLowerCase();
  if (lower === 'zh' && script) return script === 'hant' ? 'zh_TW' : 'zh_CN';
  return OG_REGION[lower] ? `${lower}_${OG_REGION[lower]}` : lower;
}
