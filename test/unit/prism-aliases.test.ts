import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain ES module script without types
import { aliasModule, readAliases } from '../../scripts/prism-aliases.mjs';
import { repoRoot } from '../helpers.ts';

describe('Prism aliases', () => {
  it('prism aliases: the generated table should match the installed grammars (run scripts/prism-aliases.mjs)', async () => {
    const table = readAliases() as Record<string, string>;
    expect(table.js).toBe('javascript');
    expect(table.sh).toBe('bash');
    expect(await readFile(path.join(repoRoot, 'src/highlight/prism-aliases.ts'), 'utf8')).toBe(aliasModule(table));
  });
});
