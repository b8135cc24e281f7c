import { cloneElement, createElement, type ComponentType, type ReactElement } from 'react';
import * as React from 'react';
import * as ReactDOM from 'react-dom';
import * as jsxRuntime from 'react/jsx-runtime';
import { fromHtml } from 'hast-util-from-html';
import { toJsxRuntime } from 'hast-util-to-jsx-runtime';
import type { Element, Root } from 'hast';
import { scriptUrlComment } from './thrown.ts';

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

/** `@mdx-js/react`'s provider: the theme's components reach partials through useMDXComponents already. */
function MDXProvider({ children }: { children?: unknown }) {
  return children;
}

/**
 * What a bundle's `require` answers: React (the copy that renders), the theme's modules, the SVG helper, and
 * `@mdx-js/react`, through which an imported `.md`/`.mdx` partial gets the theme's MDX components.
 */
function provider(themeModules: Record<string, Record<string, unknown>>, components: Record<string, unknown>): (id: string) => unknown {
  const provided: Record<string, unknown> = {
    '@mdx-js/react': {
      useMDXComponents: (given?: Record<string, unknown>) => ({ ...components, ...given }),
      MDXProvider,
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

/** A page whose modules run in the browser too (Compiled.modules.client): where its island module is, and the site for it. */
export interface IslandSetup {
  /** URL of the page's island module (see src/compile/modules.ts). */
  url: string;
  /** The plain data the Docusaurus modules read in the browser (themes/classic/docusaurus.tsx). */
  site: unknown;
}

/** Props as JSON the browser gets back equal, or undefined when they hold what JSON cannot carry (a function, an element). */
function plainProps(props: Record<string, unknown>): string | undefined {
  const seen = (value: unknown): boolean => {
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value))
      return typeof value !== 'number' || Number.isFinite(value);
    if (Array.isArray(value)) return value.every(seen);
    if (typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype && !('$$typeof' in (value as object)))
      return Object.values(value as object).every((v) => v === undefined || seen(v));
    return false;
  };
  return Object.values(props).every((v) => v === undefined || seen(v)) ? JSON.stringify(props) : undefined;
}

/**
 * A component of the project's, drawn where the page uses it inside `<quire-island>`: the browser loads the
 * page's island module and hydrates it with the same props (themes/classic/islands/project.client.tsx), as
 * Docusaurus hydrates its pages. Its children are the page's own content, drawn here inside `<quire-children>`
 * and kept as they are there. Props JSON cannot carry (a function, an element) keep it drawn only, with its
 * reason in `data-static`. Hydrated at load, as Docusaurus hydrates: an element without a box of its own (display: contents)
 * is never seen by an IntersectionObserver.
 */
function islandOf(Component: ComponentType<Record<string, unknown>>, source: string, name: string, island: IslandSetup) {
  return function ProjectIsland({ children, ...props }: Record<string, unknown>) {
    // Text children (`<CodeBlock>{`npx init ${version()}`}</CodeBlock>`) are data the component may read as text,
    // as it does in Docusaurus: they go with the props, not drawn into `<quire-children>`.
    const text = isText(children);
    const json = plainProps(text ? { ...props, children } : props);
    // A function as children (`<BrowserOnly>{() => …}</BrowserOnly>`) is code of the page's, which the browser's
    // module does not have: drawn only, as a prop JSON cannot carry.
    if (json === undefined || typeof children === 'function')
      return createElement('quire-island', { 'data-static': 'props' }, createElement(Component, props, children as React.ReactNode));
    const held = children === undefined || text ? undefined : createElement('quire-children', null, children as React.ReactNode);
    const data = `{"source":${JSON.stringify(source)},"name":${JSON.stringify(name)},"props":${json},"children":${held !== undefined},"site":${JSON.stringify(island.site)}}`;
    return createElement(
      'quire-island',
      { 'data-island': 'project', 'data-island-src': island.url, 'data-props': data, 'data-hydrate': 'load' },
      createElement(Component, props, text ? (children as React.ReactNode) : held),
    );
  };
}

/** Children that are text only: a string or number, or a list of them (React joins them). */
function isText(children: unknown): boolean {
  if (typeof children === 'string' || typeof children === 'number') return true;
  return Array.isArray(children) && children.length > 0 && children.every(isText);
}

/** Components among a module's exports: functions (and classes) named as components are, `default` among them. */
function withIslands(modules: Record<string, unknown>, island: IslandSetup): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [source, value] of Object.entries(modules)) {
    const module = value as Record<string, unknown>;
    const wrapped: Record<string, unknown> = { ...module };
    for (const [name, exported] of Object.entries(module))
      if (typeof exported === 'function' && (/^[A-Z]/.test(exported.name) || (name === 'default' && /^[A-Z]/.test(exported.name || 'X'))))
        wrapped[name] = islandOf(exported as ComponentType<Record<string, unknown>>, source, name, island);
    out[source] = wrapped;
  }
  return out;
}

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
  island?: IslandSetup,
): Record<string, unknown> {
  const hit = evaluated.get(key);
  if (hit) return hit;
  const module = { exports: {} as Record<string, unknown> };
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- see above: the project's own code, bundled
  const run = new Function('require', 'module', 'exports', code + scriptUrlComment('modules')) as (
    provide: (id: string) => unknown,
    module: { exports: unknown },
    exports: unknown,
  ) => void;
  run(provider(themeModules, components), module, module.exports);
  const bundled = (module.exports.default ?? {}) as Record<string, unknown>;
  const modules = island ? withIslands(bundled, island) : bundled;
  if (evaluated.size > 2_000) evaluated.clear();
  evaluated.set(key, modules);
  return modules;
}
