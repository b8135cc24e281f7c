import { createContext, createElement, useContext, type ReactNode } from 'react';
import { isExternal, withBase } from '../../src/shared/route-match.ts';
import type { Site } from '../../src/types.ts';
import { ThemeContext } from './context.tsx';
import { Tab, Tabs } from './mdx/blocks.tsx';

/**
 * The Docusaurus modules a project's own code imports (its components and React pages,
 * https://docusaurus.io/docs/docusaurus-core), as quire's theme provides them: the same names and props, drawn
 * with this theme's markup. Modules not listed here are refused where they are imported (Q039), never left
 * to fail or to show nothing while the page renders.
 *
 * They run on the server and, in a component hydrated in the browser (an island), there too: so they read the
 * site from DocusaurusSite, plain data the island carries, never from the theme's server-only context.
 */

/** What the modules read of the site: the same on the server and in an island. */
export interface DocusaurusSiteValue {
  siteConfig: {
    title: string;
    tagline: string;
    url: string;
    baseUrl: string;
    favicon?: string;
    customFields: Record<string, unknown>;
    trailingSlash: true;
  };
  i18n: { currentLocale: string; defaultLocale: string; locales: string[] };
  /** Said to screen readers after an external link's text (`link.newTab`). */
  newTab: string;
}

export const DocusaurusSite = createContext<DocusaurusSiteValue | null>(null);

/** The value for a site (on the server; an island gets it in its props). */
export function docusaurusSite(site: Site): DocusaurusSiteValue {
  const { config } = site;
  return {
    siteConfig: {
      title: config.title,
      tagline: config.tagline,
      url: config.url,
      baseUrl: config.baseUrl,
      ...(config.favicon ? { favicon: config.favicon } : {}),
      customFields: config.customFields,
      trailingSlash: true,
    },
    i18n: {
      currentLocale: config.i18n.currentLocale,
      defaultLocale: config.i18n.defaultLocale,
      locales: [...config.i18n.locales],
    },
    newTab: site.messages['link.newTab'] ?? ' (opens in a new tab)',
  };
}

function useSite(): DocusaurusSiteValue {
  const given = useContext(DocusaurusSite);
  const theme = useContext(ThemeContext);
  if (given) return given;
  if (!theme) throw new Error('quire bug: a Docusaurus module rendered without its site');
  return docusaurusSite(theme.site);
}

/** A site path with the base path and trailing slash; external URLs and `#…` as written. */
function href(site: DocusaurusSiteValue, to: string): string {
  return isExternal(to) || to.startsWith('#') ? to : withBase(site.siteConfig.baseUrl, to);
}

/**
 * `@theme/Layout`: the theme's page frame is drawn around every page already, so the layout gives its content;
 * its title and description go to the document's head (see PageProps.head).
 */
function Layout({ children, title, description }: { children?: ReactNode; title?: string; description?: string }) {
  const head = useContext(ThemeContext)?.head;
  if (head) {
    if (title !== undefined) head.title = title;
    if (description !== undefined) head.description = description;
  }
  return <>{children}</>;
}

type HeadingTag = 'h1' | 'h2' | 'h3' | 'h4' | 'h5' | 'h6';

/** `@theme/Heading`: a heading of the given level; with an id, a link to itself as the theme's headings have. */
function Heading({ as, id, children, ...rest }: { as: HeadingTag; id?: string; children?: ReactNode; className?: string }) {
  return createElement(
    as,
    { id, ...rest },
    children,
    id && as !== 'h1' ? (
      <a className="hash-link" href={`#${id}`} aria-label={typeof children === 'string' ? children : undefined}>
        #
      </a>
    ) : null,
  );
}

/** `@docusaurus/Link`: `to` (or `href`) with the base path for site paths; external links open a new tab and say so. */
function DocusaurusLink({ to, href: given, children, ...rest }: { to?: string; href?: string; children?: ReactNode; className?: string }) {
  const site = useSite();
  const target = to ?? given ?? '#';
  const newTab = /^https?:|^\/\//.test(target);
  return (
    <a href={href(site, target)} {...(newTab ? { target: '_blank', rel: 'noopener noreferrer' } : {})} {...rest}>
      {children}
      {newTab ? <span className="visually-hidden">{site.newTab}</span> : null}
    </a>
  );
}

/** `@docusaurus/useBaseUrl`: a site path with the base path; external URLs as written. */
function useBaseUrl(url: string, options: { absolute?: boolean } = {}): string {
  const site = useSite();
  const path = href(site, url);
  return options.absolute && path.startsWith('/') ? site.siteConfig.url + path : path;
}

/** `@docusaurus/useDocusaurusContext`: the site's config under the names Docusaurus gives them. */
function useDocusaurusContext() {
  const { siteConfig, i18n } = useSite();
  return { siteConfig, siteMetadata: { docusaurusVersion: '3' }, i18n };
}

/** `@theme/Tabs` and `@theme/TabItem` in component code: the theme's tabs, labelled as Docusaurus labels them. */
function DocusaurusTabs({ children, groupId }: { children?: ReactNode; groupId?: string }) {
  return <Tabs groupId={groupId}>{children}</Tabs>;
}
function TabItem({ children, label, value }: { children?: ReactNode; label?: string; value: string }) {
  return <Tab label={label ?? value}>{children}</Tab>;
}

/** `@theme/Details`: a disclosure, summary first. */
function Details({ summary, children, ...rest }: { summary?: ReactNode; children?: ReactNode; className?: string }) {
  return (
    <details {...rest}>
      {summary !== undefined ? <summary>{summary}</summary> : null}
      {children}
    </details>
  );
}

/**
 * `@docusaurus/router`'s `useLocation`: the page's address. At build time it has no query or hash; a component
 * that reads them is hydrated (src/compile/modules.ts) and reads them in the browser.
 */
function useLocation(): { pathname: string; search: string; hash: string; state: unknown } {
  const theme = useContext(ThemeContext);
  if (theme) return { pathname: withBase(theme.site.config.baseUrl, theme.route.path), search: '', hash: '', state: undefined };
  return { pathname: window.location.pathname, search: window.location.search, hash: window.location.hash, state: window.history.state };
}

/** `@docusaurus/router`'s `useHistory`: moving to another address (in the browser; at build time nothing moves). */
function useHistory() {
  const location = useLocation();
  const go = (replace: boolean) => (to: string) => {
    if (typeof window === 'undefined') return;
    if (replace) window.location.replace(to);
    else window.location.assign(to);
  };
  return { location, push: go(false), replace: go(true), goBack: () => typeof window !== 'undefined' && window.history.back() };
}

type TocEntry = { value: string; id: string; level: number };

/**
 * `@theme/TOCInline`: the page's table of contents in the text (`<TOCInline toc={toc} />`), levels
 * `minHeadingLevel` to `maxHeadingLevel` (2 and 3 by default, as Docusaurus), nested by level.
 */
function TOCInline({
  toc,
  minHeadingLevel = 2,
  maxHeadingLevel = 3,
}: {
  toc?: TocEntry[];
  minHeadingLevel?: number;
  maxHeadingLevel?: number;
}) {
  const entries = (toc ?? []).filter((e) => e.level >= minHeadingLevel && e.level <= maxHeadingLevel);
  // Each entry with the entries below it, up to the next of its level or higher.
  const tree = (from: number, level: number): { list: ReactNode; next: number } => {
    const items: ReactNode[] = [];
    let i = from;
    while (i < entries.length && entries[i].level >= level) {
      const entry = entries[i];
      const below = entries[i + 1] && entries[i + 1].level > entry.level ? tree(i + 1, entries[i + 1].level) : { list: null, next: i + 1 };
      items.push(
        <li key={entry.id}>
          <a href={`#${entry.id}`}>{entry.value}</a>
          {below.list}
        </li>,
      );
      i = below.next;
    }
    return { list: items.length ? <ul>{items}</ul> : null, next: i };
  };
  return <div className="toc-inline">{entries.length ? tree(0, entries[0].level).list : null}</div>;
}

const module = (value: unknown, named: Record<string, unknown> = {}) => ({ __esModule: true, default: value, ...named });

/** By the name code imports them from. */
export const docusaurusModules: Record<string, Record<string, unknown>> = {
  '@theme/Layout': module(Layout),
  '@theme/Heading': module(Heading),
  '@theme/Tabs': module(DocusaurusTabs),
  '@theme/TabItem': module(TabItem),
  '@theme/Details': module(Details),
  '@docusaurus/Link': module(DocusaurusLink),
  '@docusaurus/useBaseUrl': module(useBaseUrl),
  '@docusaurus/useDocusaurusContext': module(useDocusaurusContext),
  '@docusaurus/router': module(undefined, { useLocation, useHistory }),
  '@theme/TOCInline': module(TOCInline),
};
