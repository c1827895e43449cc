// An array-backed binary heap. The array never shrinks and holes are cleared, so once grown a
// push or pop allocates nothing: the scheduler pushes and pops every due rule on every tick.

export class BinaryHeap<T> {
  private items: (T | undefined)[] = [];
  private count = 0;

  /** `before(a, b)`: a leaves the heap before b. */
  constructor(private readonly before: (a: T, b: T) => boolean) {}

  get size(): number {
    return this.count;
  }

  peek(): T | undefined {
    return this.items[0];
  }

  push(item: T): void {
    this.items[this.count] = item;
    this.siftUp(this.count++);
  }

  pop(): T | undefined {
    if (this.count === 0) return undefined;
    const top = this.items[0];
    const last = this.items[--this.count];
    this.items[this.count] = undefined;
    if (this.count > 0) {
      this.items[0] = last;
      this.siftDown(0);
    }
    return top;
  }

  /** Restores the order after the top item's key moved later (cheaper than pop and push). */
  topChanged(): void {
    this.siftDown(0);
  }

  /** Replaces the contents with `items` (taken, not copied) in O(n). */
  reset(items: T[]): void {
    this.items = items;
    this.count = items.length;
    for (let i = (this.count >> 1) - 1; i >= 0; i--) this.siftDown(i);
  }

  /** The items, in heap order (not sorted). */
  values(): T[] {
    return this.items.slice(0, this.count) as T[];
  }

  private siftUp(at: number): void {
    const items = this.items;
    const item = items[at] as T;
    while (at > 0) {
      const parent = (at - 1) >> 1;
      const above = items[parent] as T;
      if (!this.before(item, above)) break;
      items[at] = above;
      at = parent;
    }
    items[at] = item;
  }

  private siftDown(at: number): void {
    const items = this.items;
    const count = this.count;
    const item = items[at] as T;
    for (;;) {
      const left = 2 * at + 1;
      if (left >= count) break;
      const right = left + 1;
      let child = left;
      if (right < count && this.before(items[right] as T, items[left] as T)) child = right;
      const below = items[child] as T;
      if (!this.before(below, item)) break;
      items[at] = below;
      at = child;
    }
    items[at] = item;
  }
}
