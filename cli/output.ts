import { readFileSync } from 'node:fs';
import path from 'node:path';
import { formatDiagnostic, type Diagnostic } from '../src/diagnostics.ts';
import type { BuildProgress, BuildResult, StepTiming } from '../src/build.ts';

/** Terminal output: a one-line progress display on a TTY, plain lines elsewhere (CI), and the diagnostics. */
export class Output {
  readonly isTTY: boolean;
  readonly color: boolean;
  private readonly now: () => number;
  /** The progress line last drawn: its step and when. */
  private drawn: { step: BuildProgress['step']; at: number } | undefined;

  constructor(
    private readonly stream: Pick<NodeJS.WriteStream, 'write' | 'isTTY'> = process.stderr,
    options: { tty?: boolean; now?: () => number } = {},
  ) {
    this.isTTY = options.tty ?? (Boolean(stream.isTTY) && !process.env.CI);
    this.color = this.isTTY && !process.env.NO_COLOR;
    this.now = options.now ?? (() => performance.now());
  }

  step(timing: StepTiming, index: number, total: number): void {
    const line = `${timing.name.padEnd(8)} ${timing.ms.toFixed(0).padStart(6)} ms${timing.detail ? `  ${timing.detail}` : ''}`;
    if (this.isTTY) {
      this.stream.write(`\r\x1b[2K${bar(index / total)} ${line}`);
      if (index === total) this.stream.write('\n');
    } else {
      this.stream.write(line + '\n');
    }
  }

  /**
   * Progress inside a long step, on a terminal only (in CI the step lines say enough): sources compiled,
   * pages written, then the search index. Redrawn at most every PROGRESS_MS, but always at a step's first
   * and last item, so the line never stops short of where the build is.
   */
  progress(p: BuildProgress): void {
    if (!this.isTTY) return;
    const now = this.now();
    const edge = p.step === 'search' || p.done === 1 || p.done === p.total || p.step !== this.drawn?.step;
    if (!edge && this.drawn && now - this.drawn.at < PROGRESS_MS) return;
    this.drawn = { step: p.step, at: now };
    const text =
      p.step === 'compile'
        ? `compile  ${p.done}/${p.total} files`
        : p.step === 'render'
          ? `render   ${p.done}/${p.total} pages`
          : 'search   building the index';
    this.stream.write(`\r\x1b[2K${bar(p.step === 'search' ? 1 : p.done / p.total)} ${text}`);
  }

  endProgress(): void {
    if (this.isTTY) this.stream.write('\r\x1b[2K');
  }

  diagnostics(list: Diagnostic[], root: string): void {
    for (const d of list) {
      let source: string | undefined;
      // A diagnostic that kept its lines (Diagnostic.excerpt) is framed from them: the file may have changed since.
      if (d.file && d.line && !d.excerpt) {
        try {
          source = readFileSync(path.resolve(root, d.file), 'utf8');
        } catch {
          source = undefined;
        }
      }
      this.stream.write(formatDiagnostic(d, { source, color: this.color }) + '\n\n');
    }
  }

  summary(result: BuildResult, ms: number, outDir: string): void {
    const errors = result.diagnostics.filter((d) => d.severity === 'error').length;
    const warnings = result.diagnostics.length - errors;
    if (result.ok) {
      const size = result.bytes > 1e6 ? `${(result.bytes / 1e6).toFixed(1)} MB` : `${(result.bytes / 1e3).toFixed(0)} kB`;
      const unchanged = result.reused ? ` (${result.reused} unchanged)` : '';
      this.stream.write(
        `Built ${result.pages} pages${unchanged} in ${(ms / 1000).toFixed(2)} s → ${outDir} (${result.files} files, ${size})${warnings ? `, ${warnings} warning(s)` : ''}\n`,
      );
    } else {
      this.stream.write(
        `Build failed: ${errors} error(s)${warnings ? `, ${warnings} warning(s)` : ''}. The previous output was left as it was.\n`,
      );
    }
  }
}

/** How often the progress line is redrawn at most: often enough to look alive, rarely enough to cost nothing. */
const PROGRESS_MS = 80;

function bar(fraction: number, width = 20): string {
  const done = Math.max(0, Math.min(width, Math.round(fraction * width)));
  return `[${'#'.repeat(done)}${'.'.repeat(width - done)}]`;
}
