import type { Root } from 'mdast';
import { toString } from 'mdast-util-to-string';
import type { PluggableList } from 'unified';
import { walk, type WalkNode } from './plugins/walk.ts';
import { TRUNCATE_ELEMENT } from '../shared/markers.ts';
import { relativeBaseOf } from '../shared/addresses.ts';
import type { Compiled, ComponentUse, MermaidSettings, Source } from '../types.ts';
import { normalizeAdmonitionTitles, remarkAdmonitions } from './plugins/admonitions.ts';
import { rehypeCode } from './plugins/code.ts';
import { rehypeTables } from './plugins/tables.ts';
import { remarkEmoji } from './plugins/emoji.ts';
import { rehypeHeadingLinks } from './plugins/heading-links.ts';
import { rehypeDetailsSummary } from './plugins/details.ts';
import { remarkRestoreUnknownDirectives } from './plugins/directives.ts';
import { remarkSyntax, type SyntaxParts } from './plugins/syntax.ts';
import { escapeHeadingIds, remarkHeadingIds } from './plugins/heading-ids.ts';
import { placeIn, rehypeFileMarkers, remarkLinks, type LinkOptions } from './plugins/links.ts';
import type { PageAddresses } from './addresses.ts';
import { IMPORTED, remarkImports, remarkToc } from './plugins/imports.ts';
import { remarkFrontMatterName } from './plugins/front-matter-name.ts';
import { remarkHead } from './plugins/head.ts';
import { remarkThemeModules } from './plugins/theme-modules.ts';
import { remarkGlobalComponents, type GlobalComponents } from './plugins/global-components.ts';
import { remarkNpm2Yarn, type Npm2YarnSettings } from './plugins/npm2yarn.ts';
import { remarkNotes } from './plugins/notes.ts';
import type { PluginSettings, SectionPlugins } from './project-plugins.ts';
import type { MagicComment } from '../highlight/index.ts';

export { syntaxKey, syntaxPartsFor, type SyntaxParts } from './plugins/syntax.ts';

/**
 * The remark plugins both formats share, in order, for files using the given syntax extensions. They
 * take no other options: what differs per file (its route, its line offset) travels in `file.data`
 * (see `fileData`), so a processor is built once per combination of extensions and reused.
 */
export const remarkPluginsFor = (parts: SyntaxParts, project?: SectionPlugins): PluggableList => [
  remarkFreshData,
  [remarkSyntax, parts],
  // A Docusaurus project's own plugins where its MDX loader runs them: `beforeDefaultRemarkPlugins` before its own
  // (quire's here), `remarkPlugins` after them (https://docusaurus.io/docs/markdown-features/plugins).
  ...(project?.beforeRemark ?? []),
  remarkBlogContentTitle,
  remarkNpm2Yarn,
  remarkGlobalComponents,
  remarkThemeModules,
  remarkImports,
  remarkNotes,
  remarkAdmonitions,
  remarkRestoreUnknownDirectives,
  remarkHeadingIds,
  remarkEmoji,
  remarkToc,
  remarkFrontMatterName,
  showsAddresses(project) ? [remarkLinks, { beforeProject: !!project?.remark.length, show: true }] : remarkLinks,
  remarkHead,
  ...(project?.remark ?? []),
  // What those plugins added that names theme modules or imports (tab-blocks' `<Tabs>` with their import), as
  // Docusaurus's bundler would resolve it after every remark plugin has run.
  // Their links too: a relative link they write is resolved as quire resolves the page's own (see relativeUrls).
  ...(project?.remark.length ? [remarkThemeModulesAgain, remarkImportsAgain, remarkLinksAgain] : []),
  remarkSummary,
];

/**
 * A page's own remark plugins (after quire's) or rehype plugins see its links to Markdown files as their pages'
 * addresses, as under Docusaurus (src/compile/addresses.ts); `beforeDefaultRemarkPlugins` see them as written.
 */
function showsAddresses(project: SectionPlugins | undefined): boolean {
  return !!(project?.remark.length || project?.beforeRehype.length || project?.rehype.length);
}

/** The same passes a second time: unified attaches a plugin function once, however often it is listed. */
const remarkThemeModulesAgain = () => remarkThemeModules();
const remarkImportsAgain = () => remarkImports();
const remarkLinksAgain = () => remarkLinks({ again: true });

/**
 * Each run starts from the file's own settings only. An `.mdx` page that turns out to need MDX's code is run a
 * second time (processSource), and both runs' VFiles hold the same `data` object: what the first run collected
 * (notes, links, assets, anchors) was collected again on top, so each note of such a page (one with an `export`)
 * was reported twice and each link checked twice.
 */
function remarkFreshData() {
  return (_tree: Root, file: { data: Record<string, unknown> }) => {
    for (const key of Object.keys(file.data)) if (!(FILE_SETTINGS as readonly string[]).includes(key)) delete file.data[key];
  };
}

/** The keys of fileData: a run's settings, kept when remarkFreshData clears what an earlier run collected. */
const FILE_SETTINGS = [
  'linkOptions',
  'admonitionTitles',
  'keepImports',
  'npm2yarn',
  'projectRemark',
  'mdxComponents',
  'headingLinks',
  'headingIds',
  'mermaid',
  'magicComments',
  'blogPost',
  'pageAddresses',
  'emoji',
  'detailsSummary',
  'spacedAdmonitionTitles',
  'frontMatter',
] as const;

/** The per-file data the plugins read. */
export function fileData(
  source: Source,
  baseUrl: string,
  texts: { admonitions: Record<string, string>; headingLink?: string },
  {
    relativeUrls = 'slash',
    npm2yarn,
    plugins,
    mdxComponents,
    headingLinks,
    headingIds = 'quire',
    mermaid,
    magicComments,
    newTabLinks,
    linksMayHaveBase,
    addresses,
    emoji,
    detailsSummary,
    spacedAdmonitionTitles = true,
  }: PageSettings = {},
): Record<(typeof FILE_SETTINGS)[number], unknown> {
  const relativeBase = relativeBaseOf(source, relativeUrls);
  return {
    linkOptions: {
      baseUrl,
      pagePath: source.path,
      file: source.file,
      lineOffset: source.bodyLine,
      ...(relativeBase ? { relativeBase } : {}),
      ...(newTabLinks ? { newTab: true } : {}),
      ...(linksMayHaveBase ? { mayHaveBase: true } : {}),
      ...(addresses && plugins ? contentRootOf(source, plugins.folders) : {}),
    },
    admonitionTitles: texts.admonitions,
    keepImports: false,
    // The page's front matter, for its MDX code that reads `frontMatter` (remarkFrontMatterName).
    frontMatter: source.frontMatter,
    // The tabs it makes are components: MDX pages only.
    npm2yarn: source.format === 'mdx' ? npm2yarn : undefined,
    // The project runs remark plugins of its own, which may read words of a code block's meta (see rehypeCode).
    projectRemark: Object.values(plugins?.ref.sections ?? {}).some(
      (lists) => lists?.remarkPlugins?.length || lists?.beforeDefaultRemarkPlugins?.length,
    ),
    // The components the project's MDXComponents adds: used without an import (remarkGlobalComponents).
    mdxComponents,
    // The label of each heading's link to itself (rehypeHeadingLinks), where the site's headings have one.
    headingLinks: headingLinks ? (texts.headingLink ?? 'Direct link to {heading}') : undefined,
    // Whose rules make the headings' ids (SiteConfig.markdown.headingIds; remarkHeadingIds).
    headingIds,
    // `mermaid` code blocks are diagrams the browser draws (rehypeCode), with these settings.
    mermaid,
    // The kinds of magic comments in code blocks (SiteConfig.markdown.magicComments; rehypeCode).
    magicComments,
    // A post's title is drawn above it: its first `# heading` goes (remarkBlogContentTitle).
    blogPost: source.kind === 'blog',
    // Each content file's address, which the project's plugins see for a link to it (remarkLinks' `show`).
    pageAddresses: plugins ? addresses?.byFile : undefined,
    // Emoji shortcodes become their emoji (SiteConfig.markdown.emoji; remarkEmoji).
    emoji: emoji === true,
    // The summary a `<details>` without one gets (SiteConfig.markdown.detailsSummary; rehypeDetailsSummary).
    detailsSummary,
    // `:::tip Title` stays text, each one told (SiteConfig.markdown.spacedAdmonitionTitles; remarkNotes).
    spacedAdmonitionTitles,
  };
}

/**
 * The content folder a page is in (a docs version's or instance's, the blog's, the pages'), as resolveFromContentRoot
 * (src/plan/file-links.ts) finds it: a translation by its original's place.
 */
function contentRootOf(source: Source, folders: NonNullable<PageSettings['plugins']>['folders']): { contentRoot?: string } {
  const roots = [...folders.docs, ...folders.instances, folders.blog, folders.pages]
    .filter((r): r is string => r !== null)
    .map((r) => r.replace(/\/$/, ''));
  const root = roots.find((r) => (source.origin ?? source.file).startsWith(r + '/'));
  return root === undefined ? {} : { contentRoot: root };
}

/** What the site's config sets for how every page compiles, besides its base path and texts. */
export interface PageSettings {
  relativeUrls?: 'slash' | 'noSlash';
  npm2yarn?: Npm2YarnSettings;
  /** A Docusaurus project's remark and rehype plugins (project-plugins.ts). */
  plugins?: PluginSettings;
  /** The components a Docusaurus project's `src/theme/MDXComponents` adds (SiteConfig.mdxComponents). */
  mdxComponents?: GlobalComponents;
  /** Headings link to themselves (SiteConfig.markdown.headingLinks). */
  headingLinks?: boolean;
  /** Whose rules make the headings' ids (SiteConfig.markdown.headingIds). */
  headingIds?: 'quire' | 'docusaurus';
  /** `mermaid` code blocks are diagrams, drawn with this script, themes and options (SiteConfig.markdown.mermaid). */
  mermaid?: MermaidSettings;
  /** Markdown links to other sites open a new tab (SiteConfig.markdown.newTabLinks). */
  newTabLinks?: boolean;
  /** A site path written with the base path in it leads under the base (SiteConfig.markdown.linksMayHaveBase). */
  linksMayHaveBase?: boolean;
  /** The kinds of magic comments in code blocks (SiteConfig.markdown.magicComments); unset, the highlight comments. */
  magicComments?: readonly MagicComment[];
  /** The content files' addresses a project's plugins see for links to them (src/compile/addresses.ts). */
  addresses?: PageAddresses;
  /** Emoji shortcodes become their emoji (SiteConfig.markdown.emoji). */
  emoji?: boolean;
  /** The summary a `<details>` without one gets (SiteConfig.markdown.detailsSummary). */
  detailsSummary?: string;
  /** `:::tip Title` is read as `:::tip[Title]` (SiteConfig.markdown.spacedAdmonitionTitles); default true. */
  spacedAdmonitionTitles?: boolean;
  /** How a `.md`/`.mdx` partial a page imports is read, unless its own `mdx.format` says (SiteConfig.markdown.format); default `mdx`. */
  markdownFormat?: 'md' | 'mdx' | 'detect';
}

/**
 * rehypeCode stays last: the MDX tree processor ends with it (see processors.ts). A project's rehype plugins run
 * first, as under Docusaurus, where code is highlighted in the browser and its plugins see the plain code blocks.
 */
export const rehypePluginsFor = (project?: SectionPlugins): PluggableList => [
  ...(project?.beforeRehype ?? []),
  ...(project?.rehype ?? []),
  ...(showsAddresses(project) ? [rehypeFileMarkers] : []),
  rehypeHeadingLinks,
  rehypeDetailsSummary,
  rehypeTables,
  rehypeCode,
];

/** What an element holds directly: component names, `#text` for text that is not blank (paragraphs looked through). */
function childKinds(children: WalkNode[]): string[] {
  const out: string[] = [];
  for (const child of children as (WalkNode & { name?: unknown })[]) {
    if (child.type === 'paragraph') out.push(...childKinds(child.children ?? []));
    else if ((child.type === 'mdxJsxFlowElement' || child.type === 'mdxJsxTextElement') && typeof child.name === 'string')
      out.push(child.name);
    else if (child.type === 'text' && typeof child.value === 'string' && !child.value.trim()) continue;
    // `{/* Anmerkung */}` shows nothing; any other expression is the writer's own business.
    else if (child.type === 'mdxFlowExpression' || child.type === 'mdxTextExpression') continue;
    else out.push('#text');
  }
  return [...new Set(out)];
}

/** Docusaurus's excerpt markers: `{/* truncate *\/}` (MDX) and `<!-- truncate -->` (Markdown). */
const TRUNCATE = /^\s*(?:\/\*\s*truncate\s*\*\/|<!--\s*truncate\s*-->)\s*$/;

/**
 * The text of what comes before a truncate marker (a blog post's excerpt, as Docusaurus's list shows it), or
 * undefined without one. Headings and paragraphs, joined; the marker is a top-level block.
 */
function beforeTruncate(tree: Root): string | undefined {
  const at = truncateAt(tree);
  if (at < 0) return undefined;
  const text = tree.children
    .slice(0, at)
    .filter((node) => node.type === 'paragraph' || node.type === 'list' || node.type === 'blockquote')
    .map((node) => toString(node).trim())
    .filter(Boolean)
    .join(' ');
  return text || undefined;
}

/**
 * The line (of the body) of a post's truncate marker where something before it (a reference link or image, a
 * footnote) is defined only after it: a list of posts shows the post as Docusaurus compiles its text up to the
 * marker alone (plugin-content-blog's markdown loader truncates the file's text before its MDX loader runs), where
 * the reference is no link (`[name]` as written) and the footnote no footnote. Undefined otherwise.
 */
function referencesPastCut(tree: Root, marker: number): number | undefined {
  const line = tree.children[marker].position?.start.line;
  if (line === undefined) return undefined;
  const defined = (nodes: Root['children']) => {
    const keys = new Set<string>();
    for (const node of nodes)
      walk(node as WalkNode, (n) => {
        const id = (n as { identifier?: string }).identifier;
        if (n.type === 'definition' || n.type === 'footnoteDefinition') keys.add(`${n.type}:${id}`);
      });
    return keys;
  };
  const before = defined(tree.children.slice(0, marker));
  const after = defined(tree.children.slice(marker + 1));
  if (!after.size) return undefined;
  const kinds: Record<string, string> = {
    linkReference: 'definition',
    imageReference: 'definition',
    footnoteReference: 'footnoteDefinition',
  };
  let found = false;
  for (const node of tree.children.slice(0, marker))
    walk(node as WalkNode, (n) => {
      const kind = kinds[n.type];
      const key = kind && `${kind}:${(n as { identifier?: string }).identifier}`;
      if (key && !before.has(key) && after.has(key)) found = true;
    });
  return found ? line : undefined;
}

/** The top-level index of a truncate marker, or -1. */
function truncateAt(tree: Root): number {
  return tree.children.findIndex(
    (node) =>
      ((node.type === 'html' || (node.type as string) === 'mdxFlowExpression') &&
        TRUNCATE.test(String((node as { value?: unknown }).value ?? ''))) ||
      // `<!-- truncate -->` in MDX, read by the comment plugin (see processors.ts).
      ((node.type as string) === 'comment' && /^\s*truncate\s*$/.test(String((node as { commentValue?: unknown }).commentValue ?? ''))),
  );
}

type EsmNode = {
  type: string;
  declaration?: EsmNode | null;
  declarations?: { id?: { type: string; name?: string } }[];
  id?: { name?: string } | null;
  specifiers?: { local?: { name?: string } }[];
};

/** The names an MDX file's `export` and `import` statements bind (`export const Highlight = …`, `function Note`). */
export function localBindings(tree: Root): Set<string> {
  const names = new Set<string>();
  const declare = (node: EsmNode | null | undefined) => {
    if (!node) return;
    if (node.type === 'VariableDeclaration')
      for (const d of node.declarations ?? []) if (d.id?.type === 'Identifier' && d.id.name) names.add(d.id.name);
    if ((node.type === 'FunctionDeclaration' || node.type === 'ClassDeclaration') && node.id?.name) names.add(node.id.name);
  };
  for (const child of tree.children as { type: string; data?: { estree?: { body?: EsmNode[] } } }[]) {
    if (child.type !== 'mdxjsEsm') continue;
    for (const statement of child.data?.estree?.body ?? []) {
      if (statement.type === 'ExportNamedDeclaration') declare(statement.declaration);
      else if (statement.type === 'ImportDeclaration') {
        for (const s of statement.specifiers ?? []) if (s.local?.name) names.add(s.local.name);
      } else declare(statement);
    }
  }
  return names;
}

/** The names the page's `import` statements bound (declarations by now: see remarkImports). */
function importedNames(tree: Root): Set<string> {
  const names = new Set<string>();
  for (const child of tree.children as { type: string; data?: { estree?: { body?: EsmNode[] } } }[])
    if (child.type === 'mdxjsEsm')
      for (const statement of child.data?.estree?.body ?? [])
        if (statement.type === 'VariableDeclaration' && (statement as Record<string, unknown>)[IMPORTED])
          for (const d of statement.declarations ?? []) if (d.id?.type === 'Identifier' && d.id.name) names.add(d.id.name);
  return names;
}

/** Expressions that make a value JSON cannot carry to the browser: a function or an element. */
const UNPLAIN = new Set(['ArrowFunctionExpression', 'FunctionExpression', 'JSXElement', 'JSXFragment']);

/**
 * The props of a use of an imported component written as a function or an element, and its children when they are
 * a function (`<BrowserOnly>{() => …}</BrowserOnly>`), named `children` (see Compiled.unplainProps).
 */
function unplainProps(
  node: { attributes: unknown[]; children?: unknown[] },
  component: string,
  options: LinkOptions,
): NonNullable<Compiled['unplainProps']> {
  const found: NonNullable<Compiled['unplainProps']> = [];
  const place = () => placeIn(node as Parameters<typeof placeIn>[0], options);
  const functionChild = (node.children ?? []).some((child) => {
    const c = child as { type: string; data?: { estree?: { body?: { expression?: { type: string } }[] } } };
    const type = c.data?.estree?.body?.[0]?.expression?.type;
    return (
      (c.type === 'mdxFlowExpression' || c.type === 'mdxTextExpression') &&
      (type === 'ArrowFunctionExpression' || type === 'FunctionExpression')
    );
  });
  if (functionChild) found.push({ component, prop: 'children', ...place() });
  for (const attribute of node.attributes as { type: string; name?: string; value?: unknown }[]) {
    if (attribute.type !== 'mdxJsxAttribute' || !attribute.value || typeof attribute.value !== 'object') continue;
    const expression = (attribute.value as { data?: { estree?: { body?: { expression?: { type: string } }[] } } }).data?.estree?.body?.[0]
      ?.expression;
    if (expression && UNPLAIN.has(expression.type))
      found.push({ component, prop: attribute.name ?? '', ...placeIn(node as Parameters<typeof placeIn>[0], options) });
  }
  return found;
}

/**
 * Source text rewrites that keep line numbers: `## Titel {#id}`, and `:::tip Titel` unless the site reads that as
 * text (`spacedAdmonitionTitles` false, as Docusaurus's preprocessor skips it without `markdown.mdx1Compat.admonitions`).
 */
export function prepareMarkdown(body: string, { spacedAdmonitionTitles = true }: PageSettings = {}): string {
  return escapeHeadingIds(spacedAdmonitionTitles ? normalizeAdmonitionTitles(body) : body);
}

/**
 * The h1 a page begins with, after its `import` statements (Docusaurus's metadata title: its
 * parseMarkdownContentTitle reads a `#` heading only there; `export`s and anything else before it stop it).
 */
function leadingH1(tree: Root): string | undefined {
  const first = tree.children.find((n) => !(n.type === 'mdxjsEsm' && /^import\s/.test(n.value)) && n.type !== 'yaml');
  return first?.type === 'heading' && first.depth === 1 ? headingTitle(first) : undefined;
}

const headingTitle = (node: Root['children'][number]) =>
  toString(node)
    .replace(/\s*\{#[^}]+\}\s*$/, '')
    .trim();

/**
 * A blog post's content title, as Docusaurus's blog takes it off (its contentTitle plugin, `removeContentTitle`): the
 * first `# heading` when no other heading or rule comes before it. The post's header shows the title already, so the
 * page said it twice (Electron's "Maintainer Summit 2022 Recap"). It stays the title's fallback (remarkSummary).
 */
function remarkBlogContentTitle() {
  return (tree: Root, file: { data: Record<string, unknown> }) => {
    if (!file.data.blogPost) return;
    const first = (parent: { children?: unknown[] }): [Root['children'][number], { children: unknown[] }] | undefined => {
      for (const child of (parent.children ?? []) as Root['children'][number][]) {
        if (child.type === 'heading' || child.type === 'thematicBreak') return [child, parent as { children: unknown[] }];
        const inner = 'children' in child ? first(child as { children?: unknown[] }) : undefined;
        if (inner) return inner;
      }
      return undefined;
    };
    const found = first(tree);
    if (!found || found[0].type !== 'heading' || found[0].depth !== 1) return;
    file.data.contentTitle = toString(found[0]).trim();
    found[1].children.splice(found[1].children.indexOf(found[0]), 1);
  };
}

/**
 * Records the first h1 (title fallback), the first paragraph (description fallback) and every use of an MDX
 * component with its place and props (for the errors an unknown component or a wrong prop gets).
 */
function remarkSummary() {
  return (tree: Root, file: { data: Record<string, unknown> }) => {
    const components = new Map<string, ComponentUse[]>();
    // A component the page defines itself (`export const Highlight = …`) is not the theme's to provide.
    const ownNames = localBindings(tree);
    const imported = importedNames(tree);
    const unplain: NonNullable<Compiled['unplainProps']> = [];
    // Each node's parent, and each component element's use, to name the component a use sits in.
    const parents = new Map<WalkNode, WalkNode>();
    const useOf = new Map<WalkNode, { name: string; index: number }>();
    let firstH1: string | undefined;
    let firstParagraph: string | undefined;
    /**
     * Whether the page has a content title as Docusaurus's MDX loader finds it (its contentTitle plugin): the first
     * heading of the tree, nested ones included, is an h1 and no thematic break comes before it. A doc without one
     * gets its title drawn above the content (DocItem's synthetic title), also when an h1 comes later
     * (gmail-processor's pages, whose front matter under a comment is read as a rule and a heading).
     */
    let contentTitleH1: boolean | undefined;
    walk(tree, (n: WalkNode, _index, parentNode) => {
      if (contentTitleH1 === undefined && (n.type === 'heading' || n.type === 'thematicBreak'))
        contentTitleH1 = n.type === 'heading' && (n as { depth?: number }).depth === 1;
      // Only what can stand between two components: a component element or the paragraph around an inline one.
      if (parentNode && (n.type === 'paragraph' || n.type === 'mdxJsxFlowElement' || n.type === 'mdxJsxTextElement'))
        parents.set(n, parentNode);
      const node = n as Root['children'][number];
      if (node.type === 'heading' && node.depth === 1 && firstH1 === undefined) firstH1 = headingTitle(node);
      else if (node.type === 'paragraph' && firstParagraph === undefined) {
        const text = toString(node).trim();
        if (text) firstParagraph = text;
      } else if ((node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') && node.name && /^[A-Z]/.test(node.name)) {
        const name = node.name.split('.')[0];
        if (imported.has(name)) unplain.push(...unplainProps(node, name, file.data.linkOptions as LinkOptions));
        if (ownNames.has(name)) return;
        const use: ComponentUse = { ...placeIn(node, file.data.linkOptions as LinkOptions), props: {} };
        for (const attribute of node.attributes) {
          if (attribute.type === 'mdxJsxExpressionAttribute') use.spread = true;
          else use.props[attribute.name] = typeof attribute.value === 'string' ? attribute.value : null;
        }
        // `<Tabs.Tab>`: the props belong to a part of the component, which no contract describes.
        if (name !== node.name) Object.assign(use, { props: {}, spread: true });
        // The component it sits in (paragraphs between them do not count), and what it holds directly.
        let up = parents.get(n);
        while (up && up.type === 'paragraph') up = parents.get(up);
        const parentUse = up && useOf.get(up);
        if (parentUse) use.parent = parentUse;
        use.children = childKinds(node.children as WalkNode[]);
        const uses = components.get(name) ?? [];
        if (!uses.length) components.set(name, uses);
        useOf.set(n, { name, index: uses.length });
        uses.push(use);
      }
    });
    file.data.firstH1 = firstH1;
    // A post's content title, taken off the tree already (remarkBlogContentTitle), led it.
    file.data.leadingH1 = (file.data.contentTitle as string | undefined) ?? leadingH1(tree);
    file.data.firstH1 = (file.data.contentTitle as string | undefined) ?? firstH1;
    file.data.contentTitleH1 = file.data.contentTitle !== undefined || contentTitleH1 === true;
    file.data.firstParagraph = firstParagraph;
    // A blog post's excerpt is what comes before its truncate marker; its description stays the first paragraph.
    file.data.beforeTruncate = beforeTruncate(tree);
    // The marker stays in the output as an empty element, where a list of posts cuts the post off (PageProps.excerpt).
    const marker = truncateAt(tree);
    if (marker >= 0) file.data.truncated = true;
    // Docusaurus's lists compile the text before the marker alone: what it references further down stays text there.
    const cutLine = marker >= 0 ? referencesPastCut(tree, marker) : undefined;
    if (cutLine !== undefined) file.data.excerptCut = cutLine;
    if (marker >= 0)
      tree.children[marker] = { type: 'truncate', children: [], data: { hName: TRUNCATE_ELEMENT } } as unknown as Root['children'][number];
    if (unplain.length) file.data.unplainProps = unplain;
    file.data.components = [...components.keys()];
    if (components.size) file.data.componentUses = Object.fromEntries(components);
  };
}
