import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readMdxComponents } from '../../src/config/mdx-components.ts';

let root: string;
beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'quire-mdx-components-'));
});
afterAll(() => rm(root, { recursive: true, force: true }));

/** Reads an MDXComponents file of the given name and text. */
async function read(name: string, text: string) {
  await writeFile(path.join(root, name), text);
  const { components, diagnostics } = await readMdxComponents(root, name);
  return { components, messages: diagnostics.map((d) => `${d.code} ${d.file}: ${d.message}`) };
}

describe('readMdxComponents: the keys of src/theme/MDXComponents, read without running it', () => {
  it('reads an ESM default export with the original spread, theme module imports and components of its own', async () => {
    const { components, messages } = await read(
      'a.js',
      [
        "import Original from '@theme-original/MDXComponents';",
        "import Tabs from '@theme/Tabs';",
        "import { Icon as Glyph } from 'some-icons';",
        "import Box from './Box';",
        'export default { ...Original, Tabs, Glyph, Box, Inline: () => <b>x</b>, "Quoted": Box };',
      ].join('\n'),
    );
    expect(components).toEqual({ Tabs: { source: '@theme/Tabs', name: 'default' }, Glyph: {}, Box: {}, Inline: {}, Quoted: {} });
    expect(messages).toEqual([]);
  });

  it('reads CommonJS (module.exports, and exports.default of compiled TypeScript with require bindings)', async () => {
    const plain = await read(
      'b.js',
      "const Original = require('@theme-original/MDXComponents');\nmodule.exports = { ...Original, Note: () => null };\n",
    );
    expect(plain.components).toEqual({ Note: {} });
    expect(plain.messages).toEqual([]);
    const compiled = await read(
      'c.js',
      [
        '"use strict";',
        'var __importDefault = (m) => (m && m.__esModule ? m : { default: m });',
        'Object.defineProperty(exports, "__esModule", { value: true });',
        'const Original_1 = __importDefault(require("@theme-original/MDXComponents"));',
        'const TabItem_1 = __importDefault(require("@theme/TabItem"));',
        'const Own_1 = __importDefault(require("@site/src/components/Own"));',
        'exports.default = { ...Original_1.default, TabItem: TabItem_1.default, Own: Own_1.default };',
      ].join('\n'),
    );
    expect(compiled.components).toEqual({ TabItem: { source: '@theme/TabItem', name: 'default' }, Own: {} });
    expect(compiled.messages).toEqual([]);
  });

  it('follows a named object and its spreads, TypeScript included; a later key replaces an earlier one', async () => {
    const { components, messages } = await read(
      'd.tsx',
      [
        "import type { ReactNode } from 'react';",
        "import Original from '@theme-original/MDXComponents';",
        "import Tabs from '@theme/Tabs';",
        'const extra = { Card: ({ children }: { children?: ReactNode }) => <div>{children}</div>, Tabs: () => null };',
        'const all: Record<string, unknown> = { ...Original, ...extra, Tabs };',
        'export { all as default };',
      ].join('\n'),
    );
    expect(components).toEqual({ Card: {}, Tabs: { source: '@theme/Tabs', name: 'default' } });
    expect(messages).toEqual([]);
  });

  it('names lowercase keys, what it cannot read, a default export that is no object and a syntax error, in Q003 warnings', async () => {
    const mixed = await read(
      'e.js',
      "import * as more from './more';\nconst k = 'X';\nexport default { ...more, [k]: 1, h2: () => null, code: () => null, Good: () => null };\n",
    );
    expect(mixed.components).toEqual({ Good: {} });
    expect(mixed.messages).toEqual([
      "Q003 e.js: e.js maps lowercase names (HTML elements) to components of its own: h2, code. quire draws these elements itself, so MDX pages keep quire's; the components it adds under capitalised names are used.",
      'Q003 e.js: quire reads the components e.js adds without running it, and cannot read the spread of ./more, a computed key: pages using a component only it adds get Q032.',
    ]);
    const made = await read('f.js', "import make from './make';\nexport default make();\n");
    expect(made.components).toEqual({});
    expect(made.messages).toEqual([expect.stringContaining('and its default export is not an object written in the file')]);
    const broken = await read('g.js', 'export default { Good: () => <b> };\n');
    expect(broken.messages).toEqual([expect.stringMatching(/^Q003 g\.js: .*cannot parse it \(.+\)/)]);
  });
});
