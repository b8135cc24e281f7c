import { ComponentError } from './component-error.ts';

/**
 * What a prop of a theme's MDX component wants, and values that cannot be it. A prop a component contract
 * names (Theme.contracts) takes a text, or a number when the contract lists it under `numbers`; given an
 * object or an array, React would print `[object Object]` or `1,2` where the text belongs. Plan checks the
 * values written in MDX (`width={{ a: 1 }}`, Q033 at the prop), render the values only known while the page runs
 * (guardedComponents, Q080 naming the prop).
 */

/** The parts of a component contract (see ComponentContract in src/types.ts) these checks read. */
export interface PropContract {
  props: Record<string, boolean>;
  numbers?: readonly string[];
  lists?: readonly string[];
  children?: { name: string };
}

/** What `prop` wants, in words: every prop a contract names is a text, or a number when it is one of `numbers`. */
export function propWants(contract: Pick<PropContract, 'numbers'>, prop: string): 'a number' | 'a text' {
  return contract.numbers?.includes(prop) ? 'a number' : 'a text';
}

/** What a value is, in words, when no text or number prop can take it (undefined when one can). */
export function unfitValue(value: unknown): 'an array' | 'an element' | 'an object' | 'a function' | undefined {
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'function') return 'a function';
  if (typeof value !== 'object' || value === null) return undefined;
  // A React element (`title={<b>x</b>}`): an object too, shown as one wherever a text goes into an attribute.
  return '$$typeof' in value ? 'an element' : 'an object';
}

/** The message for a prop given a value it cannot take: `<Figure width={…}>: width wants a number, not an object.` */
export function unfitPropMessage(component: string, prop: string, wants: string, got: string, written?: string): string {
  return `<${component} ${prop}=${written === undefined ? '{…}' : `{${written}}`}>: ${prop} wants ${wants}, not ${got}.`;
}

/** A function component; React calls it with its props. */
type FunctionComponent = (props: Record<string, unknown>) => unknown;

/** What each contracted component was wrapped to (by the components record it came in), so wrapping is done once. */
const guardedRecords = new WeakMap<object, Record<string, unknown>>();

/**
 * The theme's MDX components, each one with a contract wrapped so that an object, array, element or function
 * given to a prop its contract names throws (render reports it as Q080, at the component's use): the value is
 * known only while the page runs (`width={size}`, from an `export const` of the page), so plan could not see it.
 * A component holding others (`children` of its contract: `Tabs` holding `Tab`s, whose props it reads off the
 * elements without rendering them) checks those elements' props too.
 *
 * The wrapper calls the component as a function in its own place, adding no element to the tree (React's ids,
 * `useId`, stay as they were). A class component or a `memo`/`forwardRef` object is left as it is.
 */
export function guardedComponents(
  components: Record<string, unknown>,
  contracts: Record<string, PropContract> | undefined,
): Record<string, unknown> {
  if (!contracts) return components;
  const done = guardedRecords.get(components);
  if (done) return done;
  const out: Record<string, unknown> = { ...components };
  const wrapped = new Map<unknown, { name: string; contract: PropContract }>();
  for (const [name, component] of Object.entries(components)) {
    const contract = Object.hasOwn(contracts, name) ? contracts[name] : undefined;
    if (!contract || !isPlainFunctionComponent(component)) continue;
    const guarded = (props: Record<string, unknown>) => {
      checkProps(name, contract, props);
      const held = contract.children ? out[contract.children.name] : undefined;
      const heldContract = wrapped.get(held);
      if (heldContract)
        for (const element of elementsOf(props.children, held)) checkProps(heldContract.name, heldContract.contract, element.props);
      return component(props);
    };
    // The component's name in React's messages and stacks, and any statics (`Tabs.Tab`) it carries.
    Object.defineProperty(guarded, 'name', { value: component.name });
    Object.assign(guarded, component);
    out[name] = guarded;
    wrapped.set(guarded, { name, contract });
  }
  guardedRecords.set(components, out);
  return out;
}

function isPlainFunctionComponent(component: unknown): component is FunctionComponent {
  return typeof component === 'function' && !(component.prototype as { isReactComponent?: unknown } | undefined)?.isReactComponent;
}

/** Throws for the first prop the contract names whose value is no text or number. */
function checkProps(name: string, contract: PropContract, props: Record<string, unknown>): void {
  for (const prop of Object.keys(contract.props)) {
    if (!Object.hasOwn(props, prop) || (contract.lists?.includes(prop) && Array.isArray(props[prop]))) continue;
    const got = unfitValue(props[prop]);
    if (got) throw new ComponentError(name, unfitPropMessage(name, prop, propWants(contract, prop), got));
  }
}

/** The elements of `type` among `children` (nested arrays looked through): objects with that type and props. */
function elementsOf(children: unknown, type: unknown): { props: Record<string, unknown> }[] {
  if (Array.isArray(children)) return children.flatMap((child) => elementsOf(child, type));
  const element = children as { type?: unknown; props?: unknown } | null;
  return typeof element === 'object' &&
    element !== null &&
    element.type === type &&
    typeof element.props === 'object' &&
    element.props !== null
    ? [element as { props: Record<string, unknown> }]
    : [];
}
