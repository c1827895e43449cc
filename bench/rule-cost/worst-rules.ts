// The worst rules the execution bound accepts (compiler/passes/check-execution-bound.ts), one per
// kind of work a rule can pile up: writes, node visits (fan-out), variables, expression size. Each
// shape grows with n; the largest n that still compiles is found by bisection, so the benchmark
// always runs the rule exactly at the limit, whatever the limit is.
import type { SiteModel } from "../../generated/types.js";
import { compileFlow } from "../../compiler/index.js";

export const COST_SITE: SiteModel = {
  channels: [{ id: "virtual-1", protocol: "virtual" }],
  instances: [
    {
      id: 5,
      name: "Plant",
      model: "plant",
      channel: "virtual-1",
      points: [
        { type: "measurement", point: 1, name: "t", unit: "", min: -1e9, max: 1e9 },
        ...Array.from({ length: 50 }, (_, i) => ({ type: "action" as const, point: 10 + i, name: `a${i}`, unit: "", min: -1e9, max: 1e9 })),
      ],
    },
  ],
};

type Json = Record<string, unknown>;

const node = (id: string, type: string, config: Json, next?: string[]): Json => ({
  id,
  type,
  position: { x: 0, y: 0 },
  data: { config: next === undefined ? config : { ...config, wires: { default: next } } },
});
const input = (next: string[]): Json => node("in", "input", { variables: [{ name: "t", instance: 5, point_type: "measurement", point: 1 }] }, next);
const write = (j: number, value = "t") => ({ instance: 5, point_type: "action", point: 10 + (j % 50), value });
const flow = (nodes: Json[]): Json => ({ nodes: [node("start", "start", {}, ["in"]), ...nodes, node("end", "end", {})], edges: [] });
/** `t + t + ... + t` with `terms` terms, in groups of 8 so that no expression nests too deep. */
const sum = (terms: number): string => Array.from({ length: Math.ceil(terms / 8) }, (_, g) => `(${Array.from({ length: Math.min(8, terms - g * 8) }, () => "t").join(" + ")})`).join(" + ");

export interface Shape {
  name: string;
  /** What n counts. */
  unit: string;
  flow(n: number): Json;
}

export const SHAPES: Shape[] = [
  { name: "writes", unit: "writes in one change node", flow: (n) => flow([input(["c"]), node("c", "change", { writes: Array.from({ length: n }, (_, j) => write(j)) }, ["end"])]) },
  {
    name: "fan-out",
    unit: "change nodes of one write, each run twice (two fan-out wires)",
    flow: (n) =>
      flow([
        input(["f1", "f2"]),
        node("f1", "calc", { assign: [{ name: "x", expr: "1" }] }, ["c0"]),
        node("f2", "calc", { assign: [{ name: "x", expr: "2" }] }, ["c0"]),
        ...Array.from({ length: n }, (_, i) => node(`c${i}`, "change", { writes: [write(i, "x")] }, [i + 1 < n ? `c${i + 1}` : "end"])),
      ]),
  },
  {
    name: "variables",
    unit: "variables read by one input node",
    flow: (n) => flow([node("in", "input", { variables: Array.from({ length: n }, (_, i) => ({ name: `v${i}`, instance: 5, point_type: "measurement", point: 1 })) }, ["c"]), node("c", "change", { writes: [write(0, "v0")] }, ["end"])]),
  },
  {
    name: "expressions",
    unit: "terms in each of 8 calc assignments",
    flow: (n) => flow([input(["k"]), node("k", "calc", { assign: Array.from({ length: 8 }, (_, i) => ({ name: `s${i}`, expr: sum(n) })) }, ["c"]), node("c", "change", { writes: [write(0, "s7")] }, ["end"])]),
  },
];

/** The largest n (at least 1) whose flow compiles, and the diagnostic code of n + 1. */
export function atTheLimit(shape: Shape): { n: number; refusedAbove: string } {
  const compiles = (n: number): boolean => compileFlow(shape.flow(n)).ok;
  if (!compiles(1)) throw new Error(`${shape.name}: even n = 1 does not compile`);
  let low = 1;
  let high = 2;
  while (compiles(high)) [low, high] = [high, high * 2];
  while (high - low > 1) {
    const mid = Math.floor((low + high) / 2);
    if (compiles(mid)) low = mid;
    else high = mid;
  }
  const above = compileFlow(shape.flow(low + 1));
  return { n: low, refusedAbove: above.ok ? "(compiles)" : above.diagnostics.map((d) => d.code).join(", ") };
}
