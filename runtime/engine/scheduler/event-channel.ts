// The bounded channel of point-change events (spec item 1): a ring buffer of (index, value)
// pairs in typed arrays, so offering an event allocates nothing. When it is full the event is
// refused and counted; the tick path still sees the change (spec item 4).
import type { PointEvent } from "./types.js";

export class EventChannel {
  private readonly indices: Int32Array;
  private readonly values: Float64Array;
  private head = 0;
  private count = 0;
  dropped = 0;

  constructor(readonly capacity: number) {
    this.indices = new Int32Array(capacity);
    this.values = new Float64Array(capacity);
  }

  offer(event: PointEvent): boolean {
    if (this.count === this.capacity) {
      this.dropped++;
      return false;
    }
    const at = (this.head + this.count) % this.capacity;
    this.indices[at] = event.index;
    this.values[at] = event.value;
    this.count++;
    return true;
  }

  /** Hands every queued event to `visit`, oldest first, including events offered meanwhile. */
  drain(visit: (index: number, value: number) => void): void {
    while (this.count > 0) {
      const index = this.indices[this.head]!;
      const value = this.values[this.head]!;
      this.head = (this.head + 1) % this.capacity;
      this.count--;
      visit(index, value);
    }
  }

  clear(): void {
    this.head = 0;
    this.count = 0;
  }
}
