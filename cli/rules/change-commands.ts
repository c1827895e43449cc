// The commands that change the service: create, update, enable, disable, delete. Each refuses
// without --confirmed before anything is sent; a --file is compiled here first.
import type { Rule } from "../../generated/types.js";
import type { RuleChanges } from "../api/api-client.js";
import { reportApiFailure, refuseUnconfirmed, withApi } from "../api/api-command.js";
import { ApiError, ServiceFailure } from "../api/api-errors.js";
import { EXIT, UsageError, type Console } from "../console.js";
import { parseOptions } from "../options.js";
import type { LocalRule } from "./local-rule-file.js";
import { noPositionals, printJson, ruleIdFrom, ruleRefOf, type RulesSubcommand } from "./rules-io.js";

const CONFIRMED = { confirmed: true } as const;

export const createRule: RulesSubcommand = async (args, { console, cwd, env }) => {
  const { values, positionals } = parseOptions(args, {
    name: { type: "string" },
    description: { type: "string" },
    file: { type: "string" },
    rule: { type: "string" },
    site: { type: "string" },
    confirmed: { type: "boolean" },
    json: { type: "boolean" },
  });
  noPositionals(positionals);
  const file = stringOf(values.file);
  if (file === undefined && values.name === undefined) throw new UsageError("give --name NAME (a stub) or --file FILE (a rule from a file)");
  if (file === undefined && values.rule !== undefined) throw new UsageError("--rule picks a rule of --file FILE");
  if (file === undefined && values.site !== undefined) throw new UsageError("--site is the site --file FILE compiles with");
  if (!values.confirmed) return refuseUnconfirmed("rules create", "creating a rule", console, values.json === true);
  const local = file === undefined ? undefined : await compileFile(file, stringOf(values.rule), stringOf(values.site), cwd, console);
  if (file !== undefined && local === undefined) return EXIT.diagnostics;
  const { name, description } = stubOf(local, file, stringOf(values.name), stringOf(values.description));
  const json = values.json === true;
  return withApi("rules create", console, env, json, async ({ client }) => {
    const created = await client.createRule({ name, description }, CONFIRMED);
    if (local === undefined) {
      if (json) printJson(console, created);
      else console.out(`created rule #${created.id} "${created.name}": a disabled stub (svc rules update ${created.id} --file FILE --confirmed gives it a flow)\n`);
      return EXIT.ok;
    }
    let rule: Rule;
    try {
      rule = await client.updateRule(created.id, changesOf(local), CONFIRMED);
    } catch (error) {
      if (!(error instanceof ApiError || error instanceof ServiceFailure)) throw error;
      const code = reportApiFailure("rules create", error, console, json);
      console.err(`rule #${created.id} "${name}" was created, but giving it the flow of ${file} failed: it remains a disabled stub without a flow (svc rules update ${created.id} --file ${file} --confirmed, or svc rules delete ${created.id} --confirmed --force)\n`);
      return code;
    }
    if (json) printJson(console, rule);
    else console.out(`created rule #${rule.id} "${rule.name}" from ${file}, disabled (svc rules enable ${rule.id} --confirmed runs it)\n`);
    return EXIT.ok;
  });
};

export const updateRule: RulesSubcommand = async (args, { console, cwd, env }) => {
  const { values, positionals } = parseOptions(args, {
    file: { type: "string" },
    rule: { type: "string" },
    site: { type: "string" },
    name: { type: "string" },
    description: { type: "string" },
    confirmed: { type: "boolean" },
    json: { type: "boolean" },
  });
  const ref = ruleRefOf(positionals);
  const file = stringOf(values.file);
  if (file === undefined && values.name === undefined && values.description === undefined) throw new UsageError("give --file FILE, or --name NAME and/or --description TEXT");
  if (file === undefined && values.rule !== undefined) throw new UsageError("--rule picks a rule of --file FILE");
  if (file === undefined && values.site !== undefined) throw new UsageError("--site is the site --file FILE compiles with");
  if (!values.confirmed) return refuseUnconfirmed("rules update", "updating a rule", console, values.json === true);
  const local = file === undefined ? undefined : await compileFile(file, stringOf(values.rule), stringOf(values.site), cwd, console);
  if (file !== undefined && local === undefined) return EXIT.diagnostics;
  if (local?.metadata !== undefined && (values.name !== undefined || values.description !== undefined)) {
    throw new UsageError(`${file} gives the rule's name and description; --name and --description go with an editor document or without --file`);
  }
  const changes: RuleChanges = {
    ...(local === undefined ? {} : changesOf(local)),
    ...(typeof values.name === "string" ? { name: values.name } : {}),
    ...(typeof values.description === "string" ? { description: values.description } : {}),
  };
  const json = values.json === true;
  return withApi("rules update", console, env, json, async ({ client }) => {
    const id = await ruleIdFrom(client, ref);
    const rule = await client.updateRule(id, changes, CONFIRMED);
    if (json) printJson(console, rule);
    else console.out(`updated rule #${rule.id} "${rule.name}": ${sentText(changes, file)}; it is ${rule.enabled ? "enabled" : "disabled"}\n`);
    return EXIT.ok;
  });
};

export const enableRule: RulesSubcommand = (args, io) => setEnabled(args, io.console, io.env, true);
export const disableRule: RulesSubcommand = (args, io) => setEnabled(args, io.console, io.env, false);

async function setEnabled(args: string[], console: Console, env: Record<string, string | undefined>, enabled: boolean): Promise<number> {
  const verb = enabled ? "enable" : "disable";
  const { values, positionals } = parseOptions(args, { confirmed: { type: "boolean" }, json: { type: "boolean" } });
  const ref = ruleRefOf(positionals);
  if (!values.confirmed) return refuseUnconfirmed(`rules ${verb}`, `${enabled ? "enabling" : "disabling"} a rule`, console, values.json === true);
  const json = values.json === true;
  return withApi(`rules ${verb}`, console, env, json, async ({ client }) => {
    const id = await ruleIdFrom(client, ref);
    const rule = await client.setEnabled(id, enabled, CONFIRMED);
    if (json) printJson(console, rule);
    else console.out(`${verb}d rule #${rule.id} "${rule.name}"${enabled ? ": the scheduler runs it from now on" : ": the scheduler skips it"}\n`);
    return EXIT.ok;
  });
}

export const deleteRule: RulesSubcommand = async (args, { console, env }) => {
  const { values, positionals } = parseOptions(args, { confirmed: { type: "boolean" }, force: { type: "boolean" }, json: { type: "boolean" } });
  const ref = ruleRefOf(positionals);
  if (!values.confirmed) return refuseUnconfirmed("rules delete", "deleting a rule", console, values.json === true);
  const json = values.json === true;
  return withApi("rules delete", console, env, json, async ({ client }) => {
    const id = await ruleIdFrom(client, ref);
    if (!values.force) {
      const rule = await client.getRule(id);
      const answer = (await console.ask?.(`delete rule #${id} "${rule.name}" (${rule.enabled ? "enabled" : "disabled"})? Its history is kept. [y/N] `))?.trim().toLowerCase();
      if (answer !== "y" && answer !== "yes") {
        console.err(`svc rules delete: refused at the prompt${answer === undefined ? " (no answer: stdin ended; --force skips the prompt)" : ""}; rule #${id} was not deleted\n`);
        return EXIT.refused;
      }
    }
    const deleted = await client.deleteRule(id, CONFIRMED);
    if (json) printJson(console, deleted);
    else console.out(`deleted rule #${id}\n`);
    return EXIT.ok;
  });
};

/** What an update sent (not a diff: svc sync --dry-run tells what differs). */
function sentText(changes: RuleChanges, file: string | undefined): string {
  const fields = Object.keys(changes).map((k) => (k === "flow_json" ? "flow" : k));
  return `${file === undefined ? "set" : `replaced from ${file}:`} ${fields.join(", ")}`;
}

/** The compiler is loaded only for --file: the other commands start without it. */
async function compileFile(file: string, ruleName: string | undefined, site: string | undefined, cwd: string, console: Console): Promise<LocalRule | undefined> {
  const { compileLocalRule } = await import("./local-rule-file.js");
  return compileLocalRule(file, ruleName, cwd, console, site);
}

/** The stub of a create: the file's name and description, or the options'. */
function stubOf(local: LocalRule | undefined, file: string | undefined, name: string | undefined, description: string | undefined): { name: string; description: string } {
  if (local?.metadata !== undefined) {
    if (name !== undefined || description !== undefined) throw new UsageError(`${file} gives the rule's name and description; --name and --description go with an editor document`);
    return { name: local.metadata.name, description: local.metadata.description };
  }
  if (name === undefined) throw new UsageError(`${file} is an editor document, which has no name: give --name NAME`);
  if (name.trim() === "") throw new UsageError("--name needs a non-empty name");
  return { name, description: description ?? "" };
}

/** What a compiled file changes: the flow, and for a rule file its trigger and settings. */
function changesOf(local: LocalRule): RuleChanges {
  const { metadata } = local;
  if (metadata === undefined) return { flow_json: local.flow_json };
  return {
    flow_json: local.flow_json,
    trigger_config: metadata.trigger_config,
    name: metadata.name,
    description: metadata.description,
    priority: metadata.priority,
    cooldown_ms: metadata.cooldown_ms,
  };
}

function stringOf(value: string | boolean | undefined): string | undefined {
  return typeof value === "string" ? value : undefined;
}
