// The read-only commands: list, get, history, variables.
import { EXIT, UsageError } from "../console.js";
import { withApi } from "../api/api-command.js";
import { parseOptions } from "../options.js";
import { historyTable } from "./history-text.js";
import { ruleText, summariesTable, variablesTable } from "./rule-text.js";
import { noPositionals, printJson, ruleIdFrom, ruleRefOf, wholeNumberOption, type RulesSubcommand } from "./rules-io.js";

export const listRules: RulesSubcommand = async (args, { console, env }) => {
  const { values, positionals } = parseOptions(args, { page: { type: "string" }, "page-size": { type: "string" }, json: { type: "boolean" } });
  noPositionals(positionals);
  const page = wholeNumberOption(values.page, "--page", 1, 1e9);
  const pageSize = wholeNumberOption(values["page-size"], "--page-size", 1, 500);
  if (pageSize !== undefined && page === undefined) throw new UsageError("--page-size goes with --page N (without --page every rule is listed)");
  const json = values.json === true;
  return withApi("rules list", console, env, json, async ({ client }) => {
    if (page !== undefined) {
      const answer = await client.listPage(page ?? 1, pageSize ?? 50);
      if (json) printJson(console, answer);
      else {
        const { problems } = await client.schedulerStatus();
        console.out(answer.items.length === 0 && answer.total > 0 ? "no rules on this page\n" : summariesTable(answer.items, problems));
        const last = Math.max(1, Math.ceil(answer.total / answer.page_size));
        console.err(`page ${answer.page} of ${last} (${answer.total} rules)\n`);
      }
      return EXIT.ok;
    }
    const rules = await client.listRules();
    if (json) printJson(console, rules);
    else console.out(summariesTable(rules, (await client.schedulerStatus()).problems));
    return EXIT.ok;
  });
};

export const getRule: RulesSubcommand = async (args, { console, env }) => {
  const { values, positionals } = parseOptions(args, { json: { type: "boolean" } });
  const ref = ruleRefOf(positionals);
  const json = values.json === true;
  return withApi("rules get", console, env, json, async ({ client }) => {
    const id = await ruleIdFrom(client, ref);
    const rule = await client.getRule(id);
    if (json) printJson(console, rule);
    // The decompiler is loaded only here: the other commands start without the compiler.
    else {
      const problem = (await client.schedulerStatus()).problems.find((p) => p.ruleId === id);
      console.out(ruleText(rule, (await import("../rule-dsl.js")).ruleDslOf(rule), problem));
    }
    return EXIT.ok;
  });
};

export const ruleHistory: RulesSubcommand = async (args, { console, env }) => {
  const { values, positionals } = parseOptions(args, { limit: { type: "string" }, order: { type: "string" }, before: { type: "string" }, after: { type: "string" }, json: { type: "boolean" } });
  const ref = ruleRefOf(positionals);
  const limit = wholeNumberOption(values.limit, "--limit", 1, 500);
  const afterId = wholeNumberOption(values.after, "--after", 0, Number.MAX_SAFE_INTEGER);
  const beforeId = wholeNumberOption(values.before, "--before", 1, Number.MAX_SAFE_INTEGER);
  const order = historyOrderOf(values.order, afterId !== undefined);
  const json = values.json === true;
  return withApi("rules history", console, env, json, async ({ client }) => {
    const id = await ruleIdFrom(client, ref);
    const query = { order, ...(limit !== undefined ? { limit } : {}), ...(afterId !== undefined ? { afterId } : {}), ...(beforeId !== undefined ? { beforeId } : {}) };
    const page = await client.history(id, query);
    if (json) printJson(console, page);
    else console.out(historyTable(id, page, order));
    return EXIT.ok;
  });
};

/** Newest first unless --order asc, or --after (which continues an oldest-first listing). */
function historyOrderOf(value: string | boolean | undefined, after: boolean): "asc" | "desc" {
  if (value === undefined) return after ? "asc" : "desc";
  if (value === "asc" || value === "desc") return value;
  throw new UsageError(`--order must be desc (newest first, the default) or asc (oldest first), not '${String(value)}'`);
}

export const ruleVariables: RulesSubcommand = async (args, { console, env }) => {
  const { values, positionals } = parseOptions(args, { json: { type: "boolean" } });
  const ref = ruleRefOf(positionals);
  const json = values.json === true;
  return withApi("rules variables", console, env, json, async ({ client }) => {
    const id = await ruleIdFrom(client, ref);
    const variables = await client.variables(id);
    if (json) printJson(console, variables);
    else console.out(variablesTable(variables));
    return EXIT.ok;
  });
};
