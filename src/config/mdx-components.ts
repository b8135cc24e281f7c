import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'acorn';
import { CODES, report, type Diagnostic } from '../diagnostics.ts';
import { plainJavaScript } from '../import-ts.ts';

/**
 * Where a global MDX component's value comes from, as the project's `src/theme/MDXComponents` writes it: an import
 * of a theme or Docusaurus module (`Tabs` from `@theme/Tabs`: `source` and its export `name`), which a page gets
 * as if it imported it itself; or nothing, for a value of the module's own (its export by that key).
 */
export interface MdxGlobal {
  source?: string;
  name?: string;
}

/** What the reading found: the components pages may use without import, and what it could not honour or read. */
export interface MdxComponentsRead {
  components: Record<string, MdxGlobal>;
  diagnostics: Diagnostic[];
}

/** Modules whose imports a page gets as its own: quire's theme knows them (see compile's theme-modules.ts). */
const THEME_MODULE = /^@(?:theme|docusaurus)\//;

/** The module quire answers for `@theme-original/MDXComponents` (and `@theme-init/`): its keys are quire's own. */
const ORIGINAL = /^@theme-(?:original|init)\/MDXComponents$/;

type Node = { type: string; [key: string]: unknown };

/**
 * The keys a project's `src/theme/MDXComponents.{js,jsx,ts,tsx}` adds to Docusaurus's MDX scope
 * (https://docusaurus.io/docs/markdown-features/react#mdx-component-scope), read from its text without running it:
 * the object its default export (or `module.exports`) is, with spreads of `@theme-original/MDXComponents` (quire's
 * own components) and of objects the file defines. Keys naming components (capitalised) are the globals; keys
 * naming HTML elements (`a`, `h2`, `code`…) would replace what quire draws itself in every page, and are named in
 * one warning (Q003) with what cannot be read (a spread of another module, a computed key).
 */
export async function readMdxComponents(root: string, file: string): Promise<MdxComponentsRead> {
  const place = { file };
  let program: Node;
  try {
    const js = await plainJavaScript(file, await readFile(path.join(root, file), 'utf8'));
    program = parse(js, { ecmaVersion: 'latest', sourceType: 'module' }) as unknown as Node;
  } catch (e) {
    const reason = (e as { errors?: { text: string }[]; message: string }).errors?.[0]?.text ?? (e as Error).message;
    return {
      components: {},
      diagnostics: [report(CODES.CONFIG_UNKNOWN_KEY, 'mdxComponentsUnread', { file, reason: `cannot parse it (${reason})` }, place)],
    };
  }
  const body = program.body as Node[];
  const imports = importBindings(body);
  const objects = topLevelValues(body);
  const exported = defaultExport(body, objects);
  if (exported?.type !== 'ObjectExpression') {
    const reason = 'its default export is not an object written in the file';
    return { components: {}, diagnostics: [report(CODES.CONFIG_UNKNOWN_KEY, 'mdxComponentsUnread', { file, reason }, place)] };
  }
  const keys = new Map<string, Node>();
  const unread: string[] = [];
  collectKeys(exported, { imports, objects, keys, unread, seen: new Set() });
  const components: Record<string, MdxGlobal> = {};
  const elements: string[] = [];
  for (const [key, value] of keys) {
    if (!/^[A-Z]/.test(key)) {
      elements.push(key);
      continue;
    }
    // A name no JSX tag can write (`Foo-Bar`) is no page's to use.
    if (!/^[A-Z][\w$]*$/.test(key)) continue;
    const bound = boundValue(value, imports);
    components[key] = bound && bound.name !== '*' && THEME_MODULE.test(bound.source) ? { ...bound } : {};
  }
  const diagnostics: Diagnostic[] = [];
  if (elements.length) diagnostics.push(report(CODES.CONFIG_UNKNOWN_KEY, 'mdxComponentsElements', { file, names: elements }, place));
  if (unread.length)
    diagnostics.push(report(CODES.CONFIG_UNKNOWN_KEY, 'mdxComponentsUnread', { file, reason: `cannot read ${unread.join(', ')}` }, place));
  return { components, diagnostics };
}

/**
 * Each name an `import` binds, with its module and the export it names (`default` for a default import, `*` for the
 * module); also `const x = require('…')` as CommonJS compiled from TypeScript writes it (through `__importDefault`).
 */
function importBindings(body: Node[]): Map<string, { source: string; name: string }> {
  const out = new Map<string, { source: string; name: string }>();
  for (const statement of body) {
    if (statement.type === 'VariableDeclaration')
      for (const d of statement.declarations as Node[]) {
        const source = requiredSource(d.init as Node | null);
        if (source !== undefined && (d.id as Node).type === 'Identifier') out.set(String((d.id as Node).name), { source, name: '*' });
      }
    if (statement.type !== 'ImportDeclaration') continue;
    const source = String((statement.source as Node).value);
    for (const s of statement.specifiers as Node[]) {
      const local = String((s.local as Node).name);
      if (s.type === 'ImportDefaultSpecifier') out.set(local, { source, name: 'default' });
      else if (s.type === 'ImportSpecifier') {
        const imported = s.imported as Node;
        out.set(local, { source, name: String(imported.name ?? imported.value) });
      } else out.set(local, { source, name: '*' });
    }
  }
  return out;
}

/** The module of `require('…')`, also wrapped in one call (`__importDefault(require('…'))`). */
function requiredSource(init: Node | null): string | undefined {
  if (init?.type !== 'CallExpression') return undefined;
  const [first] = init.arguments as Node[];
  const callee = init.callee as Node;
  if (callee.type === 'Identifier' && callee.name === 'require' && first?.type === 'Literal' && typeof first.value === 'string')
    return first.value;
  return (init.arguments as Node[]).length === 1 ? requiredSource(first) : undefined;
}

/** The module and export a value names: an imported name, or a member of a required module (`Tabs_1.default`). */
function boundValue(value: Node, imports: Map<string, { source: string; name: string }>): { source: string; name: string } | undefined {
  if (value.type === 'Identifier') return imports.get(String(value.name));
  const object = value.object as Node | undefined;
  const property = value.property as Node | undefined;
  if (value.type !== 'MemberExpression' || value.computed || object?.type !== 'Identifier' || property?.type !== 'Identifier')
    return undefined;
  const bound = imports.get(String(object.name));
  return bound?.name === '*' ? { source: bound.source, name: String(property.name) } : undefined;
}

/** The values of the file's top-level `const`/`let`/`var` declarations, by name (objects it spreads or exports). */
function topLevelValues(body: Node[]): Map<string, Node> {
  const out = new Map<string, Node>();
  for (const statement of body) {
    const declaration = statement.type === 'ExportNamedDeclaration' ? (statement.declaration as Node | null) : statement;
    if (declaration?.type !== 'VariableDeclaration') continue;
    for (const d of declaration.declarations as Node[]) {
      const id = d.id as Node;
      if (id.type === 'Identifier' && d.init) out.set(String(id.name), d.init as Node);
    }
  }
  return out;
}

/** The module's default export (`export default`, `export { x as default }` or `module.exports =`), followed through names. */
function defaultExport(body: Node[], values: Map<string, Node>): Node | undefined {
  let found: Node | undefined;
  for (const statement of body) {
    if (statement.type === 'ExportDefaultDeclaration') found = statement.declaration as Node;
    else if (statement.type === 'ExportNamedDeclaration' && !statement.source)
      for (const s of (statement.specifiers as Node[]) ?? [])
        if ((s.exported as Node).name === 'default' || (s.exported as Node).value === 'default') found = s.local as Node;
    if (statement.type === 'ExpressionStatement') {
      const e = statement.expression as Node;
      const left = e.left as Node | undefined;
      if (e.type === 'AssignmentExpression' && left?.type === 'MemberExpression' && isModuleExports(left)) found = e.right as Node;
    }
  }
  for (let depth = 0; found?.type === 'Identifier' && depth < 10; depth++) found = values.get(String(found.name));
  return found;
}

/** `module.exports` or `exports.default` (CommonJS compiled from a module's default export). */
const isModuleExports = (m: Node) => {
  const object = m.object as Node;
  const property = (m.property as Node).name;
  return (
    object.type === 'Identifier' &&
    ((object.name === 'module' && property === 'exports') || (object.name === 'exports' && property === 'default'))
  );
};

interface Collect {
  imports: Map<string, { source: string; name: string }>;
  objects: Map<string, Node>;
  keys: Map<string, Node>;
  unread: string[];
  seen: Set<Node>;
}

/** The keys of an object literal, in order, a later key replacing an earlier one as in JavaScript. */
function collectKeys(object: Node, c: Collect): void {
  if (c.seen.has(object)) return;
  c.seen.add(object);
  for (const property of object.properties as Node[]) {
    if (property.type === 'SpreadElement') {
      const argument = property.argument as Node;
      const name = argument.type === 'Identifier' ? String(argument.name) : undefined;
      const bound = boundValue(argument, c.imports);
      if (bound && ORIGINAL.test(bound.source)) continue;
      const local = name === undefined ? argument : c.objects.get(name);
      if (local?.type === 'ObjectExpression') collectKeys(local, c);
      else c.unread.push(bound ? `the spread of ${bound.source}` : `the spread of ${name ?? 'an expression'}`);
      continue;
    }
    const key = property.key as Node;
    const name = property.computed
      ? undefined
      : key.type === 'Identifier'
        ? String(key.name)
        : typeof key.value === 'string'
          ? key.value
          : undefined;
    if (name === undefined) c.unread.push('a computed key');
    else {
      c.keys.delete(name);
      c.keys.set(name, property.value as Node);
    }
  }
}
