// Lists of rules kept in id order (the on_change lists: a point's watchers are dispatched, and a
// tick samples them, by id), edited by a change set in one merge: never sorted again as a whole.

/**
 * A new array: `list` (in id order) without the items of `removed`, with `added` merged in by id.
 * Costs one pass over `list` and a sort of `added` only.
 */
export function mergeById<T extends { readonly id: number }>(list: readonly T[], removed: ReadonlySet<T>, added: readonly T[]): T[] {
  const incoming = [...added].sort((a, b) => a.id - b.id);
  const merged: T[] = [];
  let next = 0;
  for (const item of list) {
    if (removed.has(item)) continue;
    while (next < incoming.length && incoming[next]!.id < item.id) merged.push(incoming[next++]!);
    merged.push(item);
  }
  while (next < incoming.length) merged.push(incoming[next++]!);
  return merged;
}
