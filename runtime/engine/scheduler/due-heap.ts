// Interval rules by next due time, so a tick touches only the rules that are due instead of
// scanning all of them. Due times are fixed-rate: first run + k * interval.
import { BinaryHeap } from "./binary-heap.js";

export interface Timed {
  nextDue: number;
}

export function createDueHeap<S extends Timed>(): BinaryHeap<S> {
  return new BinaryHeap<S>((a, b) => a.nextDue < b.nextDue);
}

/**
 * The first due time after `now` on the rule's grid. A first run (`due` -Infinity) anchors the
 * grid at `now`. Due times that passed unserved are skipped, never replayed.
 */
export function nextDueAfter(due: number, intervalMs: number, now: number): number {
  if (due === -Infinity) return now + intervalMs;
  return due + intervalMs * (Math.floor((now - due) / intervalMs) + 1);
}
