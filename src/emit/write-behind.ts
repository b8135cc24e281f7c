/**
 * Page files held back in memory and written later, oldest first, once more than `limit` bytes wait.
 *
 * A new search index is finished (Pagefind's own process) only after the last page has been handed to
 * it, and this thread had nothing to do meanwhile. Holding back the last pages moves their writes into
 * that wait, which made cold builds faster. The limit bounds the memory: a big site holds only its last pages.
 *
 * A held page is kept as its UTF-8 bytes, outside the JavaScript heap: held as text, in the heap, they doubled
 * a 10,000-page build's peak memory (figures in bench/HISTORY.md).
 */
export class WriteBehind {
  /** Pages in the order they came; those before `head` are written (their slots cleared). */
  private queue: ({ file: string; bytes: Uint8Array } | undefined)[] = [];
  private head = 0;
  private held = 0;

  constructor(
    private readonly write: (file: string, data: string | Uint8Array) => Promise<void>,
    private readonly limit: number,
  ) {}

  /** Bytes held now. */
  get bytes(): number {
    return this.held;
  }

  /** With a limit of 0 the page is written at once, as it is given (text stays text). */
  async add(file: string, data: string | Uint8Array): Promise<void> {
    if (this.limit === 0) return this.write(file, data);
    const bytes = typeof data === 'string' ? Buffer.from(data) : data;
    this.queue.push({ file, bytes });
    this.held += bytes.byteLength;
    while (this.held > this.limit) await this.writeOldest();
  }

  /** Writes everything held, in the order it came. */
  async flush(): Promise<void> {
    while (this.head < this.queue.length) await this.writeOldest();
  }

  private async writeOldest(): Promise<void> {
    const next = this.queue[this.head]!;
    // Taken off before the write, so a failed write is not tried again by a later call.
    this.queue[this.head++] = undefined;
    this.held -= next.bytes.byteLength;
    if (this.head === this.queue.length) {
      this.queue = [];
      this.head = 0;
    }
    await this.write(next.file, next.bytes);
  }
}
