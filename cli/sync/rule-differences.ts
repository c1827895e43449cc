// Whether a stored rule already is what a file defines, and if not, which fields differ. The
// flow counts as the same when the editor documents are equal or, failing that, when the
// execution topologies are equal up to node ids: an editor may have moved nodes (or a
// decompiled-then-compiled flow numbers them differently), and that is no reason to rewrite it.
import type { CompiledRule } from "../../compiler/lower/compiled-rule.js";
import { sortKeysDeep } from "../../compiler/front-ends/flow-json/canonical-json.js";
import { isIsomorphic, isTopology } from "../../compiler/topology/canonical-topology.js";
import type { Rule } from "../../generated/types.js";

/** A field sync writes; `flow` stands for flow_json and nodes_json, which are written together. */
export type RuleField = "flow" | "trigger_config" | "description" | "priority" | "cooldown_ms";

/** The fields of `stored` that differ from `desired`, in a fixed order; empty when it is unchanged. */
export function differencesOf(desired: CompiledRule, stored: Rule): RuleField[] {
  const changes: RuleField[] = [];
  if (!sameFlow(desired, stored)) changes.push("flow");
  if (!sameJson(desired.trigger_config, stored.trigger_config)) changes.push("trigger_config");
  if (desired.description !== stored.description) changes.push("description");
  if (desired.priority !== stored.priority) changes.push("priority");
  if (desired.cooldown_ms !== stored.cooldown_ms) changes.push("cooldown_ms");
  return changes;
}

// A stub (flow_json null, nodes_json {}) never matches: the file has a flow, the stub has none.
function sameFlow(desired: CompiledRule, stored: Rule): boolean {
  if (stored.flow_json !== null && sameJson(desired.flow_json, stored.flow_json)) return true;
  return isTopology(stored.nodes_json) && isIsomorphic(desired.nodes_json, stored.nodes_json);
}

/** Deep equality of JSON values, whatever the order of object keys. */
export function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(sortKeysDeep(a)) === JSON.stringify(sortKeysDeep(b));
}
