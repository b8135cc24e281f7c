import { showLazyError } from './failures.ts';

/** One entry of a per-category sidebar file written by emit (src/emit/files.ts sidebarChunks). */
type Entry =
  | { type: 'doc'; label: string; href: string }
  | { type: 'link'; label: string; href: string }
  | { type: 'category'; label: string; href?: string; items: string };

/**
 * Large sidebars render only the open branch; a collapsed category carries `data-items`, the URL of a small
 * JSON file with its entries, loaded the first time it opens (ARCHITECTURE: no site-wide lists per page).
 */
export function setupLazySidebar(toggleLabel: (label: string) => string): void {
  document.querySelectorAll<HTMLDetailsElement>('details[data-items]').forEach((details) => watch(details, toggleLabel));
}

function watch(details: HTMLDetailsElement, toggleLabel: (label: string) => string): void {
  details.addEventListener('toggle', () => {
    if (!details.open || details.dataset.loaded) return;
    details.dataset.loaded = 'loading';
    void load(details, toggleLabel);
  });
}

async function load(details: HTMLDetailsElement, toggleLabel: (label: string) => string): Promise<void> {
  try {
    const response = await fetch(details.dataset.items!, { credentials: 'same-origin' });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const entries = (await response.json()) as Entry[];
    const level = Number(/menu--level-(\d+)/.exec(details.closest('ul')?.className ?? '')?.[1] ?? '1') + 1;
    details.append(renderList(entries, level, toggleLabel));
    details.dataset.loaded = 'true';
  } catch (error) {
    delete details.dataset.loaded;
    showLazyError(details, error, () => {
      details.dataset.loaded = 'loading';
      void load(details, toggleLabel);
    });
  }
}

function renderList(entries: Entry[], level: number, toggleLabel: (label: string) => string): HTMLUListElement {
  const ul = document.createElement('ul');
  ul.className = `menu menu--level-${level}`;
  for (const entry of entries) {
    const li = document.createElement('li');
    li.className = 'menu__item';
    if (entry.type !== 'category') {
      li.append(link(entry.label, entry.href, 'menu__link'));
    } else {
      li.classList.add('menu__item--category');
      const details = document.createElement('details');
      details.dataset.items = entry.items;
      const summary = document.createElement('summary');
      if (entry.href) {
        li.append(link(entry.label, entry.href, 'menu__link menu__category-link'));
        summary.className = 'menu__caret';
        summary.setAttribute('aria-label', toggleLabel(entry.label));
      } else {
        summary.className = 'menu__category';
        summary.textContent = entry.label;
      }
      details.append(summary);
      li.append(details);
      watch(details, toggleLabel);
    }
    ul.append(li);
  }
  return ul;
}

function link(label: string, href: string, className: string): HTMLAnchorElement {
  const a = document.createElement('a');
  a.className = className;
  a.href = href;
  a.textContent = label;
  if (/^https?:/.test(href) && new URL(href).origin !== location.origin) {
    a.target = '_blank';
    a.rel = 'noopener noreferrer';
  }
  if (new URL(a.href).pathname === location.pathname) {
    a.classList.add('menu__link--active');
    a.setAttribute('aria-current', 'page');
  }
  return a;
}
