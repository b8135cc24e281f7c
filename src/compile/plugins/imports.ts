import type { Root } from 'mdast';
import type { VFile } from 'vfile';
import { placeIn, type LinkOptions } from './links.ts';
import { IMPORT_FUNCTION } from '../../shared/mdx-literal.ts';
import { walk, type WalkNode } from './walk.ts';
import type { Heading } from '../../types.ts';

/** One module a page imports, where its first import is written (file lines). */
export interface PageImport {
  source: string;
  line?: number;
  column?: number;
}

type Expression = Record<string, unknown>;
type Specifier = {
  type: 'ImportDefaultSpecifier' | 'ImportNamespaceSpecifier' | 'ImportSpecifier';
  local: { type: 'Identifier'; name: string };
  imported?: { type: 'Identifier'; name: string } | { type: 'Literal'; value: string };
};
type Statement = {
  type: string;
  source?: { value?: unknown };
  specifiers?: Specifier[];
  loc?: { start: { line: number; column: number } };
};

/** `arguments[0]._quireImport("source")`: the module, as the page's render hands it in. */
function moduleCall(source: string): Expression {
  return {
    type: 'CallExpression',
    optional: false,
    callee: {
      type: 'MemberExpression',
      computed: false,
      optional: false,
      object: {
        type: 'MemberExpression',
        computed: true,
        optional: false,
        object: { type: 'Identifier', name: 'arguments' },
        property: { type: 'Literal', value: 0, raw: '0' },
      },
      property: { type: 'Identifier', name: IMPORT_FUNCTION },
    },
    arguments: [{ type: 'Literal', value: source, raw: JSON.stringify(source) }],
  };
}

/**
 * An `import` statement as plain declarations over the module the render hands in:
 * `import X, {a as b} from 's'` → `const X = m("s").default, b = m("s").a`. One declarator per name, so the names
 * read as the page's own bindings (localBindings) and MDX uses the imported component rather than the theme's.
 */
/** The mark of a declaration made from an `import` statement (estree-util-to-js ignores the key). */
export const IMPORTED = 'quireImported';

function asDeclarations(statement: Statement, source: string): Expression {
  const specifiers = statement.specifiers ?? [];
  if (!specifiers.length) return { type: 'ExpressionStatement', expression: moduleCall(source) };
  return {
    type: 'VariableDeclaration',
    kind: 'const',
    // Marks the names an import bound, for remarkSummary (imported components; see Compiled.unplainProps).
    [IMPORTED]: true,
    declarations: specifiers.map((specifier) => {
      let init = moduleCall(source);
      if (specifier.type !== 'ImportNamespaceSpecifier') {
        const name =
          specifier.type === 'ImportDefaultSpecifier'
            ? 'default'
            : specifier.imported?.type === 'Identifier'
              ? specifier.imported.name
              : String(specifier.imported?.value);
        init = {
          type: 'MemberExpression',
          computed: true,
          optional: false,
          object: init,
          property: { type: 'Literal', value: name, raw: JSON.stringify(name) },
        };
      }
      return { type: 'VariableDeclarator', id: { type: 'Identifier', name: specifier.local.name }, init };
    }),
  };
}

/**
 * MDX `import` statements of the page's own modules (local components, `.md`/`.mdx` partials, npm packages,
 * CSS), as Docusaurus pages write them (https://docusaurus.io/docs/markdown-features/react#importing-components).
 * The statements become declarations over the modules the render hands the page's code, and each module is
 * listed in `file.data.imports`: the build bundles them for the page (src/compile/modules.ts). Imports of the
 * Docusaurus theme modules quire has its own markup for are taken off before, by remarkThemeModules.
 */
export function remarkImports() {
  return (tree: Root, file: VFile) => {
    // A partial is compiled to an ES module the bundler reads: its imports stay (see compilePartial).
    if (file.data.keepImports) return;
    const imports = new Map<string, PageImport>();
    const children = tree.children as unknown as {
      type: string;
      position?: Root['position'];
      data?: { estree?: { body?: Statement[] } };
    }[];
    for (const [i, node] of children.entries()) {
      const body = node.type === 'mdxjsEsm' ? node.data?.estree?.body : undefined;
      if (!body?.some((statement) => statement.type === 'ImportDeclaration')) continue;
      // A copy of the node takes the declarations: a project's plugin may put one node object into every page it
      // changes (Electron's fiddle-embedder does), which the next page, or this page compiled again as code, reads.
      const estree = node.data!.estree!;
      children[i] = { ...node, data: { ...node.data, estree: { ...estree, body: [] } } };
      children[i].data!.estree!.body = body.map((statement) => {
        if (statement.type !== 'ImportDeclaration') return statement;
        const source = String(statement.source?.value ?? '');
        // estree columns count from 0.
        const at = statement.loc
          ? { position: { start: { line: statement.loc.start.line, column: statement.loc.start.column + 1 } } }
          : node;
        if (!imports.has(source))
          imports.set(source, { source, ...placeIn(at as Parameters<typeof placeIn>[0], file.data.linkOptions as LinkOptions) });
        return asDeclarations(statement, source) as Statement;
      });
    }
    // `require('./bild.png').default` in an expression, as Docusaurus's docs write images and SVGs
    // (https://docusaurus.io/docs/markdown-features/assets): the module is bundled like an import.
    let required = false;
    walk(tree as unknown as WalkNode, (node) => {
      const estree = (node as { data?: { estree?: unknown } }).data?.estree;
      if (estree) required = replaceRequires(estree, node as Parameters<typeof placeIn>[0], imports, file) || required;
      // A JSX element's attributes (a directive's are an object of its own).
      const attributes = (node as { attributes?: unknown }).attributes;
      for (const attribute of (Array.isArray(attributes) ? attributes : []) as { value?: { data?: { estree?: unknown } } }[]) {
        const value = attribute.value?.data?.estree;
        if (value) required = replaceRequires(value, node as Parameters<typeof placeIn>[0], imports, file) || required;
      }
      return undefined;
    });
    // The function the replaced calls use, bound where the page's code starts (`arguments` there is the render's).
    // A second pass (after a project's remark plugins, see remarkPluginsFor) adds to what the first found.
    if (required && !file.data.requireBound) {
      tree.children.unshift(constDeclaration(REQUIRE_FUNCTION, moduleCall('').callee as Expression));
      file.data.requireBound = true;
    }
    if (imports.size) file.data.imports = [...((file.data.imports as PageImport[] | undefined) ?? []), ...imports.values()];
  };
}

/**
 * `toc`, which Docusaurus's MDX defines in every page (`<TOCInline toc={toc} />`,
 * https://docusaurus.io/docs/markdown-features/toc#inline-table-of-contents): the page's headings as Docusaurus
 * lists them (`value`, `id`, `level`), when the page reads the name and does not define it. Runs after the heading ids.
 * Where the page shows a Markdown partial (`file.data.partialHeadings`), the partial's own `toc` is spread in at that
 * place, as Docusaurus's MDX loader spreads it; so a partial (`keepImports`) always exports its `toc`.
 */
export function remarkToc() {
  return (tree: Root, file: VFile) => {
    const partial = !!file.data.keepImports;
    if ((!partial && !readsName(tree, 'toc')) || bindsName(tree, 'toc')) return;
    const headings = (file.data.headings as Heading[] | undefined) ?? [];
    const slices = (file.data.partialHeadings as { source: string; at: number }[] | undefined) ?? [];
    const literal = (value: string | number) => ({ type: 'Literal', value, raw: JSON.stringify(value) });
    const entry = (h: Heading) => ({
      type: 'ObjectExpression',
      properties: (
        [
          ['value', h.text],
          ['id', h.id],
          ['level', h.depth],
        ] as const
      ).map(([key, value]) => ({
        type: 'Property',
        kind: 'init',
        method: false,
        shorthand: false,
        computed: false,
        key: { type: 'Identifier', name: key },
        value: literal(value),
      })),
    });
    // A partial's `toc` as the page's code reaches it: its module from the render, or a name its import adds.
    const sliceOf = (source: string, i: number): Expression => ({
      type: 'SpreadElement',
      argument: {
        type: 'LogicalExpression',
        operator: '||',
        left: partial
          ? { type: 'Identifier', name: tocImport(tree, source, `_quireToc${i}`) }
          : {
              type: 'MemberExpression',
              computed: false,
              optional: false,
              object: moduleCall(source),
              property: { type: 'Identifier', name: 'toc' },
            },
        right: { type: 'ArrayExpression', elements: [] },
      },
    });
    const elements: Expression[] = [];
    headings.forEach((h, i) => {
      slices.forEach((slice, n) => slice.at === i && elements.push(sliceOf(slice.source, n)));
      elements.push(entry(h));
    });
    slices.forEach((slice, n) => slice.at >= headings.length && elements.push(sliceOf(slice.source, n)));
    const declaration = constDeclaration('toc', { type: 'ArrayExpression', elements });
    if (partial) exportDeclaration(declaration);
    tree.children.unshift(declaration);
  };
}

/**
 * The local name a partial's import of `source` gives that module's `toc` (`import Flag, {toc as _quireToc0} from
 * './_flag.mdx'`), added to the first import of it; `undefined` when no import names the module (the slice is then
 * empty, as `|| []` gives for a module without a `toc`).
 */
function tocImport(tree: Root, source: string, name: string): string {
  for (const child of tree.children as { type: string; data?: { estree?: { body?: Statement[] } } }[]) {
    if (child.type !== 'mdxjsEsm') continue;
    const statement = child.data?.estree?.body?.find((s) => s.type === 'ImportDeclaration' && s.source?.value === source);
    if (!statement) continue;
    (statement.specifiers ??= []).push({
      type: 'ImportSpecifier',
      imported: { type: 'Identifier', name: 'toc' },
      local: { type: 'Identifier', name },
    });
    return name;
  }
  return 'undefined';
}

/** The declaration of an ESM node made by constDeclaration, exported (`export const toc = …`). */
function exportDeclaration(node: Root['children'][number]): void {
  const program = (node as unknown as { data: { estree: { body: Expression[] } } }).data.estree;
  program.body = program.body.map((declaration) => ({ type: 'ExportNamedDeclaration', declaration, specifiers: [], source: null }));
}

/** Whether one of the page's `import`/`export` statements declares `name` (imports may be declarations already). */
export function bindsName(tree: Root, name: string): boolean {
  type Declared = {
    type: string;
    declaration?: Declared | null;
    declarations?: { id?: { name?: string } }[];
    specifiers?: { local?: { name?: string } }[];
    id?: { name?: string } | null;
  };
  const declares = (s: Declared | null | undefined): boolean =>
    !!s &&
    ((s.declarations ?? []).some((d) => d.id?.name === name) ||
      (s.specifiers ?? []).some((sp) => sp.local?.name === name) ||
      s.id?.name === name ||
      declares(s.declaration));
  return (tree.children as { type: string; data?: { estree?: { body?: Declared[] } } }[]).some(
    (c) => c.type === 'mdxjsEsm' && (c.data?.estree?.body ?? []).some(declares),
  );
}

/** Whether the page's code reads the name `name` (in an expression or an attribute). */
export function readsName(tree: Root, name: string): boolean {
  let found = false;
  const visit = (value: unknown): void => {
    if (found || !value || typeof value !== 'object') return;
    if (Array.isArray(value)) {
      for (const item of value) visit(item);
      return;
    }
    const n = value as Record<string, unknown>;
    if (n.type === 'Identifier' && n.name === name) found = true;
    for (const [key, child] of Object.entries(n)) if (key !== 'position' && key !== 'loc') visit(child);
  };
  walk(tree as unknown as WalkNode, (node) => {
    if (node.type === 'mdxjsEsm') return undefined;
    visit((node as { data?: { estree?: unknown } }).data?.estree);
    const attributes = (node as { attributes?: unknown }).attributes;
    if (Array.isArray(attributes))
      for (const a of attributes as { value?: { data?: { estree?: unknown } } }[]) visit(a.value?.data?.estree);
    return undefined;
  });
  return found;
}

/** An ESM node declaring `const name = init` where the page's code starts (MDX keeps other statements as written). */
export function constDeclaration(name: string, init: Expression): Root['children'][number] {
  return {
    type: 'mdxjsEsm',
    value: '',
    data: {
      estree: {
        type: 'Program',
        sourceType: 'module',
        body: [
          {
            type: 'VariableDeclaration',
            kind: 'const',
            declarations: [{ type: 'VariableDeclarator', id: { type: 'Identifier', name }, init }],
          },
        ],
      },
    },
  } as unknown as Root['children'][number];
}

/** Local name of the render's module function for `require(…)` calls in a page's expressions. */
const REQUIRE_FUNCTION = '_quireRequire';

/**
 * Replaces `require("literal")` calls in an expression's syntax tree with calls of REQUIRE_FUNCTION and lists each
 * module with the page's imports; true when it replaced one. A `require` the page binds itself is left alone.
 */
function replaceRequires(tree: unknown, node: Parameters<typeof placeIn>[0], imports: Map<string, PageImport>, file: VFile): boolean {
  let found = false;
  const visit = (value: unknown): void => {
    if (!value || typeof value !== 'object') return;
    if (Array.isArray(value)) {
      for (const item of value) visit(item);
      return;
    }
    const n = value as Record<string, unknown> & { type?: string };
    if (n.type === 'CallExpression') {
      const callee = n.callee as { type?: string; name?: string } | undefined;
      const args = n.arguments as { type?: string; value?: unknown }[] | undefined;
      if (
        callee?.type === 'Identifier' &&
        callee.name === 'require' &&
        args?.length === 1 &&
        args[0].type === 'Literal' &&
        typeof args[0].value === 'string'
      ) {
        const source = args[0].value;
        if (!imports.has(source)) imports.set(source, { source, ...placeIn(node, file.data.linkOptions as LinkOptions) });
        n.callee = { type: 'Identifier', name: REQUIRE_FUNCTION };
        found = true;
      }
    }
    for (const [key, child] of Object.entries(n)) if (key !== 'loc' && key !== 'range' && key !== 'comments') visit(child);
  };
  visit(tree);
  return found;
}
