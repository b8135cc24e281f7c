import { escapeAttribute } from '../../../src/shared/html.ts';
import { sidebarChunkFile } from '../../../src/shared/output-paths.ts';
import { shownSidebar } from '../../../src/shared/sidebars.ts';
import type { SidebarItem } from '../../../src/types.ts';
import { ContentText, useHref, useSharedHtml, useT, useTheme } from '../context.tsx';
import { Link } from './Link.tsx';

/**
 * The docs sidebar as a nav landmark (desktop column). Every page of a category shows the same tree but
 * for which link is the current page, so the tree is rendered once per open branch (with no link current)
 * and the page's own link is marked in that HTML: on a 1,000-page site the sidebar was a third of all
 * rendering. `test/shared-render.test.ts` checks that every page equals the page rendered whole.
 */
export function DocSidebar() {
  const t = useT();
  const { site } = useTheme();
  const shared = useSharedTree();
  // `docs.sidebar.autoCollapseCategories`: the client closes an opened category's open siblings (src/client/sidebar-controls.ts).
  const autoCollapse = site.config.docs.sidebar.autoCollapseCategories ? '' : undefined;
  if (shared !== undefined)
    return (
      <nav
        className="doc-sidebar"
        aria-label={t('docs.sidebar')}
        data-auto-collapse={autoCollapse}
        dangerouslySetInnerHTML={{ __html: shared }}
      />
    );
  return (
    <nav className="doc-sidebar" aria-label={t('docs.sidebar')} data-auto-collapse={autoCollapse}>
      <DocSidebarTree />
    </nav>
  );
}

/**
 * `docs.sidebar.hideable`: the button at the sidebar's foot that hides it on wide screens, and the slim bar that
 * brings it back, shown instead while it is hidden (`html[data-doc-sidebar]`, set before first paint by
 * src/render/inline-scripts.ts and by the client, src/client/sidebar-controls.ts). Both stay out of the phones' menu.
 */
export function SidebarHideControls() {
  const t = useT();
  const hide = t('docs.sidebarHide');
  const show = t('docs.sidebarShow');
  return (
    <>
      <button type="button" className="doc-sidebar__hide" data-sidebar-hide="" aria-label={hide} title={hide}>
        <DoubleChevron />
      </button>
      <button type="button" className="doc-sidebar__show" data-sidebar-show="" aria-label={show} title={show}>
        <DoubleChevron />
      </button>
    </>
  );
}

/** Two chevrons pointing to the inline start (CSS turns them for the show bar and for right-to-left pages). */
function DoubleChevron() {
  return (
    <svg className="doc-sidebar__chevrons" width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d="M11 17l-5-5 5-5M18 17l-5-5 5-5"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** The tree's HTML with this page's links marked current, or undefined when shared rendering is off. */
function useSharedTree(): string | undefined {
  const { site, route } = useTheme();
  const href = useHref();
  const trail = route.doc?.sidebarTrail ?? [];
  // Keyed by the sidebar too: two docs of different sidebars with the same (empty) trail show different trees.
  const html = useSharedHtml(`sidebar\n${route.doc?.sidebar ?? ''}\n${trail.join('\n')}`, () => (
    <Items
      items={shownSidebar(site, route)}
      current=""
      trail={new Set(trail)}
      isLarge={site.sidebarSize > site.config.docs.largeSidebarThreshold}
      level={1}
    />
  ));
  if (html === undefined) return undefined;
  // The two ways Items writes a link (see below), without and with the current-page marks.
  const url = escapeAttribute(href(route.path));
  return html
    .replaceAll(`<a class="menu__link" href="${url}">`, `<a class="menu__link menu__link--active" href="${url}" aria-current="page">`)
    .replaceAll(
      `<a class="menu__link menu__category-link" href="${url}">`,
      `<a class="menu__link menu__category-link menu__link--active" href="${url}" aria-current="page">`,
    );
}

/**
 * The sidebar tree. Small sidebars render whole. Large ones (more items than `docs.largeSidebarThreshold`)
 * render the open branch only: categories off the current path carry a `data-items` URL from which the
 * client loads their items on expand, so a page's size does not grow with the site.
 */
export function DocSidebarTree() {
  const { site, route } = useTheme();
  const isLarge = site.sidebarSize > site.config.docs.largeSidebarThreshold;
  return (
    <Items items={shownSidebar(site, route)} current={route.path} trail={new Set(route.doc?.sidebarTrail)} isLarge={isLarge} level={1} />
  );
}

interface ItemsProps {
  items: SidebarItem[];
  current: string;
  /** Categories on the way to the current page (from the plan). */
  trail: Set<string>;
  isLarge: boolean;
  level: number;
}

function Items({ items, current, trail, isLarge, level }: ItemsProps) {
  const href = useHref();
  const t = useT();
  const { site } = useTheme();
  return (
    <ul className={`menu menu--level-${level}`}>
      {items.map((item, i) => {
        if (item.type === 'doc') {
          const active = item.path === current;
          return (
            <li key={i} className={itemClass('menu__item', item.className)}>
              <a
                className={'menu__link' + (active ? ' menu__link--active' : '')}
                href={href(item.path)}
                aria-current={active ? 'page' : undefined}
              >
                <ContentText>{item.label}</ContentText>
              </a>
            </li>
          );
        }
        if (item.type === 'link') {
          return (
            <li key={i} className={itemClass('menu__item', item.className)}>
              <Link to={item.href} className="menu__link">
                <ContentText>{item.label}</ContentText>
              </Link>
            </li>
          );
        }
        const onPath = trail.has(item.key);
        const open = onPath || !item.collapsed;
        const lazy = isLarge && !onPath;
        const active = item.path === current;
        const items = lazy ? null : <Items items={item.items} current={current} trail={trail} isLarge={isLarge} level={level + 1} />;
        const detailsProps = {
          open: open && !lazy ? true : undefined,
          'data-items': lazy ? site.config.baseUrl + sidebarChunkFile(item.key) : undefined,
        };
        // A category holding the current page shows it in its colour, as Docusaurus colours the way down to a page.
        const itemBase = onPath ? 'menu__item menu__item--category menu__item--on-path' : 'menu__item menu__item--category';
        if (!item.path) {
          return (
            <li key={i} className={itemClass(itemBase, item.className)}>
              <details {...detailsProps}>
                <summary className="menu__category">
                  <ContentText>{item.label}</ContentText>
                </summary>
                {items}
              </details>
            </li>
          );
        }
        // A category with its own page: the label is a link, and only the caret opens and closes
        // (a link inside <summary> would be a control inside a control).
        return (
          <li key={i} className={itemClass(itemBase, item.className)}>
            <a
              className={'menu__link menu__category-link' + (active ? ' menu__link--active' : '')}
              href={href(item.path)}
              aria-current={active ? 'page' : undefined}
            >
              <ContentText>{item.label}</ContentText>
            </a>
            <details {...detailsProps}>
              <summary className="menu__caret" aria-label={t('docs.toggleCategory', { label: item.label })} />
              {items}
            </details>
          </li>
        );
      })}
    </ul>
  );
}

/** The item's own class (`className`, `sidebar_class_name`) after the theme's, as Docusaurus adds it to the `<li>`. */
function itemClass(base: string, own: string | undefined): string {
  return own ? `${base} ${own}` : base;
}
