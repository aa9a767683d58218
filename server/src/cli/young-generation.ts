/**
 * Keeps V8's young generation at its first size for the rest of the process, for a command
 * whose objects nearly all die young (`test --batch`: a line's strings and verdict are gone
 * once its answer is written).
 *
 * Memory a process touches for the first time costs a page fault each 4 KiB, and on a
 * virtual machine that is slow (12 to 15 µs a page here, where copying the page takes well
 * under one). V8 doubles the young generation as objects survive, up to 16 MB a half, and
 * each doubling is fresh pages; kept at its first 1 MB, the same pages are collected again,
 * a little more often. A 200,000-line batch made 3,000 fewer faults (15,000 -> 12,000);
 * interleaved A/B, 20 and 30 rounds: full answers 994 -> 949 and 995 -> 975 ms wall,
 * `--fields allowed,line` 697 -> 670 and 569 -> 557 ms.
 *
 * Not for every command: a replay keeps many objects a while (its reorder window, its
 * counts), and with the small young generation a 500,000-line replay took 990 -> 1,111 ms.
 *
 * V8 reads this flag each time it would grow the young generation, so it holds from here on.
 */

import { setFlagsFromString } from 'node:v8';

export function keepYoungGenerationSmall(): void {
  setFlagsFromString('--semi-space-growth-factor=1');
}
