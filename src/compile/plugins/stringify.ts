import type { Element, Nodes, Parents, Properties, Root } from 'hast';
import rehypeStringify from 'rehype-stringify';
import { unified } from 'unified';

/**
 * The `.md` pages' HTML serialiser: the bytes of rehype-stringify with its default options (hast-util-to-html), in
 * a single loop over the tree. hast-util-to-html dispatches each node through zwitch, merges an options object and
 * compiles a regular expression's cache lookup for each text and attribute, and looks up each property's schema
 * entry anew; on pages of text, tables and highlighted code that was a fifth of compiling.
 *
 * What this loop does not know stays hast-util-to-html's, through rehype-stringify itself: SVG and `<template>`
 * subtrees, comments, doctypes, unknown nodes, and boolean attributes (whose value depends on the schema). How each
 * property is written (its attribute name, whether it is boolean, how a list joins) is read from that same
 * serialiser's output once per property name, so no schema table is copied here.
 */
export function rehypeFastStringify(this: { compiler: unknown }) {
  this.compiler = (tree: Root) => toHtml(tree);
}

/** rehype-stringify with its defaults: the reference this file must match, byte for byte. */
const reference = unified().use(rehypeStringify).freeze();
const referenceHtml = (node: Nodes): string =>
  reference.stringify(node.type === 'root' ? node : ({ type: 'root', children: [node] } as Root));

/** Elements without a closing tag (html-void-elements, as hast-util-to-html uses them). */
const VOIDS = new Set([
  'area',
  'base',
  'basefont',
  'bgsound',
  'br',
  'col',
  'command',
  'embed',
  'frame',
  'hr',
  'image',
  'img',
  'input',
  'keygen',
  'link',
  'meta',
  'param',
  'source',
  'track',
  'wbr',
]);

/** stringify-entities' hexadecimal references, as hast-util-to-html writes them by default. */
const reference16 = (character: string) => `&#x${character.charCodeAt(0).toString(16).toUpperCase()};`;
const escapeText = (value: string) => (/[<&]/.test(value) ? value.replace(/[<&]/g, reference16) : value);
const escapeAttribute = (value: string) => (/[\0"&'`]/.test(value) ? value.replace(/[\0"&'`]/g, reference16) : value);

/** How one property is written: its attribute name, whether its value's meaning depends on the schema, how a list joins. */
interface PropertyPlan {
  name: string;
  boolean: boolean;
  comma: boolean;
}

const plans = new Map<string, PropertyPlan>();

/** The attribute hast-util-to-html writes for `key` set to `value` on an `<i>`, without the element around it. */
function referenceAttribute(key: string, value: Properties[string]): string {
  const html = referenceHtml({ type: 'element', tagName: 'i', properties: { [key]: value }, children: [] });
  return html.slice(3, -5);
}

function planFor(key: string): PropertyPlan {
  let plan = plans.get(key);
  if (!plan) {
    const name = referenceAttribute(key, true);
    plan = {
      name,
      // Any other attribute writes an empty string as `name=""`; a boolean one leaves it out or writes the bare name.
      boolean: referenceAttribute(key, '') !== `${name}=""`,
      comma: referenceAttribute(key, ['a', 'b']).endsWith('="a, b"'),
    };
    plans.set(key, plan);
  }
  return plan;
}

function attribute(key: string, value: Properties[string]): string {
  const plan = planFor(key);
  if (plan.boolean) return referenceAttribute(key, value);
  if (value === false || (typeof value === 'number' && Number.isNaN(value))) return '';
  if (value === true) return plan.name;
  let text: string;
  if (Array.isArray(value)) {
    // comma-separated-tokens keeps a trailing empty item; space-separated-tokens does not.
    const items = plan.comma && value[value.length - 1] === '' ? [...value, ''] : value;
    text = items.join(plan.comma ? ', ' : ' ').trim();
  } else text = String(value);
  return `${plan.name}="${escapeAttribute(text)}"`;
}

function attributes(properties: Properties | undefined): string {
  let out = '';
  if (properties)
    for (const key in properties) {
      const value = properties[key];
      if (value === null || value === undefined) continue;
      const written = attribute(key, value);
      if (written) out = out ? `${out} ${written}` : written;
    }
  return out;
}

function element(node: Element, out: string[]): void {
  // hast-util-to-html switches to the SVG schema inside `<svg>` and serialises a template's content.
  if (node.tagName === 'svg' || node.tagName === 'template') {
    out.push(referenceHtml(node));
    return;
  }
  const written = attributes(node.properties);
  out.push(written ? `<${node.tagName} ${written}>` : `<${node.tagName}>`);
  if (VOIDS.has(node.tagName.toLowerCase())) {
    // A void element is closed only when it has content after all.
    const content = toHtml(node);
    if (content) out.push(content, `</${node.tagName}>`);
    return;
  }
  children(node, out);
  out.push(`</${node.tagName}>`);
}

function children(parent: Parents, out: string[]): void {
  const raw = parent.type === 'element' && (parent.tagName === 'script' || parent.tagName === 'style');
  for (const child of parent.children as Nodes[]) {
    // rehype-stringify without allowDangerousHtml writes a raw node as text.
    if (child.type === 'text' || child.type === 'raw') out.push(raw ? child.value : escapeText(child.value));
    else if (child.type === 'element') element(child, out);
    else out.push(referenceHtml(child));
  }
}

/**
 * The HTML of a hast tree (or an element's content), as rehype-stringify with no options writes it. Joined from its
 * parts once: a string built by `+=` stays a tree of its pieces in V8 until read, and each page's HTML is kept in
 * memory until it is rendered.
 */
export function toHtml(tree: Root | Element): string {
  const out: string[] = [];
  children(tree, out);
  return out.join('');
}
