import type { Code, Root } from 'mdast';
import * as npmToYarn from 'npm-to-yarn';
import { walk, type WalkNode } from './walk.ts';
import { QUIRE_NATIVE } from './theme-modules.ts';

/** Which package managers an `npm2yarn` block is also shown for, and whether the tab sets switch together. */
export interface Npm2YarnSettings {
  sync: boolean;
  converters: readonly ('yarn' | 'pnpm' | 'bun')[];
}

/** The tab label of each package manager, as Docusaurus's plugin names them (npm's tab is labelled by its value). */
const LABELS: Record<string, string> = { npm: 'npm', yarn: 'Yarn', pnpm: 'pnpm', bun: 'Bun' };

// The package's types describe its ES module as CommonJS under Node's resolution; its default export is the function.
const convert = (npmToYarn as unknown as { default: (command: string, to: string) => string }).default;

const attribute = (name: string, value: string) => ({ type: 'mdxJsxAttribute', name, value });

/**
 * Docusaurus's `@docusaurus/remark-plugin-npm2yarn` (https://docusaurus.io/docs/markdown-features/code-blocks#npm2yarn-remark-plugin),
 * when the project's config uses it (`file.data.npm2yarn`, set for MDX pages only: the tabs are components): a code
 * block whose meta is exactly `npm2yarn` becomes tabs showing the npm commands and the same commands for each
 * configured package manager (converted by npm-to-yarn, the package that plugin uses), in one `groupId` when `sync`.
 */
export function remarkNpm2Yarn() {
  return (tree: Root, file: { data: Record<string, unknown> }) => {
    const settings = file.data.npm2yarn as Npm2YarnSettings | undefined;
    if (!settings) return;
    walk(tree as WalkNode, (node, index, parent) => {
      if (node.type !== 'code' || (node as unknown as Code).meta !== 'npm2yarn' || !parent?.children || index === undefined)
        return undefined;
      const code = node as unknown as Code;
      const tab = (value: string, text: string) => ({
        type: 'mdxJsxFlowElement',
        name: 'Tab',
        attributes: [attribute('label', LABELS[value]), ...(LABELS[value] !== value ? [attribute('value', value)] : [])],
        children: [{ type: 'code', lang: code.lang, meta: null, value: text, position: code.position }],
        position: code.position,
      });
      parent.children[index] = {
        type: 'mdxJsxFlowElement',
        name: 'Tabs',
        attributes: settings.sync ? [attribute('groupId', 'npm2yarn')] : [],
        children: [tab('npm', code.value), ...settings.converters.map((to) => tab(to, convert(code.value, to)))],
        position: code.position,
        data: { [QUIRE_NATIVE]: true },
      } as unknown as WalkNode;
      return 'skip';
    });
  };
}
