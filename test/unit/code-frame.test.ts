import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Output } from '../../cli/output.ts';
import { compile } from '../../src/compile/index.ts';
import { codeFrame, error, formatDiagnostic, frameOf, withExcerpt, type Diagnostic } from '../../src/diagnostics.ts';
import { overlayPayload, sourcesOf } from '../../src/dev/overlay.ts';
import type { Source } from '../../src/types.ts';
import { minimalConfig } from './config-fixture.ts';

describe('code frame', () => {
  it('diagnostics: should show short lines whole, with the caret under the column', () => {
    expect(codeFrame('eins\nzwei [x](/fehlt/)\ndrei\n', 2, 6)).toBe(
      ['    1 | eins', '  > 2 | zwei [x](/fehlt/)', '      |      ^', '    3 | drei', '    4 | '].join('\n'),
    );
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

describe('code frame: from the lines a diagnostic kept (the text that was compiled)', () => {
  const at = (line: number, column?: number): Diagnostic => error('Q030', 'Kaputt.', { file: 'content/docs/a.mdx', line, column });

  it('diagnostics: should frame an excerpt exactly as the whole text, long lines too, with a few lines kept', () => {
    const long = (c: string) => c.repeat(3000);
    const text = [
      'eins',
      `${long('a')}[x](/fehlt/)${long('b')}`,
      'kurz',
      long('c'),
      '',
      'sechs',
      'sieben',
      'acht',
      `${'d'.repeat(120)}`,
    ].join('\n');
    const lines = text.split('\n');
    for (let line = 1; line <= lines.length; line++) {
      for (const column of [
        undefined,
        1,
        2,
        49,
        50,
        51,
        99,
        100,
        101,
        150,
        201,
        250,
        2999,
        3001,
        3005,
        lines[line - 1].length,
        lines[line - 1].length + 1,
        lines[line - 1].length + 150,
      ]) {
        const d = withExcerpt(at(line, column), text);
        expect(frameOf(d), `${line}:${column}`).toBe(codeFrame(text, line, column));
        expect(d.excerpt!.lines.length).toBeLessThanOrEqual(5);
        expect(Math.max(...d.excerpt!.lines.map((l) => l.length))).toBeLessThanOrEqual(400);
      }
    }
  });

  it('diagnostics: should number the lines of a body as lines of the file, and keep nothing for a line the text does not have', () => {
    const d = withExcerpt(at(6, 3), 'Text\n\n<Offen\n', 4);
    expect(d.excerpt).toEqual({ line: 4, offset: 0, lines: ['Text', '', '<Offen', ''] });
    expect(frameOf(d)).toBe(['    4 | Text', '    5 | ', '  > 6 | <Offen', '      |   ^', '    7 | '].join('\n'));
    expect(withExcerpt(at(2), 'Text\n', 4).excerpt).toBeUndefined();
    expect(withExcerpt(at(9), 'Text\n', 4).excerpt).toBeUndefined();
    expect(withExcerpt(error('Q010', 'Fehlt.', { file: 'content' }), 'Text').excerpt).toBeUndefined();
  });

  it('diagnostics: should print, in the terminal and the dev overlay, the frame of the text compiled, not of the file saved since', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'quire-frame-'));
    try {
      await writeFile(path.join(root, 'a.mdx'), '---\ntitle: Neu\n---\nGanz anderer Text\n');
      const compiled = withExcerpt(error('Q030', 'Kaputt.', { file: 'a.mdx', line: 5, column: 1 }), 'Text\n\n<Offen\n', 3);
      const read = error('Q030', 'Kaputt.', { file: 'a.mdx', line: 4, column: 1 });
      let printed = '';
      new Output({ isTTY: false, write: (chunk: string | Uint8Array) => ((printed += String(chunk)), true) }, { tty: false }).diagnostics(
        [compiled, read],
        root,
      );
      const [first, second] = printed.split('\n\n');
      expect(first).toContain('> 5 | <Offen');
      expect(first).not.toContain('anderer');
      // Without kept lines, the file as it is now (as before).
      expect(second).toContain('> 4 | Ganz anderer Text');
      const sources = await sourcesOf([compiled, read], root);
      expect(sources.has(compiled)).toBe(false);
      const payload = overlayPayload([compiled, read], sources, { served: true });
      expect(payload.errors.map((e) => e.frame)).toEqual([frameOf(compiled), codeFrame('---\ntitle: Neu\n---\nGanz anderer Text\n', 4, 1)]);
      expect(formatDiagnostic(compiled, { source: 'ignored\n'.repeat(9) })).toContain('> 5 | <Offen');
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});

describe('code frame: compile keeps the lines it compiled with its problems', () => {
  it('diagnostics: should frame a page that does not compile, and a block left open, from the body compiled', async () => {
    const source = (file: string, body: string): Source => ({
      kind: 'doc',
      file,
      format: 'mdx',
      id: file,
      path: `/docs/${file}/`,
      frontMatter: {},
      body,
      bodyLine: 4,
      hash: file,
    });
    const { diagnostics } = await compile({
      sources: [source('a', 'Text\n\n<Steps>\n\nOhne Ende\n'), source('b', 'Text\n\n```js\nconst a = 1;\n')],
      config: minimalConfig(),
    });
    expect(diagnostics.map((d) => [d.code, d.line, d.excerpt?.line])).toEqual([
      ['Q030', 6, 4],
      ['Q034', 6, 4],
    ]);
    // The file now holds other text (or is gone): the frame is the one compiled.
    expect(formatDiagnostic(diagnostics[0], { source: 'ganz\nanders\n' })).toContain('> 6 | <Steps>');
    expect(formatDiagnostic(diagnostics[1])).toContain('> 6 | ```js');
  });
});
