// quire beside Docusaurus on the same Docusaurus 3 projects (issue 27): for each prepared project folder (its
// `npm install` done; this script neither fetches nor installs), one cold `docusaurus build` and one cold
// `quire build --no-cache`, each timed with /usr/bin/time -v (wall time, peak memory of the largest process);
// then every page both wrote is compared as text (the page's Markdown body, else its article, else its main, with
// tags stripped and whitespace normalised) and quire's diagnostics are grouped by code.
// Lists of blog posts are compared post by post (link, what is shown of it, whether it links on); around each doc or
// post, the sidebar as it shows, the table of contents, previous/next, breadcrumbs, a post's authors and tags and the
// blog's recent posts; the navbar and footer once; the blog's feeds entry by entry.
// quire builds one locale per run: a project with more locales (i18n.locales) gets one more quire build for each
// (`--locale`), its pages compared with Docusaurus's `/<locale>/…`; the times are added, the peak is the largest.
// Usage: node bench/docusaurus-compare.mjs [--work /tmp/dz-compare] [--quire lib/quire.js] [--reuse]
//          [--hunks 3] <project folder>...
// `--reuse`: keep an earlier run's Docusaurus output in the work folder (its build takes minutes) and its timing.
// Writes <work>/<name>/report.json and prints a summary: pages, times, diagnostics, pages that differ with their
// first differing words.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { XMLParser } from 'fast-xml-parser';
import { fromHtml } from 'hast-util-from-html';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const argv = process.argv.slice(2);
const flags = new Map();
const folders = [];
for (let i = 0; i < argv.length; i++) {
  const a = argv[i];
  if (a === '--reuse') flags.set('reuse', 'true');
  else if (a.startsWith('--')) flags.set(a.slice(2), argv[++i]);
  else folders.push(path.resolve(a));
}
if (folders.length === 0) {
  console.error('usage: node bench/docusaurus-compare.mjs [--work dir] [--quire lib/quire.js] [--reuse] <folder>...');
  process.exit(2);
}
const work = path.resolve(flags.get('work') ?? '/tmp/dz-compare');
const quire = path.resolve(flags.get('quire') ?? path.join(repo, 'lib/quire.js'));
const reuse = flags.has('reuse');
const hunksShown = Number(flags.get('hunks') ?? '3');

/** Runs a command under /usr/bin/time -v; returns its output, exit status, wall seconds and peak RSS in MB. */
function timed(command, args, cwd, logFile) {
  const timeFile = `${logFile}.time`;
  const r = spawnSync('/usr/bin/time', ['-v', '-o', timeFile, command, ...args], {
    cwd,
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
    env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' },
  });
  const output = `${r.stdout ?? ''}${r.stderr ?? ''}`;
  writeFileSync(logFile, output);
  const t = readFileSync(timeFile, 'utf8');
  const wall = /Elapsed \(wall clock\) time \(h:mm:ss or m:ss\): (?:(\d+):)?(\d+):([\d.]+)/.exec(t);
  const rss = /Maximum resident set size \(kbytes\): (\d+)/.exec(t);
  const seconds = wall ? Number(wall[1] ?? 0) * 3600 + Number(wall[2]) * 60 + Number(wall[3]) : Number.NaN;
  return { output, status: r.status, seconds, peakMB: rss ? Math.round(Number(rss[1]) / 1024) : Number.NaN };
}

/** Every HTML page under `dir`, keyed by its URL path (`a/b/index.html` and `a/b.html` both as `/a/b/`). */
function pagesOf(dir) {
  // quire's output folder is a link to its latest build: URLs are taken relative to where it points.
  const root = realpathSync(dir);
  const pages = new Map();
  const walk = (d) => {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      const full = path.join(d, entry.name);
      // quire's own files (search index, bundles) and Docusaurus's assets hold no pages.
      if (entry.isDirectory()) {
        if (!['_quire', 'pagefind', 'assets'].includes(entry.name)) walk(full);
      } else if (entry.name.endsWith('.html')) {
        const rel = path.relative(root, full).split(path.sep).join('/');
        const url = `/${rel.replace(/(^|\/)index\.html$/, '$1').replace(/\.html$/, '/')}`;
        pages.set(url, full);
      }
    }
  };
  walk(root);
  return pages;
}

const hasClass = (node, name) => {
  const c = node.properties?.className;
  return Array.isArray(c) && c.includes(name);
};
function findAll(node, test, out = []) {
  if (node.type === 'element' && test(node)) out.push(node);
  for (const child of node.children ?? []) findAll(child, test, out);
  return out;
}

// Inline elements join their text to the neighbours'; every other element is a word boundary (code lines are
// `<div>`s in Docusaurus and newlines in quire, paragraphs are blocks in both).
// quire's `<quire-island>` and `<quire-children>` (a hydrated component and the content it holds) have no box of their
// own (`display: contents`), so they join their text like inline elements.
const inline = new Set([
  ...['a', 'abbr', 'b', 'code', 'del', 'em', 'i', 'kbd', 'mark', 'small', 'span', 'strong', 'sub', 'sup', 'u', 'time'],
  ...['quire-island', 'quire-children'],
]);
// Chrome each generator adds around the same content: heading anchors, copy buttons, icons, text only screen
// readers hear, and quire's hidden search metadata. Neither is content the writer wrote.
function skipped(node) {
  if (['script', 'style', 'svg', 'button', 'template', 'noscript', 'head'].includes(node.tagName)) return true;
  if (['hash-link', 'heading-anchor', 'visually-hidden', 'sr-only'].some((c) => hasClass(node, c))) return true;
  return node.properties?.ariaHidden === 'true' || node.properties?.ariaHidden === true;
}
function textOf(node, parts = []) {
  if (node.type === 'text') parts.push(node.value);
  else if (node.type === 'element' || node.type === 'root') {
    if (node.type === 'element' && skipped(node)) return parts;
    const block = node.type === 'element' && !inline.has(node.tagName);
    if (block) parts.push(' ');
    for (const child of node.children ?? []) textOf(child, parts);
    if (block) parts.push(' ');
  }
  return parts;
}

/**
 * The page's own content: its one Markdown body (a doc, a post, a Markdown page), else null. Lists (the blog's,
 * tags, generated category indexes) and React pages are each generator's own layout, so they are not compared.
 * Besides the text: the heading ids (h2–h6), where the links inside the site lead and the images' alt texts, which
 * the text alone does not show.
 */
function contentOf(file, url) {
  const tree = fromHtml(readFileSync(file, 'utf8'));
  const docs = findAll(tree, (n) => hasClass(n, 'theme-doc-markdown'));
  // Prism's tokens of Markdown embedded in code (a template string tagged `markdown`) carry the class too.
  const markdown = findAll(tree, (n) => hasClass(n, 'markdown') && !hasClass(n, 'token'));
  // Docusaurus's Markdown pages (`src/pages/*.md`) put their body straight into the one article of an MDX page.
  const mdxPage = findAll(tree, (n) => (n.properties?.className ?? []).some((c) => String(c).startsWith('mdxPageWrapper')));
  const articles = mdxPage.length === 1 ? findAll(mdxPage[0], (n) => n.tagName === 'article') : [];
  const root = docs.length === 1 ? docs[0] : markdown.length === 1 ? markdown[0] : articles.length === 1 ? articles[0] : null;
  if (root === null) return null;
  tabsLabelsFirst(root);
  // quire writes a doc's title above its Markdown body, Docusaurus inside it (its synthetic title, also above a
  // body whose h1 is no content title: gmail-processor's pages, which begin with a rule).
  const title = findAll(tree, (n) => n.tagName === 'h1' && hasClass(n, 'doc__title'));
  const parts = title.length === 1 ? textOf(title[0]) : [];
  // Zero-width spaces are Docusaurus's heading-anchor text; case is compared loosely since admonition labels
  // are upper-cased by CSS in one generator and in the text in the other.
  const text = textOf(root, parts)
    .join('')
    .replace(/\u200b/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
  const ids = findAll(root, (n) => /^h[2-6]$/.test(n.tagName) && n.properties?.id).map((n) => `#${n.properties.id}`);
  const base = new URL(url, 'http://site.invalid');
  const links = [];
  for (const a of findAll(root, (n) => n.tagName === 'a' && typeof n.properties?.href === 'string')) {
    if (skipped(a)) continue;
    // An address no URL parser takes (Electron's `https://x.\\*.y.com:99`, written as a link's text) is kept as written.
    if (!URL.canParse(a.properties.href, base)) {
      links.push(`unparsed ${a.properties.href}`);
      continue;
    }
    const target = new URL(a.properties.href, base);
    if (target.origin !== base.origin) {
      // A scheme no browser knows (a remark plugin's `docblock://`) is a link that leads nowhere.
      if (!['http:', 'https:', 'mailto:', 'tel:'].includes(target.protocol)) links.push(`${target.protocol}…`);
      continue;
    }
    // Docusaurus writes `/a/b` (trailingSlash unset) where quire writes `/a/b/`: the same page.
    const pathname = target.pathname
      .replace(/index\.html$/, '')
      .replace(/\.html$/, '')
      .replace(/(.)\/$/, '$1');
    links.push(`${pathname}${target.hash}`);
  }
  const images = findAll(root, (n) => n.tagName === 'img').map((n) => `img:${String(n.properties?.alt ?? '')}`);
  return { text, structure: [...ids, ...links, ...images, ...headOf(tree)] };
}

/**
 * A page that is neither Markdown nor a list of posts (a React page of the project's): the text of the layout's
 * content area (`.main-wrapper` in both), its links and images. Null where neither generator wrote its own content
 * (the not-found page, generated lists), which has no such wrapper of the project's making.
 */
function wrapperOf(file) {
  const tree = fromHtml(readFileSync(file, 'utf8'));
  const wrapper = findAll(tree, (n) => hasClass(n, 'main-wrapper'))[0];
  if (
    !wrapper ||
    findAll(tree, (n) => n.tagName === 'html' && /notFound|blogArchive|authorList|tagList/.test(String(n.properties?.dataRouteKind ?? '')))
      .length
  )
    return null;
  const text = normText(textOf(wrapper).join('')).toLowerCase();
  const links = findAll(wrapper, (n) => n.tagName === 'a' && n.properties?.href).map(
    (a) => `link:${hrefOf(a, new URL('/', 'http://site.invalid'))}`,
  );
  const images = findAll(wrapper, (n) => n.tagName === 'img').map((n) => `img:${String(n.properties?.alt ?? '')}`);
  return { text, structure: [...links, ...images, ...headOf(tree)], list: true };
}

/**
 * A generated list (the blog's archive, the tags and authors pages, a category's generated index): where its entries
 * lead, each link once (its words are each generator's own). Null for the not-found page and for pages with no such
 * links.
 */
function linksOf(file, url) {
  const tree = fromHtml(readFileSync(file, 'utf8'));
  const wrapper = findAll(tree, (n) => hasClass(n, 'main-wrapper'))[0];
  if (!wrapper || /404/.test(url)) return null;
  const base = new URL(url, 'http://site.invalid');
  const self = hrefOf({ properties: { href: url } }, base);
  // Navigation, and the version banner (quire's an <aside>, Docusaurus's a div inside a generated index's content).
  const around = (n) => n.tagName === 'nav' || n.tagName === 'aside' || hasClass(n, 'theme-doc-version-banner');
  const outside = new Set(findAll(wrapper, around).flatMap((n) => findAll(n, (a) => a.tagName === 'a')));
  const targets = new Set();
  for (const a of findAll(wrapper, (n) => n.tagName === 'a' && n.properties?.href)) {
    const to = hrefOf(a, base);
    if (!outside.has(a) && !to.includes('#') && to !== self) targets.add(`link:${to}`);
  }
  if (targets.size === 0) return null;
  return { text: '', structure: [...targets].sort(), list: true };
}

/**
 * The not-found page: its window title, heading and the links its content area holds (Docusaurus's has none; its
 * words are each generator's own and are not compared).
 */
function notFoundOf(file) {
  const tree = fromHtml(readFileSync(file, 'utf8'));
  const main = findAll(tree, (n) => n.tagName === 'main')[0] ?? tree;
  const links = findAll(main, (n) => n.tagName === 'a' && n.properties?.href).map(
    (a) => `link:${hrefOf(a, new URL('/', 'http://site.invalid'))}`,
  );
  const canonical = findAll(tree, (n) => n.tagName === 'link' && [n.properties?.rel ?? []].flat().includes('canonical')).map(
    (n) => `head:canonical=${String(n.properties.href)}`,
  );
  const h1 = findAll(main, (n) => n.tagName === 'h1').map((n) => `h1:${normText(textOf(n).join(''))}`);
  const title = headOf(tree).filter((f) => f.startsWith('head:title='));
  return { text: '', structure: [...title, ...canonical, ...h1, ...links], list: true };
}

/**
 * A list of blog posts (the blog's pages, a tag's, an author's): each post's link, what the list shows of it (its
 * Markdown up to the truncate marker or whole, else its description) and whether it links on ("Read more"). The
 * layout around each post (dates, authors) is each generator's own and is not compared. Null for a page that is
 * no such list.
 */
function listOf(file, url) {
  const tree = fromHtml(readFileSync(file, 'utf8'));
  const articles = findAll(tree, (n) => n.tagName === 'article').filter((a) => findAll(a, (n) => n.tagName === 'h2').length > 0);
  if (articles.length < 1) return null;
  const base = new URL(url, 'http://site.invalid');
  const norm = (parts) =>
    parts
      .join('')
      .replace(/\u200b/g, '')
      .replace(/\s+/g, ' ')
      .trim()
      .toLowerCase();
  const words = [];
  const structure = [];
  for (const article of articles) {
    const link = findAll(findAll(article, (n) => n.tagName === 'h2')[0], (n) => n.tagName === 'a')[0];
    const href = link ? new URL(String(link.properties.href), base).pathname.replace(/(.)\/$/, '$1') : '?';
    const body = findAll(article, (n) => hasClass(n, 'markdown'))[0] ?? findAll(article, (n) => n.tagName === 'p').at(-1);
    const more = findAll(article, (n) => n.tagName === 'a' && norm(textOf(n)).startsWith('read more')).length > 0;
    // A post's tabs read in Docusaurus's order, as on the post's own page (tabsLabelsFirst).
    if (body) tabsLabelsFirst(body);
    words.push(`[${href}]`, body ? norm(textOf(body)) : '');
    structure.push(`post:${href}${more ? ' (read more)' : ''}`);
  }
  return { text: words.join(' '), structure: [...structure, ...headOf(tree)], list: true };
}

/**
 * What the page says about itself outside its body, which the text does not show: its head's title, description
 * and social card texts (each tag, so a repeated one shows), and its "Last updated" line.
 */
function headOf(tree) {
  // Quotes and dashes as typed or typeset are the same words (quire's interface texts are typeset).
  const norm = (s) =>
    String(s ?? '')
      .replace(/[“”„«»]/g, '"')
      .replace(/[‘’]/g, "'")
      .replace(/ [–—] /g, ' - ')
      .replace(/\s+/g, ' ')
      .trim();
  const facts = findAll(tree, (n) => n.tagName === 'title').map((n) => `head:title=${norm(textOf(n).join(''))}`);
  for (const key of ['description', 'og:title', 'og:description', 'twitter:card']) {
    for (const m of findAll(tree, (n) => n.tagName === 'meta' && (n.properties?.name === key || n.properties?.property === key)))
      facts.push(`head:${key}=${norm(m.properties.content)}`);
  }
  // Structured data (JSON-LD) by its type: Docusaurus's posts (BlogPosting), lists of posts (Blog) and, in 3.10,
  // docs' breadcrumbs (BreadcrumbList).
  for (const n of findAll(tree, (n) => n.tagName === 'script' && n.properties?.type === 'application/ld+json')) {
    let type;
    try {
      type = JSON.parse((n.children ?? []).map((c) => c.value ?? '').join(''))['@type'];
    } catch {
      type = 'unreadable';
    }
    facts.push(`head:ld+json=${type}`);
  }
  // Docusaurus's `theme-last-updated`, quire's `edit-meta__updated`.
  for (const n of findAll(tree, (n) => hasClass(n, 'theme-last-updated') || hasClass(n, 'edit-meta__updated')))
    facts.push(`updated:${norm(textOf(n).join(''))}`);
  return facts;
}

/**
 * quire's tabs are radio inputs, each label followed by its panel (`.tabs__tab` > label, panel); Docusaurus lists the
 * labels first, then the panels. Each quire tab group is read in Docusaurus's order, so the same tabs compare equal.
 */
function tabsLabelsFirst(root) {
  for (const group of findAll(root, (n) => hasClass(n, 'tabs') && (n.children ?? []).some((c) => hasClass(c, 'tabs__tab')))) {
    const tabs = group.children.filter((c) => hasClass(c, 'tabs__tab'));
    const labels = tabs.flatMap((t) => t.children.filter((c) => c.tagName === 'label'));
    const panels = tabs.flatMap((t) => t.children.filter((c) => hasClass(c, 'tabs__panel')));
    group.children = [{ type: 'element', tagName: 'div', properties: {}, children: labels }, ...panels];
  }
}

/**
 * What a visitor reads around a doc's body, as facts to compare: the docs sidebar as it shows (categories open or
 * closed, the items of open ones, the current page), the table of contents, the previous/next links and the
 * breadcrumbs. Docusaurus leaves a closed category's items out of the page and quire's large sidebars load them
 * later, so only what an open category shows is compared. Empty for a page without them.
 */
function chromeOf(tree, url) {
  const base = new URL(url, 'http://site.invalid');
  const words = (n) => normText(textOf(n).join(''));
  const facts = [];
  const dzMenu = findAll(tree, (n) => hasClass(n, 'theme-doc-sidebar-menu'))[0];
  const qMenu = findAll(tree, (n) => n.tagName === 'nav' && hasClass(n, 'doc-sidebar'))[0];
  if (dzMenu) sidebarDocusaurus(dzMenu, 1, facts, base);
  else if (qMenu) sidebarQuire(findAll(qMenu, (n) => n.tagName === 'ul')[0], 1, facts, base);
  // A blog post's table of contents in Docusaurus has no theme class of its own: its list, not the collapsible one's.
  const collapsible = new Set(findAll(tree, (n) => hasClass(n, 'theme-doc-toc-mobile')).flatMap((c) => findAll(c, () => true)));
  const toc =
    findAll(tree, (n) => hasClass(n, 'theme-doc-toc-desktop') || (n.tagName === 'nav' && hasClass(n, 'toc--desktop')))[0] ??
    findAll(tree, (n) => n.tagName === 'ul' && hasClass(n, 'table-of-contents') && !collapsible.has(n))[0];
  for (const a of toc ? findAll(toc, (n) => n.tagName === 'a') : []) facts.push(`toc:${words(a)}→${hrefOf(a, base)}`);
  for (const nav of findAll(tree, (n) => n.tagName === 'nav' && hasClass(n, 'pagination-nav'))) {
    for (const a of findAll(nav, (n) => n.tagName === 'a')) {
      const side = hasClass(a, 'pagination-nav__link--prev') ? 'prev' : 'next';
      const label = findAll(a, (n) => hasClass(n, 'pagination-nav__label'))[0];
      // Docusaurus's « and » come from its stylesheet, quire's are text.
      facts.push(`pager:${side}:${normText((label ? textOf(label).join('') : '').replace(/[«»]/g, ''))}→${hrefOf(a, base)}`);
    }
  }
  // A post's authors (name and where it links, title, whether a photo shows), tags and the blog's sidebar of posts.
  const main = findAll(tree, (n) => n.tagName === 'main')[0] ?? tree;
  // quire's author pages draw the author's own card with classes of their own (`listing__author-…`).
  const names = [
    ...findAll(main, (n) => hasClass(n, 'avatar__name')),
    ...findAll(main, (n) => hasClass(n, 'listing__author')).flatMap((card) =>
      findAll(card, (n) => n.tagName === 'h1' || hasClass(n, 'listing__author-name')),
    ),
  ];
  const self = hrefOf({ properties: { href: url } }, base);
  for (const n of names) {
    // Docusaurus's author page links the author's name to the page itself: no link elsewhere.
    const a = findAll(n, (x) => x.tagName === 'a')[0];
    const to = a && hrefOf(a, base);
    facts.push(`author:${words(n)}${to && to !== self ? `→${to}` : ''}`);
  }
  // Docusaurus 3.10 writes the title as a `<small>` of its own class, quire with Infima's `avatar__subtitle`.
  for (const intro of findAll(main, (n) => hasClass(n, 'avatar__intro')))
    for (const n of findAll(intro, (n) => n.tagName === 'small' || hasClass(n, 'avatar__subtitle'))) facts.push(`author-title:${words(n)}`);
  for (const n of findAll(main, (n) => hasClass(n, 'listing__author-title'))) facts.push(`author-title:${words(n)}`);
  for (const n of findAll(main, (n) => n.tagName === 'img' && (hasClass(n, 'avatar__photo') || hasClass(n, 'listing__avatar'))))
    facts.push(`author-photo:${String(n.properties.src)}`);
  for (const a of findAll(main, (n) => n.tagName === 'a' && [n.properties?.rel ?? []].flat().includes('tag')))
    facts.push(`tag:${words(a).replace(/ /g, '')}→${hrefOf(a, base)}`);
  const posts = findAll(
    tree,
    (n) => n.tagName === 'nav' && (hasClass(n, 'blog-sidebar') || /recent posts/i.test(String(n.properties?.ariaLabel ?? ''))),
  )[0];
  for (const a of posts ? findAll(posts, (n) => n.tagName === 'a') : []) facts.push(`blog-sidebar:${words(a)}→${hrefOf(a, base)}`);
  // A doc of an older or unreleased version: the banner's link to the last version, and the version badge.
  const banner = findAll(tree, (n) => hasClass(n, 'theme-doc-version-banner') || hasClass(n, 'version-banner'))[0];
  for (const a of banner ? findAll(banner, (n) => n.tagName === 'a') : []) facts.push(`version-banner→${hrefOf(a, base)}`);
  const badge = findAll(tree, (n) => hasClass(n, 'theme-doc-version-badge') || hasClass(n, 'version-badge'))[0];
  if (badge) facts.push(`version-badge:${words(badge)}`);
  const crumbs = findAll(tree, (n) => n.tagName === 'nav' && (hasClass(n, 'theme-doc-breadcrumbs') || hasClass(n, 'breadcrumbs')))[0];
  for (const li of crumbs ? findAll(crumbs, (n) => n.tagName === 'li' && hasClass(n, 'breadcrumbs__item')) : []) {
    const a = findAll(li, (n) => n.tagName === 'a')[0];
    if (a && (a.properties?.ariaLabel ?? '') !== '' && words(li) === '') continue; // the home icon
    facts.push(`crumb:${words(li)}${a ? `→${hrefOf(a, base)}` : ''}`);
  }
  return facts;
}

/**
 * The blog's feeds (`rss.xml`, `atom.xml` of each blog folder both wrote): per entry, in order, its title, address
 * (without a trailing slash: Docusaurus's default addresses have none), authors (name and link), categories, and the
 * words of its content. Returns the facts only one of them has, per feed file.
 */
function feedsDiff(dzOut, qOut) {
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '@',
    isArray: (name) => ['entry', 'item', 'author', 'category'].includes(name),
  });
  const bare = (u) => String(u ?? '').replace(/\/(?=$|#)/, '');
  const words = (html) => normText(textOf(fromHtml(String(html ?? ''), { fragment: true })).join(''));
  const factsOf = (file) => {
    const doc = parser.parse(readFileSync(file, 'utf8'));
    const facts = [];
    if (doc.feed) {
      facts.push(`title:${doc.feed.title}`, `icon:${doc.feed.icon ?? ''}`);
      for (const [i, e] of (doc.feed.entry ?? []).entries()) {
        const content = typeof e.content === 'object' ? e.content['#text'] : e.content;
        facts.push(`${i}:title:${typeof e.title === 'object' ? e.title['#text'] : e.title}`, `${i}:id:${bare(e.id)}`);
        for (const a of e.author ?? []) facts.push(`${i}:author:${a.name}→${bare(a.uri ?? '')}`);
        for (const c of e.category ?? []) facts.push(`${i}:category:${c['@label']}/${c['@term'] ?? ''}`);
        facts.push(`${i}:content:${words(content).toLowerCase().slice(0, 4000)}`);
      }
    } else if (doc.rss) {
      const ch = doc.rss.channel;
      facts.push(`title:${ch.title}`);
      for (const [i, e] of (ch.item ?? []).entries()) {
        facts.push(`${i}:title:${e.title}`, `${i}:link:${bare(e.link)}`);
        for (const c of e.category ?? []) facts.push(`${i}:category:${typeof c === 'object' ? c['#text'] : c}`);
        facts.push(`${i}:content:${words(e['content:encoded']).toLowerCase().slice(0, 4000)}`);
      }
    }
    return facts;
  };
  const out = [];
  const walk = (dir, rel = '') => {
    for (const entry of readdirSync(path.join(dir, rel), { withFileTypes: true })) {
      const r = path.join(rel, entry.name);
      if (entry.isDirectory() && !['assets', 'pagefind', '_quire'].includes(entry.name) && rel.split(path.sep).length < 3) walk(dir, r);
      else if (/^(rss|atom)\.xml$/.test(entry.name)) {
        const q = path.join(realpathSync(qOut), r);
        if (!existsSync(q)) out.push({ file: r, onlyDocusaurus: true });
        else {
          const a = factsOf(path.join(dir, r));
          const b = factsOf(q);
          const only = { docusaurus: missing(a, b), quire: missing(b, a) };
          out.push({
            file: r,
            entries: [a.filter((f) => /^\d+:id|^\d+:link/.test(f)).length, b.filter((f) => /^\d+:id|^\d+:link/.test(f)).length],
            ...only,
          });
        }
      }
    }
  };
  if (existsSync(dzOut)) walk(dzOut);
  return out;
}

/** The navbar's and footer's links and texts, the same on every page: compared once per project. */
function siteChromeOf(tree, url) {
  const base = new URL(url, 'http://site.invalid');
  const words = (n) => normText(textOf(n).join(''));
  const facts = [];
  const navbar = findAll(tree, (n) => n.tagName === 'nav' && hasClass(n, 'navbar'))[0];
  for (const a of navbar ? findAll(navbar, (n) => n.tagName === 'a' || n.tagName === 'button') : []) {
    if (hasClass(a, 'navbar__toggle') || hasClass(a, 'navbar__brand') || hasClass(a, 'color-mode-toggle')) continue;
    // The search: Algolia's button in Docusaurus, a link to the search page in quire.
    if (hasClass(a, 'DocSearch-Button') || hasClass(a, 'search-button')) facts.push('navbar:search');
    else if (inner(a) === '') continue;
    // A dropdown's own label: a link in Docusaurus, a button in quire.
    else if (a.tagName === 'button' || (hasClass(a, 'navbar__link') && a.properties?.ariaHasPopup))
      facts.push(`navbar:dropdown:${inner(a)}`);
    else if (a.tagName === 'a') facts.push(`navbar:${words(a)}→${hrefOf(a, base)}`);
  }
  const footer = findAll(tree, (n) => n.tagName === 'footer' && hasClass(n, 'footer'))[0];
  for (const n of footer
    ? findAll(footer, (n) => n.tagName === 'a' || hasClass(n, 'footer__title') || hasClass(n, 'footer__copyright'))
    : []) {
    if (n.tagName === 'a') facts.push(`footer:${words(n)}→${hrefOf(n, base)}`);
    else facts.push(`footer:${hasClass(n, 'footer__title') ? 'title' : 'copyright'}:${words(n)}`);
  }
  return facts;
}

function sidebarDocusaurus(ul, depth, facts, base) {
  for (const li of (ul.children ?? []).filter((c) => c.tagName === 'li')) {
    const collapsible = (li.children ?? []).find((c) => hasClass(c, 'menu__list-item-collapsible'));
    if (collapsible) {
      const a = findAll(collapsible, (n) => n.tagName === 'a')[0];
      // A category without a page of its own links to its first doc (no script): not a link of its own; nor is one
      // that cannot collapse (`collapsible: false`), drawn as an <a> without href.
      const own = a && !hasClass(a, 'menu__link--sublist-caret') && a.properties?.href !== undefined;
      const open = !hasClass(li, 'menu__list-item--collapsed');
      facts.push(
        `sidebar:${depth}:${open ? '[-]' : '[+]'} ${normText(textOf(a ?? collapsible).join(''))}${own ? `→${hrefOf(a, base)}` : ''}`,
      );
      const sub = (li.children ?? []).find((c) => c.tagName === 'ul');
      if (open && sub) sidebarDocusaurus(sub, depth + 1, facts, base);
    } else facts.push(sidebarLeaf(li, depth, base));
  }
}

/** A sidebar item that is no category, as both generators write it: its label, where it leads, whether it is current. */
function sidebarLeaf(li, depth, base) {
  const a = findAll(li, (n) => n.tagName === 'a')[0];
  const current = a?.properties?.ariaCurrent === 'page' ? ' (current)' : '';
  return `sidebar:${depth}:${normText(textOf(a ?? li).join(''))}${a ? `→${hrefOf(a, base)}` : ''}${current}`;
}

function sidebarQuire(ul, depth, facts, base) {
  for (const li of (ul?.children ?? []).filter((c) => c.tagName === 'li')) {
    const details = (li.children ?? []).find((c) => c.tagName === 'details');
    if (details) {
      const own = (li.children ?? []).find((c) => c.tagName === 'a');
      const summary = (details.children ?? []).find((c) => c.tagName === 'summary');
      const label = normText(textOf(own ?? summary).join(''));
      const open = details.properties?.open !== undefined && details.properties?.open !== false;
      facts.push(`sidebar:${depth}:${open ? '[-]' : '[+]'} ${label}${own ? `→${hrefOf(own, base)}` : ''}`);
      const sub = (details.children ?? []).find((c) => c.tagName === 'ul');
      if (open && sub) sidebarQuire(sub, depth + 1, facts, base);
    } else facts.push(sidebarLeaf(li, depth, base));
  }
}

/** A link's target as compared: the same page with or without the trailing slash or `.html`. */
function hrefOf(a, base) {
  if (!URL.canParse(String(a.properties?.href ?? ''), base)) return String(a.properties.href);
  const target = new URL(String(a.properties?.href ?? ''), base);
  if (target.origin !== base.origin) return target.href.replace(/\/$/, '');
  return `${target.pathname
    .replace(/index\.html$/, '')
    .replace(/\.html$/, '')
    .replace(/(.)\/$/, '$1')}${target.hash}`;
}

/** A control's own text (textOf leaves buttons out). */
const inner = (n) => normText((n.children ?? []).map((c) => textOf(c).join('')).join(''));

const normText = (s) =>
  String(s ?? '')
    .replace(/\u200b/g, '')
    .replace(/[“”„«»]/g, '"')
    .replace(/[‘’]/g, "'")
    .replace(/\s+/g, ' ')
    .trim();

/** The navbar and footer of the home page (else the first page both wrote), each side's facts the other lacks. */
function siteChromeDiff(dzPages, qPages, both) {
  const url = both.includes('/') ? '/' : both[0];
  if (url === undefined) return { url, docusaurus: [], quire: [] };
  const dz = siteChromeOf(fromHtml(readFileSync(dzPages.get(url), 'utf8')), url);
  const q = siteChromeOf(fromHtml(readFileSync(qPages.get(url), 'utf8')), url);
  return { url, docusaurus: missing(dz, q), quire: missing(q, dz) };
}

/** The chrome's differences: the site's once, then by kind (sidebar, toc, pager, crumb) with a few pages each. */
function printChrome(report) {
  const { siteChrome, chromeDiffering } = report;
  console.log(`site chrome (navbar, footer of ${siteChrome.url}): ${siteChrome.docusaurus.length + siteChrome.quire.length} facts differ`);
  if (siteChrome.docusaurus.length) console.log(`    only Docusaurus: ${clip(siteChrome.docusaurus, 12)}`);
  if (siteChrome.quire.length) console.log(`    only quire: ${clip(siteChrome.quire, 12)}`);
  console.log(
    `page chrome (sidebar, table of contents, previous/next, breadcrumbs, a post's authors, tags, recent posts) differing: ${chromeDiffering.length} pages`,
  );
  for (const kind of ['sidebar', 'toc', 'pager', 'crumb', 'author', 'author-title', 'author-photo', 'tag', 'blog-sidebar']) {
    const pages = chromeDiffering.filter((d) => [...d.docusaurus, ...d.quire].some((f) => f.startsWith(`${kind}:`)));
    if (pages.length === 0) continue;
    console.log(`  ${kind}: ${pages.length} pages`);
    for (const d of pages.slice(0, hunksShown)) {
      const of = (list) => list.filter((f) => f.startsWith(`${kind}:`));
      console.log(`    ${d.url}: only Docusaurus ${clip(of(d.docusaurus), 4)} | only quire ${clip(of(d.quire), 4)}`);
    }
  }
}

/** What one list has that the other lacks, counting repeats (a multiset difference). */
function missing(from, other) {
  const counts = new Map();
  for (const x of other) counts.set(x, (counts.get(x) ?? 0) + 1);
  const out = [];
  for (const x of from) {
    const n = counts.get(x) ?? 0;
    if (n > 0) counts.set(x, n - 1);
    else out.push(x);
  }
  return out;
}

/** Myers' diff of two word lists: the hunks (removed words, added words, position), or null past `limit` edits. */
function diffWords(a, b, limit = 1500) {
  const max = a.length + b.length;
  const v = new Map([[1, 0]]);
  const trace = [];
  for (let d = 0; d <= Math.min(max, limit); d++) {
    trace.push(new Map(v));
    for (let k = -d; k <= d; k += 2) {
      let x = k === -d || (k !== d && (v.get(k - 1) ?? -1) < (v.get(k + 1) ?? -1)) ? (v.get(k + 1) ?? 0) : (v.get(k - 1) ?? 0) + 1;
      let y = x - k;
      while (x < a.length && y < b.length && a[x] === b[y]) {
        x++;
        y++;
      }
      v.set(k, x);
      if (x >= a.length && y >= b.length) return hunksFrom(trace, a, b, d);
    }
  }
  return null;
}
function hunksFrom(trace, a, b, dEnd) {
  const ops = [];
  let x = a.length;
  let y = b.length;
  for (let d = dEnd; d > 0; d--) {
    const v = trace[d];
    const k = x - y;
    const down = k === -d || (k !== d && (v.get(k - 1) ?? -1) < (v.get(k + 1) ?? -1));
    const prevK = down ? k + 1 : k - 1;
    const prevX = v.get(prevK) ?? 0;
    const prevY = prevX - prevK;
    while (x > prevX && y > prevY) {
      x--;
      y--;
    }
    if (down) ops.push({ op: '+', at: x, word: b[prevY] });
    else ops.push({ op: '-', at: prevX, word: a[prevX] });
    x = prevX;
    y = prevY;
  }
  ops.reverse();
  const hunks = [];
  for (const o of ops) {
    const last = hunks.at(-1);
    const h = last && o.at <= last.end ? last : { at: o.at, end: o.at, removed: [], added: [] };
    if (h !== last) hunks.push(h);
    if (o.op === '-') {
      h.removed.push(o.word);
      h.end = o.at + 1;
    } else h.added.push(o.word);
  }
  return hunks.map((h) => ({ ...h, before: a.slice(Math.max(0, h.at - 6), h.at).join(' ') }));
}

/** The locales other than the one built, as quire's Q003 names them ("… the others under /zh-CN/, /fr/."). */
function otherLocales(output) {
  const m = /builds one locale per run, .* the others under ((?:\/[^/\s,]+\/(?:, )?)+)\./.exec(output);
  return m ? m[1].split(', ').map((l) => l.slice(1, -1)) : [];
}

/** quire's diagnostics from its terminal output: severity, code, place and first message line. */
function diagnosticsOf(output) {
  const found = [];
  const lines = output.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const m = /^(error|warning|info) (Q\d+) (.*)$/.exec(lines[i]);
    if (m) found.push({ severity: m[1], code: m[2], place: m[3], message: (lines[i + 1] ?? '').trim() });
  }
  return found;
}

const clip = (words, n = 14) => (words.length > n ? `${words.slice(0, n).join(' ')} …(${words.length} words)` : words.join(' '));

for (const folder of folders) {
  const name = path.basename(folder) === 'website' ? path.basename(path.dirname(folder)) : path.basename(folder);
  const dir = path.join(work, name);
  mkdirSync(dir, { recursive: true });
  const dzOut = path.join(dir, 'docusaurus-out');
  const qOut = path.join(dir, 'quire-out');
  const dzTiming = path.join(dir, 'docusaurus-timing.json');

  let dz;
  if (reuse && existsSync(dzTiming) && existsSync(dzOut)) dz = JSON.parse(readFileSync(dzTiming, 'utf8'));
  else {
    rmSync(dzOut, { recursive: true, force: true });
    // Docusaurus keeps a webpack/rspack cache in node_modules/.cache and .docusaurus: cleared for a cold build.
    rmSync(path.join(folder, 'node_modules/.cache'), { recursive: true, force: true });
    rmSync(path.join(folder, '.docusaurus'), { recursive: true, force: true });
    const r = timed('npx', ['docusaurus', 'build', '--out-dir', dzOut], folder, path.join(dir, 'docusaurus.log'));
    dz = { status: r.status, seconds: r.seconds, peakMB: r.peakMB };
    writeFileSync(dzTiming, JSON.stringify(dz));
    if (r.status !== 0) console.error(`${name}: docusaurus build failed (${r.status}), see ${dir}/docusaurus.log`);
  }

  // A failed quire build leaves the previous output in place: removed first, so no page is counted twice.
  rmSync(qOut, { recursive: true, force: true });
  const first = timed('node', [quire, 'build', '--root', folder, '--out', qOut, '--no-cache'], folder, path.join(dir, 'quire.log'));
  // quire builds one locale per run (Q003 names the others): each other locale of the project is built on its own,
  // into its own folder, whose `<locale>/` holds the pages Docusaurus writes under `/<locale>/`.
  // Only those Docusaurus built too (a project may limit its build to one, as pnpm.io's LOCALE_CI does).
  const locales = otherLocales(first.output).filter((l) => existsSync(path.join(dzOut, l)));
  const localeRuns = locales.map((locale) => {
    const out = `${qOut}-${locale}`;
    rmSync(out, { recursive: true, force: true });
    const args = [quire, 'build', '--root', folder, '--out', out, '--no-cache', '--locale', locale];
    return { locale, out, ...timed('node', args, folder, path.join(dir, `quire-${locale}.log`)) };
  });
  // The builds' figures together: their times added, the largest peak, the worst exit status.
  const q = {
    status: Math.max(first.status ?? 1, ...localeRuns.map((r) => r.status ?? 1)),
    seconds: first.seconds + localeRuns.reduce((n, r) => n + r.seconds, 0),
    peakMB: Math.max(first.peakMB, ...localeRuns.map((r) => r.peakMB)),
    locales: [{ locale: 'default', seconds: first.seconds, peakMB: first.peakMB, status: first.status }].concat(
      localeRuns.map((r) => ({ locale: r.locale, seconds: r.seconds, peakMB: r.peakMB, status: r.status })),
    ),
  };
  const diagnostics = [first, ...localeRuns].flatMap((r) => diagnosticsOf(r.output));
  const byCode = new Map();
  for (const d of diagnostics) {
    const g = byCode.get(d.code) ?? { code: d.code, severity: d.severity, count: 0, example: d };
    g.count++;
    byCode.set(d.code, g);
  }

  const dzPages = existsSync(dzOut) ? pagesOf(dzOut) : new Map();
  const qPages = existsSync(qOut) ? pagesOf(qOut) : new Map();
  for (const r of localeRuns) {
    if (!existsSync(r.out)) continue;
    for (const [u, f] of pagesOf(r.out)) if (u.split('/')[1] === r.locale || u.split('/')[2] === r.locale) qPages.set(u, f);
  }
  // With a `baseUrl` such as `/proj/`, quire writes the site into `<out>/proj/` and Docusaurus into `<out>/`: the
  // same URLs once quire's common first folder is taken off.
  const firsts = new Set([...qPages.keys()].map((u) => u.split('/')[1]));
  if (firsts.size === 1 && dzPages.size > 0 && ![...dzPages.keys()].some((u) => u.startsWith(`/${[...firsts][0]}/`))) {
    const prefix = `/${[...firsts][0]}`;
    for (const [u, f] of [...qPages]) {
      qPages.delete(u);
      qPages.set(u.slice(prefix.length), f);
    }
  }
  const both = [...dzPages.keys()].filter((u) => qPages.has(u)).sort();
  const differing = [];
  const chromeDiffering = [];
  const notCompared = [];
  for (const url of both) {
    let dzPage = contentOf(dzPages.get(url), url);
    let qPage = contentOf(qPages.get(url), url);
    // Lists of posts by what they show of each post.
    if (dzPage === null && qPage === null) {
      dzPage = listOf(dzPages.get(url), url);
      qPage = dzPage && listOf(qPages.get(url), url);
    }
    // React pages (the project's own `src/pages`): what both draw inside the layout's content area.
    if (dzPage === null && qPage === null) {
      dzPage = wrapperOf(dzPages.get(url));
      qPage = dzPage && wrapperOf(qPages.get(url));
    }
    // Generated lists (archive, tags, authors, a category's index): the pages they link to.
    if (dzPage === null || qPage === null) {
      dzPage = linksOf(dzPages.get(url), url);
      qPage = dzPage && linksOf(qPages.get(url), url);
    }
    if ((dzPage === null || qPage === null) && url === '/404/') {
      dzPage = notFoundOf(dzPages.get(url));
      qPage = notFoundOf(qPages.get(url));
    }
    if (dzPage === null || qPage === null) {
      notCompared.push(url);
      continue;
    }
    const a = dzPage.text.split(' ').filter(Boolean);
    const b = qPage.text.split(' ').filter(Boolean);
    const hunks = diffWords(a, b);
    const structure = { docusaurus: missing(dzPage.structure, qPage.structure), quire: missing(qPage.structure, dzPage.structure) };
    {
      const dzChrome = chromeOf(fromHtml(readFileSync(dzPages.get(url), 'utf8')), url);
      const qChrome = chromeOf(fromHtml(readFileSync(qPages.get(url), 'utf8')), url);
      const only = { docusaurus: missing(dzChrome, qChrome), quire: missing(qChrome, dzChrome) };
      if (only.docusaurus.length + only.quire.length > 0) chromeDiffering.push({ url, ...only });
    }
    const structural = structure.docusaurus.length + structure.quire.length > 0;
    if (hunks === null) differing.push({ url, words: [a.length, b.length], hunks: null, structure });
    else if (hunks.length > 0 || structural) {
      const changed = hunks.reduce((n, h) => n + h.removed.length + h.added.length, 0);
      differing.push({ url, words: [a.length, b.length], changed, hunks, structure });
    }
  }
  const report = {
    folder,
    docusaurus: dz,
    quire: { status: q.status, seconds: q.seconds, peakMB: q.peakMB, pages: qPages.size, locales: q.locales },
    docusaurusPages: dzPages.size,
    onlyDocusaurus: [...dzPages.keys()].filter((u) => !qPages.has(u)).sort(),
    onlyQuire: [...qPages.keys()].filter((u) => !dzPages.has(u)).sort(),
    compared: both.length - notCompared.length,
    notCompared,
    diagnostics: [...byCode.values()],
    differing,
    chromeDiffering,
    siteChrome: siteChromeDiff(dzPages, qPages, both),
    feeds: existsSync(qOut) ? feedsDiff(dzOut, qOut) : [],
  };
  writeFileSync(path.join(dir, 'report.json'), JSON.stringify(report, null, 1));

  console.log(`\n== ${name} (${folder})`);
  console.log(`Docusaurus: ${dz.seconds.toFixed(1)} s, ${dz.peakMB} MB, ${dzPages.size} pages, exit ${dz.status}`);
  console.log(
    `quire:      ${q.seconds.toFixed(1)} s, ${q.peakMB} MB, ${qPages.size} pages, exit ${q.status}, ${diagnostics.length} diagnostics`,
  );
  if (q.locales.length > 1) {
    console.log(
      `  one build per locale: ${q.locales.map((l) => `${l.locale} ${l.seconds.toFixed(1)} s, ${l.peakMB} MB, exit ${l.status}`).join('; ')}`,
    );
  }
  for (const g of report.diagnostics) console.log(`  ${g.severity} ${g.code} ×${g.count}: ${g.example.place} — ${g.example.message}`);
  console.log(`only in Docusaurus's output (${report.onlyDocusaurus.length}): ${report.onlyDocusaurus.join(' ')}`);
  console.log(`only in quire's output (${report.onlyQuire.length}): ${report.onlyQuire.join(' ')}`);
  console.log(`not compared (lists and React pages, ${notCompared.length}): ${notCompared.join(' ')}`);
  console.log(`pages compared: ${report.compared}, differing: ${differing.length}`);
  printChrome(report);
  for (const f of report.feeds) {
    if (f.onlyDocusaurus) console.log(`  feed ${f.file}: only Docusaurus wrote it`);
    else if (f.docusaurus.length + f.quire.length === 0) console.log(`  feed ${f.file}: ${f.entries[0]} entries, equal`);
    else {
      console.log(
        `  feed ${f.file}: ${f.entries[0]} entries (quire ${f.entries[1]}), ${f.docusaurus.length + f.quire.length} facts differ`,
      );
      if (f.docusaurus.length) console.log(`    only Docusaurus: ${clip(f.docusaurus, 6)}`);
      if (f.quire.length) console.log(`    only quire: ${clip(f.quire, 6)}`);
    }
  }
  for (const d of differing) {
    if (d.hunks === null) console.log(`  ${d.url}: text entirely different (${d.words[0]} vs ${d.words[1]} words)`);
    else {
      console.log(`  ${d.url}: ${d.changed} words changed of ${d.words[0]} (quire ${d.words[1]})`);
      for (const h of d.hunks.slice(0, hunksShown)) {
        console.log(`    after "${clip(h.before.split(' '), 6)}": Docusaurus "${clip(h.removed)}" | quire "${clip(h.added)}"`);
      }
      if (d.hunks.length > hunksShown) console.log(`    … ${d.hunks.length - hunksShown} more`);
    }
    // Heading ids, link targets and image alt texts only one of them has.
    if (d.structure.docusaurus.length > 0) console.log(`    only Docusaurus: ${clip(d.structure.docusaurus, 8)}`);
    if (d.structure.quire.length > 0) console.log(`    only quire: ${clip(d.structure.quire, 8)}`);
  }
}
