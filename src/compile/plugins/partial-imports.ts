import type { Root } from 'mdast';
import { IMPORT_FUNCTION } from '../../shared/mdx-literal.ts';

type Node = {
  type: string;
  source?: { value?: unknown };
  specifiers?: { type: string; local: { name: string } }[];
  declarations?: { id?: { name?: string }; init?: Node }[];
  object?: Node;
  property?: { value?: unknown; name?: string };
  callee?: Node;
  arguments?: { value?: unknown }[];
};

/** A module written as a Markdown file: what Docusaurus's table of contents takes a partial's headings from. */
const MARKDOWN_MODULE = /\.mdx?$/;

/**
 * The names a page binds to the default export of an imported `.md`/`.mdx` file, with the module each names, as
 * Docusaurus's MDX loader finds them for the table of contents (its remark `toc` plugin: a default import whose
 * path ends in `.md` or `.mdx`, anywhere in the page, before or after its use). The imports may already be
 * declarations over the render's modules (remarkImports): `const X = arguments[0]._quireImport("./x.mdx")["default"]`.
 */
export function markdownImports(tree: Root): Map<string, string> {
  const found = new Map<string, string>();
  for (const child of tree.children as { type: string; data?: { estree?: { body?: Node[] } } }[]) {
    if (child.type !== 'mdxjsEsm') continue;
    for (const statement of child.data?.estree?.body ?? []) {
      if (statement.type === 'ImportDeclaration') {
        const source = String(statement.source?.value ?? '');
        const local = statement.specifiers?.find((s) => s.type === 'ImportDefaultSpecifier')?.local.name;
        if (local && MARKDOWN_MODULE.test(source)) found.set(local, source);
      } else if (statement.type === 'VariableDeclaration') {
        for (const { id, init } of statement.declarations ?? []) {
          const source = defaultOfModule(init);
          if (id?.name && source !== undefined && MARKDOWN_MODULE.test(source)) found.set(id.name, source);
        }
      }
    }
  }
  return found;
}

/** The module of `arguments[0]._quireImport("x")["default"]`, the form remarkImports gives a default import. */
function defaultOfModule(init: Node | undefined): string | undefined {
  if (init?.type !== 'MemberExpression' || init.property?.value !== 'default') return undefined;
  const call = init.object;
  if (call?.type !== 'CallExpression' || call.callee?.property?.name !== IMPORT_FUNCTION) return undefined;
  const source = call.arguments?.[0]?.value;
  return typeof source === 'string' ? source : undefined;
}
