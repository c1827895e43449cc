// Point index -> the on_change rules watching it (spec items 3 and 12), in compressed sparse
// rows: the watchers of point i are entries offsets[i] .. offsets[i+1]-1. Built at reload together
// with the subscription bitmap, and swapped in as a unit.

export interface Watching {
  readonly points: Int32Array;
}

export interface Dispatcher<S extends Watching> {
  readonly offsets: Int32Array;
  /** The rule of each entry. */
  readonly watchers: readonly S[];
  /** The point's position in that rule's `points`, of each entry. */
  readonly positions: Int32Array;
}

export interface Subscriptions<S extends Watching> {
  dispatcher: Dispatcher<S>;
  /** One byte per point index: 1 when some enabled on_change rule watches it. */
  bitmap: Uint8Array;
}

/** `rules`' points must lie in 0 .. pointCount-1. */
export function buildSubscriptions<S extends Watching>(pointCount: number, rules: readonly S[]): Subscriptions<S> {
  const offsets = new Int32Array(pointCount + 1);
  for (const rule of rules) for (const index of rule.points) offsets[index + 1]!++;
  for (let i = 0; i < pointCount; i++) offsets[i + 1]! += offsets[i]!;
  const total = offsets[pointCount]!;
  const watchers = new Array<S>(total);
  const positions = new Int32Array(total);
  const fill = offsets.slice(0, pointCount);
  const bitmap = new Uint8Array(pointCount);
  for (const rule of rules) {
    rule.points.forEach((index, position) => {
      const at = fill[index]!++;
      watchers[at] = rule;
      positions[at] = position;
      bitmap[index] = 1;
    });
  }
  return { dispatcher: { offsets, watchers, positions }, bitmap };
}
