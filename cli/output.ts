import { readFileSync } from 'node:fs';
import path from 'node:path';
import { formatDiagnostic, type Diagnostic } from '../src/diagnostics.ts';
import type { BuildResult, StepTiming } from '../src/build.ts';

/** Terminal output: a one-line progress display on a TTY, plain lines elsewhere (CI), and the diagnostics. */
export class Output {
  readonly isTTY: boolean;
  readonly color: boolean;

  constructor(private readonly stream: NodeJS.WriteStream = process.stderr) {
    this.isTTY = Boolean(stream.isTTY) && !process.env.CI;
    this.color = this.isTTY && !process.env.NO_COLOR;
  }

  step(timing: StepTiming, index: number, total: number): void {
    const line = `${timing.name.padEnd(8)} ${timing.ms.toFixed(0).padStart(6)} ms${timing.detail ? `  ${timing.detail}` : ''}`;
    if (this.isTTY) {
      const width = 20;
      const done = Math.round((index / total) * width);
      this.stream.write(`\r\x1b[2K[${'#'.repeat(done)}${'.'.repeat(width - done)}] ${line}`);
      if (index === total) this.stream.write('\n');
    } else {
      this.stream.write(line + '\n');
    }
  }

  endProgress(): void {
    if (this.isTTY) this.stream.write('\r\x1b[2K');
  }

  diagnostics(list: Diagnostic[], root: string): void {
    for (const d of list) {
      let source: string | undefined;
      if (d.file && d.line) {
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
      this.stream.write(`Built ${result.pages} pages${unchanged} in ${(ms / 1000).toFixed(2)} s → ${outDir} (${result.files} files, ${size})${warnings ? `, ${warnings} warning(s)` : ''}\n`);
    } else {
      this.stream.write(`Build failed: ${errors} error(s)${warnings ? `, ${warnings} warning(s)` : ''}. The previous output was left as it was.\n`);
    }
  }
}
