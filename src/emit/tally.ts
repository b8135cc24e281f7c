import type { Writer } from './writer.ts';

/** The writer, counting the files and bytes of the output (written, copied or kept). */
export class Tally {
  files = 0;
  bytes = 0;

  constructor(readonly writer: Writer) {}

  async write(file: string, data: string | Uint8Array): Promise<void> {
    await this.writer.write(file, data);
    this.count(typeof data === 'string' ? Buffer.byteLength(data) : data.byteLength);
  }

  /** Keeps a file of the previous output as it is (see Writer.keep). */
  keep(file: string, size: number): void {
    this.writer.keep!(file);
    this.count(size);
  }

  count(bytes: number, files = 1): void {
    this.files += files;
    this.bytes += bytes;
  }
}

/** Runs file writes with bounded concurrency over any iterable (pulled lazily, so a generator streams). */
export async function inBatches<T>(items: Iterable<T>, run: (item: T) => Promise<void>, concurrency = 32): Promise<void> {
  const it = items[Symbol.iterator]();
  const worker = async () => {
    for (let next = it.next(); !next.done; next = it.next()) await run(next.value);
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}
