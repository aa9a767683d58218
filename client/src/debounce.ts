/**
 * Runs an action once things have been quiet for a while: a panel that follows the edits of a
 * robots.txt recomputes after the last keystroke of a burst, not after every one.
 */
export class Debounce {
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly delayMs: number,
    private readonly action: () => void,
  ) {}

  /** (Re)starts the wait: the action runs `delayMs` after the last call. */
  schedule(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.action();
    }, this.delayMs);
  }

  /** Drops a pending run. */
  dispose(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
  }
}
