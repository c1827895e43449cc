// `svc test --coverage`: per rule of a pack, which switch outputs (each rule's output and the
// default one) and which nodes the executions of all scenarios run exercised, from what each
// execution recorded (the outputs each node took, the path). `--require-coverage` fails unless
// every switch output of every rule of the pack was taken. Pure: rules and outcomes in, data out.
import type { NodesTopology } from "../generated/types.js";
import type { PackRule, ScenarioOutcome } from "./scenario-model.js";
import { alignColumns } from "./format-values.js";

export interface OutputCoverage {
  node: string;
  output: string;
  /** The output's condition(s), or what the default output means. */
  label: string;
  hit: boolean;
}

export interface RuleCoverage {
  rule: string;
  file: string;
  /** Executions of the rule over all scenarios (0: not run). */
  executions: number;
  /** Scenarios that ran the rule's scheduler entry (named it or touched it). */
  scenarios: number;
  outputs: OutputCoverage[];
  nodes: { id: string; hit: boolean }[];
}

/** Every switch output of a topology, in node order, then rule order, the default last. */
export function switchOutputsOf(topology: NodesTopology): Array<Omit<OutputCoverage, "hit">> {
  const outputs: Array<Omit<OutputCoverage, "hit">> = [];
  for (const [id, node] of Object.entries(topology.nodes)) {
    if (node?.type !== "switch") continue;
    const conditions = new Map<string, string[]>();
    for (const rule of node.rules) conditions.set(rule.output, [...(conditions.get(rule.output) ?? []), rule.condition]);
    for (const [output, list] of conditions) outputs.push({ node: id, output, label: list.join(" or ") });
    if (!conditions.has("default")) outputs.push({ node: id, output: "default", label: "else: no condition true" });
  }
  return outputs;
}

export function computeCoverage(rules: readonly PackRule[], outcomes: readonly ScenarioOutcome[]): RuleCoverage[] {
  return rules.map((rule) => {
    const taken = new Set<string>();
    const visited = new Set<string>();
    let executions = 0;
    for (const outcome of outcomes) {
      for (const execution of outcome.executions) {
        if (execution.rule !== rule.name) continue;
        executions++;
        const result = execution.result;
        if (result === null) continue;
        result.path.forEach((id) => visited.add(id));
        for (const node of result.nodes) {
          visited.add(node.node);
          if (node.type === "switch") node.outputs.forEach((o) => taken.add(`${node.node}\u0000${o}`));
        }
        result.matched.forEach((m) => taken.add(`${m.node}\u0000${m.output}`));
      }
    }
    return {
      rule: rule.name,
      file: rule.file,
      executions,
      scenarios: outcomes.filter((o) => o.scenario.rules.includes(rule.name)).length,
      outputs: switchOutputsOf(rule.nodes_json).map((o) => ({ ...o, hit: taken.has(`${o.node}\u0000${o.output}`) })),
      nodes: Object.keys(rule.nodes_json.nodes).map((id) => ({ id, hit: visited.has(id) })),
    };
  });
}

/** `node:output (label)`. */
export function describeOutput(o: Omit<OutputCoverage, "hit">): string {
  return `${o.node}:${o.output} (${o.label})`;
}

/** The report: one line per rule (`rule: switch outputs n/m, nodes k/l`), the missed outputs under it. */
export function formatCoverage(title: string, coverage: readonly RuleCoverage[]): string {
  const rows: string[][] = [];
  const details = new Map<number, string[]>();
  coverage.forEach((c, i) => {
    const hitOutputs = c.outputs.filter((o) => o.hit).length;
    const hitNodes = c.nodes.filter((n) => n.hit).length;
    const notRun = c.executions === 0 ? `; not run (${notRunWhy(c)})` : "";
    rows.push([`${c.rule}:`, `switch outputs ${hitOutputs}/${c.outputs.length}, nodes ${hitNodes}/${c.nodes.length}${notRun}`]);
    const missed = c.outputs.filter((o) => !o.hit);
    const lines = missed.map((o) => `      missed ${describeOutput(o)}`);
    const missedNodes = c.nodes.filter((n) => !n.hit).map((n) => n.id);
    if (c.executions > 0 && missedNodes.length > 0) lines.push(`      nodes not visited: ${missedNodes.join(", ")}`);
    if (c.executions > 0) details.set(i, lines);
  });
  const lines = [`coverage of ${title} (${coverage.length} ${coverage.length === 1 ? "rule" : "rules"}):`];
  alignColumns(rows, " ").forEach((row, i) => lines.push(`  ${row}`, ...(details.get(i) ?? [])));
  return lines.join("\n");
}

function notRunWhy(c: RuleCoverage): string {
  return c.scenarios === 0 ? "no scenario runs it" : `never triggered in ${c.scenarios} ${c.scenarios === 1 ? "scenario" : "scenarios"}`;
}

/** For `--require-coverage`: one line per rule with switch outputs not taken, naming them. */
export function uncovered(coverage: readonly RuleCoverage[]): string[] {
  return coverage.flatMap((c) => {
    const missed = c.outputs.filter((o) => !o.hit);
    if (missed.length === 0) return [];
    const why = c.executions === 0 ? ` (not run: ${notRunWhy(c)})` : "";
    return [`${c.rule}${why}: ${missed.map(describeOutput).join(", ")}`];
  });
}
