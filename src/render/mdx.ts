import * as runtime from 'react/jsx-runtime';
import type { ComponentType } from 'react';

type MDXContent = ComponentType<{ components?: Record<string, unknown> }>;
const cache = new Map<string, MDXContent>();

/**
 * Turns MDX function-body code (the serialisable form the compiler produces) into a component.
 * The code is our own compiler's output for the project's content, so evaluating it is as trusted
 * as importing a module of the project.
 */
export function mdxComponent(code: string, key: string): MDXContent {
  const hit = cache.get(key);
  if (hit) return hit;
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- see above: compiled project content
  const fn = new Function(code) as (rt: typeof runtime) => { default: MDXContent };
  const component = fn({ ...runtime }).default;
  if (cache.size > 20_000) cache.clear();
  cache.set(key, component);
  return component;
}
