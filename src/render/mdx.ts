import type { Root } from 'hast';
import { toJsxRuntime, type Components } from 'hast-util-to-jsx-runtime';
import * as runtime from 'react/jsx-runtime';
import type { ComponentType, ReactNode } from 'react';
import { mappedPlace } from '../source-map.ts';
import type { SourceMapJson } from '../types.ts';
import { evaluateLiteral, IMPORT_FUNCTION, type EstreeNode } from '../shared/mdx-literal.ts';
import { callSites, scriptUrlComment } from './thrown.ts';

type MDXContent = ComponentType<{ components?: Record<string, unknown> }>;
const cache = new Map<string, MDXContent>();

/**
 * Turns MDX function-body code (the serialisable form the compiler produces) into a component.
 * The code is our own compiler's output for the project's content, so evaluating it is as trusted
 * as importing a module of the project.
 */
export function mdxComponent(code: string, key: string, modules: Record<string, unknown> = {}): MDXContent {
  const hit = cache.get(key);
  if (hit) return hit;
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- see above: compiled project content
  const fn = new Function(code + scriptUrlComment('mdx')) as (rt: typeof runtime & { [IMPORT_FUNCTION]: (source: string) => unknown }) => {
    default: MDXContent;
  };
  // The page's `import`s, as remarkImports rewrote them, read its bundled modules (see render/modules.ts).
  const component = fn({ ...runtime, [IMPORT_FUNCTION]: (source) => modules[source] }).default;
  if (cache.size > 20_000) cache.clear();
  cache.set(key, component);
  return component;
}

/**
 * Where in the MDX body an error thrown by a page's code comes from (1-based line and column of the body), from
 * the first stack frame inside the code `mdxComponent` evaluated and the page's source map; undefined when the error
 * did not come from that code, its stack was already read, or the page has no map.
 */
export function mdxErrorPlace(error: unknown, map: SourceMapJson | undefined): { line: number; column: number } | undefined {
  if (!map || !(error instanceof Error)) return undefined;
  // Code made by `new Function` runs as eval code; its body starts on the wrapper's third line.
  const frame = callSites(error)?.find((site) => site.isEval() && site.getFileName() === undefined);
  const line = frame?.getLineNumber();
  const column = frame?.getColumnNumber();
  const at = line && column ? mappedPlace(map, line - 2, column) : undefined;
  return at && { line: at.line, column: at.column };
}

/**
 * hast-util-to-jsx-runtime asks for two kinds of values: attribute expressions, literals in a
 * tree-compiled page (checked when compiling), and component names (`Card`, `Tabs.Tab`), which come
 * from the theme, as in MDX's own output.
 */
function evaluater(components: Record<string, unknown>) {
  const resolve = (node: EstreeNode): unknown => {
    if (node.type === 'Identifier') {
      const name = node.name as string;
      if (!Object.hasOwn(components, name))
        throw new Error(`Expected component \`${name}\` to be defined: the theme has no such MDX component.`);
      return components[name];
    }
    if (node.type === 'MemberExpression' && !node.computed) {
      const object = resolve(node.object as EstreeNode) as Record<string, unknown> | undefined;
      const name = (node.property as EstreeNode).name as string;
      return object && Object.hasOwn(object, name) ? object[name] : undefined;
    }
    return evaluateLiteral(node);
  };
  return () => ({
    evaluateExpression: (expression: unknown) => resolve(expression as EstreeNode),
    evaluateProgram: () => {
      throw new Error('quire bug: MDX program in a tree-compiled page');
    },
  });
}

/** An MDX page compiled to its syntax tree, as React elements: the theme's components fill in its JSX. */
export function mdxTree(tree: Root, components: Record<string, unknown>): ReactNode {
  return toJsxRuntime(tree, {
    Fragment: runtime.Fragment,
    jsx: runtime.jsx,
    jsxs: runtime.jsxs,
    components: components as Partial<Components>,
    createEvaluater: evaluater(components),
    elementAttributeNameCase: 'react',
    stylePropertyNameCase: 'dom',
  });
}
