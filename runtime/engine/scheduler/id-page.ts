// One page of ids, ascending, without sorting them all: a status page at 50,000 rules costs one
// pass over the rules and a heap of `limit + 1` ids, not a sort of 50,000 ids per request.

/**
 * Keeps the `limit` smallest ids offered above `afterId` (ids unique), and whether there were
 * more: offer every candidate, then take the page. O(n log limit); a max-heap in a typed array.
 */
export class IdPageSelection {
  private readonly heap: Float64Array;
  private size = 0;

  constructor(
    private readonly afterId: number,
    private readonly limit: number,
  ) {
    if (!(Number.isInteger(limit) && limit >= 1)) throw new RangeError(`limit must be a positive integer, got ${limit}`);
    // One more than the page, so that `more` is known without a second pass.
    this.heap = new Float64Array(limit + 1);
  }

  offer(id: number): void {
    if (id <= this.afterId) return;
    const heap = this.heap;
    if (this.size < heap.length) {
      let at = this.size++;
      while (at > 0) {
        const parent = (at - 1) >> 1;
        if (heap[parent]! >= id) break;
        heap[at] = heap[parent]!;
        at = parent;
      }
      heap[at] = id;
      return;
    }
    if (id >= heap[0]!) return; // the common case once the heap is full: one comparison
    // Replace the largest kept id and sift it down.
    let at = 0;
    for (;;) {
      const left = 2 * at + 1;
      if (left >= this.size) break;
      const right = left + 1;
      const child = right < this.size && heap[right]! > heap[left]! ? right : left;
      if (heap[child]! <= id) break;
      heap[at] = heap[child]!;
      at = child;
    }
    heap[at] = id;
  }

  /** The kept ids ascending (at most `limit`), and whether an id above the last one was offered. */
  take(): { ids: number[]; more: boolean } {
    const ids = Array.from(this.heap.subarray(0, this.size)).sort((a, b) => a - b);
    const more = ids.length > this.limit;
    if (more) ids.pop();
    return { ids, more };
  }
}

/** The page of `ids` (unique) above `afterId`: at most `limit`, ascending, and whether more remain. */
export function pageOfIds(ids: Iterable<number>, afterId: number, limit: number): { ids: number[]; more: boolean } {
  const selection = new IdPageSelection(afterId, limit);
  for (const id of ids) selection.offer(id);
  return selection.take();
}
