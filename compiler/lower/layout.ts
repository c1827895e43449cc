// A layered layout for generated editor documents: a node's column is its longest distance from
// the start (so every wire points right), rows in the order nodes were written. Deterministic.

export const COLUMN_WIDTH = 260;
export const ROW_HEIGHT = 120;

/** Positions of `ids` (in document order) on the canvas. */
export function layeredLayout(ids: string[], wires: Map<string, Record<string, string[]>>, start: string): Map<string, { x: number; y: number }> {
  const layer = new Map<string, number>([[start, 0]]);
  // Longest path on a DAG by relaxation in topological order (Kahn).
  const indegree = new Map(ids.map((id) => [id, 0]));
  for (const targets of wires.values()) for (const list of Object.values(targets)) for (const t of list) indegree.set(t, (indegree.get(t) ?? 0) + 1);
  const ready = ids.filter((id) => indegree.get(id) === 0);
  while (ready.length > 0) {
    const id = ready.shift()!;
    for (const list of Object.values(wires.get(id) ?? {})) {
      for (const t of list) {
        layer.set(t, Math.max(layer.get(t) ?? 0, (layer.get(id) ?? 0) + 1));
        const left = indegree.get(t)! - 1;
        indegree.set(t, left);
        if (left === 0) ready.push(t);
      }
    }
  }
  const rows = new Map<number, number>();
  const positions = new Map<string, { x: number; y: number }>();
  for (const id of ids) {
    const column = layer.get(id) ?? 0;
    const row = rows.get(column) ?? 0;
    rows.set(column, row + 1);
    positions.set(id, { x: column * COLUMN_WIDTH, y: row * ROW_HEIGHT });
  }
  return positions;
}
