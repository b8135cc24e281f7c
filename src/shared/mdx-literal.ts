/**
 * The values of MDX attribute expressions that need no JavaScript to run: literals (`{800}`, `{"a"}`,
 * `{true}`, `{null}`), negative numbers, template strings with no `${…}` parts, and arrays and plain
 * objects of those (`{["a", "b"]}`, `{{ width: 2 }}`). The compiler renders an MDX page straight from
 * its syntax tree when all its expressions are such values (see src/compile/processors.ts); anything
 * else (variables, calls, imports) keeps MDX's full JavaScript output.
 */
export interface EstreeNode {
  type: string;
  [key: string]: unknown;
}

const NOT_LITERAL = Symbol('not a literal');

export function isLiteralExpression(node: EstreeNode): boolean {
  return literal(node) !== NOT_LITERAL;
}

/** The value of a literal expression; throws for anything else (checked at compile time first). */
export function evaluateLiteral(node: EstreeNode): unknown {
  const value = literal(node);
  if (value === NOT_LITERAL) throw new Error(`quire bug: ${node.type} is not a literal MDX expression`);
  return value;
}

function literal(node: EstreeNode): unknown {
  switch (node.type) {
    case 'Literal':
      return 'regex' in node && node.regex ? NOT_LITERAL : node.value;
    case 'TemplateLiteral': {
      const quasis = node.quasis as { value: { cooked: string | null } }[];
      return (node.expressions as unknown[]).length === 0 && quasis.length === 1 && quasis[0].value.cooked !== null
        ? quasis[0].value.cooked
        : NOT_LITERAL;
    }
    case 'UnaryExpression': {
      const value = literal(node.argument as EstreeNode);
      return (node.operator === '-' || node.operator === '+') && typeof value === 'number'
        ? node.operator === '-'
          ? -value
          : value
        : NOT_LITERAL;
    }
    case 'Identifier':
      return node.name === 'undefined' ? undefined : NOT_LITERAL;
    case 'ArrayExpression': {
      const out: unknown[] = [];
      for (const element of node.elements as (EstreeNode | null)[]) {
        if (!element || element.type === 'SpreadElement') return NOT_LITERAL;
        const value = literal(element);
        if (value === NOT_LITERAL) return NOT_LITERAL;
        out.push(value);
      }
      return out;
    }
    case 'ObjectExpression': {
      const out: Record<string, unknown> = {};
      for (const property of node.properties as EstreeNode[]) {
        if (property.type !== 'Property' || property.computed || property.kind !== 'init' || property.method) return NOT_LITERAL;
        const key = property.key as EstreeNode;
        const name =
          key.type === 'Identifier'
            ? (key.name as string)
            : key.type === 'Literal' && (typeof key.value === 'string' || typeof key.value === 'number')
              ? String(key.value)
              : undefined;
        const value = literal(property.value as EstreeNode);
        if (name === undefined || name === '__proto__' || value === NOT_LITERAL) return NOT_LITERAL;
        out[name] = value;
      }
      return out;
    }
    default:
      return NOT_LITERAL;
  }
}

/** Name of the function a page's compiled code is given to reach its imported modules (see remarkImports, pageModules). */
export const IMPORT_FUNCTION = '_quireImport';
