// One page of items by id, ascending, without sorting them all: a status page at 50,000 rules
// costs one pass over the rules and a heap of `limit + 1` ids, not a sort of 50,000 ids per request.
import { BinaryHeap } from "./binary-heap.js";

export interface IdPage<T> {
  /** At most `limit` items with an id above `afterId`, by id ascending. */
  items: T[];
  /** Whether items with an id above the last one of the page remain. */
  more: boolean;
}

/** The `limit` items of smallest id above `afterId` (ids unique), in O(n log limit). */
export function pageById<T>(items: Iterable<T>, idOf: (item: T) => number, afterId: number, limit: number): IdPage<T> {
  if (!(Number.isInteger(limit) && limit >= 1)) throw new RangeError(`limit must be a positive integer, got ${limit}`);
  // The largest id kept is on top: it is the one a smaller id replaces. One more than the page
  // is kept, so that `more` is known without a second pass.
  const kept = new BinaryHeap<T>((a, b) => idOf(a) > idOf(b));
  for (const item of items) {
    const id = idOf(item);
    if (id <= afterId) continue;
    if (kept.size <= limit) kept.push(item);
    else if (id < idOf(kept.peek()!)) {
      kept.pop();
      kept.push(item);
    }
  }
  const page: T[] = new Array<T>(kept.size);
  for (let i = kept.size - 1; i >= 0; i--) page[i] = kept.pop()!;
  const more = page.length > limit;
  if (more) page.pop();
  return { items: page, more };
}
