// A rule's JSON text (JSON.stringify(rule)) assembled around its flow columns' text, as the store
// wrote them: a PUT's answer does not serialise its two large documents a second time (issue 19.5).
import type { Rule } from "../../generated/types.js";
import type { FlowText } from "../store/store.js";

/** The keys of a Rule in the order the store builds it (knex-rule-store.ts toRule), which JSON.stringify follows. */
const KEYS = ["id", "name", "description", "enabled", "priority", "cooldown_ms", "trigger_config", "flow_json", "nodes_json", "created_at", "updated_at"] as const;

/** Exactly JSON.stringify(rule), where `text` is the JSON text of its flow_json and nodes_json. */
export function ruleJson(rule: Rule, text: FlowText): string {
  const keys = Object.keys(rule);
  // A rule of another shape (a field added, another order) is serialised whole rather than assembled wrongly.
  if (keys.length !== KEYS.length || keys.some((key, i) => key !== KEYS[i])) return JSON.stringify(rule);
  let json = "{";
  for (const key of KEYS) {
    const value = key === "flow_json" ? text.flow_json : key === "nodes_json" ? text.nodes_json : JSON.stringify(rule[key]);
    json += `${json.length > 1 ? "," : ""}"${key}":${value}`;
  }
  return `${json}}`;
}
