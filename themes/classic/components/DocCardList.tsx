import { shownSidebar } from '../../../src/shared/sidebars.ts';
import type { Route, Site, SidebarCategory, SidebarItem } from '../../../src/types.ts';
import { externalProps, isExternal, useHref, useT, useTheme } from '../context.tsx';
import { Icon } from '../mdx/icons.tsx';

/**
 * A sidebar item as Docusaurus's docs plugin gives it to components (`PropSidebarItem`): what
 * `useCurrentSidebarCategory()` returns and `<DocCardList items={…}>` takes, so a project's code that reads or
 * filters the items works unchanged. `href` carries the base path, as Docusaurus's does.
 */
export type DocusaurusSidebarItem =
  | { type: 'link'; label: string; href: string; docId?: string; description?: string; className?: string }
  | {
      type: 'category';
      label: string;
      href?: string;
      description?: string;
      className?: string;
      collapsed: boolean;
      collapsible: boolean;
      items: DocusaurusSidebarItem[];
    };

const descriptions = new WeakMap<Site, Map<string, string>>();

/** A doc's description (front matter, else its first paragraph), by its path: what a doc's card shows. */
function descriptionOf(site: Site, path: string): string | undefined {
  let byPath = descriptions.get(site);
  if (!byPath) {
    byPath = new Map();
    for (const compiled of site.compiled) if (compiled.description) byPath.set(compiled.source.path, compiled.description);
    descriptions.set(site, byPath);
  }
  return byPath.get(path);
}

/** quire's sidebar items in Docusaurus's shape (see DocusaurusSidebarItem). */
export function docusaurusItems(site: Site, items: SidebarItem[], href: (path: string) => string): DocusaurusSidebarItem[] {
  return items.map((item): DocusaurusSidebarItem => {
    const className = item.className ? { className: item.className } : {};
    if (item.type === 'link')
      return {
        type: 'link',
        label: item.label,
        href: item.href,
        ...(item.description ? { description: item.description } : {}),
        ...className,
      };
    if (item.type === 'doc') {
      const description = descriptionOf(site, item.path);
      return {
        type: 'link',
        label: item.label,
        href: href(item.path),
        docId: item.id,
        ...(description ? { description } : {}),
        ...className,
      };
    }
    // A category's own description only, as Docusaurus's sidebar props carry it (not its linked page's).
    return {
      type: 'category',
      label: item.label,
      ...(item.path ? { href: href(item.path) } : {}),
      ...(item.description !== undefined ? { description: item.description } : {}),
      ...className,
      collapsed: item.collapsed,
      collapsible: item.collapsible !== false,
      items: docusaurusItems(site, item.items, href),
    };
  });
}

/** The category of the page's sidebar whose own page this is (its linked doc or generated index), if any. */
function currentCategory(site: Site, route: { path: string; doc?: { sidebar?: string } }): SidebarCategory | undefined {
  const find = (items: SidebarItem[]): SidebarCategory | undefined => {
    for (const item of items) {
      if (item.type !== 'category') continue;
      if (item.path === route.path) return item;
      const inner = find(item.items);
      if (inner) return inner;
    }
    return undefined;
  };
  return find(shownSidebar(site, route));
}

/**
 * `useCurrentSidebarCategory()` of `@docusaurus/plugin-content-docs/client`: the category whose page is being
 * rendered. Like Docusaurus's, it throws on any other page, which the render reports at the page.
 */
export function useCurrentSidebarCategory(): DocusaurusSidebarItem & { type: 'category' } {
  const { site, route } = useTheme();
  return categoryOf(site, route, useHref());
}

function categoryOf(site: Site, route: Route, href: (path: string) => string): DocusaurusSidebarItem & { type: 'category' } {
  const category = currentCategory(site, route);
  if (!category)
    throw new Error(
      `useCurrentSidebarCategory() was called on ${route.path}, which is not the page of a sidebar category (a category's linked doc or generated index).`,
    );
  return docusaurusItems(site, [category], href)[0] as DocusaurusSidebarItem & { type: 'category' };
}

/** The first page a category leads to: its own, else its first item's (Docusaurus's `findFirstSidebarItemLink`). */
function firstHref(item: DocusaurusSidebarItem): string | undefined {
  if (item.type === 'link') return item.href;
  if (item.href) return item.href;
  for (const inner of item.items) {
    const found = firstHref(inner);
    if (found) return found;
  }
  return undefined;
}

/** Items a card can link to: Docusaurus's `filterDocCardListItems` drops categories that lead nowhere. */
export function filterDocCardListItems(items: DocusaurusSidebarItem[]): DocusaurusSidebarItem[] {
  return items.filter((item) => firstHref(item) !== undefined);
}

/** `@theme/DocCard`: one item as a card: its label, and its description or, for a category, how many items it holds. */
export function DocCard({ item }: { item: DocusaurusSidebarItem }) {
  const t = useT();
  const href = firstHref(item);
  if (!href) return null;
  const external = item.type === 'link' && isExternal(item.href);
  const description =
    item.description ??
    (item.type === 'category'
      ? item.items.length === 1
        ? t('docCard.itemsOne')
        : t('docCard.itemsMany', { count: item.items.length })
      : undefined);
  return (
    <a className={['card', 'doc-card', item.className].filter(Boolean).join(' ')} href={href} {...(external ? externalProps(href) : {})}>
      <span className="card__title doc-card__title">
        <Icon name={item.type === 'category' ? 'folder' : external ? 'external-link' : 'file-text'} className="doc-card__icon" />
        {item.label}
      </span>
      {description ? <span className="card__description doc-card__description">{description}</span> : null}
    </a>
  );
}

/**
 * `@theme/DocCardList` (and the body of a generated index page): a card for each item given, by default the
 * items of the category whose page this is, as Docusaurus draws a category's index.
 */
export function DocCardList({ items, className }: { items?: DocusaurusSidebarItem[]; className?: string }) {
  const { site, route } = useTheme();
  const href = useHref();
  const given = items ?? categoryOf(site, route, href).items;
  return (
    <ul className={['card-list', className].filter(Boolean).join(' ')}>
      {filterDocCardListItems(given).map((item, i) => (
        <li className="card-list__item" key={i}>
          <DocCard item={item} />
        </li>
      ))}
    </ul>
  );
}
