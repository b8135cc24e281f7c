import nodePath from 'node:path';
import { createProcessor } from '@mdx-js/mdx';
import { urlAttributes } from 'html-url-attributes';
import { parseFragment } from 'parse5';
import remarkComment from '@slorber/remark-comment';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { SourceMapGenerator } from 'source-map';
import type { Root as HastRoot } from 'hast';
import { unified, type PluggableList, type Processor } from 'unified';
import { VFile } from 'vfile';
import { isLiteralExpression, type EstreeNode } from '../shared/mdx-literal.ts';
import { createUrlPolicy, type Parse5Node } from '../shared/url-policy.ts';
import type { AssetRef, Compiled, CompileNote, Heading, LinkRef, Source, SourceMapJson } from '../types.ts';
import type { CompileTexts } from './index.ts';
import { remarkFastMarkdown } from './fast-markdown.ts';
import { pluginMessages, projectPlugins, sectionOf, sectionOfFile, type SectionPlugins } from './project-plugins.ts';
import { CODES } from '../diagnostics.ts';
import { compileNote } from './compile-note.ts';
import { rehypeCode } from './plugins/code.ts';
import { isThemeModule } from './plugins/theme-modules.ts';
import { setUrlPolicy } from './plugins/links.ts';
import { rehypeRawHtml } from './plugins/raw-html.ts';
import { rehypeFastStringify } from './plugins/stringify.ts';
import { walk, type WalkNode } from './plugins/walk.ts';
import {
  fileData,
  prepareMarkdown,
  rehypePluginsFor,
  remarkPluginsFor,
  syntaxKey,
  syntaxPartsFor,
  type PageSettings,
  type SyntaxParts,
} from './pipeline.ts';

/**
 * The URL policy content is checked with (src/shared/url-policy.ts): html-url-attributes' map, and parse5 (loaded
 * with the pipeline anyway, by hast-util-raw) for the HTML of an `<iframe srcdoc>`.
 */
export const contentUrlPolicy = createUrlPolicy({
  urlAttributes,
  parseFragment: (html, options) => parseFragment(html, options) as Parse5Node,
});
setUrlPolicy(contentUrlPolicy);

/**
 * Built once per thread and combination of syntax extensions, and reused: creating a processor
 * combines its syntax extensions anew.
 */
const markdownProcessors = new Map<string, ReturnType<typeof createMarkdownProcessor>>();
const mdxProcessors = new Map<string, ReturnType<typeof createProcessor>>();
const mdxTreeProcessors = new Map<string, Processor | undefined>();

/** The footnotes' heading and back links in the site's language (remark-rehype writes them). */
function remarkRehypeOptions(texts: CompileTexts) {
  return {
    allowDangerousHtml: true,
    footnoteLabel: texts.footnotes,
    // For screen readers only (the theme's class); the list itself shows where the footnotes start.
    footnoteLabelProperties: { className: ['visually-hidden'] },
    footnoteBackLabel: (referenceIndex: number, rereferenceIndex: number) =>
      texts.backToReference.replace('{number}', `${referenceIndex + 1}${rereferenceIndex > 1 ? `-${rereferenceIndex}` : ''}`),
  };
}

/** `SourceMapGenerator`: the code path's pages keep a map back to their source (see `mdxErrorPlace`). */
const mdxOptions = (parts: SyntaxParts, texts: CompileTexts, project?: SectionPlugins) => ({
  outputFormat: 'function-body' as const,
  // HTML comments in MDX are the writer's notes, as Docusaurus reads them (its markdown.mdx1Compat.comments, on by
  // default, with this same plugin); MDX itself refuses them. Kept as nodes so `<!-- truncate -->` marks an excerpt.
  remarkPlugins: [[remarkComment, { ast: true }], ...remarkPluginsFor(parts, project)] as PluggableList,
  remarkRehypeOptions: remarkRehypeOptions(texts),
  rehypePlugins: rehypePluginsFor(project),
  development: false,
  SourceMapGenerator,
});

/** Processors are cached per combination of syntax extensions, texts and the project's plugins. */
const processorKey = (parts: SyntaxParts, texts: CompileTexts, project?: SectionPlugins) =>
  `${syntaxKey(parts)}|${texts.footnotes}|${texts.backToReference}|${project?.id ?? ''}`;

/**
 * MDX's own processor up to the HTML syntax tree (after our rehype plugins), without its JavaScript
 * stages: the same parsing, unravelling and plugins, so the tree is the one MDX would turn into code.
 * Undefined if the processor is not laid out as expected (then every page takes the code path).
 */
function createMdxTreeProcessor(parts: SyntaxParts, texts: CompileTexts, project?: SectionPlugins): Processor | undefined {
  const attachers = createProcessor(mdxOptions(parts, texts, project)).attachers;
  const last = attachers.findIndex(([plugin]) => (plugin as unknown) === rehypeCode);
  if (last < 0) return undefined;
  const processor = unified();
  for (const [plugin, ...parameters] of attachers.slice(0, last + 1)) processor.use(plugin, ...parameters);
  return processor.freeze() as unknown as Processor;
}

/**
 * Prepares an MDX tree for rendering without JavaScript: drops positions (the cache stays small) and
 * comment-only expressions (`{/* … *\/}` renders nothing). False when the page needs MDX's JavaScript:
 * imports or exports, expressions that compute, spread attributes.
 */
function prepareTree(tree: WalkNode): boolean {
  let plain = true;
  walk(tree, (node, index, parent) => {
    delete (node as { position?: unknown }).position;
    if (!plain) return 'skip';
    if (node.type === 'mdxjsEsm') plain = false;
    else if (node.type === 'mdxFlowExpression' || node.type === 'mdxTextExpression') {
      const body = ((node as { data?: { estree?: { body?: unknown[] } } }).data?.estree?.body ?? [null]) as unknown[];
      if (body.length > 0 || !parent || index === undefined) plain = false;
      else {
        parent.children!.splice(index, 1);
        return ['skip', index];
      }
    } else if (node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') {
      for (const attribute of (node as unknown as { attributes: { type: string; value?: unknown }[] }).attributes) {
        if (attribute.type !== 'mdxJsxAttribute') plain = false;
        else if (attribute.value && typeof attribute.value === 'object') {
          const statement = (attribute.value as { data?: { estree?: { body?: { expression?: EstreeNode }[] } } }).data?.estree?.body?.[0];
          if (!statement?.expression || !isLiteralExpression(statement.expression)) plain = false;
        }
      }
    }
    return undefined;
  });
  return plain;
}

function createMarkdownProcessor(parts: SyntaxParts, texts: CompileTexts, fast: boolean, project?: SectionPlugins) {
  return (
    unified()
      .use(remarkParse)
      .use(remarkPluginsFor(parts, project))
      // A project's plugins may add syntax of their own (remark-math's `$…$`), which only micromark is given.
      .use(fast && !project ? [remarkFastMarkdown] : [])
      .use(remarkRehype, remarkRehypeOptions(texts))
      .use(rehypeRawHtml)
      .use(rehypePluginsFor(project))
      .use(rehypeFastStringify)
      .freeze()
  );
}

/** The cached processors for a combination of syntax extensions (built on first use). */
function markdownProcessor(parts: SyntaxParts, texts: CompileTexts, fast = true, project?: SectionPlugins) {
  const key = `${processorKey(parts, texts, project)}|${fast}`;
  let markdown = markdownProcessors.get(key);
  if (!markdown) markdownProcessors.set(key, (markdown = createMarkdownProcessor(parts, texts, fast, project)));
  return markdown;
}

function mdxTreeProcessor(parts: SyntaxParts, texts: CompileTexts, project?: SectionPlugins): Processor | undefined {
  const key = processorKey(parts, texts, project);
  if (!mdxTreeProcessors.has(key)) mdxTreeProcessors.set(key, createMdxTreeProcessor(parts, texts, project));
  return mdxTreeProcessors.get(key);
}

function mdxCodeProcessor(parts: SyntaxParts, texts: CompileTexts, project?: SectionPlugins) {
  const key = processorKey(parts, texts, project);
  let mdx = mdxProcessors.get(key);
  if (!mdx) mdxProcessors.set(key, (mdx = createProcessor(mdxOptions(parts, texts, project))));
  return mdx;
}

/** Texts do not change how a page parses; parseOnly uses these. */
const PARSE_TEXTS: CompileTexts = { footnotes: '', backToReference: '', headingLink: '', admonitions: {} };

/**
 * Parses prepared text (see prepareMarkdown) to its Markdown syntax tree, exactly as processSource does
 * first, and nothing more; `bench/parse-floor.ts` times it.
 */
export function parseOnly(format: Source['format'], value: string, path: string, { fastMarkdown = true }: ProcessVariant = {}): unknown {
  const parts = syntaxPartsFor(value);
  const processor =
    format === 'mdx'
      ? (mdxTreeProcessor(parts, PARSE_TEXTS) ?? mdxCodeProcessor(parts, PARSE_TEXTS))
      : markdownProcessor(parts, PARSE_TEXTS, fastMarkdown);
  return processor.parse(new VFile({ value, path }));
}

/** Variants of the compiler that must give the same pages (tests compare them). */
export interface ProcessVariant {
  /** The syntax extensions to use, instead of those chosen from the text. */
  only?: SyntaxParts;
  /** `.mdx` pages without code become a syntax tree rather than MDX's JavaScript; default true. */
  mdxFromTree?: boolean;
  /** `.md` pages markdown-it can read go through it rather than micromark (fast-markdown.ts); default true. */
  fastMarkdown?: boolean;
}

/**
 * Runs one source through its pipeline: `.md` to an HTML string, `.mdx` to its syntax tree or function-body
 * code. Throws VFile messages.
 */
export async function processSource(
  source: Source,
  baseUrl: string,
  texts: CompileTexts,
  { only, mdxFromTree = true, fastMarkdown = true }: ProcessVariant = {},
  settings: PageSettings = {},
): Promise<{ output: Compiled['output']; data: Record<string, unknown> }> {
  const value = prepareMarkdown(source.body, settings);
  const input = { value, ...pathFor(source.file, settings), data: fileData(source, baseUrl, texts, settings) };
  const parts = only ?? syntaxPartsFor(value);
  // Another docs instance's docs run that instance's own plugins, none of the preset's docs plugins.
  const project = settings.plugins ? await projectPlugins(settings.plugins, sectionOf(source.kind, source.instance)) : undefined;
  if (source.format === 'mdx') {
    // Most pages only use components with literal attributes: rendered from their syntax tree they skip
    // MDX's JavaScript generation here and evaluating that code at render, a good part of the site's
    // compile time (figure in bench/HISTORY.md).
    const treeProcessor = mdxFromTree ? mdxTreeProcessor(parts, texts, project) : undefined;
    const code = mdxCodeProcessor(parts, texts, project);
    let parsed: { file: VFile; tree: ReturnType<Processor['parse']> } | undefined;
    if (treeProcessor) {
      const file = new VFile(input);
      const tree = treeProcessor.parse(file);
      // A page that imports a module of the project or exports something needs MDX's code whatever the transforms
      // do: it skips the tree's transforms and keeps its parse (both processors parse alike: the same attachers).
      if (holdsCode(tree)) parsed = { file, tree };
      else {
        const hast = (await treeProcessor.run(tree, file)) as HastRoot;
        if (prepareTree(hast as WalkNode)) return { output: { type: 'hast', tree: hast }, data: withPluginNotes(file, source.bodyLine) };
      }
    }
    const file = parsed ? await finishFile(code, parsed.tree, parsed.file) : await processFile(code, input);
    const map = file.map as SourceMapJson | undefined;
    return { output: { type: 'mdx', code: String(file.value), ...(map ? { map } : {}) }, data: withPluginNotes(file, source.bodyLine) };
  }
  const file = await processFile(markdownProcessor(parts, texts, fastMarkdown, project), input);
  return { output: { type: 'html', html: String(file.value) }, data: withPluginNotes(file, source.bodyLine) };
}

/**
 * The file's path as the page's plugins see it. Docusaurus's MDX loader gives a project's plugins the absolute
 * path (webpack's resourcePath), and some resolve files from it (remark-typescript-tools' virtual files), so with
 * project plugins the path is absolute and `cwd` the project; quire's own plugins read the page from its data.
 */
function pathFor(file: string, settings: PageSettings): { path: string; cwd?: string } {
  const root = settings.plugins?.ref.root;
  return root ? { path: nodePath.resolve(root, file), cwd: root } : { path: file };
}

/** The file's data, with what the project's plugins reported on it (file.message) among its notes. */
function withPluginNotes(file: VFile, bodyLine: number): Record<string, unknown> {
  const data = file.data as Record<string, unknown>;
  const messages = pluginMessages(file);
  if (!messages.length) return data;
  const notes = messages.map(({ line, column, ...message }) =>
    compileNote(CODES.PROJECT_PLUGIN, 'message', message, line ? { line: line + bodyLine - 1, column } : {}),
  );
  return { ...data, notes: [...((data.notes as CompileNote[] | undefined) ?? []), ...notes] };
}

/**
 * `processor.process(input)`, with the output written here: unified's `process` writes it inside the callback of
 * the transforms, which an async transform (rehypeCode) calls from a promise's reaction, where an exception
 * (running out of stack on a deeply nested tree) rejects no one and crashed the whole build. Here it rejects.
 */
async function processFile(
  processor: { parse: Processor['parse']; run: Processor['run']; stringify: Processor['stringify'] },
  input: ConstructorParameters<typeof VFile>[0],
): Promise<VFile> {
  const file = new VFile(input);
  return finishFile(processor, processor.parse(file), file);
}

/** The transforms and the output of a file already parsed (see processFile). */
async function finishFile(
  processor: { run: Processor['run']; stringify: Processor['stringify'] },
  parsed: ReturnType<Processor['parse']>,
  file: VFile,
): Promise<VFile> {
  const tree = await processor.run(parsed, file);
  file.value = String(processor.stringify(tree, file));
  return file;
}

/**
 * Whether a parsed MDX page holds code the tree cannot carry: an export, or an import of anything but the Docusaurus
 * theme modules quire draws itself (remarkThemeModules takes those imports off). ESM sits at the top level only.
 */
function holdsCode(tree: ReturnType<Processor['parse']>): boolean {
  for (const node of (tree as { children?: WalkNode[] }).children ?? []) {
    if (node.type !== 'mdxjsEsm') continue;
    const body = ((node as { data?: { estree?: { body?: EsmStatement[] } } }).data?.estree?.body ?? []) as EsmStatement[];
    if (body.some((s) => s.type !== 'ImportDeclaration' || !isThemeModule(s.source?.value))) return true;
  }
  return false;
}

type EsmStatement = { type: string; source?: { value?: unknown } };

/** What compiling a partial gives: ES module code for the bundler, and what the page that imports it must know. */
export interface CompiledPartial {
  code: string;
  links: LinkRef[];
  assets: AssetRef[];
  /** Its Markdown images' size keys (see Compiled.measuredImages). */
  measuredImages: string[];
  notes: CompileNote[];
  /** Its headings, and where it shows partials of its own: they join those of the page showing it (Compiled.partialHeadings). */
  headings: Heading[];
  partialHeadings: { source: string; at: number }[];
}

/**
 * An `.md`/`.mdx` partial a page imports (https://docusaurus.io/docs/markdown-features/react#importing-markdown),
 * compiled like a page's body but to an ES module the bundler takes in: its own `import`s stay imports (the bundler
 * follows them), and the theme's components reach it through `@mdx-js/react`'s `useMDXComponents`, as under
 * Docusaurus's MDX provider. `file` is project-relative; relative links and images resolve from it. `format` `md`
 * reads it as CommonMark, its raw HTML parsed as a `.md` page's (Docusaurus compiles such a partial with MDX's `md`
 * format and rehype-raw). Throws VFile messages.
 */
export async function compilePartial(
  body: string,
  bodyLine: number,
  file: string,
  pagePath: string,
  baseUrl: string,
  texts: CompileTexts,
  settings: PageSettings = {},
  format: Source['format'] = 'mdx',
): Promise<CompiledPartial> {
  const value = prepareMarkdown(body, settings);
  const parts = syntaxPartsFor(value);
  const section = settings.plugins && sectionOfFile(file, settings.plugins.folders);
  const project = settings.plugins && section ? await projectPlugins(settings.plugins, section) : undefined;
  const key = `partial|${format}|${processorKey(parts, texts, project)}`;
  let processor = mdxProcessors.get(key);
  const commonMark = {
    format: 'md' as const,
    remarkPlugins: remarkPluginsFor(parts, project),
    rehypePlugins: [rehypeRawHtml, ...rehypePluginsFor(project)] as PluggableList,
  };
  if (!processor)
    mdxProcessors.set(
      key,
      (processor = createProcessor({
        ...mdxOptions(parts, texts, project),
        ...(format === 'md' ? commonMark : {}),
        outputFormat: 'program',
        providerImportSource: '@mdx-js/react',
        SourceMapGenerator: undefined,
      })),
    );
  const source = { file, path: pagePath, bodyLine, format } as Source;
  const data = fileData(source, baseUrl, texts, settings);
  // Its relative links to pages are resolved by each page that shows it (LinkOptions.perPage).
  const input = {
    value,
    ...pathFor(file, settings),
    data: { ...data, linkOptions: { ...(data.linkOptions as object), perPage: true }, keepImports: true },
  };
  const out = await processFile(processor, input);
  return {
    code: String(out.value),
    links: (out.data.links as LinkRef[] | undefined) ?? [],
    assets: (out.data.assets as AssetRef[] | undefined) ?? [],
    measuredImages: (out.data.measuredImages as string[] | undefined) ?? [],
    notes: (withPluginNotes(out, bodyLine).notes as CompileNote[] | undefined) ?? [],
    headings: (out.data.headings as Heading[] | undefined) ?? [],
    partialHeadings: (out.data.partialHeadings as { source: string; at: number }[] | undefined) ?? [],
  };
}
