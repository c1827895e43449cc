// `svc rules why RULE`: why a rule did not run (issue 18.4): its enabled state, its last
// execution and its decision records (GET /api/rules/{id}/decisions), newest first, as sentences.
import { EXIT } from "../console.js";
import { withApi } from "../api/api-command.js";
import { parseOptions } from "../options.js";
import { printJson, ruleIdFrom, ruleRefOf, wholeNumberOption, type RulesSubcommand } from "./rules-io.js";
import { whyText } from "./why-text.js";

export const ruleWhy: RulesSubcommand = async (args, { console, env }) => {
  const { values, positionals } = parseOptions(args, { limit: { type: "string" }, before: { type: "string" }, json: { type: "boolean" } });
  const ref = ruleRefOf(positionals);
  const limit = wholeNumberOption(values.limit, "--limit", 1, 500);
  const beforeId = wholeNumberOption(values.before, "--before", 1, Number.MAX_SAFE_INTEGER);
  const json = values.json === true;
  return withApi("rules why", console, env, json, async ({ client }) => {
    const id = await ruleIdFrom(client, ref);
    const rule = await client.getRule(id); // 404 for an unknown rule, before anything else
    const decisions = await client.decisions(id, { ...(limit !== undefined ? { limit } : {}), ...(beforeId !== undefined ? { beforeId } : {}) });
    const lastExecution = (await client.history(id, { order: "desc", limit: 1 })).items[0] ?? null;
    if (json) {
      printJson(console, { rule: { id: rule.id, name: rule.name, enabled: rule.enabled }, last_execution: lastExecution, decisions });
    } else {
      console.out(whyText({ rule, lastExecution, records: decisions.items, nextBeforeId: decisions.next_before_id }));
    }
    return EXIT.ok;
  });
};
