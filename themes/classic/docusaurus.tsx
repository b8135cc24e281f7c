import {
  Children,
  Component,
  createContext,
  createElement,
  Fragment,
  isValidElement,
  use,
  useContext,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
  type ReactElement,
  type ReactNode,
} from 'react';
import { ADMONITIONS, admonitionStyle } from '../../src/shared/admonitions.ts';
import { siteHref, withBase, withoutBase } from '../../src/shared/route-match.ts';
import type { HeadTag, PageProps, Route, Site } from '../../src/types.ts';
import { ThemeContext } from './context.tsx';
import { CodeBlock } from './components/CodeBlock.tsx';
import { interpolate } from './interpolate.tsx';
import { DocCard, DocCardList, docusaurusItems, filterDocCardListItems, useCurrentSidebarCategory } from './components/DocCardList.tsx';
import {
  activeDocContext,
  activePlugin,
  activeVersion,
  DEFAULT_PLUGIN_ID,
  DOCS_PLUGIN,
  docContent,
  docsVersionMetadata,
  globalData,
  latestVersion,
  type GlobalPluginData,
  type GlobalVersion,
  type VersionDoc,
} from './global-data.ts';
import { Tab, Tabs } from './mdx/blocks.tsx';
import { iconShapes } from './mdx/icons.tsx';

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
    /** Between a page's title and the site's in the document title (config `titleDelimiter`, `|` unless set). */
    titleDelimiter: string;
  };
  i18n: { currentLocale: string; defaultLocale: string; locales: string[] };
  /** Said to screen readers after an external link's text (`link.newTab`). */
  newTab: string;
  /** Each admonition type's default title (`admonition.<type>`). */
  admonitions: Record<string, string>;
  /** What `@docusaurus/ErrorBoundary` shows without a fallback of the page's (`crash.title`, `crash.tryAgain`). */
  crash: { title: string; tryAgain: string };
  /** The colour mode a page is built in, before the visitor's choice is read (`colorMode.defaultMode`). */
  defaultColorMode: 'light' | 'dark';
  /** The built locale's texts for Translate and translate() by id (a Docusaurus project's `code.json`). */
  code: Record<string, string>;
  /** `useGlobalData()`, on a site whose hydrated code reads it (see readsGlobalData): an island carries it then. */
  globalData?: Record<string, Record<string, unknown>>;
  /** The config's code colours (`themeConfig.prism.theme`, `darkTheme`), on a site whose code asks for them (usePrismTheme). */
  codeTheme?: Site['config']['codeTheme'];
}

export const DocusaurusSite = createContext<DocusaurusSiteValue | null>(null);

/** The value for a site (on the server; an island gets it in its props). */
export function docusaurusSite(site: Site): DocusaurusSiteValue {
  const { config } = site;
  siteCode = site.codeTranslations ?? {};
  return {
    siteConfig: {
      title: config.title,
      tagline: config.tagline,
      url: config.url,
      baseUrl: config.baseUrl,
      ...(config.favicon ? { favicon: config.favicon } : {}),
      customFields: config.customFields,
      trailingSlash: true,
      titleDelimiter: config.titleDelimiter,
    },
    i18n: {
      currentLocale: config.i18n.currentLocale,
      defaultLocale: config.i18n.defaultLocale,
      locales: [...config.i18n.locales],
    },
    newTab: site.messages['link.newTab'] ?? ' (opens in a new tab)',
    admonitions: Object.fromEntries(
      ADMONITIONS.map((type) => [
        type,
        site.messages[`admonition.${type}`] ?? site.messages[`admonition.${admonitionStyle(type)}`] ?? type,
      ]),
    ),
    crash: { title: site.messages['crash.title'] ?? 'This page crashed.', tryAgain: site.messages['crash.tryAgain'] ?? 'Try again' },
    defaultColorMode: config.colorMode.defaultMode,
    code: siteCode,
    ...(readsGlobalData(site) ? { globalData: globalData(site) } : {}),
    ...(config.codeTheme && site.compiled.some((c) => c.modules?.code.includes('usePrismTheme')) ? { codeTheme: config.codeTheme } : {}),
  };
}

const globalDataReaders = new WeakMap<Site, boolean>();

/**
 * Whether a page's code that is hydrated in the browser imports the global-data hooks: only then do islands carry
 * the global data, which grows with the number of docs.
 */
function readsGlobalData(site: Site): boolean {
  let reads = globalDataReaders.get(site);
  if (reads === undefined) {
    reads = site.compiled.some(
      (c) => c.modules?.island !== undefined && /@docusaurus\/(?:useGlobalData|plugin-content-docs\/client)\b/.test(c.modules.code),
    );
    globalDataReaders.set(site, reads);
  }
  return reads;
}

function useSite(): DocusaurusSiteValue {
  const given = useContext(DocusaurusSite);
  const theme = useContext(ThemeContext);
  if (given) return given;
  if (!theme) throw new Error('quire bug: a Docusaurus module rendered without its site');
  return docusaurusSite(theme.site);
}

/**
 * A site path with the base path and trailing slash; external URLs and `#…` as written. One written with the base
 * path in it keeps it once, as Docusaurus's `addBaseUrl` never adds it twice.
 */
function href(site: DocusaurusSiteValue, to: string): string {
  return siteHref(site.siteConfig.baseUrl, withoutBase(site.siteConfig.baseUrl, to));
}

/**
 * `@theme/Layout`: the theme's page frame is drawn around every page already, so the layout gives its content;
 * its title and description go to the document's head (see PageProps.head).
 */
function Layout({
  children,
  title,
  description,
  wrapperClassName,
  noFooter,
}: {
  children?: ReactNode;
  title?: string;
  description?: string;
  wrapperClassName?: string;
  noFooter?: boolean;
}) {
  const head = useContext(ThemeContext)?.head;
  if (head) {
    head.layout = true;
    if (title !== undefined) head.title = title;
    if (description !== undefined) head.description = description;
    // Docusaurus adds the class to the wrapper of the page's content and leaves the footer out: the page's render
    // draws it again with them (src/render/page.ts), since the theme's chrome is drawn before this runs.
    if (wrapperClassName) head.wrapperClassName = wrapperClassName;
    if (noFooter) head.noFooter = true;
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

/**
 * `@docusaurus/Link`: `to` (or `href`) with the base path for site paths; a URL with a scheme (another site, `mailto:`,
 * `pathname://`) opens a new tab, as Docusaurus's Link opens it unless the link says where, and says so.
 */
function DocusaurusLink({
  to,
  href: given,
  children,
  ...rest
}: {
  to?: string;
  href?: string;
  children?: ReactNode;
  className?: string;
  target?: string;
}) {
  const site = useSite();
  // Neither `to` nor `href` (an anchor to jump to: `<Link id="webpack" />` on Babel's setup page): no address, as
  // Docusaurus writes it, not a link to the top of the page.
  const target = to ?? given;
  if (target === undefined) return <a {...rest}>{children}</a>;
  const newTab = rest.target === undefined && /^[a-z][a-z\d+.-]*:|^\/\//i.test(target);
  return (
    <a href={href(site, target)} {...(newTab ? { target: '_blank', rel: 'noopener noreferrer' } : {})} {...rest}>
      {children}
      {newTab ? <span className="visually-hidden">{site.newTab}</span> : null}
    </a>
  );
}

/**
 * `@docusaurus/useBaseUrl`: a site path with the base path; external URLs as written, and so an empty one and an
 * anchor (`useBaseUrl('')` is `''`, which a project may test to draw no image, as in Docusaurus's addBaseUrl).
 */
function useBaseUrl(url: string, options: { absolute?: boolean } = {}): string {
  const site = useSite();
  if (!url || url.startsWith('#')) return url;
  const path = href(site, url);
  return options.absolute && path.startsWith('/') ? site.siteConfig.url + path : path;
}

/** `@docusaurus/useDocusaurusContext`: the site's config under the names Docusaurus gives them. */
function useDocusaurusContext() {
  const { siteConfig, i18n } = useSite();
  return { siteConfig, siteMetadata: { docusaurusVersion: '3' }, i18n };
}

interface TabItemProps {
  children?: ReactNode;
  value: string;
  label?: string;
  default?: boolean;
}

/**
 * `@theme/Tabs` and `@theme/TabItem` in component code: the theme's tabs, labelled, ordered and chosen as
 * Docusaurus's `useTabs` does (`values` first, then the children; `defaultValue`, then a `default` child;
 * `queryString: true` takes the groupId). `lazy` only delays when a panel is made, and every panel is drawn.
 */
function DocusaurusTabs({
  children,
  groupId,
  defaultValue,
  queryString,
  className,
  values,
}: {
  children?: ReactNode;
  groupId?: string;
  defaultValue?: string;
  queryString?: string | boolean;
  className?: string;
  values?: { value: string; label?: string }[];
  lazy?: boolean;
}) {
  const items = Children.toArray(children).filter(isValidElement) as ReactElement<TabItemProps>[];
  const tabs = (values ?? items.map((item) => item.props)).map(({ value, label }) => ({
    value,
    label: label ?? value,
    item: items.find((item) => item.props.value === value),
  }));
  const chosen = defaultValue ?? items.find((item) => item.props.default)?.props.value;
  const parameter = queryString === true ? groupId : typeof queryString === 'string' ? queryString : undefined;
  return (
    <Tabs groupId={groupId} defaultValue={chosen} queryString={parameter} className={className}>
      {tabs.map(({ value, label, item }) =>
        item ? (
          <Tab key={value} label={label} value={value}>
            {item.props.children}
          </Tab>
        ) : null,
      )}
    </Tabs>
  );
}
/** A tab's content; its `<Tabs>` reads its props and draws it. */
function TabItem({ children }: TabItemProps) {
  return <>{children}</>;
}

/** `@theme/Admonition` in component code: the box `:::type[title]` makes in Markdown. */
function Admonition({ type = 'note', title, children }: { type?: string; title?: ReactNode; children?: ReactNode }) {
  const site = useSite();
  const look = admonitionStyle(type);
  return (
    <aside className={`admonition admonition-${look}`} role="note" data-admonition={look}>
      <p className="admonition-title">{title ?? site.admonitions[type] ?? type}</p>
      {children}
    </aside>
  );
}

/**
 * `@theme/Details`: a disclosure, summary first; a summary given as an element (`summary={<summary>History</summary>}`,
 * as Electron's API history tables give it) is drawn as it is, as Docusaurus's Details does, else in a `<summary>`,
 * "Details" where none is given, as there (in English whatever the locale; see SiteConfig.markdown.detailsSummary).
 */
function Details({ summary, children, ...rest }: { summary?: ReactNode; children?: ReactNode; className?: string }) {
  return (
    <details {...rest}>
      {isValidElement(summary) ? summary : <summary>{summary ?? 'Details'}</summary>}
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

/**
 * `@docusaurus/Translate` and its `translate()`: the built locale's text for the id from `code.json`, else the
 * message as written, with its values. Without an id the message itself is the id, as in Docusaurus
 * (`codeTranslations[id ?? message] ?? message`, its client `translate`).
 */
function Translate({ children, id, values }: { children?: string; id?: string; description?: string; values?: Record<string, ReactNode> }) {
  const { code } = useSite();
  const key = id ?? children;
  const text = key !== undefined && Object.hasOwn(code, key) ? code[key] : children;
  return <>{filledText(text, values, '@docusaurus/Translate takes its message as text; it holds something else.')}</>;
}

/** What a Translate or Interpolate element shows: Docusaurus reads a text only, and refuses anything else. */
function filledText(children: unknown, values: Record<string, ReactNode> | undefined, refusal: string): ReactNode {
  if (typeof children !== 'string' && children !== undefined) throw new Error(refusal);
  return interpolate(children ?? '', values);
}
function translate(
  { message, id }: { message: string; id?: string; description?: string },
  values?: Record<string, string | number>,
): string {
  const code = codeTexts();
  const key = id ?? message;
  return String(interpolate(Object.hasOwn(code, key) ? code[key] : message, values));
}

/**
 * The texts translate() reads. It is a plain function in Docusaurus (its texts are a module of the build), called
 * while a component draws (a title, an aria-label) or at a module's top level (`const features = [{ title:
 * translate(…) }]`). While a component draws, React's `use` reads the page's site (it may be called outside a
 * component's top level). Otherwise: on the server, the site last given to the modules (docusaurusSite, which runs
 * before a page's modules are evaluated); in the browser, the site an island of the page carries, so an island's
 * module-level texts hydrate as the server drew them.
 */
function codeTexts(): Record<string, string> {
  try {
    const given = use(DocusaurusSite);
    if (given) return given.code;
    const theme = use(ThemeContext);
    if (theme) return theme.site.codeTranslations ?? {};
  } catch {
    // Not while a component draws: React has no page to ask.
  }
  return siteCode ?? islandCode() ?? {};
}

/** The code texts of the site whose page the server draws (set by docusaurusSite). */
let siteCode: Record<string, string> | undefined;

/** In the browser: the code texts a project island of the page carries (see render/modules.ts, islandOf). */
function islandCode(): Record<string, string> | undefined {
  if (typeof document === 'undefined') return undefined;
  const props = document.querySelector('quire-island[data-island="project"][data-props]')?.getAttribute('data-props');
  try {
    return props ? (JSON.parse(props) as { site?: { code?: Record<string, string> } }).site?.code : undefined;
  } catch {
    return undefined;
  }
}

/** React's names of head attributes, as HTML writes them. */
const HTML_NAMES: Record<string, string> = {
  className: 'class',
  httpEquiv: 'http-equiv',
  charSet: 'charset',
  hrefLang: 'hreflang',
  crossOrigin: 'crossorigin',
  referrerPolicy: 'referrerpolicy',
};

/** The text of a `<title>` or a `<script>`: its children when they are texts and numbers. */
function textOf(children: ReactNode, what: string): string {
  const parts = Children.toArray(children);
  if (!parts.every((part) => typeof part === 'string' || typeof part === 'number'))
    throw new Error(`@docusaurus/Head: ${what} holds something other than text.`);
  return parts.join('');
}

/** A head element's attributes as HTML names them: texts and numbers, `true` as an empty value. */
function headAttributes(tag: string, props: Record<string, unknown>): Record<string, string> {
  const attributes: Record<string, string> = {};
  for (const [name, value] of Object.entries(props)) {
    if (name === 'children' || value === undefined || value === null || value === false) continue;
    if (typeof value !== 'string' && typeof value !== 'number' && value !== true)
      throw new Error(`@docusaurus/Head: <${tag} ${name}> is given ${typeof value}; quire writes texts and numbers.`);
    attributes[HTML_NAMES[name] ?? name] = value === true ? '' : String(value);
  }
  return attributes;
}

/**
 * Reads what a `<Head>` holds into the page's head (see PageProps.head): `<title>` (the whole title, as in
 * Docusaurus), `<meta>`, `<link>` and JSON-LD `<script>`s, and the attributes of `<html>` and `<body>`. Anything else has no place quire can give it and fails the
 * page's render, naming it, rather than being dropped unseen.
 */
function collectHead(children: ReactNode, head: NonNullable<PageProps['head']>): void {
  for (const child of Children.toArray(children)) {
    if (!isValidElement(child)) {
      if (typeof child === 'string' && !child.trim()) continue;
      throw new Error('@docusaurus/Head holds text outside an element.');
    }
    const props = child.props as Record<string, unknown> & { children?: ReactNode };
    if (child.type === Fragment) {
      collectHead(props.children, head);
      continue;
    }
    const tag = typeof child.type === 'string' ? child.type : '';
    const ldJson = tag === 'script' && props.type === 'application/ld+json';
    if (tag === 'title') {
      head.wholeTitle = textOf(props.children, '<title>');
      continue;
    }
    // `<html>` and `<body>` give the document's own elements their attributes (a class, `lang`), as Docusaurus's
    // head manager does: a class is added to the theme's, another attribute replaces the theme's.
    if (tag === 'html' || tag === 'body') {
      const own = (head[tag] ??= {});
      for (const [name, value] of Object.entries(headAttributes(tag, props)))
        own[name] = name === 'class' && own.class ? `${own.class} ${value}` : value;
      continue;
    }
    if (tag !== 'meta' && tag !== 'link' && !ldJson)
      throw new Error(
        `@docusaurus/Head: <${tag || 'a component'}> has no place in quire's head; it takes <title>, <meta>, <link>, <script type="application/ld+json">, <html> and <body>.`,
      );
    const attributes = headAttributes(tag, props);
    (head.tags ??= []).push({ tag: tag as HeadTag['tag'], attributes, ...(ldJson ? { text: textOf(props.children, '<script>') } : {}) });
  }
}

/** `@docusaurus/Head`: what it holds goes into the document's head (on the server; in the browser it draws nothing). */
function Head({ children }: { children?: ReactNode }) {
  const head = useContext(ThemeContext)?.head;
  if (head) collectHead(children, head);
  return null;
}

/**
 * `@docusaurus/useBrokenLinks`: in Docusaurus, components tell its link check of links and anchors their HTML does
 * not show (`collectAnchor` for a section drawn only once chosen). quire checks links in the written Markdown, not
 * in what React pages draw, so both are taken and do nothing.
 */
const brokenLinks = { collectLink(_link: string | undefined) {}, collectAnchor(_anchor: string | undefined) {} };
function useBrokenLinks() {
  return brokenLinks;
}

/** Docusaurus's `@theme/Icon/Copy` and `@theme/Icon/Success`, drawn as quire's code blocks draw their copy button. */
const strokeIcon = (d: string) => (props: Record<string, unknown>) => (
  <svg viewBox="0 0 24 24" aria-hidden="true" {...props}>
    <path fill="none" stroke="currentColor" strokeWidth="2" d={d} />
  </svg>
);
const IconCopy = strokeIcon('M8 8h12v13H8zM16 8V3H4v13h4');
const IconSuccess = strokeIcon('M4 12l5 5L20 6');

/**
 * Docusaurus's `@theme/Icon/ExternalLink`, which its theme puts after a link that leaves the site and projects put
 * after their own: 13.5 pixels square unless given `width` and `height`, named "(opens in new tab)" (its theme text
 * `theme.IconExternalLink.ariaLabel`, which the project's code.json may change). Drawn with Lucide's shape.
 */
function IconExternalLink({ width = 13.5, height = 13.5 }: { width?: number | string; height?: number | string }) {
  const label = translate({ id: 'theme.IconExternalLink.ariaLabel', message: '(opens in new tab)' });
  return (
    <svg
      width={width}
      height={height}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-label={label}
      className="icon-external-link"
      style={{ marginLeft: '0.3rem' }}
    >
      {iconShapes('external-link')}
    </svg>
  );
}

/** Whether the component runs in the browser after hydration (false on the server and while hydrating). */
function useIsBrowser(): boolean {
  const [browser, setBrowser] = useState(false);
  useEffect(() => setBrowser(true), []);
  return browser;
}

/**
 * `@docusaurus/BrowserOnly`: its `fallback` in the built page, then what its function child gives once the browser
 * runs it. A component using it is hydrated in the browser (see NEEDS_BROWSER in src/compile/modules.ts).
 */
function BrowserOnly({ children, fallback }: { children: () => ReactNode; fallback?: ReactNode }) {
  return useIsBrowser() ? children() : (fallback ?? null);
}

interface ErrorBoundaryProps {
  fallback?: (props: { error: Error; tryAgain: () => void }) => ReactNode;
  children?: ReactNode;
}

/**
 * `@docusaurus/ErrorBoundary` (https://docusaurus.io/docs/docusaurus-core#errorboundary): its children; once
 * hydrated, an error thrown while drawing them shows `fallback` with the error and a `tryAgain` that draws them
 * anew, else the crash message and its button. While the page is built it is its children alone: an error there
 * fails the page, as in Docusaurus, whose server render has no boundary either (gmail-processor's playground).
 */
class ErrorBoundary extends Component<ErrorBoundaryProps, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children ?? null;
    const tryAgain = () => this.setState({ error: null });
    if (this.props.fallback) return this.props.fallback({ error, tryAgain });
    return <CrashMessage error={error} tryAgain={tryAgain} />;
  }
}

function CrashMessage({ error, tryAgain }: { error: Error; tryAgain: () => void }) {
  const { crash } = useSite();
  return (
    <div className="crash" role="alert">
      <h1 className="crash__title">{crash.title}</h1>
      <button type="button" className="button button--primary" onClick={tryAgain}>
        {crash.tryAgain}
      </button>
      <p className="crash__message">{error.message}</p>
    </div>
  );
}

/** `@docusaurus/ExecutionEnvironment`: what the code runs in (the server, where pages are built, has no DOM). */
const canUseDOM = typeof window !== 'undefined' && typeof document !== 'undefined';
const ExecutionEnvironment = {
  canUseDOM,
  canUseEventListeners: canUseDOM && typeof window.addEventListener === 'function',
  canUseIntersectionObserver: canUseDOM && 'IntersectionObserver' in window,
  canUseViewport: canUseDOM && 'screen' in window,
};

/** `@docusaurus/Interpolate` (its `interpolate()` is the one above): its text with the values, as Translate shows it. */
function Interpolate({ children, values }: { children?: string; values?: Record<string, ReactNode> }) {
  return <>{filledText(children, values, '@docusaurus/Interpolate takes its text as a string; it holds something else.')}</>;
}

/**
 * `@theme/ThemedImage`: one image for the light and one for the dark colour mode. Both are in the page and the
 * stylesheet shows the one of the current mode (docusaurus.css), as Docusaurus draws them before hydration, so
 * a visitor's mode chosen before the page loads shows the right one at once.
 */
function ThemedImage({ sources, className, alt, ...rest }: { sources: { light: string; dark: string }; className?: string; alt?: string }) {
  return (
    <>
      {(['light', 'dark'] as const).map((mode) => (
        <img
          key={mode}
          {...rest}
          src={sources[mode]}
          alt={alt}
          className={[className, 'themed-image', `themed-image--${mode}`].filter(Boolean).join(' ')}
        />
      ))}
    </>
  );
}

type ColorMode = 'light' | 'dark';
const currentMode = (): ColorMode => (document.documentElement.getAttribute('data-theme') === 'dark' ? 'dark' : 'light');

/**
 * `@docusaurus/theme-common`'s `useColorMode`: the mode the page is shown in. The page is built in the default
 * mode; in the browser (a component using it is hydrated) it follows the theme's switch, and `setColorMode`
 * switches as the theme's toggle does (stored choice, `null` for the system's).
 */
function useColorMode(): { colorMode: ColorMode; setColorMode: (mode: ColorMode | null) => void; isDarkTheme: boolean } {
  const [colorMode, setMode] = useState<ColorMode>(useSite().defaultColorMode);
  useEffect(() => {
    setMode(currentMode());
    const observer = new MutationObserver(() => setMode(currentMode()));
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
    return () => observer.disconnect();
  }, []);
  const setColorMode = (mode: ColorMode | null) => {
    const shown = mode ?? (matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light');
    try {
      if (mode) localStorage.setItem('theme', mode);
      else localStorage.removeItem('theme');
    } catch {
      // Storage refused (private mode): the choice lasts for this page only, as with the theme's toggle.
    }
    const root = document.documentElement;
    root.setAttribute('data-theme-choice', mode ?? 'system');
    root.setAttribute('data-theme', shown);
    for (const toggle of document.querySelectorAll('[data-color-mode-toggle]'))
      toggle.setAttribute('aria-pressed', String(shown === 'dark'));
  };
  return { colorMode, setColorMode, isDarkTheme: colorMode === 'dark' };
}

/**
 * `@docusaurus/theme-common`'s `usePrismTheme`: the config's code colours for the mode the page is shown in, the
 * light ones where no dark ones are given (react-live's editor takes them). Docusaurus's default, prism-react-renderer's
 * `palenight`, is not quire's: without `themeConfig.prism.theme` it gives none.
 */
function usePrismTheme(): unknown {
  const { colorMode } = useColorMode();
  const colours = useSite().codeTheme;
  return colorMode === 'dark' ? (colours?.dark ?? colours?.light) : colours?.light;
}

/** `useWindowSize`: `ssr` while the page is built and until hydrated, then `mobile` or `desktop` (Docusaurus's 996 px). */
function useWindowSize(): 'ssr' | 'mobile' | 'desktop' {
  const [size, setSize] = useState<'ssr' | 'mobile' | 'desktop'>('ssr');
  useEffect(() => {
    const query = matchMedia('(max-width: 996px)');
    const update = () => setSize(query.matches ? 'mobile' : 'desktop');
    update();
    query.addEventListener('change', update);
    return () => query.removeEventListener('change', update);
  }, []);
  return size;
}

/** Told when a query-string hook changes the address, as the browser tells `popstate` for back and forward. */
const QUERY_CHANGE = 'quire:querystring';
const onQueryChange = (notify: () => void) => {
  window.addEventListener('popstate', notify);
  window.addEventListener(QUERY_CHANGE, notify);
  return () => {
    window.removeEventListener('popstate', notify);
    window.removeEventListener(QUERY_CHANGE, notify);
  };
};

/**
 * One key's values in the address's query string: none while the page is built and while it is hydrated (as in
 * Docusaurus, whose server snapshot has an empty `search`), then the address's. Returned as a string so the
 * snapshot stays the same between calls.
 */
function useQueryValues(key: string): string {
  return useSyncExternalStore(
    onQueryChange,
    () => JSON.stringify(new URLSearchParams(window.location.search).getAll(key)),
    () => '[]',
  );
}

/** Sets a key's values in the address (replacing the history entry, or a new one with `push`), then tells the hooks. */
function setQueryValues(key: string, values: string[], options?: { push?: boolean }): void {
  const params = new URLSearchParams(window.location.search);
  params.delete(key);
  for (const value of values) params.append(key, value);
  const search = params.toString();
  const url = `${window.location.pathname}${search ? `?${search}` : ''}${window.location.hash}`;
  if (options?.push) window.history.pushState(window.history.state, '', url);
  else window.history.replaceState(window.history.state, '', url);
  window.dispatchEvent(new Event(QUERY_CHANGE));
}

/** `useQueryString(key)`: the key's first value in the query string (`''` when absent) and a setter (`''` removes it). */
function useQueryString(key: string): [string, (value: string | null, options?: { push?: boolean }) => void] {
  const values = JSON.parse(useQueryValues(key)) as string[];
  return [values[0] ?? '', (value, options) => setQueryValues(key, value ? [value] : [], options)];
}

/** `useQueryStringList(key)`: all of the key's values and a setter taking a list or a function of the current one. */
function useQueryStringList(
  key: string,
): [string[], (update: string[] | ((current: string[]) => string[]), options?: { push?: boolean }) => void] {
  const json = useQueryValues(key);
  const values = useMemo(() => JSON.parse(json) as string[], [json]);
  return [
    values,
    (update, options) =>
      setQueryValues(key, Array.isArray(update) ? update : update(new URLSearchParams(window.location.search).getAll(key)), options),
  ];
}

const PLURAL_ORDER: readonly Intl.LDMLPluralRule[] = ['zero', 'one', 'two', 'few', 'many', 'other'];

/**
 * `usePluralForm`: `selectMessage(count, "1 item|{count} items")` picks the form for the count in the built
 * locale's plural rules, the forms written in the order of those rules' categories, as Docusaurus reads them.
 */
function usePluralForm(): { selectMessage: (count: number, message: string) => string } {
  const locale = useSite().i18n.currentLocale;
  return {
    selectMessage(count, message) {
      const forms = message.split('|');
      if (forms.length === 1) return forms[0];
      const rules = new Intl.PluralRules(locale);
      const categories = PLURAL_ORDER.filter((c) => rules.resolvedOptions().pluralCategories.includes(c));
      return forms[categories.indexOf(rules.select(count))] ?? forms[forms.length - 1];
    },
  };
}

/**
 * The site and page as useDocsVersion, useDocById and useDoc read them: while building only, as a hydrated
 * component does not carry the page's doc (its metadata and the version's docs grow with the site). On a page
 * whose components are hydrated, every one of them is (render/modules.ts), so the call fails the build there
 * (Q080 at the page) rather than the hydration in the browser.
 */
function useBuildContext(hook: string): { site: Site; route: Route } {
  const theme = useContext(ThemeContext);
  if (!theme) throw new Error(`quire bug: ${hook}() ran in the browser, where the build refuses it`);
  const { route, site } = theme;
  if (route.compiledIndex !== undefined && site.compiled[route.compiledIndex]?.modules?.island)
    throw new Error(
      `${hook}() is called on ${route.path}, whose components are hydrated in the browser (one of them keeps state or effects), where quire does not give them the page's doc.`,
    );
  return theme;
}

/**
 * The site's global data: made from the site while building; in a hydrated component, what the island carries
 * (docusaurusSite puts it there on a site whose hydrated code reads it).
 */
function useGlobalDataValue(): Record<string, Record<string, unknown>> {
  const theme = useContext(ThemeContext);
  const given = useContext(DocusaurusSite);
  if (theme) return globalData(theme.site);
  if (!given?.globalData) throw new Error('quire bug: a hydrated component reads the global data, which its island does not carry');
  return given.globalData;
}

/** `@docusaurus/useGlobalData`: each plugin's global data by plugin name, then by instance id. */
function useGlobalData(): Record<string, Record<string, unknown>> {
  return useGlobalDataValue();
}

/** `useAllPluginInstancesData(name)`: a plugin's data by instance id; `failfast` throws when the plugin has none. */
function useAllPluginInstancesData(pluginName: string, options: { failfast?: boolean } = {}): Record<string, unknown> | undefined {
  const all = useGlobalDataValue()[pluginName];
  if (!all && options.failfast) throw new Error(`Docusaurus plugin global data not found for "${pluginName}" plugin.`);
  return all;
}

/** `usePluginData(name, id)`: one plugin instance's data (`default` when no id is given). */
function usePluginData(pluginName: string, pluginId = DEFAULT_PLUGIN_ID, options: { failfast?: boolean } = {}): unknown {
  const data = useGlobalDataValue()[pluginName]?.[pluginId];
  if (data === undefined && options.failfast)
    throw new Error(`Docusaurus plugin global data not found for "${pluginName}" plugin with id "${pluginId}".`);
  return data;
}

/** The docs plugin's data by instance id (none on a site without docs), and one instance's (it must exist). */
function useAllDocsData(): Record<string, GlobalPluginData> {
  return (useGlobalDataValue()[DOCS_PLUGIN] ?? {}) as Record<string, GlobalPluginData>;
}
function useDocsData(pluginId?: string): GlobalPluginData {
  return usePluginData(DOCS_PLUGIN, pluginId ?? DEFAULT_PLUGIN_ID, { failfast: true }) as GlobalPluginData;
}

/**
 * The hooks of `@docusaurus/plugin-content-docs/client` over the docs' global data, with Docusaurus's rules
 * (docsClientUtils): the active plugin, version and doc are found from the page's path, which while building is
 * the page's own route.
 */
function usePathname(): string {
  return useLocation().pathname;
}
function useActivePlugin(options: { failfast?: boolean } = {}) {
  return activePlugin(useAllDocsData(), usePathname(), options);
}
function useActivePluginAndVersion(options: { failfast?: boolean } = {}) {
  const plugin = useActivePlugin(options);
  const pathname = usePathname();
  return plugin ? { activePlugin: plugin, activeVersion: activeVersion(plugin.pluginData, pathname) } : undefined;
}
function useVersions(pluginId?: string): GlobalVersion[] {
  return useDocsData(pluginId).versions;
}
function useLatestVersion(pluginId?: string): GlobalVersion {
  return latestVersion(useDocsData(pluginId));
}
function useActiveVersion(pluginId?: string): GlobalVersion | undefined {
  return activeVersion(useDocsData(pluginId), usePathname());
}
function useActiveDocContext(pluginId?: string) {
  return activeDocContext(useDocsData(pluginId), usePathname());
}
function useDocVersionSuggestions(pluginId?: string) {
  const data = useDocsData(pluginId);
  const latest = latestVersion(data);
  return { latestDocSuggestion: activeDocContext(data, usePathname()).alternateDocVersions[latest.name], latestVersionSuggestion: latest };
}

/** `useDocsVersion()`: on a doc page, its version's metadata; like Docusaurus's, it throws on any other page. */
function useDocsVersion() {
  const { site, route } = useBuildContext('useDocsVersion');
  if (route.kind !== 'doc' || !route.doc)
    throw new Error(`useDocsVersion() was called on ${route.path}, which is not a doc page (Docusaurus gives it only inside the docs).`);
  return docsVersionMetadata(site, route, (items) => docusaurusItems(site, items, (path) => withBase(site.config.baseUrl, path)));
}

/** `useDocById(id)`: a doc of the page's version (title, description, sidebar); an unknown id throws, as in Docusaurus. */
function useDocById(id: string | undefined): VersionDoc | undefined {
  const version = useDocsVersion();
  if (id === undefined) return undefined;
  const doc = version.docs[id];
  if (!doc) throw new Error(`useDocById("${id}"): no doc has this id in version ${version.version}.`);
  return doc;
}

/** `useDoc()`: the doc page being rendered (metadata, front matter, toc); it throws on any other page. */
function useDoc() {
  const { site, route } = useBuildContext('useDoc');
  return docContent(site, route);
}

const module = (value: unknown, named: Record<string, unknown> = {}) => ({ __esModule: true, default: value, ...named });

/**
 * `@theme-original/MDXComponents`: quire's own components under the keys Docusaurus's module has them, so a project's
 * `src/theme/MDXComponents` can spread it (https://docusaurus.io/docs/markdown-features/react#mdx-component-scope).
 */
const headingOf = (as: HeadingTag) => (props: { id?: string; children?: ReactNode; className?: string }) => <Heading as={as} {...props} />;
const mdxComponents = {
  Head,
  Details,
  details: Details,
  Admonition,
  admonition: Admonition,
  Tabs: DocusaurusTabs,
  TabItem,
  Heading,
  ...Object.fromEntries((['h1', 'h2', 'h3', 'h4', 'h5', 'h6'] as const).map((tag) => [tag, headingOf(tag)])),
};

/** By the name code imports them from. */
export const docusaurusModules: Record<string, Record<string, unknown>> = {
  '@theme/Layout': module(Layout),
  '@theme/Heading': module(Heading),
  '@theme/Tabs': module(DocusaurusTabs),
  '@theme/TabItem': module(TabItem),
  '@theme/Details': module(Details),
  '@theme/Admonition': module(Admonition),
  '@theme/CodeBlock': module(CodeBlock),
  '@docusaurus/Link': module(DocusaurusLink),
  '@docusaurus/useBaseUrl': module(useBaseUrl),
  '@docusaurus/useDocusaurusContext': module(useDocusaurusContext),
  '@docusaurus/router': module(undefined, { useLocation, useHistory }),
  '@theme/TOCInline': module(TOCInline),
  '@theme/MDXComponents': module(mdxComponents),
  // Docusaurus's MDX link (`a` of its MDXComponents) is its Link with the element's props; components import it.
  '@theme/MDXComponents/A': module(DocusaurusLink),
  '@docusaurus/Head': module(Head),
  '@docusaurus/Translate': module(Translate, { translate }),
  '@docusaurus/BrowserOnly': module(BrowserOnly),
  '@docusaurus/ErrorBoundary': module(ErrorBoundary),
  '@docusaurus/useIsBrowser': module(useIsBrowser),
  '@docusaurus/useBrokenLinks': module(useBrokenLinks),
  '@theme/Icon/Copy': module(IconCopy),
  '@theme/Icon/Success': module(IconSuccess),
  '@theme/Icon/ExternalLink': module(IconExternalLink),
  '@docusaurus/ExecutionEnvironment': module(ExecutionEnvironment),
  '@docusaurus/Interpolate': module(Interpolate, { interpolate }),
  '@theme/ThemedImage': module(ThemedImage),
  '@theme/DocCardList': module(DocCardList),
  '@theme/DocCard': module(DocCard),
  '@docusaurus/plugin-content-docs/client': module(undefined, {
    useCurrentSidebarCategory,
    filterDocCardListItems,
    useAllDocsData,
    useDocsData,
    useActivePlugin,
    useActivePluginAndVersion,
    useVersions,
    useLatestVersion,
    useActiveVersion,
    useActiveDocContext,
    useDocVersionSuggestions,
    useDocsVersion,
    useDocById,
    useDoc,
  }),
  '@docusaurus/useGlobalData': module(useGlobalData, { useAllPluginInstancesData, usePluginData }),
  // Docusaurus 3 keeps the sidebar hooks here too, for code written for version 2.
  '@docusaurus/theme-common': module(undefined, {
    useColorMode,
    usePrismTheme,
    useWindowSize,
    usePluralForm,
    useQueryString,
    useQueryStringList,
    useCurrentSidebarCategory,
    filterDocCardListItems,
  }),
  // The `<details>` that `@theme/Details` wraps, which code may import itself (Electron's API history tables do).
  '@docusaurus/theme-common/Details': module(undefined, { Details }),
};
