// Every rule of the service, read in full before anything is written: the list, then each rule.
// One failed request fails the whole read (the caller writes nothing).
import type { Rule } from "../../generated/types.js";
import type { ApiClient } from "../api/api-client.js";

/** The rules as GET /api/rules/{id} answers them, by id ascending. */
export async function readEveryRule(client: ApiClient): Promise<Rule[]> {
  const summaries = await client.listRules();
  const ids = [...new Set(summaries.map((s) => s.id))].sort((a, b) => a - b);
  const rules: Rule[] = [];
  // One at a time: an export is rare, and a burst of parallel reads would compete with the scheduler.
  for (const id of ids) rules.push(await client.getRule(id));
  return rules;
}
