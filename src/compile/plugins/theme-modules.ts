import type { Root } from 'mdast';
import { CODE_MODULE } from '../../shared/markers.ts';
import type { VFile } from 'vfile';
import { CODES } from '../../diagnostics.ts';
import type { CompileNote } from '../../types.ts';
import { compileNote, type CaseData, type CaseName } from '../compile-note.ts';
import { codeNotes, loadLanguages } from './code.ts';
import { placeIn, type LinkOptions } from './links.ts';
import { evaluateLiteral, isLiteralExpression, type EstreeNode } from '../../shared/mdx-literal.ts';
import { SKIP, walk, type WalkNode } from './walk.ts';

/**
 * On a `<Tabs>` that is quire's own component: made by quire (npm2yarn tabs) or converted from Docusaurus's. The
 * plugin runs a second time after a project's remark plugins, which may add Docusaurus tabs with their imports
 * (docusaurus-remark-plugin-tab-blocks): that pass must not take quire's `<Tabs>` for theirs.
 */
export const QUIRE_NATIVE = 'quireNative';

/**
 * The Docusaurus theme modules writers import into MDX that quire's theme already has a counterpart for
 * (https://docusaurus.io/docs/markdown-features/tabs, …/admonitions, …/markdown-features#details): the import is
 * taken off and each use becomes quire's own markup, so a page written for Docusaurus compiles unchanged. What a
 * use writes that quire does not do (Tabs' `queryString`, a TabItem's `default` on a later tab) is a note at its
 * place. Other imports (the project's own modules) are bundled for the page: see remarkImports, which runs after this.
 */
/** Whether an import names one of MODULES, which remarkThemeModules takes off the page. */
export const isThemeModule = (source: unknown): boolean => typeof source === 'string' && Object.hasOwn(MODULES, source);

const MODULES: Record<string, Kind> = {
  '@theme/Tabs': 'tabs',
  '@theme/TabItem': 'tabItem',
  '@theme/Details': 'details',
  '@theme/Admonition': 'admonition',
  '@docusaurus/Link': 'link',
  '@theme/CodeBlock': 'codeBlock',
};
type Kind = 'tabs' | 'tabItem' | 'details' | 'admonition' | 'link' | 'codeBlock';

type Attribute = { type: string; name?: string; value?: unknown };
type JsxNode = WalkNode & {
  type: 'mdxJsxFlowElement' | 'mdxJsxTextElement';
  name: string | null;
  attributes: Attribute[];
  children: WalkNode[];
  position?: Root['position'];
  data?: Record<string, unknown>;
};
type EsmStatement = { type: string; source?: { value?: unknown }; specifiers?: { type: string; local?: { name?: string } }[] };

/** A quoted attribute's text; undefined for a missing one or an expression (`{…}`). */
const text = (node: JsxNode, name: string): string | undefined => {
  const attribute = node.attributes.find((a) => a.type === 'mdxJsxAttribute' && a.name === name);
  return typeof attribute?.value === 'string' ? attribute.value : undefined;
};
const has = (node: JsxNode, name: string) => node.attributes.some((a) => a.type === 'mdxJsxAttribute' && a.name === name);
const without = (node: JsxNode, names: string[]) =>
  node.attributes.filter((a) => !(a.type === 'mdxJsxAttribute' && names.includes(a.name ?? '')));

/**
 * The code a CodeBlock holds: its text, or one template literal without `${…}` (`{`…`}`), as Docusaurus writers
 * put code with braces in it; undefined for anything else.
 */
function codeOf(children: WalkNode[]): string | undefined {
  if (children.length === 1 && (children[0].type === 'mdxFlowExpression' || children[0].type === 'mdxTextExpression')) {
    const expression = (
      children[0] as {
        data?: {
          estree?: {
            body?: { expression?: { type: string; expressions?: unknown[]; quasis?: { value: { cooked?: string | null } }[] } }[];
          };
        };
      }
    ).data?.estree?.body?.[0]?.expression;
    if (expression?.type === 'TemplateLiteral' && !expression.expressions?.length)
      return (expression.quasis?.[0]?.value.cooked ?? '').replace(/^\n|\n$/g, '');
    return undefined;
  }
  const parts: string[] = [];
  const collect = (nodes: WalkNode[]): boolean =>
    nodes.every((n) => {
      if (n.type === 'text') return parts.push(String(n.value)) > 0;
      if (n.type === 'paragraph') return collect(n.children ?? []) && parts.push('\n') > 0;
      return false;
    });
  return collect(children) ? parts.join('').replace(/\n$/, '') : undefined;
}

type Note = <K extends CaseName<'Q038'>>(node: JsxNode, name: K, data: CaseData<'Q038', K>) => void;

/**
 * A Docusaurus `<Tabs>` as quire's: `values` (a literal list) labels and orders its tabs, a `<TabItem default>`
 * becomes `defaultValue`, `queryString` (`true` takes the groupId) stays, and `lazy` is dropped, since it only
 * delays when a panel is made and every panel is in the page anyway. The rules are those of Docusaurus's `useTabs`
 * (https://docusaurus.io/docs/markdown-features/tabs); what cannot be followed is a note at its place.
 */
function convertTabs(node: JsxNode, isTabItem: (n: WalkNode) => boolean, note: Note): void {
  const items = node.children.filter(isTabItem) as JsxNode[];
  const valueOf = (item: JsxNode) => text(item, 'value') ?? text(item, 'label');
  const attribute = (name: string, value: string) => ({ type: 'mdxJsxAttribute', name, value });
  const values = node.attributes.find((a) => a.type === 'mdxJsxAttribute' && a.name === 'values');
  const listed = values ? literalList(values.value) : undefined;
  // A list the page computes (`values={constants.languages}`, from an import) is known only when the page runs:
  // it stays a prop, and quire's Tabs labels and orders its tabs by it then, by the same rules as below.
  const computed = values !== undefined && !listed && isComputed(values.value);
  if (values && !listed && !computed) note(node, 'tabsValues', {});
  if (listed) {
    for (const item of items) {
      const entry = listed.find((v) => v.value === valueOf(item));
      if (!entry) {
        note(item, 'tabNotListed', {});
        continue;
      }
      // Docusaurus labels a listed tab from the list only (its value when the entry has no label).
      item.attributes = [
        ...without(item, ['label', 'value']),
        attribute('label', entry.label ?? entry.value),
        attribute('value', entry.value),
      ];
    }
    // A listed value no TabItem has is a tab all the same, with an empty panel, as Docusaurus draws it.
    const listedItems = listed.flatMap((entry) => {
      const item = items.find((i) => valueOf(i) === entry.value);
      if (item || !items[0]) return item ? [item] : [];
      const label = attribute('label', entry.label ?? entry.value);
      return [{ ...items[0], attributes: [label, attribute('value', entry.value)], children: [] } as JsxNode];
    });
    node.children = [...node.children.filter((c) => !isTabItem(c)), ...listedItems];
  }
  const marked = items.find((item) => has(item, 'default'));
  const groupId = text(node, 'groupId');
  const query = attributeValue(node, 'queryString');
  const queryKey = typeof query === 'string' ? query : query === true ? groupId : undefined;
  if (query !== undefined && queryKey === undefined) note(node, 'tabsQueryString', { bare: query === true });
  const chosen = attributeValue(node, 'defaultValue');
  // A computed default (`defaultValue={constants.defaultLanguage}`) is likewise read when the page runs.
  const chosenLater = node.attributes.find((a) => a.type === 'mdxJsxAttribute' && a.name === 'defaultValue' && isComputed(a.value));
  const defaultValue = typeof chosen === 'string' ? chosen : chosenLater ? undefined : marked && valueOf(marked);
  if (chosen !== undefined && typeof chosen !== 'string' && !chosenLater) note(node, 'tabsDefaultValue', {});
  node.attributes = [
    ...without(node, ['values', 'lazy', 'queryString', 'defaultValue']),
    ...(computed ? [values] : []),
    ...(chosenLater ? [chosenLater] : []),
    ...(queryKey !== undefined ? [attribute('queryString', queryKey)] : []),
    ...(defaultValue !== undefined ? [attribute('defaultValue', defaultValue)] : []),
  ];
}

/** An attribute's expression that is no literal (`{constants.languages}`): its value is known when the page runs. */
function isComputed(value: unknown): boolean {
  const expression = (value as { data?: { estree?: { body?: { expression?: EstreeNode }[] } } } | undefined)?.data?.estree?.body?.[0]
    ?.expression;
  return expression !== undefined && !isLiteralExpression(expression);
}

/** An attribute written as text, as a bare name (`true`) or as a literal expression (`{true}`, `{"a"}`). */
function attributeValue(node: JsxNode, name: string): unknown {
  const found = node.attributes.find((a) => a.type === 'mdxJsxAttribute' && a.name === name);
  if (!found) return undefined;
  if (found.value === null || found.value === undefined) return true;
  if (typeof found.value === 'string') return found.value;
  const expression = (found.value as { data?: { estree?: { body?: { expression?: EstreeNode }[] } } }).data?.estree?.body?.[0]?.expression;
  return expression && isLiteralExpression(expression) ? evaluateLiteral(expression) : NaN;
}

/** A `values={[{ label, value }]}` list written as a literal; undefined for anything else. */
function literalList(value: unknown): { value: string; label?: string }[] | undefined {
  const expression = (value as { data?: { estree?: { body?: { expression?: EstreeNode }[] } } } | undefined)?.data?.estree?.body?.[0]
    ?.expression;
  if (!expression || !isLiteralExpression(expression)) return undefined;
  const list = evaluateLiteral(expression);
  if (!Array.isArray(list)) return undefined;
  const entries = list.map((v) =>
    v && typeof v === 'object' && typeof (v as { value?: unknown }).value === 'string'
      ? {
          value: (v as { value: string }).value,
          label: typeof (v as { label?: unknown }).label === 'string' ? (v as { label: string }).label : undefined,
        }
      : undefined,
  );
  return entries.every((e) => e !== undefined) ? (entries as { value: string; label?: string }[]) : undefined;
}

/** webpack's raw-loader prefix as Docusaurus's docs write it (`!!raw-loader!./x.js`); see modules-plugin.ts. */
const RAW_LOADER = /^!{0,2}raw-loader!/;

/** A CodeBlock's fence meta: its `title`, `showLineNumbers` and `metastring` (Docusaurus's props) as one line. */
function metaOf(node: JsxNode): string {
  const title = text(node, 'title');
  const numbers = node.attributes.find((a) => a.type === 'mdxJsxAttribute' && a.name === 'showLineNumbers');
  return [
    text(node, 'metastring') ?? '',
    title !== undefined ? `title="${title.replace(/"/g, "'")}"` : '',
    numbers ? (typeof numbers.value === 'string' ? `showLineNumbers=${numbers.value}` : 'showLineNumbers') : '',
  ]
    .filter(Boolean)
    .join(' ');
}

/** A CodeBlock's language: `language`, else a `language-…` class as Docusaurus reads it. */
const languageOf = (node: JsxNode): string | undefined =>
  text(node, 'language') ?? /(?:^|\s)language-(\S+)/.exec(text(node, 'className') ?? '')?.[1];

/**
 * A CodeBlock as a fenced code block with its meta, when it holds text or a template literal. When it holds the
 * text of a raw-loader import (`{Source}`), the file is read when the page's modules are bundled: the block is an
 * element of an import (CODE_MODULE) that the bundler makes into the same markup. Undefined: neither.
 */
function convertCodeBlock(
  node: JsxNode,
  raw: Map<string, string>,
  place: { line?: number; column?: number },
  count: number,
): { node: WalkNode; import?: WalkNode } | undefined {
  const meta = metaOf(node);
  const code = codeOf(node.children);
  if (code !== undefined)
    return {
      node: {
        type: 'code',
        lang: languageOf(node) ?? null,
        meta: meta || null,
        value: code,
        position: node.position,
      } as unknown as WalkNode,
    };
  const only = node.children.length === 1 ? node.children[0] : undefined;
  const expression = (only as { data?: { estree?: { body?: { expression?: { type: string; name?: string } }[] } } } | undefined)?.data
    ?.estree?.body?.[0]?.expression;
  const source = only?.type === 'mdxFlowExpression' && expression?.type === 'Identifier' ? raw.get(String(expression.name)) : undefined;
  if (source === undefined) return undefined;
  const name = `QuireCodeBlock${count}`;
  const spec = encodeURIComponent(JSON.stringify({ language: languageOf(node) ?? 'text', meta, ...place }));
  const module = `${CODE_MODULE}${spec}:${source}`;
  return {
    node: { type: 'mdxJsxFlowElement', name, attributes: [], children: [], position: node.position } as unknown as WalkNode,
    import: { ...themeImport(name, module), position: node.position } as WalkNode,
  };
}

/**
 * The prop that tells a CodeBlock drawn as the page renders where it is used (`line:column`), so that what it says
 * about its value is placed there (themes/classic/components/CodeBlock.tsx reads it).
 */
export const PLACE_PROP = 'data-quire-place';

/** Whether a CodeBlock holds one expression of code (`{code}`), alone or as a paragraph's only content. */
function isExpression(children: WalkNode[]): boolean {
  const only = children.length === 1 ? children[0] : undefined;
  if (only?.type === 'paragraph') return isExpression(only.children ?? []);
  return only?.type === 'mdxFlowExpression' || only?.type === 'mdxTextExpression';
}

/** `import <name> from '<module>';` as MDX's syntax tree holds it. */
function themeImport(name: string, module: string): WalkNode {
  const statement = {
    type: 'ImportDeclaration',
    specifiers: [{ type: 'ImportDefaultSpecifier', local: { type: 'Identifier', name } }],
    source: { type: 'Literal', value: module, raw: JSON.stringify(module) },
  };
  return {
    type: 'mdxjsEsm',
    value: `import ${name} from ${JSON.stringify(module)};`,
    data: { estree: { type: 'Program', sourceType: 'module', body: [statement] } },
  } as unknown as WalkNode;
}

/**
 * Which of `names` the page's code refers to: its expressions (`{…}` in text and in attribute values) and its ESM
 * (`export const …`), read from the syntax trees MDX gives them (their identifiers and JSX element names).
 */
function namesInCode(tree: WalkNode, names: ReadonlyMap<string, unknown>): Set<string> {
  const found = new Set<string>();
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) for (const item of value) visit(item);
    else if (value && typeof value === 'object') {
      const node = value as { type?: unknown; name?: unknown };
      if ((node.type === 'Identifier' || node.type === 'JSXIdentifier') && typeof node.name === 'string' && names.has(node.name))
        found.add(node.name);
      for (const [key, child] of Object.entries(value)) if (key !== 'loc' && key !== 'range') visit(child);
    }
  };
  walk(tree, (n) => {
    const node = n as WalkNode & { data?: { estree?: unknown }; attributes?: unknown };
    if (node.data?.estree) visit(node.data.estree);
    // A JSX element's attributes (a directive's are a record of texts).
    if (n.type === 'mdxJsxFlowElement' || n.type === 'mdxJsxTextElement')
      for (const attribute of node.attributes as { value?: { data?: { estree?: unknown } } }[])
        if (attribute.value?.data?.estree) visit(attribute.value.data.estree);
    return undefined;
  });
  return found;
}

// biome-ignore lint/complexity/noExcessiveLinesPerFunction: a plugin factory; its one transformer below holds the work.
export function remarkThemeModules() {
  // biome-ignore lint/complexity/noExcessiveLinesPerFunction: one pass that unbinds the known imports and then rewrites their uses, which share the bound names and notes.
  return (tree: Root, file: VFile) => {
    // Local names bound to the modules quire knows, from import statements of those modules' default export.
    const bound = new Map<string, Kind>();
    // Local names bound to the default export of a raw-loader import (the text of a file), by their module.
    const raw = new Map<string, string>();
    // The module each bound name was imported from.
    const sources = new Map<string, string>();
    // The statements are filtered into new nodes, never in place: a plugin may insert one node object into every
    // page it runs on (docusaurus-remark-plugin-tab-blocks does), and the next page must find it as it was.
    tree.children = tree.children.flatMap((node) => {
      const estree = (node as { data?: { estree?: { body?: EsmStatement[] } } }).data?.estree;
      if (node.type !== 'mdxjsEsm' || !estree?.body?.length) return [node];
      const body = estree.body.filter((s) => {
        const known =
          s.type === 'ImportDeclaration' &&
          typeof s.source?.value === 'string' &&
          MODULES[s.source.value] &&
          s.specifiers?.every((sp) => sp.type === 'ImportDefaultSpecifier');
        if (!known) {
          const source = s.type === 'ImportDeclaration' ? s.source?.value : undefined;
          if (typeof source === 'string' && RAW_LOADER.test(source))
            for (const sp of s.specifiers ?? []) if (sp.type === 'ImportDefaultSpecifier' && sp.local?.name) raw.set(sp.local.name, source);
          return true;
        }
        for (const sp of s.specifiers ?? [])
          if (sp.local?.name) {
            bound.set(sp.local.name, MODULES[String(s.source!.value)]);
            sources.set(sp.local.name, String(s.source!.value));
          }
        return false;
      });
      if (body.length === estree.body.length) return [node];
      return body.length ? [{ ...node, data: { ...node.data, estree: { ...estree, body } } } as typeof node] : [];
    });
    if (!bound.size) return;
    const options = file.data.linkOptions as LinkOptions;
    const notes: CompileNote[] = [];
    // The imports of the code blocks drawn when the page's modules are bundled (see convertCodeBlock).
    const added: WalkNode[] = [];
    // Local names of CodeBlocks some use of which holds a value of the page's code: their import stays.
    const runtime = new Set<string>();
    // A CodeBlock drawn as the page renders (themes/classic/components/CodeBlock.tsx): its import stays, and it is
    // told its place, for what it says about its value (uses of the page's own imports have no recorded uses).
    // Its language and meta, when written as text, are checked now, as a fenced block's are (see codeNotes).
    const later: { language: string; meta: string; place: { line?: number; column?: number } }[] = [];
    const drawnLater = (node: JsxNode, name: string) => {
      runtime.add(name);
      const place = placeIn(node as Parameters<typeof placeIn>[0], options);
      const { line, column } = place;
      const language = languageOf(node);
      const written = node.attributes.every((a) => a.type !== 'mdxJsxAttribute' || typeof a.value === 'string' || a.value == null);
      if (written) later.push({ language: language ?? 'text', meta: metaOf(node), place });
      if (line !== undefined) node.attributes.push({ type: 'mdxJsxAttribute', name: PLACE_PROP, value: `${line}:${column ?? 1}` });
    };
    const note: Note = (node, name, data) =>
      notes.push(compileNote(CODES.CONTENT_LEFT_OUT, name, data, placeIn(node as Parameters<typeof placeIn>[0], options)));
    walk(tree as WalkNode, (n, index, parent) => {
      if (n.type !== 'mdxJsxFlowElement' && n.type !== 'mdxJsxTextElement') return undefined;
      const node = n as JsxNode;
      const kind = node.name ? bound.get(node.name) : undefined;
      // Already quire's own (see QUIRE_NATIVE): a second pass leaves it as it is.
      if (!kind || node.data?.[QUIRE_NATIVE]) return undefined;
      if (kind === 'tabs') {
        node.name = 'Tabs';
        node.data = { ...node.data, [QUIRE_NATIVE]: true };
        convertTabs(
          node,
          (c) => (c.type === 'mdxJsxFlowElement' || c.type === 'mdxJsxTextElement') && bound.get(String((c as JsxNode).name)) === 'tabItem',
          note,
        );
      } else if (kind === 'tabItem') {
        node.name = 'Tab';
        const value = text(node, 'value');
        const label = text(node, 'label') ?? value;
        node.attributes = [
          ...without(node, ['label', 'value', 'default', 'attributes']),
          ...(label !== undefined ? [{ type: 'mdxJsxAttribute', name: 'label', value: label }] : []),
          ...(value !== undefined && value !== label ? [{ type: 'mdxJsxAttribute', name: 'value', value }] : []),
        ];
      } else if (kind === 'details') {
        node.name = 'details';
        const summary = text(node, 'summary');
        node.attributes = without(node, ['summary']);
        if (summary !== undefined)
          node.children.unshift({
            type: 'mdxJsxFlowElement',
            name: 'summary',
            attributes: [],
            children: [{ type: 'text', value: summary }],
          } as unknown as WalkNode);
      } else if (kind === 'link') {
        node.name = 'a';
        node.attributes = node.attributes.map((a) => (a.type === 'mdxJsxAttribute' && a.name === 'to' ? { ...a, name: 'href' } : a));
      } else if (kind === 'codeBlock' && node.type === 'mdxJsxTextElement' && node.name) {
        // Inside a paragraph (`Text <CodeBlock>{code}</CodeBlock>`) the block stays the theme's, as in Docusaurus.
        if (node.children.every((c) => c.type === 'text' || c.type === 'mdxTextExpression')) drawnLater(node, node.name);
        else note(node, 'codeBlock', {});
      } else if (kind === 'codeBlock' && node.type === 'mdxJsxFlowElement' && parent?.children && index !== undefined) {
        const made = convertCodeBlock(node, raw, placeIn(node as Parameters<typeof placeIn>[0], options), added.length);
        // A value of the page's code (`{code}`, a template literal with `${…}`): the CodeBlock is the theme's.
        if (!made && node.name && isExpression(node.children)) drawnLater(node, node.name);
        else if (!made) note(node, 'codeBlock', {});
        if (!made) return undefined;
        if (made.import) added.push(made.import);
        parent.children[index] = made.node;
        return [SKIP, index + 1];
      } else if (kind === 'admonition' && node.type === 'mdxJsxFlowElement' && parent?.children && index !== undefined) {
        // `<Admonition type="tip" title="…">` is `:::tip[…]`: the same box, made by remarkAdmonitions.
        const type = text(node, 'type') ?? 'note';
        const title = text(node, 'title');
        const box = {
          type: 'containerDirective',
          name: type,
          attributes: {},
          children: [
            ...(title !== undefined
              ? [{ type: 'paragraph', data: { directiveLabel: true }, children: [{ type: 'text', value: title }] }]
              : []),
            ...node.children,
          ],
          position: node.position,
          // Closed by its JSX tag, not by a `:::` line (see remarkNotes).
          data: { fromJsx: true },
        };
        parent.children[index] = box as unknown as WalkNode;
        return [SKIP, index];
      }
      return undefined;
    });
    for (const name of runtime) added.push(themeImport(name, '@theme/CodeBlock'));
    // A name the page's code uses too (`{links.map((l) => <Link to={l.url}>…</Link>)}`, an `export`): that code runs
    // as the page renders, so its import stays, and the theme's module draws those uses.
    for (const name of namesInCode(tree as WalkNode, bound)) if (!runtime.has(name)) added.push(themeImport(name, sources.get(name)!));
    // Imports are hoisted: at the end of the page they bind as well as at its top.
    tree.children.push(...(added as unknown as Root['children']));
    const record = () => {
      for (const { language, meta, place } of later) notes.push(...codeNotes(language, meta, Number.POSITIVE_INFINITY, place));
      if (notes.length) file.data.notes = [...((file.data.notes as CompileNote[] | undefined) ?? []), ...notes];
    };
    if (!later.length) return record();
    return loadLanguages(later.map((l) => l.language)).then(record);
  };
}
