// Which rules a scenario runs when it names none (docs/testing.md): every rule of the pack that
// reads or watches a point the scenario sets (initially or in a step), writes a point an
// expectation names, or is named by an expectation. In pack order, so the choice is stable.
import type { NodesTopology } from "../generated/types.js";
import { pointUsage } from "../compiler/site/point-usage.js";
import { refKey } from "../compiler/site/site-index.js";
import type { ScenarioSite } from "./resolve-point.js";
import type { PackRule } from "./scenario-model.js";

export interface ScenarioMentions {
  /** Point indices the scenario sets. */
  set: ReadonlySet<number>;
  /** Point indices expectations name as written (write, no_write). */
  written: ReadonlySet<number>;
  /** Rule names expectations name. */
  named: ReadonlySet<string>;
}

export function defaultRules(rules: readonly PackRule[], site: ScenarioSite, mentions: ScenarioMentions): PackRule[] {
  const usage = pointUsage(rules);
  const chosen = new Set<PackRule>();
  const uses = (index: number) => usage.get(refKey(site.index.points[index]!.ref))?.uses ?? [];
  for (const index of mentions.set) for (const use of uses(index)) if (use.access !== "write") chosen.add(use.rule);
  for (const index of mentions.written) for (const use of uses(index)) if (use.access === "write") chosen.add(use.rule);
  for (const rule of rules) if (mentions.named.has(rule.name)) chosen.add(rule);
  return rules.filter((rule) => chosen.has(rule));
}

/** The output names of a rule's switch nodes (`default` is the else), for checking `output:`. */
export function switchOutputs(rule: PackRule): Set<string> {
  const outputs = new Set<string>();
  const nodes = (rule.nodes_json as { nodes?: NodesTopology["nodes"] }).nodes ?? {};
  for (const node of Object.values(nodes)) {
    if (node?.type !== "switch") continue;
    for (const r of node.rules) outputs.add(r.output);
    outputs.add("default");
  }
  return outputs;
}
