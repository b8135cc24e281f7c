import { cloneElement, createElement, type ComponentType, type ReactElement } from 'react';
import * as React from 'react';
import * as ReactDOM from 'react-dom';
import * as jsxRuntime from 'react/jsx-runtime';
import { fromHtml } from 'hast-util-from-html';
import { toJsxRuntime } from 'hast-util-to-jsx-runtime';
import type { Element, Root } from 'hast';

/**
 * `@quire/svg`: an SVG file imported by a project's code, as the React component Docusaurus's SVGR makes of it.
 * The file is the project's own, trusted like its code; props go onto the `<svg>` (`className`, `role`, `title`).
 */
function svgComponent(text: string): ComponentType<Record<string, unknown>> {
  let tree: Root | undefined;
  // biome-ignore lint/correctness/noComponentHookFactories: one component per SVG file, as SVGR makes them; it uses no hooks.
  return function Svg({ title, ...props }: Record<string, unknown>) {
    tree ??= fromHtml(text, { fragment: true, space: 'svg' });
    const svg = tree.children.find((c): c is Element => c.type === 'element' && c.tagName === 'svg');
    if (!svg) return null;
    const element = toJsxRuntime(svg, {
      Fragment: jsxRuntime.Fragment,
      jsx: jsxRuntime.jsx,
      jsxs: jsxRuntime.jsxs,
      space: 'svg',
      elementAttributeNameCase: 'react',
      stylePropertyNameCase: 'dom',
    }) as ReactElement<{ children?: unknown }>;
    const children = title ? [createElement('title', { key: 'title' }, String(title)), element.props.children] : element.props.children;
    return cloneElement(element, props, children as React.ReactNode);
  };
}

/**
 * What a bundle's `require` answers: React (the copy that renders), the theme's modules, the SVG helper, and
 * `@mdx-js/react`, through which an imported `.md`/`.mdx` partial gets the theme's MDX components.
 */
function provider(themeModules: Record<string, Record<string, unknown>>, components: Record<string, unknown>): (id: string) => unknown {
  const provided: Record<string, unknown> = {
    '@mdx-js/react': {
      useMDXComponents: (given?: Record<string, unknown>) => ({ ...components, ...given }),
      MDXProvider: ({ children }: { children?: unknown }) => children,
    },
    react: React,
    'react/jsx-runtime': jsxRuntime,
    'react/jsx-dev-runtime': jsxRuntime,
    'react-dom': ReactDOM,
    '@quire/svg': { svgComponent },
    ...themeModules,
  };
  return (id) => {
    if (!Object.hasOwn(provided, id)) throw new Error(`quire bug: a bundled module asks for ${id}, which the bundler let through`);
    return provided[id];
  };
}

const evaluated = new Map<string, Record<string, unknown>>();

/**
 * A page's bundled modules (Compiled.modules, made by src/compile/modules.ts), evaluated: each import source of
 * the page to its module. The code is the project's own (its components and the packages it installed), run as
 * Docusaurus runs it while building, so it is as trusted as the project's config.
 */
export function pageModules(
  code: string,
  key: string,
  themeModules: Record<string, Record<string, unknown>>,
  components: Record<string, unknown>,
): Record<string, unknown> {
  const hit = evaluated.get(key);
  if (hit) return hit;
  const module = { exports: {} as Record<string, unknown> };
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- see above: the project's own code, bundled
  const run = new Function('require', 'module', 'exports', code) as (
    provide: (id: string) => unknown,
    module: { exports: unknown },
    exports: unknown,
  ) => void;
  run(provider(themeModules, components), module, module.exports);
  const modules = (module.exports.default ?? {}) as Record<string, unknown>;
  if (evaluated.size > 2_000) evaluated.clear();
  evaluated.set(key, modules);
  return modules;
}
