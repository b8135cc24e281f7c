import type { Root } from 'mdast';
import type { VFile } from 'vfile';
import { bindsName, constDeclaration, readsName } from './imports.ts';

type Expression = Record<string, unknown>;

/**
 * `frontMatter` in a page's MDX code (`<Related rules={frontMatter.related}/>`): the page's front matter, as
 * Docusaurus's MDX loader declares it in every module it makes (`export const frontMatter = …`), when the page reads
 * the name and does not define it. A partial's is not declared: quire reads no front matter of a partial.
 */
export function remarkFrontMatterName() {
  return (tree: Root, file: VFile) => {
    const frontMatter = file.data.frontMatter;
    // The text first: most pages never name it, and the walk below visits every node.
    if (file.data.keepImports || frontMatter === undefined || !String(file.value).includes('frontMatter')) return;
    if (!readsName(tree, 'frontMatter') || bindsName(tree, 'frontMatter')) return;
    tree.children.unshift(constDeclaration('frontMatter', valueExpression(frontMatter)));
  };
}

/** A value read from YAML (objects, arrays, texts, numbers, booleans, null) as the expression that makes it. */
function valueExpression(value: unknown): Expression {
  if (Array.isArray(value)) return { type: 'ArrayExpression', elements: value.map(valueExpression) };
  if (value !== null && typeof value === 'object')
    return {
      type: 'ObjectExpression',
      properties: Object.entries(value).map(([key, v]) => ({
        type: 'Property',
        kind: 'init',
        method: false,
        shorthand: false,
        computed: false,
        key: { type: 'Literal', value: key, raw: JSON.stringify(key) },
        value: valueExpression(v),
      })),
    };
  if (value === undefined) return { type: 'Identifier', name: 'undefined' };
  return { type: 'Literal', value, raw: JSON.stringify(value) };
}
