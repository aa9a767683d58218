/**
 * How a panel that shows what its document means follows the edits (the crawler matrix, AI
 * access): it recomputes at once when shown or re-targeted, or after a pause in typing, and
 * shows only the newest answer: one a later request overtook is dropped, and so is any that
 * arrives after the panel closed.
 */

import { Debounce } from '../debounce';

/** The pause in typing after which an edited document is recomputed. */
const REFRESH_DELAY_MS = 300;

/** A recomputation; it asks `isLatest()` before it shows what it got. */
export type Recompute = (isLatest: () => boolean) => Promise<void>;

export class LatestRefresh {
  private sequence = 0;
  private readonly afterTyping: Debounce;

  constructor(private readonly recompute: Recompute) {
    this.afterTyping = new Debounce(REFRESH_DELAY_MS, () => void this.now());
  }

  /** Recomputes now (with `recompute`, or a one-off variant of it); anything pending is overtaken. */
  now(recompute: Recompute = this.recompute): Promise<void> {
    const sequence = ++this.sequence;
    return recompute(() => sequence === this.sequence);
  }

  /** Recomputes once typing pauses. */
  soon(): void {
    this.afterTyping.schedule();
  }

  /** Drops what is pending and any answer still on its way. */
  dispose(): void {
    this.afterTyping.dispose();
    this.sequence++;
  }
}
