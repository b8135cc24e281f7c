import { useId, type ReactNode } from 'react';
import { NAV_ITEM_TYPES, type NavItem } from '../../../src/config/schema.ts';
import type { Site } from '../../../src/types.ts';
import { isFlagOn, useHref, useLabel, useLocale, useT, useTheme } from '../context.tsx';
import { Link } from './Link.tsx';
import { searchSettingsFile } from '../search/settings.ts';

/** A link of a dropdown, as the config writes it. */
type LinkItem = Extract<NavItem, { type: 'dropdown' }>['items'][number];

/**
 * Why a navbar item cannot be rendered, or undefined when it can. The config stage rejects these already
 * (Q070); the theme checks again because a theme can be given a site that skipped it, and then the render
 * error must name the item (SPEC §8), not fail somewhere inside React.
 */
export function navbarItemProblem(item: unknown): string | undefined {
  if (typeof item !== 'object' || item === null) return 'it is not an object';
  const { type, to, href, items } = item as { type?: unknown; to?: unknown; href?: unknown; items?: unknown };
  if (typeof type !== 'string' || !(NAV_ITEM_TYPES as readonly string[]).includes(type))
    return `unknown type ${JSON.stringify(type)} (use one of: ${NAV_ITEM_TYPES.join(', ')})`;
  if (type === 'link' && (to === undefined) === (href === undefined)) return 'a link needs exactly one of "to" or "href"';
  if ((type === 'premiumTag' || type === 'proTag') && typeof to !== 'string') return `a ${type} needs "to"`;
  if (type === 'dropdown') {
    if (!Array.isArray(items) || !items.length) return 'a dropdown needs "items"';
    const bad = items.findIndex(
      (sub: { to?: unknown; href?: unknown; items?: unknown } | null) =>
        !sub || sub.items !== undefined || (sub.to === undefined) === (sub.href === undefined),
    );
    if (bad >= 0) return `dropdown entry ${bad} needs exactly one of "to" or "href" and cannot be a dropdown itself`;
  }
  return undefined;
}

/** The error a navbar item that cannot render throws: it names the item, as it was configured. */
export function assertNavbarItem(item: unknown, index: number): void {
  const problem = navbarItemProblem(item);
  if (problem)
    throw new Error(
      `Navbar item ${index} cannot be rendered: ${problem}. Check navbar.items.${index} in the site config:\n${JSON.stringify(item, null, 2)}`,
    );
}

/**
 * Where the menu's close controls lead without JavaScript: a fragment no element has, so the menu (open through
 * `:target`) closes and the page stays where it was. An empty fragment (`#`) would scroll to the top.
 */
const MENU_CLOSED_FRAGMENT = '#navigation-closed';

/**
 * The link home: the logo and the navbar's title. With a title beside it the logo is decoration, so the link is
 * named once, by the title; with neither a title nor a logo's text (a Docusaurus config may have none), the site's
 * title names it, so the link is never empty.
 */
function Brand() {
  const { site } = useTheme();
  const href = useHref();
  const { navbar, title } = site.config;
  const named = !!navbar.title || !!navbar.logo?.alt;
  return (
    <a className="navbar__brand" href={href('/')} aria-label={named ? undefined : title}>
      {navbar.logo ? (
        <img
          src={href(navbar.logo.src)}
          alt={navbar.title ? '' : navbar.logo.alt}
          width={navbar.logo.width ?? undefined}
          height={navbar.logo.height}
          // Without a width the height decides (the theme's images are otherwise `height: auto`).
          style={navbar.logo.width === null ? { height: navbar.logo.height } : undefined}
        />
      ) : null}
      {navbar.title ? <span className="navbar__title">{navbar.title}</span> : null}
    </a>
  );
}

/** The item types that sit at the navbar's right end unless an item's `position` says otherwise. */
const RIGHT_TYPES: readonly NavItem['type'][] = ['locale', 'docsVersion', 'search', 'profile', 'premiumTag', 'proTag'];

/** Fixed top navbar (SPEC §2): the configured items in order; hidden flags dropped; a menu button below 996 px. */
export function Navbar() {
  const { site } = useTheme();
  const { navbar } = site.config;
  navbar.items.forEach(assertNavbarItem);
  const items = navbar.items.filter((item) => isFlagOn(site, item.flag));
  // An item's `position` places it (a Docusaurus config's); without one, links and menus sit on the left.
  const atRight = (i: NavItem) => (i.position ? i.position === 'right' : RIGHT_TYPES.includes(i.type));
  const left = items.filter((i) => !atRight(i));
  const right = items.filter(atRight);
  return (
    <>
      <SiteHeader left={left} right={right} />
      <MobileMenu items={items} />
      <a className="mobile-menu__backdrop" href={MENU_CLOSED_FRAGMENT} aria-hidden="true" tabIndex={-1} data-mobile-close="">
        {' '}
      </a>
      <SubscriberScript />
    </>
  );
}

/** The header bar: menu button, brand, the left items, then the right ones and the colour mode switch. */
function SiteHeader({ left, right }: { left: NavItem[]; right: NavItem[] }) {
  const { site } = useTheme();
  const t = useT();
  const { navbar, colorMode } = site.config;
  // The page's banner landmark: the site's header is its navbar.
  return (
    <header className="site-header">
      <nav className="navbar" aria-label={t('navbar.main')} data-hide-on-scroll={navbar.hideOnScroll ? 'true' : undefined}>
        <div className="navbar__inner">
          <a
            className="navbar__toggle"
            href="#mobile-menu"
            role="button"
            aria-label={t('navbar.toggle')}
            aria-expanded="false"
            aria-controls="mobile-menu"
            data-mobile-toggle=""
          >
            <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true">
              <path d="M3 6h18M3 12h18M3 18h18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </a>
          <Brand />
          <ul className="navbar__items">
            {left.map((item, i) => (
              <NavbarItem key={i} item={item} />
            ))}
          </ul>
          <ul className="navbar__items navbar__items--right">
            {right.map((item, i) => (
              <NavbarItem key={i} item={item} />
            ))}
            {colorMode.disableSwitch ? null : (
              <li className="navbar__item navbar__item--color-mode">
                <ColorModeToggle />
              </li>
            )}
          </ul>
        </div>
      </nav>
    </header>
  );
}

/** The drawer below 996 px: the site menu, and on docs pages the docs sidebar as a second panel. */
function MobileMenu({ items }: { items: NavItem[] }) {
  const { site, route } = useTheme();
  const t = useT();
  const { colorMode } = site.config;
  return (
    <div className="mobile-menu" id="mobile-menu" data-mobile-menu="" role="dialog" aria-modal="true" aria-label={t('navbar.main')}>
      <div className="mobile-menu__header">
        <Brand />
        {colorMode.disableSwitch ? null : <ColorModeToggle />}
        <a className="mobile-menu__close" href={MENU_CLOSED_FRAGMENT} role="button" aria-label={t('navbar.close')} data-mobile-close="">
          ×
        </a>
      </div>
      {/* Two panels on docs pages, as the best docs sites have it: the menu opens on the docs sidebar (the page's
          own navigation) with a way to the site menu, and back. The client shows one at a time (data-panel);
          without JavaScript the docs panel stays empty and hidden, and the site menu shows alone. */}
      <div className="mobile-menu__body">
        {route.doc?.inSidebar ? (
          <div className="mobile-menu__panel mobile-menu__panel--docs" data-mobile-panel="docs">
            <button type="button" className="mobile-menu__switch mobile-menu__switch--back" data-mobile-show="main">
              <Chevron />
              {t('navbar.backToMain')}
            </button>
            {/* The docs sidebar is rendered once per page; the client moves it in here while the menu is open. */}
            <div className="mobile-menu__docs" data-mobile-docs="" />
          </div>
        ) : null}
        <div className="mobile-menu__panel mobile-menu__panel--main" data-mobile-panel="main">
          {route.doc?.inSidebar ? (
            <button type="button" className="mobile-menu__switch mobile-menu__switch--forward" data-mobile-show="docs">
              {t('navbar.docsMenu')}
              <Chevron />
            </button>
          ) : null}
          <ul className="mobile-menu__items">
            {items
              .filter((i) => i.type !== 'search')
              .map((item, i) => (
                <NavbarItem key={i} item={item} mobile />
              ))}
          </ul>
        </div>
      </div>
    </div>
  );
}

/**
 * The header script (src/client/header.ts) starts 1.2 s after load (SPEC §4); for a subscriber its decisions
 * (no Pro tag, no price link, the Premium tag) would then move the bar's items under the visitor's eyes. This
 * script, right after the header's markup and so before it is first painted, applies the same decisions for a
 * subscription stored in the browser; for everyone else the server's markup already is what the script decides.
 */
function SubscriberScript() {
  const { site } = useTheme();
  const { header, product } = site.config;
  const key = JSON.stringify(header.userInfoKey ?? `${product.slug}_user_info`).replace(/</g, '\\u003c');
  const code =
    `try{var u=JSON.parse(localStorage.getItem(${key})||'null');if(u&&u.subscription&&u.subscription.subscriptionStatus==='active'){` +
    `document.querySelectorAll('[data-pro-tag]').forEach(function(e){e.hidden=true});` +
    `document.querySelectorAll('[data-premium-tag]').forEach(function(e){e.hidden=false});` +
    `document.querySelectorAll('.price-link').forEach(function(e){(e.closest('.navbar__item')||e).hidden=true})}}catch(e){}`;
  return <script dangerouslySetInnerHTML={{ __html: code }} />;
}

// biome-ignore lint/complexity/noExcessiveLinesPerFunction: one case per navbar item type, each a few lines of JSX, over the same theme context.
function NavbarItem({ item, mobile = false }: { item: NavItem; mobile?: boolean }) {
  const { site, route } = useTheme();
  const t = useT();
  const tl = useLabel();
  const currentLocale = useLocale();
  const { config } = site;
  const current = (to?: string) => (to && normalize(to) === route.path ? ('page' as const) : undefined);
  const target = useVersionTarget();
  // The mobile menu repeats the bar's items; an id stays on the bar's copy only, so it names one element.
  const own = (id: string | undefined) => (mobile ? undefined : id);
  switch (item.type) {
    case 'link':
      // SPEC §6: price elements (class `price-link`) are hidden for subscribers only; on the pricing page itself the
      // link stays, marked as the current page. The header script hides it for subscribers, and a stored
      // subscription hides it before the first paint already (SubscriberScript), so the bar never shifts.
      return (
        <li className="navbar__item">
          <Link
            to={target(item) ?? (item.to ?? item.href)!}
            className={['navbar__link', item.className].filter(Boolean).join(' ')}
            target={item.target}
            id={own(item.id)}
            aria-current={current(target(item) ?? item.to)}
            aria-label={item.labelHidden ? tl(item.label) : undefined}
            html={item.html}
          >
            {item.labelHidden ? null : tl(item.label)}
          </Link>
        </li>
      );
    case 'dropdown':
      return (
        <Dropdown label={tl(item.label)} mobile={mobile} toggleClassName={item.className}>
          {item.items
            .filter((sub) => isFlagOn(site, sub.flag))
            .map((sub, i) => (
              <li key={i}>
                <Link
                  to={target(sub) ?? (sub.to ?? sub.href)!}
                  className={['dropdown__link', sub.className].filter(Boolean).join(' ')}
                  target={sub.target}
                  id={own(sub.id)}
                  aria-current={current(target(sub) ?? sub.to)}
                  html={sub.html}
                >
                  {tl(sub.label)}
                </Link>
              </li>
            ))}
        </Dropdown>
      );
    case 'locale': {
      const visible = site.locales.filter((l) => l.code !== 'zh-TW' || config.flags.zhTWVisible === true);
      return (
        <Dropdown label={mobile ? t('navbar.languages') : currentLocale.label} icon className="locale-dropdown" mobile={mobile}>
          <MenuLinks links={item.itemsBefore} />
          {visible.map((l) => (
            <li key={l.code}>
              <a
                className={'dropdown__link' + (l.code === currentLocale.code ? ' dropdown__link--active' : '')}
                href={l.baseUrl + route.path.slice(1).replace(/^404\.html$/, '')}
                hrefLang={l.htmlLang}
                lang={l.htmlLang}
                target="_self"
                data-locale-link=""
                aria-current={l.code === currentLocale.code ? 'true' : undefined}
              >
                {l.label}
              </a>
            </li>
          ))}
          <MenuLinks links={item.itemsAfter} />
        </Dropdown>
      );
    }
    case 'docsVersion': {
      if (site.docVersions)
        return (
          <VersionDropdown
            versions={site.docVersions}
            mobile={mobile}
            before={item.itemsBefore}
            after={item.itemsAfter}
            prefix={item.labelPrefix}
          />
        );
      // On docs pages only: elsewhere there is no page to show in another version, and a bare "Weiter" beside
      // the pricing table reads as "next". Each version links to the page shown in that version. The bar says
      // what the label is ("Version: Weiter"), as Docusaurus's version badge does, not to be read as pagination.
      if (route.kind !== 'doc') return null;
      return (
        <Dropdown
          label={
            mobile
              ? t('navbar.versions')
              : item.labelPrefix
                ? t('navbar.version', { label: tl(config.docs.version.label) })
                : tl(config.docs.version.label)
          }
          className="version-dropdown"
          mobile={mobile}
        >
          <MenuLinks links={item.itemsBefore} />
          <li>
            <Link
              to={route.path}
              aria-current="page"
              className="dropdown__link dropdown__link--active"
              data-version={config.docs.version.name}
            >
              {tl(config.docs.version.label)}
            </Link>
          </li>
          <MenuLinks links={item.itemsAfter} />
        </Dropdown>
      );
    }
    case 'search':
      return (
        <li className="navbar__item navbar__item--search">
          {/* Without JavaScript a link to the search page; with it, the modal (src/client/search.ts) with the settings in this file. */}
          {/* Named "Suche" once, at every width (the label is kept for screen readers where it is not shown); the
              shortcuts (SPEC §2: Ctrl/Cmd+K or "/") are aria-keyshortcuts, and the tooltip names them too. */}
          <Link
            to="/search/"
            className="search-button"
            title={t('search.buttonAria')}
            aria-keyshortcuts={SEARCH_SHORTCUTS}
            data-search-open=""
            data-search-settings={searchSettingsFile(site).url}
          >
            <svg width="16" height="16" viewBox="0 0 20 20" aria-hidden="true">
              <path
                d="M14.4 13l4.3 4.3-1.4 1.4-4.3-4.3a7.5 7.5 0 111.4-1.4zM8.5 14a5.5 5.5 0 100-11 5.5 5.5 0 000 11z"
                fill="currentColor"
              />
            </svg>
            <span className="search-button__label">{item.label ? tl(item.label) : t('search.button')}</span>
            <span className="search-button__keys" aria-hidden="true">
              {/* The key's name as the visitor's keyboard prints it (German: Strg); ⌘ on Apple devices. */}
              <kbd data-modifier-key="">{t('search.ctrlKey')}</kbd>
              <kbd>K</kbd>
            </span>
          </Link>
        </li>
      );
    case 'profile':
      return (
        <li className="navbar__item">
          <a
            className="navbar__link"
            href={config.header.signInUrl}
            id={own('profile-link')}
            data-profile-link=""
            data-profile-path={`/profile/`}
          >
            {item.label ? tl(item.label) : t('navbar.profile')}
          </a>
        </li>
      );
    case 'premiumTag':
      // SPEC §6: hidden by default, shown to paying users by the header script.
      return (
        <li className="navbar__item" data-premium-tag="" hidden>
          <Link to={item.to} className="premium-tag">
            {tl(item.label)}
          </Link>
        </li>
      );
    case 'html':
      // The config author's HTML (Docusaurus's HtmlNavbarItem), its URLs held to the URL policy when the config is read.
      return (
        <li
          className={['navbar__item', mobile ? 'menu__list-item' : undefined, item.className].filter(Boolean).join(' ')}
          dangerouslySetInnerHTML={{ __html: item.value }}
        />
      );
    case 'proTag':
      // SPEC §6: hidden on the pricing page and for subscribers.
      return (
        <li className="navbar__item" data-pro-tag="" hidden={normalize(item.to) === route.path ? true : undefined}>
          <Link to={item.to} className="pro-tag">
            {tl(item.label)}
          </Link>
        </li>
      );
  }
}

/** The arrow of the panel switches: drawn by CSS (.mobile-menu__chevron), turned for the direction and the text's. */
function Chevron() {
  return <span className="mobile-menu__chevron" aria-hidden="true" />;
}

/** The search shortcuts as aria-keyshortcuts names them; the client puts Meta for Control on Apple devices. */
const SEARCH_SHORTCUTS = 'Control+K /';

/**
 * A navbar dropdown: on the bar a disclosure (a button with aria-expanded and aria-controls showing a list of
 * links, not an ARIA menu, so no aria-haspopup); in the mobile menu a `<details>` group.
 */
/**
 * Where a navbar item that names a doc or a sidebar leads on a doc of an older or newer version: that version's
 * page, as Docusaurus keeps the reader in the version being read; undefined elsewhere (the item's own `to`).
 */
function useVersionTarget(): (item: { doc?: { id?: string; sidebar?: string } }) => string | undefined {
  const { site, route } = useTheme();
  const version = site.docVersions?.find((v) => v.name === route.doc?.version);
  return ({ doc }) => {
    if (!doc || !version?.navbar) return undefined;
    return version.navbar[doc.id !== undefined ? `doc:${doc.id}` : `sidebar:${doc.sidebar}`];
  };
}

/**
 * The docs' versions (Docusaurus's docsVersionDropdown), on every page: on a doc, the version shown is the doc's
 * and each entry leads to the same doc in that version (else to its first doc); elsewhere the last version is
 * shown and each entry leads to the version's first doc.
 */
function VersionDropdown({
  versions,
  mobile,
  before,
  after,
  prefix,
}: {
  versions: NonNullable<Site['docVersions']>;
  mobile: boolean;
  before: LinkItem[];
  after: LinkItem[];
  /** Whether the bar says "Version: …" or shows the label alone (config `labelPrefix`). */
  prefix: boolean;
}) {
  const { route } = useTheme();
  const t = useT();
  const tl = useLabel();
  const active = versions.find((v) => v.name === route.doc?.version) ?? versions.find((v) => v.isLast) ?? versions[0];
  const links = new Map((route.doc?.versionLinks ?? []).map((l) => [l.name, l.path]));
  return (
    <Dropdown
      label={mobile ? t('navbar.versions') : prefix ? t('navbar.version', { label: tl(active.label) }) : tl(active.label)}
      className="version-dropdown"
      mobile={mobile}
    >
      <MenuLinks links={before} />
      {versions.map((v) => {
        const current = route.doc?.version === v.name;
        return (
          <li key={v.name}>
            <Link
              to={links.get(v.name) ?? v.path}
              aria-current={current ? 'page' : undefined}
              className={'dropdown__link' + (v.name === active.name ? ' dropdown__link--active' : '')}
              data-version={v.name}
            >
              {tl(v.label)}
            </Link>
          </li>
        );
      })}
      <MenuLinks links={after} />
    </Dropdown>
  );
}

/** A dropdown's links of the config's own, before or after its entries (Docusaurus's `dropdownItemsBefore`/`After`). */
function MenuLinks({ links }: { links: LinkItem[] }) {
  const { site } = useTheme();
  const tl = useLabel();
  return links
    .filter((link) => isFlagOn(site, link.flag))
    .map((link, i) => (
      <li key={i}>
        <Link to={(link.to ?? link.href)!} className={['dropdown__link', link.className].filter(Boolean).join(' ')} html={link.html}>
          {tl(link.label)}
        </Link>
      </li>
    ));
}

function Dropdown({
  label,
  children,
  className,
  toggleClassName,
  icon,
  mobile,
}: {
  label: string;
  children: ReactNode;
  className?: string;
  /** The config item's own class, on the toggle (Docusaurus puts it on the dropdown's link). */
  toggleClassName?: string;
  icon?: boolean;
  mobile: boolean;
}) {
  const menuId = useId();
  if (mobile) {
    return (
      <li className={['mobile-menu__group', className].filter(Boolean).join(' ')}>
        <details>
          <summary className={toggleClassName}>{label}</summary>
          <ul>{children}</ul>
        </details>
      </li>
    );
  }
  return (
    <li className={['navbar__item', 'dropdown', className].filter(Boolean).join(' ')} data-dropdown="">
      <button
        type="button"
        className={['navbar__link dropdown__toggle', toggleClassName].filter(Boolean).join(' ')}
        aria-expanded="false"
        aria-controls={menuId}
      >
        {icon ? (
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" className="dropdown__icon">
            <path
              fill="currentColor"
              d="M12 2a10 10 0 100 20 10 10 0 000-20zm6.9 6h-2.9a15.7 15.7 0 00-1.4-3.6A8 8 0 0118.9 8zM12 4c.8 1.2 1.5 2.5 1.9 4h-3.8c.4-1.4 1.1-2.8 1.9-4zM4.3 14a8.2 8.2 0 010-4h3.4a16.5 16.5 0 000 4H4.3zm.8 2h3a15.7 15.7 0 001.4 3.6A8 8 0 015.1 16zm3-8h-3a8 8 0 014.3-3.6C8.9 5.6 8.4 6.8 8 8zm3.9 12c-.8-1.2-1.5-2.5-1.9-4h3.8c-.4 1.4-1.1 2.8-1.9 4zm2.3-6H9.8a14.7 14.7 0 010-4h4.4a14.7 14.7 0 010 4zm.3 5.6c.6-1.1 1.1-2.3 1.4-3.6h3a8 8 0 01-4.4 3.6zm1.8-5.6a16.5 16.5 0 000-4h3.4a8.2 8.2 0 010 4h-3.4z"
            />
          </svg>
        ) : null}
        <span className="dropdown__label">{label}</span>
      </button>
      <ul className="dropdown__menu" id={menuId}>
        {children}
      </ul>
    </li>
  );
}

/**
 * Colour mode switch (SPEC §4), rendered only when `colorMode.disableSwitch` is false. The inline script in
 * `<head>` sets `html[data-theme]` before paint; CSS shows the icon and the screen-reader state of that mode.
 * The client toggles on `[data-color-mode-toggle]` and stores the choice under `theme`.
 */
export function ColorModeToggle() {
  const t = useT();
  const toggle = t('colorMode.toggle');
  const label = (mode: 'light' | 'dark') => `${toggle} ${t('colorMode.current', { mode: t(`colorMode.${mode}`) })}`;
  return (
    <button type="button" className="color-mode-toggle" data-color-mode-toggle="" title={toggle}>
      <span className="color-mode-toggle__light">
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
          <path
            fill="currentColor"
            d="M12 7a5 5 0 100 10 5 5 0 000-10zM11 1h2v3h-2zm0 19h2v3h-2zM3.5 5l1.4-1.4 2.1 2.1L5.6 7.1zm13.4 13.4l1.4-1.4 2.1 2.1-1.4 1.4zM1 11h3v2H1zm19 0h3v2h-3zM5.6 16.9l1.4 1.4-2.1 2.1L3.5 19zM19 3.5l1.4 1.4-2.1 2.1-1.4-1.4z"
          />
        </svg>
        <span className="visually-hidden">{label('light')}</span>
      </span>
      <span className="color-mode-toggle__dark">
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
          <path fill="currentColor" d="M9.4 2.2a10 10 0 1012.4 12.4A8 8 0 019.4 2.2z" />
        </svg>
        <span className="visually-hidden">{label('dark')}</span>
      </span>
    </button>
  );
}

function normalize(to: string): string {
  const p = to.split(/[?#]/)[0];
  return p.endsWith('/') ? p : p + '/';
}
