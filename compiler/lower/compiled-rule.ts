// What a rule file compiles to: per rule, its metadata beside the two stored columns.
import type { FlowJson, NodesTopology, TriggerConfig } from "../../generated/types.js";

/** The rule's settings as the service stores them (`<name>.rule.json` of `svc compile --out`). */
export interface RuleMetadata {
  name: string;
  description: string;
  priority: number;
  cooldown_ms: number;
  trigger_config: TriggerConfig | null;
}

export interface CompiledRule extends RuleMetadata {
  flow_json: FlowJson;
  nodes_json: NodesTopology;
}
