import { describe, expect, it } from 'vitest';
import { parseBase, parsePort } from '../../cli/flags.ts';

describe('cli flags', () => {
  it('cli flags: should give a base path the slashes it needs and refuse what is not a path', () => {
    expect(['de', '/de', 'de/', '/de/', '/', '', 'a/b'].map(parseBase)).toEqual(['/de/', '/de/', '/de/', '/de/', '/', '/', '/a/b/']);
    for (const bad of ['https://example.org/de/', '//cdn/de/', '/de/?x', '/de/#x', 'de\\x'])
      expect(() => parseBase(bad)).toThrow('is not a base path');
  });

  it('cli flags: should take ports from 0 to 65535 only', () => {
    expect(parsePort('0')).toBe(0);
    expect(parsePort('65535')).toBe(65535);
    for (const bad of ['65536', '-1', '80a', '', '3.5']) expect(() => parsePort(bad)).toThrow('is not a port number');
  });
});
