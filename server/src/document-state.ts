/**
 * State the client sends about a document (replay counts, where a fetched copy came from),
 * kept by URI. A notification may come just before the document's `didOpen`, so a few
 * entries for documents not open are kept, the oldest dropped first; everything else is
 * kept only while its document is open, and closing it forgets it. Notifications about
 * documents that never open therefore cannot grow the server without bound.
 */
export class DocumentState<V> {
  private readonly entries = new Map<string, V>();
  /** URIs of entries whose document was not open when they came, oldest first. */
  private readonly waiting = new Set<string>();

  /** `isOpen`: whether the editor has the document open now. */
  constructor(
    private readonly isOpen: (uri: string) => boolean,
    private readonly maxWaiting = DocumentState.MAX_WAITING,
  ) {}

  /** Entries kept for documents that are not open (yet). */
  static readonly MAX_WAITING = 16;

  get(uri: string): V | undefined {
    return this.entries.get(uri);
  }

  set(uri: string, value: V): void {
    this.entries.set(uri, value);
    this.waiting.delete(uri);
    if (this.isOpen(uri)) return;
    this.waiting.add(uri);
    for (const oldest of this.waiting) {
      if (this.waiting.size <= this.maxWaiting) break;
      this.waiting.delete(oldest);
      // A document that opened since keeps its entry; only the others are dropped.
      if (!this.isOpen(oldest)) this.entries.delete(oldest);
    }
  }

  delete(uri: string): void {
    this.entries.delete(uri);
    this.waiting.delete(uri);
  }

  /** How many entries are kept: at most the open documents plus `MAX_WAITING`. */
  get size(): number {
    return this.entries.size;
  }
}
