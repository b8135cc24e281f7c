import { createElement, type ComponentType } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { DocusaurusSite, type DocusaurusSiteValue } from '../docusaurus.tsx';

/** What the server writes into a project island (see src/render/modules.ts). */
export interface ProjectIslandProps {
  /** The module's import source on the page and the export that is the component. */
  source: string;
  name: string;
  props: Record<string, unknown>;
  /** The component was given children other than text: the server drew them inside `<quire-children>`. */
  children: boolean;
  site: DocusaurusSiteValue;
}

/**
 * Hydrates one of a project's own components in the browser, as Docusaurus hydrates its pages: the component
 * with the props the server rendered it with. Its children are the page's Markdown, drawn by the server and kept
 * as they are (React does not draw them again).
 */
export function mountProject(element: HTMLElement, given: unknown, modules: Record<string, Record<string, unknown>>): void {
  const props = given as ProjectIslandProps;
  const Component = modules[props.source]?.[props.name] as ComponentType<Record<string, unknown>> | undefined;
  if (!Component) throw new Error(`${props.source} has no export ${props.name}`);
  // The first <quire-children> of this island, not one of an island inside it.
  const held = [...element.querySelectorAll('quire-children')].find((c) => c.parentElement?.closest('quire-island') === element);
  // Text children came with the props (see src/render/modules.ts).
  const componentProps = props.children
    ? { ...props.props, children: createElement('quire-children', { dangerouslySetInnerHTML: { __html: held?.innerHTML ?? '' } }) }
    : props.props;
  hydrateRoot(element, createElement(DocusaurusSite.Provider, { value: props.site }, createElement(Component, componentProps)));
}

/**
 * `@quire/svg` in the browser: an imported SVG file as a component, from the file's text (DOMParser here; the
 * server draws the same element from the same text).
 */
export function svgComponent(text: string): ComponentType<Record<string, unknown>> {
  let parsed: { attributes: Record<string, string>; inner: string } | undefined;
  // biome-ignore lint/correctness/noComponentHookFactories: one component per SVG file, as SVGR makes them; it uses no hooks.
  return function Svg({ title, ...props }: Record<string, unknown>) {
    if (!parsed) {
      const svg = new DOMParser().parseFromString(text, 'image/svg+xml').documentElement;
      const attributes: Record<string, string> = {};
      for (const a of Array.from(svg.attributes)) attributes[a.name === 'class' ? 'className' : a.name] = a.value;
      parsed = { attributes, inner: svg.innerHTML };
    }
    const inner = (title ? `<title>${String(title).replace(/[<&]/g, (c) => (c === '<' ? '&lt;' : '&amp;'))}</title>` : '') + parsed.inner;
    return createElement('svg', { ...parsed.attributes, ...props, dangerouslySetInnerHTML: { __html: inner } });
  };
}
