import { describe, expect, it } from 'vitest';
import { WriteBehind } from '../../src/emit/write-behind.ts';

const page = (text: string) => new TextEncoder().encode(text);

function recorder() {
  const written: string[] = [];
  const write = async (file: string, data: string | Uint8Array) =>
    void written.push(`${file}:${typeof data === 'string' ? `text ${data}` : data.byteLength}`);
  return { written, write };
}

describe('write-behind (pages held back while the search index is finished)', () => {
  it('write-behind: should hold pages up to the limit and write the oldest first once it is passed', async () => {
    const { written, write } = recorder();
    const behind = new WriteBehind(write, 10);
    await behind.add('a', page('aaaa'));
    await behind.add('b', page('bbbb'));
    expect(written).toEqual([]);
    expect(behind.bytes).toBe(8);
    await behind.add('c', page('cccc'));
    expect(written).toEqual(['a:4']);
    await behind.add('d', page('dddddddddddd'));
    expect(written).toEqual(['a:4', 'b:4', 'c:4', 'd:12']);
    expect(behind.bytes).toBe(0);
  });

  it('write-behind: should write everything held, in the order it came, on flush', async () => {
    const { written, write } = recorder();
    const behind = new WriteBehind(write, 1000);
    for (const name of ['x', 'y', 'z']) await behind.add(name, page(name));
    await behind.flush();
    expect(written).toEqual(['x:1', 'y:1', 'z:1']);
    await behind.add('w', page('ww'));
    await behind.flush();
    expect(written).toEqual(['x:1', 'y:1', 'z:1', 'w:2']);
    expect(behind.bytes).toBe(0);
  });

  it('write-behind: should hold a text as its UTF-8 bytes, and pass it on as text when it holds nothing', async () => {
    const { written, write } = recorder();
    const behind = new WriteBehind(write, 10);
    await behind.add('a', 'Übersicht');
    expect(behind.bytes).toBe(10);
    await behind.add('b', 'x');
    expect(written).toEqual(['a:10']);
    const direct = recorder();
    await new WriteBehind(direct.write, 0).add('c', 'Übersicht');
    expect(direct.written).toEqual(['c:text Übersicht']);
  });

  it('write-behind: should write each page at once with a limit of 0 (no search index to wait for)', async () => {
    const { written, write } = recorder();
    const behind = new WriteBehind(write, 0);
    await behind.add('a', page('a'));
    expect(written).toEqual(['a:1']);
    await behind.add('b', page('b'));
    expect(written).toEqual(['a:1', 'b:1']);
  });

  it('write-behind: should pass a failed write on and not try that page again', async () => {
    const tried: string[] = [];
    const behind = new WriteBehind(async (file) => {
      tried.push(file);
      if (file === 'a') throw new Error('disk full');
    }, 100);
    await behind.add('a', page('a'));
    await behind.add('b', page('b'));
    await expect(behind.flush()).rejects.toThrow('disk full');
    await behind.flush();
    expect(tried).toEqual(['a', 'b']);
  });
});
