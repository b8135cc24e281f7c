import { CORE_SCHEMA, load as loadYaml, YAMLException, type State } from 'js-yaml';

/**
 * Front matter read by js-yaml with the place of every node, from its listener's open and close events: the
 * one YAML parser, so errors and field problems get their line and column without a second parser.
 */

/** A node as the listener saw it: where it starts and ends (offsets in the YAML), its kind and its children. */
export interface YamlNode {
  start: number;
  end: number;
  /** `scalar`, `sequence` or `mapping`; null for an empty value (`title:` with nothing after it). */
  kind: string | null;
  value: unknown;
  /** Whether a `:` follows the node on its line: a mapping's key. */
  isKey: boolean;
  children: YamlNode[];
}

/** A YAML error in quire's words: where it is (an offset in the YAML), and which quoting hint fits it. */
export interface YamlProblem {
  reason: string;
  offset: number;
  /** A NEEDS_QUOTES code of front-matter-hints.ts: the hint is the writer's line with its value quoted. */
  hint?: string;
  /** The hint for an error quotes do not fix. */
  advice?: string;
}

export type Placed = { data: unknown; root: YamlNode | undefined } | { problem: YamlProblem };

/** Offset of the first character at or after `at` that is not a space, a line break or a comment. */
function skipSpace(text: string, at: number): number {
  const m = /^(?:[ \t\r\n]|#[^\n]*)*/.exec(text.slice(at));
  return at + (m ? m[0].length : 0);
}

/** Parses `text` (core schema, as the quick path does) keeping each node's place, or the error in quire's words. */
export function parsePlaced(text: string): Placed {
  const stack: YamlNode[] = [];
  let root: YamlNode | undefined;
  let lastClosed: YamlNode | undefined;
  const listener = (event: 'open' | 'close', state: State): void => {
    if (event === 'open') {
      stack.push({ start: state.position, end: state.position, kind: null, value: undefined, isKey: false, children: [] });
      return;
    }
    const node = stack.pop();
    if (!node) return;
    node.end = state.position;
    node.kind = state.kind;
    node.value = state.result;
    // An empty value is where it would have been; anything else starts at its first character.
    if (node.kind !== null || node.value !== null) node.start = skipSpace(text, node.start);
    node.isKey = node.kind !== null && /^[ \t]*:/.test(text.slice(node.end, node.end + 80));
    const parent = stack.at(-1);
    if (parent) parent.children.push(node);
    else root = node;
    lastClosed = node;
  };
  try {
    const data = loadYaml(text, { schema: CORE_SCHEMA, listener });
    return { data, root };
  } catch (e) {
    if (!(e instanceof YAMLException)) throw e;
    return { problem: explain(e, text, stack, lastClosed) };
  }
}

/** The innermost node still open whose text starts with one of `chars`: a quote or bracket never closed. */
function openedWith(text: string, stack: YamlNode[], chars: string): number | undefined {
  for (let i = stack.length - 1; i >= 0; i--) {
    const at = skipSpace(text, stack[i].start);
    if (chars.includes(text[at])) return at;
  }
  return undefined;
}

/**
 * js-yaml's reason for an error, as a sentence a writer understands, at the place to fix: an unclosed quote or
 * bracket where it opens, an unset alias at its `*`, a value YAML reads as markup at the value.
 */
function explain(e: YAMLException, text: string, stack: YamlNode[], lastClosed: YamlNode | undefined): YamlProblem {
  const at = e.mark?.position ?? 0;
  const reason = e.reason;
  const quote = /within a (double|single) quoted scalar/.exec(reason);
  if (quote) {
    const mark = quote[1] === 'double' ? '"' : "'";
    return {
      reason: `a value in ${quote[1]} quotes (${mark}) is never closed: the closing ${mark} is missing`,
      offset: openedWith(text, stack, mark) ?? at,
      advice: `Add the closing ${mark} at the end of the value.`,
    };
  }
  if (/within a flow collection/.test(reason)) {
    const open = openedWith(text, stack, '[{');
    const close = open !== undefined && text[open] === '{' ? '}' : ']';
    return {
      reason: `a list or mapping in brackets is never closed: the closing ${close} is missing`,
      offset: open ?? at,
      advice: `Add ${close} after its last entry.`,
    };
  }
  const alias = /^unidentified alias "(.*)"$/.exec(reason);
  if (alias)
    return {
      reason: `*${alias[1]} refers to an anchor (&${alias[1]}) that is not set before it`,
      offset: Math.max(0, at - alias[1].length - 1),
      hint: 'ALIAS',
    };
  if (reason === 'duplicated mapping key') {
    const key = /^(?:"[^"]*"|'[^']*'|[^:\n]*?)(?=[ \t]*:)/.exec(text.slice(at))?.[0] ?? '';
    return {
      reason: `the field ${key} is written twice: YAML allows each key once`,
      offset: at,
      advice: `Keep one of the two ${key}: lines.`,
    };
  }
  if (reason === 'bad indentation of a mapping entry') {
    const ch = text[at];
    // `title: Tipp: So geht's`: a colon and a space inside a plain value would start another field.
    if (ch === ':' && lastClosed)
      return { reason: 'a colon followed by a space inside a value would start another field', offset: lastClosed.start, hint: 'COLON' };
    if (ch === '@' || ch === '`' || ch === '%')
      return { reason: `a value cannot start with ${ch}, which YAML reserves`, offset: at, hint: 'RESERVED' };
    if (ch === '-') return { reason: 'a list item ("- …") cannot start on the line of its field', offset: at, hint: 'MARKUP' };
    if (/["'][ \t]*$/.test(text.slice(Math.max(0, at - 40), at)))
      return { reason: 'text follows the closing quote of a quoted value', offset: at, hint: 'MARKUP' };
    return { reason: 'a line is indented where YAML expects a new field or the end of the value', offset: at };
  }
  if (reason === 'a line break is expected' && /[|>]/.test(text[at - 1] ?? ''))
    return { reason: `${text[at - 1]} starts a block of text and must end its line`, offset: at, hint: 'MARKUP' };
  const tag = /^(?:unknown tag|cannot resolve a node with)/.test(reason);
  if (tag)
    return {
      reason: 'a value starting with ! names a YAML type, and this one does not fit it',
      offset: openedWith(text, stack, '!') ?? at,
      hint: 'TAG',
    };
  if (reason === 'tab characters must not be used in indentation')
    return { reason: 'a line is indented with a tab: YAML indents with spaces only', offset: at, advice: 'Indent the line with spaces.' };
  return { reason: `YAML cannot read this (${reason})`, offset: at };
}

/** The node at a key path of the parsed YAML; for a key without a value, the offset after its `:` instead. */
function nodeAt(text: string, root: YamlNode | undefined, path: readonly PropertyKey[]): { node?: YamlNode; offset?: number } {
  let node = root;
  for (const step of path) {
    if (!node) return {};
    if (node.kind === 'sequence') {
      const item = sequenceItem(text, node, Number(step));
      if (item.offset !== undefined) return item;
      node = item.node;
      continue;
    }
    const children = node.children;
    const i = children.findIndex((c) => c.isKey && String(c.value) === String(step));
    // A key the YAML does not have (a field the schema requires): the mapping that lacks it.
    if (i < 0) return { node };
    const value = children[i + 1];
    if (!value || value.isKey) return { offset: text.indexOf(':', children[i].end) + 1 };
    node = value;
  }
  return { node };
}

/**
 * Item `index` of a sequence. In a block sequence an item left empty (`-` and nothing) has no node of its own:
 * the items are found by their `-` at the sequence's column, and an empty one is placed right after its `-`.
 */
function sequenceItem(text: string, seq: YamlNode, index: number): { node?: YamlNode; offset?: number } {
  if (text[seq.start] !== '-') return { node: seq.children[index] };
  const column = seq.start - (text.lastIndexOf('\n', seq.start - 1) + 1);
  const dashes: number[] = [];
  const line = new RegExp(`^[ ]{${column}}-(?=[ \\t\\r\\n]|$)`, 'gm');
  line.lastIndex = seq.start - column;
  for (let m = line.exec(text); m && m.index < seq.end; m = line.exec(text)) dashes.push(m.index + column);
  const dash = dashes[index];
  if (dash === undefined) return {};
  const next = dashes[index + 1] ?? seq.end + 1;
  const node = seq.children.find((c) => c.start > dash && c.start < next);
  return node ? { node } : { offset: dash + 1 };
}

/** Offset where the value at a key path starts (see nodeAt), or undefined when the YAML has no such place. */
export function placeOf(text: string, root: YamlNode | undefined, path: readonly PropertyKey[]): number | undefined {
  const at = nodeAt(text, root, path);
  return at.node?.start ?? at.offset;
}

/** The value at a key path as written in the YAML (`5`, `true`), for a hint that quotes it. */
export function writtenAt(text: string, root: YamlNode | undefined, path: readonly PropertyKey[]): string | undefined {
  const { node } = nodeAt(text, root, path);
  return node && node.kind !== null ? text.slice(node.start, node.end).trim() : undefined;
}
