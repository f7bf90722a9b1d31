/** A least-recently-used cache of byte buffers, bounded by their total size. */
export class ByteLruCache {
  private readonly entries = new Map<string, Buffer>();
  private bytes = 0;

  constructor(private readonly maxBytes: number) {}

  /** The cached bytes, marked as just used; undefined when absent. */
  get(key: string): Buffer | undefined {
    const value = this.entries.get(key);
    if (value) {
      // A Map iterates in insertion order: re-inserting moves the entry to the newest end.
      this.entries.delete(key);
      this.entries.set(key, value);
    }
    return value;
  }

  /** Stores the bytes, evicting the least recently used entries beyond the budget. */
  set(key: string, value: Buffer): void {
    const previous = this.entries.get(key);
    if (previous) {
      this.entries.delete(key);
      this.bytes -= previous.length;
    }
    if (value.length > this.maxBytes) return;
    this.entries.set(key, value);
    this.bytes += value.length;
    for (const [oldestKey, oldest] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(oldestKey);
      this.bytes -= oldest.length;
    }
  }

  /** How many entries are held. */
  get size(): number {
    return this.entries.size;
  }
}
