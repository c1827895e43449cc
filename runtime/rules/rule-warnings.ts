// What is worth saying about a stored rule without refusing it: the compiler's warnings that need
// the trigger and the flow together (a rule that re-triggers itself, issue 16.11). Paths are
// JSON Pointers into the rule (`/flow_json/nodes/3/data/config/writes/0`), with the node id.
import type { Diagnostic, Rule } from "../../generated/types.js";
import { checkSelfTrigger } from "../../compiler/index.js";

export function ruleWarnings(rule: Pick<Rule, "trigger_config" | "flow_json">): Diagnostic[] {
  return checkSelfTrigger(rule.trigger_config, rule.flow_json).map((d) => ({ ...d, path: `/flow_json${d.path ?? ""}` }));
}
