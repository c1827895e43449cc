// A point catalog from a literal list, for executor tests: each point gets the next index.
import type { PointCatalog, PointInfo, PointRef } from "../../runtime/points/point-table.js";
import type { ExecutionIo } from "../../runtime/engine/execution-io.js";

export interface DeclaredPoint {
  ref: string; // "5.M1" or "5.A10"
  min?: number;
  max?: number;
}

export function parseRef(text: string): PointRef {
  const m = /^(\d+)\.([MA])(\d+)$/.exec(text);
  if (m === null) throw new Error(`bad point ref ${text}`);
  return { instance: Number(m[1]), point_type: m[2] === "M" ? "measurement" : "action", point: Number(m[3]) };
}

export function staticCatalog(points: DeclaredPoint[]): PointCatalog & { indexOf(ref: string): number } {
  const infos = new Map<string, PointInfo>();
  points.forEach((p, index) => infos.set(p.ref, { index, name: p.ref, unit: "", min: p.min ?? -Infinity, max: p.max ?? Infinity }));
  const key = (ref: PointRef): string => `${ref.instance}.${ref.point_type === "measurement" ? "M" : "A"}${ref.point}`;
  return {
    size: points.length,
    lookup: (ref) => infos.get(key(ref)),
    indexOf: (ref) => infos.get(ref)!.index,
  };
}

/** An io over a map of point values by ref; records writes; `refuse` makes the command plane refuse. */
export function recordingIo(
  catalog: ReturnType<typeof staticCatalog>,
  values: Record<string, number>,
  options: { history?: Record<string, number>; refuse?: string } = {},
): ExecutionIo & { writes: Array<{ index: number; value: number }>; reads: number[] } {
  const byIndex = new Map(Object.entries(values).map(([ref, v]) => [catalog.indexOf(ref), v]));
  const history = new Map(Object.entries(options.history ?? {}).map(([ref, v]) => [catalog.indexOf(ref), v]));
  const io = {
    writes: [] as Array<{ index: number; value: number }>,
    reads: [] as number[],
    read(index: number): number {
      io.reads.push(index);
      return byIndex.get(index) ?? NaN;
    },
    valueAgo: (index: number) => history.get(index) ?? NaN,
    write(index: number, value: number): string | null {
      if (options.refuse !== undefined) return options.refuse;
      io.writes.push({ index, value });
      byIndex.set(index, value);
      return null;
    },
  };
  return io;
}
