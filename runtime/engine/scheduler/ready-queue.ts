// Due rules wait here for a free execution slot (spec item 2): higher priority first, ties by id
// ascending. Priority orders the queue only; it never pre-empts a running execution.
import { BinaryHeap } from "./binary-heap.js";

export interface Ranked {
  readonly id: number;
  priority: number;
}

export function runsBefore(a: Ranked, b: Ranked): boolean {
  return a.priority > b.priority || (a.priority === b.priority && a.id < b.id);
}

export function createReadyQueue<S extends Ranked>(): BinaryHeap<S> {
  return new BinaryHeap<S>(runsBefore);
}
