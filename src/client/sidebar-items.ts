import type { SidebarLabels } from './sidebar.ts';

/** One entry of a per-category sidebar file written by emit (src/emit/files.ts sidebarChunks). */
type Entry =
  | { type: 'doc'; label: string; href: string }
  | { type: 'link'; label: string; href: string }
  | { type: 'category'; label: string; href?: string; items: string };

/**
 * The entries of a category that opens for the first time (sidebar.ts listens for that): fetched from the
 * category's `data-items` file and rendered under its summary. Loaded only on pages where a visitor opens one.
 */
export async function renderCategory(details: HTMLDetailsElement, labels: SidebarLabels): Promise<void> {
  const response = await fetch(details.dataset.items!, { credentials: 'same-origin' });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  const entries = (await response.json()) as Entry[];
  const level = Number(/menu--level-(\d+)/.exec(details.closest('ul')?.className ?? '')?.[1] ?? '1') + 1;
  details.append(renderList(entries, level, labels));
}

function renderList(entries: Entry[], level: number, labels: SidebarLabels): HTMLUListElement {
  const ul = document.createElement('ul');
  ul.className = `menu menu--level-${level}`;
  for (const entry of entries) {
    const li = document.createElement('li');
    li.className = 'menu__item';
    if (entry.type !== 'category') {
      li.append(link(entry.label, entry.href, 'menu__link', labels));
    } else {
      li.classList.add('menu__item--category');
      const details = document.createElement('details');
      details.dataset.items = entry.items;
      const summary = document.createElement('summary');
      if (entry.href) {
        li.append(link(entry.label, entry.href, 'menu__link menu__category-link', labels));
        summary.className = 'menu__caret';
        summary.setAttribute('aria-label', labels.toggle(entry.label));
      } else {
        summary.className = 'menu__category';
        summary.textContent = entry.label;
      }
      details.append(summary);
      li.append(details);
    }
    ul.append(li);
  }
  return ul;
}

function link(label: string, href: string, className: string, labels: SidebarLabels): HTMLAnchorElement {
  const a = document.createElement('a');
  a.className = className;
  a.href = href;
  a.textContent = label;
  if (/^https?:/.test(href) && new URL(href).origin !== location.origin) {
    a.target = '_blank';
    a.rel = 'noopener noreferrer';
    // As the theme's Link says it: screen reader users would otherwise find the Back button not working.
    const note = document.createElement('span');
    note.className = 'visually-hidden';
    note.textContent = labels.newTab;
    a.append(note);
  }
  if (new URL(a.href).pathname === location.pathname) {
    a.classList.add('menu__link--active');
    a.setAttribute('aria-current', 'page');
  }
  return a;
}
