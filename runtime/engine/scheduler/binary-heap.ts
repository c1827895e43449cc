// An array-backed binary heap. The array never shrinks and holes are cleared, so once grown a
// push or pop allocates nothing: the scheduler pushes and pops every due rule on every tick.
// `moved` (optional) hears each item's new position (-1: left the heap), so that an item can be
// taken out from the middle (a partial reload changes a few rules of the due heap).

export class BinaryHeap<T> {
  private items: (T | undefined)[] = [];
  private count = 0;

  /** `before(a, b)`: a leaves the heap before b. */
  constructor(
    private readonly before: (a: T, b: T) => boolean,
    private readonly moved: (item: T, at: number) => void = () => undefined,
  ) {}

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
    return this.count === 0 ? undefined : this.removeAt(0);
  }

  /** Takes out the item at position `at` (as `moved` told it). */
  removeAt(at: number): T {
    const item = this.items[at] as T;
    const last = this.items[--this.count] as T;
    this.items[this.count] = undefined;
    this.moved(item, -1);
    if (at < this.count) {
      this.items[at] = last;
      this.siftDown(at);
      if (this.items[at] === last) this.siftUp(at);
    }
    return item;
  }

  /** Restores the order after the top item's key moved later (cheaper than pop and push). */
  topChanged(): void {
    this.siftDown(0);
  }

  /** Replaces the contents with `items` (taken, not copied) in O(n). */
  reset(items: T[]): void {
    for (let i = 0; i < this.count; i++) this.moved(this.items[i] as T, -1);
    this.items = items;
    this.count = items.length;
    items.forEach(this.moved);
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
      this.moved(above, at);
      at = parent;
    }
    items[at] = item;
    this.moved(item, at);
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
      this.moved(below, at);
      at = child;
    }
    items[at] = item;
    this.moved(item, at);
  }
}
