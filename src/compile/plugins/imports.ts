import type { Root } from 'mdast';
import type { VFile } from 'vfile';

/**
 * MDX `import` statements are not supported: a page's components come from the theme, available in every
 * `.mdx` file without import, and a page cannot pull in code of its own (the build would have to bundle it
 * for the server and the browser). Without this check an imported component surfaced later as an "unknown
 * component", which sent writers looking in the wrong place. `export` of values works.
 */
export function remarkNoImports() {
  return (tree: Root, file: VFile) => {
    for (const node of tree.children as {
      type: string;
      value?: string;
      position?: Root['position'];
      data?: { estree?: { body?: { type: string }[] } };
    }[]) {
      if (node.type !== 'mdxjsEsm' || !node.data?.estree?.body?.some((statement) => statement.type === 'ImportDeclaration')) continue;
      const statement =
        (node.value ?? '')
          .split('\n')
          .find((line) => /^\s*import\b/.test(line))
          ?.trim() ?? 'import';
      const message = file.message(
        `Imports are not supported in MDX pages (${statement}): the theme's components are available in every page without import`,
        { place: node.position, ruleId: 'no-import', source: 'quire' },
      );
      message.fatal = true;
      message.note =
        'Remove the import and use the theme component of that name (README, "Components"); shared text and figures go in content/data/*.json.';
      throw message;
    }
  };
}
