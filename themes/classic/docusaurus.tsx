import { createElement, type ReactNode } from 'react';
import { useHref, useTheme } from './context.tsx';
import { Link } from './components/Link.tsx';
import { Tab, Tabs } from './mdx/blocks.tsx';

/**
 * The Docusaurus modules a project's own code imports (its components and React pages,
 * https://docusaurus.io/docs/docusaurus-core), as quire's theme provides them: the same names and props, drawn
 * with this theme's markup. Modules not listed here are refused where they are imported (Q039), never left
 * to fail or to show nothing while the page renders.
 */

/**
 * `@theme/Layout`: the theme's page frame is drawn around every page already, so the layout gives its content;
 * its title and description go to the document's head (see PageProps.head).
 */
function Layout({ children, title, description }: { children?: ReactNode; title?: string; description?: string }) {
  const { head } = useTheme();
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

/** `@docusaurus/Link`: `to` (or `href`) with the base path for site paths; external links open a new tab. */
function DocusaurusLink({ to, href, children, ...rest }: { to?: string; href?: string; children?: ReactNode; className?: string }) {
  return (
    <Link to={to ?? href ?? '#'} {...rest}>
      {children}
    </Link>
  );
}

/** `@docusaurus/useBaseUrl`: a site path with the base path; external URLs as written. */
function useBaseUrl(url: string, options: { absolute?: boolean } = {}): string {
  const { site } = useTheme();
  const href = useHref()(url);
  return options.absolute && href.startsWith('/') ? site.config.url + href : href;
}

/** `@docusaurus/useDocusaurusContext`: the site's config under the names Docusaurus gives them. */
function useDocusaurusContext() {
  const { site } = useTheme();
  const { config } = site;
  return {
    siteConfig: {
      title: config.title,
      tagline: config.tagline,
      url: config.url,
      baseUrl: config.baseUrl,
      favicon: config.favicon,
      customFields: config.customFields,
      trailingSlash: true,
    },
    siteMetadata: { docusaurusVersion: '3' },
    i18n: {
      currentLocale: config.i18n.currentLocale,
      defaultLocale: config.i18n.defaultLocale,
      locales: config.i18n.locales,
    },
  };
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
};
