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
