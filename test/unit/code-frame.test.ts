import { describe, expect, it } from 'vitest';
import { codeFrame } from '../../src/diagnostics.ts';

describe('code frame', () => {
  it('diagnostics: should show short lines whole, with the caret under the column', () => {
    expect(codeFrame('eins\nzwei [x](/fehlt/)\ndrei\n', 2, 6)).toBe(['    1 | eins', '  > 2 | zwei [x](/fehlt/)', '      |      ^', '    3 | drei', '    4 | '].join('\n'));
  });

  it('diagnostics: should cut a long line to a window around the column, context lines aligned', () => {
    const long = 'a'.repeat(5000) + '[x](/fehlt/)' + 'b'.repeat(5000);
    const frame = codeFrame(`davor\n${long}\ndanach`, 2, 5001);
    const lines = frame.split('\n');
    expect(Math.max(...lines.map((l) => l.length))).toBeLessThan(120);
    const marked = lines.find((l) => l.startsWith('  > 2 | '))!;
    const caret = lines[lines.indexOf(marked) + 1];
    // The caret points at the link's first character, and both ends say the line goes on.
    expect(marked[caret.indexOf('^')]).toBe('[');
    expect(marked.slice(8, 9)).toBe('…');
    expect(marked.endsWith('…')).toBe(true);
    // A short context line outside the window shows as cut away.
    expect(lines[0]).toBe('    1 | …');
  });
});
