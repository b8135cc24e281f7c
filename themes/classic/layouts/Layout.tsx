import type { ReactNode } from 'react';
import { AnnouncementBar, ErrorTemplates, SkipLink } from '../components/Chrome.tsx';
import { ConsentBanner } from '../components/Consent.tsx';
import { Footer } from '../components/Footer.tsx';
import { Navbar } from '../components/Navbar.tsx';
import { useHref, useTheme } from '../context.tsx';
import { searchTag } from '../../../src/shared/search.ts';

/**
 * The chrome around every page: skip link, consent banner, announcement, navbar, main, footer, client settings.
 * `bare`: the page alone with what its scripts need (a Docusaurus React page drawing no `@theme/Layout`);
 * `wrapperClassName` and `noFooter`: what a Docusaurus React page's `<Layout>` asks of the chrome.
 */
export function Layout({
  children,
  wide = false,
  bare = false,
  wrapperClassName,
  noFooter = false,
}: {
  children: ReactNode;
  wide?: boolean;
  bare?: boolean;
  wrapperClassName?: string;
  noFooter?: boolean;
}) {
  const { site, route, islands, mode } = useTheme();
  const { config } = site;
  const clientConfig = {
    baseUrl: config.baseUrl,
    locale: config.i18n.currentLocale,
    product: config.product.slug,
    routeKind: route.kind,
    path: route.path,
    announcementId: config.announcementBar?.id ?? null,
    colorMode: config.colorMode,
    header: { ...config.header, userInfoKey: config.header.userInfoKey ?? `${config.product.slug}_user_info` },
    promotions: config.promotions,
    search: {
      provider: config.search.provider,
      contextualSearch: config.search.contextualSearch,
      hosted: config.search.hosted ?? null,
      tag: searchTag(route.kind, config.docs.version.name, config.search.docsTagPrefix),
    },
    largeSidebar: site.sidebarSize > config.docs.largeSidebarThreshold,
    islands,
    consent: config.consent
      ? {
          version: config.consent.version,
          categories: config.consent.categories.map((c) => c.id),
          // Analytics only in production builds (never in `quire dev`), and the container only after consent.
          gtm:
            mode === 'production' && config.analytics.gtmContainerId
              ? { id: config.analytics.gtmContainerId, origin: config.analytics.gtmOrigin }
              : null,
        }
      : null,
  };
  return (
    <>
      <HeadIcons />
      {bare ? null : <SkipLink />}
      <ConsentBanner />
      {bare ? null : <AnnouncementBar />}
      {bare ? null : <Navbar />}
      {bare ? (
        children
      ) : (
        <div
          className={'main-wrapper' + (wide ? ' main-wrapper--wide' : '') + (wrapperClassName ? ` ${wrapperClassName}` : '')}
          id="main-wrapper"
        >
          {children}
        </div>
      )}
      {bare || noFooter ? null : <Footer />}
      <ErrorTemplates />
      <script
        type="application/json"
        id="quire-config"
        dangerouslySetInnerHTML={{ __html: JSON.stringify(clientConfig).replace(/</g, '\\u003c') }}
      />
    </>
  );
}

interface SiteIcons {
  themeColor: string;
  icons: { rel: 'icon' | 'apple-touch-icon' | 'manifest'; href: string; type?: string; sizes?: string }[];
}

/**
 * The icons of content/data/site-icons.json and the browser colour. Rendered here, React puts them in the
 * document's head (it hoists `<link>` and `<meta>`); without the file a page has only the config's favicon.
 */
function HeadIcons() {
  const { site } = useTheme();
  const href = useHref();
  const data = site.data['site-icons'] as SiteIcons | undefined;
  if (!data) return null;
  return (
    <>
      <meta name="theme-color" content={data.themeColor} />
      {data.icons.map((icon) => (
        <link key={icon.rel + icon.href} rel={icon.rel} href={href(icon.href)} type={icon.type} sizes={icon.sizes} />
      ))}
    </>
  );
}
