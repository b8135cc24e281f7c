import { createHash } from 'node:crypto';
import type { Root as HastRoot } from 'hast';
import { CODES, report, type Diagnostic } from '../diagnostics.ts';
import { closestName } from '../shared/text.ts';
import { configPlace } from '../shared/config-place.ts';
import { generatedIndexId } from '../shared/doc-paths.ts';
import type { Compiled, SidebarItem, SiteConfig } from '../types.ts';
import type { GeneratedIndex } from './docs.ts';

/**
 * The pages of categories whose link is a generated index (Docusaurus's `generated-index`): the category's title,
 * its description, and the theme's DocCardList, which draws a card per item of the category whose page it is, as
 * Docusaurus's generated index does. They are planned as docs, so they get the sidebar, breadcrumbs and the
 * previous and next links like any doc page.
 */
export function generatedIndexPages(indexes: GeneratedIndex[], docs: Compiled[], config: SiteConfig): Compiled[] {
  const byPath = new Map(docs.map((d) => [d.source.path, d]));
  // What the cards show of each item (see the theme's DocCardList): the page changes with it, so it is the page's cache key.
  const listed = (items: SidebarItem[]): unknown[] =>
    items.map((item) =>
      item.type === 'link'
        ? [item.label, item.href, item.description ?? '']
        : item.type === 'doc'
          ? [item.label, item.path, byPath.get(item.path)?.description ?? '']
          : [item.label, item.path ?? '', item.description ?? '', listed(item.items)],
    );
  return indexes.map((index) => {
    const tree: HastRoot = {
      type: 'root',
      children: [
        ...(index.description
          ? [{ type: 'element' as const, tagName: 'p', properties: {}, children: [{ type: 'text' as const, value: index.description }] }]
          : []),
        { type: 'element', tagName: 'DocCardList', properties: {}, children: [] },
      ],
    };
    const id = generatedIndexId(index.path);
    return {
      source: {
        kind: 'doc',
        file: index.file ?? config.layout.docs,
        format: 'md',
        id,
        path: index.path,
        frontMatter: { title: index.title, description: index.description },
        body: '',
        bodyLine: 1,
        hash: createHash('sha1')
          .update(JSON.stringify([index.title, index.description ?? '', listed(index.category.items)]))
          .digest('hex'),
      },
      title: index.title,
      description: index.description,
      output: { type: 'hast', tree },
      headings: [],
      toc: [],
      links: [],
      assets: [],
      excerpt: index.description,
      components: [],
      hasTitleHeading: false,
    } satisfies Compiled;
  });
}

/**
 * Navbar links to a doc or to a sidebar (Docusaurus's `type: 'doc'` and `type: 'docSidebar'` items), which the
 * config stage leaves without an address: each gets its doc's page (a sidebar's first doc or linked category). An
 * id or sidebar that does not exist is an error naming the ones that do.
 */
export function resolveNavbarDocs(
  config: SiteConfig,
  siteSidebars: { name: string; items: SidebarItem[] }[],
  siteDocs: Compiled[],
  /** Each docs instance's sidebars (by their own names) and docs, for items with `doc.instance`. */
  instances: ReadonlyMap<string, { sidebars: { name: string; items: SidebarItem[] }[]; docs: Compiled[] }> = new Map(),
): { config: SiteConfig; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const siteById = new Map(siteDocs.map((d) => [d.source.id, d]));
  const instanceById = new Map([...instances].map(([id, { docs }]) => [id, new Map(docs.map((d) => [d.source.id, d]))]));
  const firstPath = (items: SidebarItem[]): string | undefined => {
    for (const item of items) {
      if (item.type === 'doc') return item.path;
      if (item.type === 'category') {
        const inner = item.path ?? firstPath(item.items);
        if (inner) return inner;
      }
    }
    return undefined;
  };
  let changed = false;
  const resolve = <T extends { label?: string; to?: string; doc?: { id?: string; sidebar?: string; instance?: string } }>(
    item: T,
    keyPath: string,
  ): T => {
    if (!item.doc) return item;
    changed = true;
    const { id, sidebar, instance } = item.doc;
    // An instance the config has not (the config stage reports an unknown docsPluginId): none of its docs.
    const byId = instance === undefined ? siteById : (instanceById.get(instance) ?? new Map<string, Compiled>());
    const sidebars = instance === undefined ? siteSidebars : (instances.get(instance)?.sidebars ?? []);
    if (id !== undefined) {
      const doc = byId.get(id);
      if (doc) return { ...item, to: doc.source.path, label: item.label ?? doc.source.frontMatter.sidebar_label ?? doc.title };
      const meant = closestName(id, byId.keys());
      const place = configPlace(config.configSource, keyPath);
      diagnostics.push(report(CODES.NAVBAR_ITEM, 'unknownDoc', { keyPath: place.keyPath, id, meant }, place));
      return item;
    }
    const found = sidebars.find((s) => s.name === sidebar);
    const to = found ? firstPath(found.items) : undefined;
    if (to) return { ...item, to };
    const names = sidebars.map((s) => s.name);
    const place = configPlace(config.configSource, keyPath);
    diagnostics.push(report(CODES.NAVBAR_ITEM, 'unknownSidebar', { keyPath: place.keyPath, sidebar, found: !!found, names }, place));
    return item;
  };
  const items = config.navbar.items.map((item, i) => {
    if (item.type === 'link') return resolve(item, `navbar.items.${i}`);
    if (item.type === 'dropdown') return { ...item, items: item.items.map((sub, j) => resolve(sub, `navbar.items.${i}.items.${j}`)) };
    if (item.type === 'locale' || item.type === 'docsVersion')
      return {
        ...item,
        itemsBefore: item.itemsBefore.map((sub, j) => resolve(sub, `navbar.items.${i}.itemsBefore.${j}`)),
        itemsAfter: item.itemsAfter.map((sub, j) => resolve(sub, `navbar.items.${i}.itemsAfter.${j}`)),
      };
    return item;
  });
  return { config: changed ? { ...config, navbar: { ...config.navbar, items } } : config, diagnostics };
}
