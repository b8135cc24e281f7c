import { createContext, createElement, useContext, type ReactElement, type ReactNode } from 'react';
import { isExternal, siteHref } from '../../src/shared/route-match.ts';
import type { LocaleInfo, PageProps, Route, Site } from '../../src/types.ts';

export interface ThemeContextValue {
  site: Site;
  route: Route;
  mode: PageProps['mode'];
  /** Island name → module URL (for the client's loader). */
  islands: Record<string, string>;
  /** See PageProps.renderShared. */
  renderShared?: PageProps['renderShared'];
  /** See PageProps.head. */
  head?: PageProps['head'];
  /** See PageProps.excerpt. */
  excerpt?: PageProps['excerpt'];
  /** See PageProps.codeBlock. */
  codeBlock?: PageProps['codeBlock'];
}

export const ThemeContext = createContext<ThemeContextValue | null>(null);

export function useTheme(): ThemeContextValue {
  const value = useContext(ThemeContext);
  if (!value) throw new Error('quire bug: theme component rendered outside ThemeContext');
  return value;
}

const sharedHtml = new WeakMap<Site, Map<string, string>>();

/**
 * A part many pages show alike, rendered once per build and `key` (see PageProps.renderShared) and then
 * reused as HTML; undefined when the render stage renders everything per page. `element` renders with the
 * context of the page that asked first, so it must read only what `key` stands for, never the route.
 */
export function useSharedHtml(key: string, element: () => ReactElement): string | undefined {
  const context = useTheme();
  const { site, renderShared } = context;
  if (!renderShared) return undefined;
  let parts = sharedHtml.get(site);
  if (!parts) sharedHtml.set(site, (parts = new Map()));
  let html = parts.get(key);
  if (html === undefined) parts.set(key, (html = renderShared(createElement(ThemeContext.Provider, { value: context }, element()))));
  return html;
}

/** A UI message by id with `{name}` placeholders filled; falls back to the id only if English lacks it too. */
export function translate(messages: Record<string, string>, id: string, values: Record<string, string | number> = {}): string {
  const text = messages[id] ?? id;
  return text.replace(/\{(\w+)\}/g, (all, key: string) => (key in values ? String(values[key]) : all));
}

export function useT(): (id: string, values?: Record<string, string | number>) => string {
  const { site } = useTheme();
  return (id, values) => translate(site.messages, id, values);
}

/**
 * Labels written in the site config (navbar, footer, copyright) are German source text; a locale translates
 * one with the message `label:<source text>`, and keeps the source text when it has none.
 */
export function useLabel(): (label: string) => string {
  const { site } = useTheme();
  return (label) => site.messages[`label:${label}`] ?? label;
}

/** Internal site path → URL under the base path with a trailing slash; external URLs unchanged. */
export function useHref(): (to: string) => string {
  const { site } = useTheme();
  // Docusaurus's `pathname://` links too (a navbar or footer `href`).
  return (to) => siteHref(site.config.baseUrl, to);
}

export { isExternal };

/** Props every external link gets; Docusaurus's `pathname://` links too, which its Link opens in a new tab. */
/** A `mailto:` link to an e-mail address, or none without one. */
export function mailto(email: string | undefined): string | undefined {
  return email ? `mailto:${email}` : undefined;
}

export function externalProps(href: string): { target?: string; rel?: string } {
  return /^https?:|^\/\/|^pathname:/.test(href) ? { target: '_blank', rel: 'noopener noreferrer' } : {};
}

export function isFlagOn(site: Site, flag: string | undefined): boolean {
  return flag === undefined || site.config.flags[flag] === true;
}

/** The locale this page is built for (`<html lang dir>`). */
export function useLocale(): LocaleInfo {
  const { site } = useTheme();
  const code = site.config.i18n.currentLocale;
  const locale = site.locales.find((l) => l.code === code);
  if (!locale) throw new Error(`quire bug: the current locale "${code}" is not among the planned locales`);
  return locale;
}

/**
 * The locale of the page's text when it differs from the site's (a page not translated yet), else undefined.
 * Such text is marked with its own `lang` and `dir`, so screen readers, hyphenation and bidi treat it right.
 */
export function useContentLocale(): LocaleInfo | undefined {
  const { site, route } = useTheme();
  if (!route.contentLocale) return undefined;
  return (
    site.locales.find((l) => l.code === route.contentLocale) ?? {
      code: route.contentLocale,
      label: route.contentLocale,
      direction: 'ltr',
      htmlLang: route.contentLocale,
      calendar: 'gregory',
      baseUrl: '/',
    }
  );
}

/**
 * A piece of the content's text (a heading in the table of contents, a page title in the sidebar) shown in the
 * site's interface when the content is in another language: isolated for bidi, so German in an Arabic interface
 * keeps its punctuation and numbers in place ("Kostenlos oder Pro?", not "?Kostenlos oder Pro"). As is otherwise.
 */
export function ContentText({ children }: { children: ReactNode }) {
  const locale = useContentLocale();
  return locale ? <bdi lang={locale.htmlLang}>{children}</bdi> : children;
}

/** `lang`/`dir` attributes for an element holding the page's own text (empty when it is in the site's locale). */
export function useContentLangProps(): { lang?: string; dir?: 'ltr' | 'rtl' } {
  const locale = useContentLocale();
  return locale ? { lang: locale.htmlLang, dir: locale.direction } : {};
}
