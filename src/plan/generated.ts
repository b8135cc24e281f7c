import { createHash } from 'node:crypto';
import { CODES, report, type Diagnostic } from '../diagnostics.ts';
import { closestName } from '../shared/text.ts';
import type { Compiled, SidebarItem, SiteConfig } from '../types.ts';
import type { GeneratedIndex } from './docs.ts';

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * The pages of categories whose link is a generated index (Docusaurus's `generated-index`): the category's title,
 * its description, and a card per item with the item's description (a doc's front matter or first paragraph), as
 * Docusaurus's DocCardList shows them. They are planned as docs, so they get the sidebar, breadcrumbs and the
 * previous and next links like any doc page.
 */
export function generatedIndexPages(indexes: GeneratedIndex[], docs: Compiled[], config: SiteConfig): Compiled[] {
  const byPath = new Map(docs.map((d) => [d.source.path, d]));
  const base = config.baseUrl.replace(/\/$/, '');
  return indexes.map((index) => {
    const card = (item: SidebarItem): string => {
      if (item.type === 'link')
        return `<li class="card-list__item"><a class="card" href="${escapeHtml(item.href)}"><span class="card__title">${escapeHtml(item.label)}</span></a></li>`;
      const path = item.path;
      if (!path) return '';
      const doc = item.type === 'doc' ? byPath.get(path) : undefined;
      const description = doc?.description ?? (item.type === 'category' ? `${item.items.length} items` : '');
      return `<li class="card-list__item"><a class="card" href="${escapeHtml(base + path)}"><span class="card__title">${escapeHtml(item.label)}</span>${description ? `<span class="card__description">${escapeHtml(description)}</span>` : ''}</a></li>`;
    };
    const html = `${index.description ? `<p>${escapeHtml(index.description)}</p>\n` : ''}<ul class="card-list">${index.category.items.map(card).join('')}</ul>`;
    const id = `__category__${index.path}`;
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
        // The page changes with what it lists: its cache key is its own text.
        hash: createHash('sha1').update(`${index.title}\n${html}`).digest('hex'),
      },
      title: index.title,
      description: index.description,
      output: { type: 'html', html },
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
  sidebars: { name: string; items: SidebarItem[] }[],
  docs: Compiled[],
): { config: SiteConfig; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const byId = new Map(docs.map((d) => [d.source.id, d]));
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
  const resolve = <T extends { label?: string; to?: string; doc?: { id?: string; sidebar?: string } }>(item: T, keyPath: string): T => {
    if (!item.doc) return item;
    changed = true;
    const { id, sidebar } = item.doc;
    if (id !== undefined) {
      const doc = byId.get(id);
      if (doc) return { ...item, to: doc.source.path, label: item.label ?? doc.source.frontMatter.sidebar_label ?? doc.title };
      const meant = closestName(id, byId.keys());
      diagnostics.push(report(CODES.NAVBAR_ITEM, 'unknownDoc', { keyPath, id, meant }, { keyPath }));
      return item;
    }
    const found = sidebars.find((s) => s.name === sidebar);
    const to = found ? firstPath(found.items) : undefined;
    if (to) return { ...item, to };
    const names = sidebars.map((s) => s.name);
    diagnostics.push(report(CODES.NAVBAR_ITEM, 'unknownSidebar', { keyPath, sidebar, found: !!found, names }, { keyPath }));
    return item;
  };
  const items = config.navbar.items.map((item, i) => {
    if (item.type === 'link') return resolve(item, `navbar.items.${i}`);
    if (item.type === 'dropdown') return { ...item, items: item.items.map((sub, j) => resolve(sub, `navbar.items.${i}.items.${j}`)) };
    return item;
  });
  return { config: changed ? { ...config, navbar: { ...config.navbar, items } } : config, diagnostics };
}
