// `svc rules execute ID --confirmed`: one real execution against live values (no dry run).
import { refuseUnconfirmed, withApi } from "../api/api-command.js";
import { EXIT } from "../console.js";
import { parseOptions } from "../options.js";
import { executionText } from "./rule-text.js";
import { printJson, ruleIdFrom, ruleRefOf, type RulesSubcommand } from "./rules-io.js";

export const executeRule: RulesSubcommand = async (args, { console, env }) => {
  const { values, positionals } = parseOptions(args, { confirmed: { type: "boolean" }, json: { type: "boolean" } });
  const ref = ruleRefOf(positionals);
  if (!values.confirmed) return refuseUnconfirmed("rules execute", "executing a rule (a real execution that writes action points; there is no dry run)", console, values.json === true);
  const json = values.json === true;
  return withApi("rules execute", console, env, json, async ({ client }) => {
    const id = await ruleIdFrom(client, ref);
    const execution = await client.executeRule(id, { confirmed: true });
    if (json) printJson(console, execution);
    else console.out(executionText(execution));
    // The request was carried out; whether the rule's actions were accepted is in the output.
    return EXIT.ok;
  });
};
