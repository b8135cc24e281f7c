import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { minimalConfig } from './config-fixture.ts';
import { fixture } from '../helpers.ts';

// The first locale and data file in name order are read slowest, so reads finish in reverse order.
vi.mock('node:fs/promises', async (importOriginal) => {
  const fs = await importOriginal<typeof import('node:fs/promises')>();
  const readFile = (async (file: Parameters<typeof fs.readFile>[0], ...rest: unknown[]) => {
    if (/[\\/](a-erste\.json|de\.json)$/.test(String(file))) await new Promise((resolve) => setTimeout(resolve, 60));
    return (fs.readFile as (...args: unknown[]) => Promise<unknown>)(file, ...rest);
  }) as typeof fs.readFile;
  return { ...fs, default: { ...fs, readFile }, readFile };
});

const { load } = await import('../../src/load/index.ts');

describe('load order', () => {
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'quire-load-order-'));
    await cp(fixture('basic'), root, { recursive: true });
    await writeFile(path.join(root, 'content/data/a-erste.json'), '{"x": 1}');
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it('load: should give data files and locales in name order whichever read finishes first', async () => {
    const { value } = await load({ root, config: minimalConfig(), mode: 'production' });
    // Page fingerprints hash these records: an order that followed the reads re-rendered every page now and then.
    expect(Object.keys(value.messages)).toEqual(['de', 'en']);
    expect(Object.keys(value.data)).toEqual(['a-erste', 'figures']);
    expect(Object.keys(value.dataTexts ?? {})).toEqual(['a-erste', 'figures']);
    expect(value.inputs).toEqual([...value.inputs].sort());
  });
});
