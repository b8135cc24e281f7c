import { describe, expect, it } from 'vitest';
import { Output } from '../../cli/output.ts';

/** An Output writing into a string, with a clock the test moves. */
function output(tty: boolean) {
  let text = '';
  let clock = 0;
  const out = new Output({ isTTY: tty, write: (chunk: string | Uint8Array) => ((text += String(chunk)), true) }, { tty, now: () => clock });
  return { out, text: () => text, advance: (ms: number) => void (clock += ms), frames: () => text.split('\r').filter(Boolean) };
}

describe('cli output', () => {
  it('cli output: should show compile and render progress in place on a terminal, at most every 80 ms but never short of the end', () => {
    const o = output(true);
    o.out.progress({ step: 'compile', done: 1, total: 300 });
    o.advance(10);
    o.out.progress({ step: 'compile', done: 2, total: 300 }); // too soon: not drawn
    o.advance(100);
    o.out.progress({ step: 'compile', done: 150, total: 300 });
    o.advance(1);
    o.out.progress({ step: 'compile', done: 300, total: 300 }); // the last one always
    o.out.step({ name: 'compile', ms: 1234, detail: '0 cached' }, 3, 6);
    o.out.progress({ step: 'render', done: 1, total: 2 }); // a new step at once
    o.out.progress({ step: 'render', done: 2, total: 2 });
    o.out.progress({ step: 'search' });
    expect(o.frames()).toEqual([
      '\x1b[2K[....................] compile  1/300 files',
      '\x1b[2K[##########..........] compile  150/300 files',
      '\x1b[2K[####################] compile  300/300 files',
      '\x1b[2K[##########..........] compile    1234 ms  0 cached',
      '\x1b[2K[##########..........] render   1/2 pages',
      '\x1b[2K[####################] render   2/2 pages',
      '\x1b[2K[####################] search   building the index',
    ]);
    // One line that is redrawn: no line break until the last step.
    expect(o.text()).not.toContain('\n');
    o.out.step({ name: 'emit', ms: 10 }, 6, 6);
    expect(o.text().endsWith('\n')).toBe(true);
  });

  it('cli output: should print plain step lines and no progress in CI or into a file', () => {
    const o = output(false);
    o.out.progress({ step: 'compile', done: 1, total: 2 });
    o.out.progress({ step: 'render', done: 2, total: 2 });
    o.out.progress({ step: 'search' });
    o.out.step({ name: 'compile', ms: 12, detail: '1 cached' }, 3, 6);
    expect(o.text()).toBe('compile      12 ms  1 cached\n');
  });
});
