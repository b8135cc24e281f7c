import type { Root } from 'mdast';
import type { VFile } from 'vfile';
import { walk, type WalkNode } from './walk.ts';

/**
 * The module the bundler makes of the project's `src/theme/MDXComponents`: one named export per component it adds
 * (see modules-plugin.ts), so a page's binding reads like any import and a component that needs the browser is
 * hydrated like an imported one.
 */
export const MDX_COMPONENTS_MODULE = '@quire/mdx-components';

/** A component the project's MDXComponents adds (SiteConfig.mdxComponents): from a theme module, or its own. */
export type GlobalComponents = Record<string, { source?: string; name?: string }>;

type Statement = Record<string, unknown>;
type Place = { line: number; column: number };

const identifier = (name: string) => ({ type: 'Identifier', name });
const literal = (value: string) => ({ type: 'Literal', value, raw: JSON.stringify(value) });

/** `import { Key } from '@quire/mdx-components'`, or the theme module's own import (`import Tabs from '@theme/Tabs'`). */
function importOf(key: string, from: GlobalComponents[string], at: Place): Statement {
  const source = from.source ?? MDX_COMPONENTS_MODULE;
  const name = from.source ? (from.name ?? 'default') : key;
  const specifier =
    name === 'default'
      ? { type: 'ImportDefaultSpecifier', local: identifier(key) }
      : name === '*'
        ? { type: 'ImportNamespaceSpecifier', local: identifier(key) }
        : { type: 'ImportSpecifier', imported: identifier(name), local: identifier(key) };
  // At the first use (estree columns count from 0), where an import that fails to bundle is reported (Q039).
  const loc = { start: { line: at.line, column: at.column - 1 }, end: { line: at.line, column: at.column - 1 } };
  return { type: 'ImportDeclaration', specifiers: [specifier], source: literal(source), attributes: [], loc };
}

/**
 * Docusaurus's MDX component scope (https://docusaurus.io/docs/markdown-features/react#mdx-component-scope): a
 * component the project's `src/theme/MDXComponents` adds is used by name in every MDX page without an import. A
 * page using one it neither imports nor defines gets the import written for it, before remarkThemeModules and
 * remarkImports: a theme module's (`Tabs`) becomes quire's own markup as an imported one does, the others bind to
 * the project's module, bundled with the page like its imports.
 */
export function remarkGlobalComponents() {
  return (tree: Root, file: VFile) => {
    const globals = file.data.mdxComponents as GlobalComponents | undefined;
    if (!globals || !Object.keys(globals).length) return;
    const used = new Map<string, Place>();
    walk(tree as unknown as WalkNode, (node) => {
      if (node.type !== 'mdxJsxFlowElement' && node.type !== 'mdxJsxTextElement') return undefined;
      const name = String((node as { name?: unknown }).name ?? '').split('.')[0];
      const start = (node as { position?: { start: Place } }).position?.start;
      if (Object.hasOwn(globals, name) && !used.has(name)) used.set(name, start ?? { line: 1, column: 1 });
      return undefined;
    });
    if (!used.size) return;
    const own = boundNames(tree);
    const body = [...used].filter(([name]) => !own.has(name)).map(([name, at]) => importOf(name, globals[name], at));
    if (!body.length) return;
    tree.children.unshift({
      type: 'mdxjsEsm',
      value: '',
      data: { estree: { type: 'Program', sourceType: 'module', body } },
    } as unknown as Root['children'][number]);
  };
}

/** The names the page's own `import` and `export` statements bind: those are the page's, not the global ones. */
function boundNames(tree: Root): Set<string> {
  const names = new Set<string>();
  const add = (id: unknown) => {
    const name = (id as { type?: string; name?: string } | null)?.name;
    if (name) names.add(name);
  };
  const declare = (node: Statement | null | undefined) => {
    if (!node) return;
    if (node.type === 'VariableDeclaration') for (const d of node.declarations as { id: unknown }[]) add(d.id);
    else if (node.type === 'FunctionDeclaration' || node.type === 'ClassDeclaration') add(node.id);
  };
  for (const child of tree.children as { type: string; data?: { estree?: { body?: Statement[] } } }[]) {
    if (child.type !== 'mdxjsEsm') continue;
    for (const statement of child.data?.estree?.body ?? []) {
      if (statement.type === 'ImportDeclaration') for (const s of statement.specifiers as { local: unknown }[]) add(s.local);
      else if (statement.type === 'ExportNamedDeclaration') declare(statement.declaration as Statement | null);
      else declare(statement);
    }
  }
  return names;
}
