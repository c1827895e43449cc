// Who reads and who writes each point: from rules' execution topologies (input variables and
// period_delta nodes read, change nodes write) and their on_change triggers (which watch). For
// `svc points`, GET /api/site/points and the report of actions written by more than one rule.
// Pure; the cost is one pass over each rule's nodes.
import type { NodesTopology, TriggerConfig } from "../../generated/types.js";
import { refKey, type SiteRef } from "./site-index.js";

/** What the usage needs of a rule (a stored rule or a compiled rule file). */
export interface UsageRule {
  name: string;
  /** A stored rule's id; absent for rule files. */
  id?: number;
  priority: number;
  nodes_json: NodesTopology | Record<string, never>;
  trigger_config: TriggerConfig | null;
}

export type Access = "read" | "write" | "trigger";

export interface PointUse<R extends UsageRule = UsageRule> {
  rule: R;
  access: Access;
  /** The node that reads or writes (absent for a trigger). */
  nodeId?: string;
}

export interface PointUsage<R extends UsageRule = UsageRule> {
  ref: SiteRef;
  uses: Array<PointUse<R>>;
}

/** Every point some rule reads, watches or writes, by refKey, in the order first met. */
export function pointUsage<R extends UsageRule>(rules: readonly R[]): Map<string, PointUsage<R>> {
  const usage = new Map<string, PointUsage<R>>();
  const add = (ref: SiteRef, use: PointUse<R>): void => {
    const key = refKey(ref);
    const entry = usage.get(key) ?? { ref: { instance: ref.instance, point_type: ref.point_type, point: ref.point }, uses: [] };
    // One rule reading a point at several nodes is one reader (the first node names it).
    if (!entry.uses.some((u) => u.rule === use.rule && u.access === use.access)) entry.uses.push(use);
    usage.set(key, entry);
  };
  for (const rule of rules) {
    if (rule.trigger_config?.type === "on_change") for (const ref of rule.trigger_config.point_refs) add(ref, { rule, access: "trigger" });
    const nodes = (rule.nodes_json as NodesTopology).nodes ?? {};
    for (const [nodeId, node] of Object.entries(nodes)) {
      if (node === undefined) continue;
      if (node.type === "input") for (const v of node.variables) add(v, { rule, access: "read", nodeId });
      else if (node.type === "period_delta") add(node, { rule, access: "read", nodeId });
      else if (node.type === "change") for (const w of node.writes) add(w, { rule, access: "write", nodeId });
    }
  }
  return usage;
}

/** The points more than one rule writes, each with its writers, in the order first met. */
export function sharedWrites<R extends UsageRule>(usage: Map<string, PointUsage<R>>): Array<{ ref: SiteRef; writers: R[] }> {
  const shared: Array<{ ref: SiteRef; writers: R[] }> = [];
  for (const { ref, uses } of usage.values()) {
    const writers = uses.filter((u) => u.access === "write").map((u) => u.rule);
    if (writers.length > 1) shared.push({ ref, writers });
  }
  return shared;
}
