// Random topologies of any shape for decompiler property tests: a random DAG over every node kind,
// with joins anywhere, several ends, nested switches of both modes, fan-outs mixing ends and
// nodes, and switch outputs named `case_<n>` out of place. Variables have unique names and
// expressions read none, so every drawn graph is valid as far as variables go.
import fc from "fast-check";
import type { ExecNode, NodesTopology } from "../../../generated/types.js";
import type { Draw } from "../../helpers/expression-arbitraries.js";
import { calc, change, delta, end, input, start, switchNode, topology } from "./topology-builders.js";

const KINDS = ["input", "input", "calc", "calc", "change", "change", "period_delta", "switch", "switch"] as const;
const OUTPUTS = ["case_1", "case_2", "case_3", "hot", "cold"];

export function drawTopology(g: Draw): NodesTopology {
  const inner = Array.from({ length: 1 + g(fc.nat, { max: 8 }) }, (_, i) => `n${i + 1}`);
  const ends = Array.from({ length: 1 + g(fc.nat, { max: 2 }) }, (_, i) => `e${i + 1}`);
  const ids = ["s", ...inner, ...ends];
  const wires = new Map<string, Record<string, string[]>>();
  const kinds = new Map<string, string>();
  const later = (i: number): string[] => ids.slice(i + 1);
  const draw = (i: number): string[] => g(fc.shuffledSubarray, later(i), { minLength: 1, maxLength: Math.min(2, later(i).length) });
  ids.slice(0, 1 + inner.length).forEach((id, i) => {
    const kind = i === 0 ? "start" : g(fc.constantFrom, ...KINDS);
    const outputs = kind === "switch" ? [...g(fc.shuffledSubarray, OUTPUTS, { minLength: 1, maxLength: 3 }), "default"] : ["default"];
    wires.set(id, Object.fromEntries(outputs.map((o) => [o, draw(i)])));
    kinds.set(id, kind === "switch" ? (g(fc.boolean) ? "all" : "first") : kind);
  });
  // Every node gets at least one wire entry, from a random earlier node that has outputs.
  ids.forEach((id, j) => {
    if (j === 0 || [...wires.values()].some((w) => Object.values(w).some((t) => t.includes(id)))) return;
    const from = wires.get(ids[g(fc.nat, { max: Math.min(j, 1 + inner.length) - 1 })]!)!;
    const outputs = Object.keys(from);
    from[outputs[g(fc.nat, { max: outputs.length - 1 })]!]!.push(id);
  });
  return topology(...ids.map((id): [string, ExecNode] => [id, build(g, id, kinds.get(id), wires.get(id))]));
}

function build(g: Draw, id: string, kind: string | undefined, next: Record<string, string[]> | undefined): ExecNode {
  const d = next?.default ?? [];
  const point = (): number => g(fc.nat, { max: 3 });
  switch (kind) {
    case "start":
      return start(...d);
    case "input":
      return input(d, [[`${id}_in`, 1, point()]], g(fc.boolean) ? [[`${id}_p`, g(fc.constantFrom, -1.5, 0, true)]] : []);
    case "calc":
      return calc(d, [`${id}_a`, g(fc.constantFrom, "1", "2 * 3", "-0.5")]);
    case "change":
      return change(d, [1, point(), g(fc.constantFrom, "1", "2 + 2")]);
    case "period_delta":
      return delta(d, `${id}_d`, 2, point(), g(fc.constantFrom, 1, 1500, 900_000));
    case "first":
    case "all": {
      const outputs = Object.keys(next!).filter((o) => o !== "default");
      return switchNode(kind, outputs.map((o): [string, string, string[]] => [o, g(fc.constantFrom, "true", "false", "1 > 2"), next![o]!]), d);
    }
    default:
      return end;
  }
}
