// `svc decompile FILE`: DSL text for an editor document, a nodes_json, or a whole rule as the
// service returns it ({name, ..., flow_json, nodes_json}). Printed on stdout.
import { readFile } from "node:fs/promises";
import { basename, resolve } from "node:path";
import { decompileFlow } from "../../compiler/decompiler/index.js";
import type { RuleMetadata } from "../../compiler/lower/compiled-rule.js";
import { validateTriggerConfig } from "../../generated/index.js";
import { EXIT, UsageError, type Console } from "../console.js";
import { jsonSyntaxError } from "../json-syntax.js";
import { parseOptions } from "../options.js";
import { reportDiagnostics } from "../report-diagnostics.js";
import { readSiteFile } from "../site-file.js";

export const DECOMPILE_USAGE = `usage: svc decompile [--name NAME] [--rule RULE.json] [--site SITE.yaml] FILE

Prints the rule DSL for FILE: an editor document (flow_json), an execution topology (nodes_json),
a rule as the service stores it (an object with name, ..., flow_json and nodes_json), or an
array of such rules (what svc compile prints for a rule file).
Compiling the printed DSL gives the same nodes_json, up to node ids.
  --name NAME       the rule's name (default: the file name without .flow.json / .nodes.json)
  --rule RULE.json  the rule's settings (name, description, priority, cooldown_ms,
                    trigger_config), e.g. a <name>.rule.json written by svc compile --out
  --site SITE.yaml  write points by the names the site gives them (ahu1.cooling_stage, or
                    "AHU-1".cooling_stage for an instance without a key); points it does not
                    declare, and instances whose name is shared, stay numeric. Without it: numbers
                    (a pack's site.yaml is never picked up on its own)
Exit codes: 0 printed, 1 the file has errors, 2 wrong usage.`;

export async function decompileCommand(args: string[], console: Console, cwd: string): Promise<number> {
  const { values, positionals } = parseOptions(args, { name: { type: "string" }, rule: { type: "string" }, site: { type: "string" } });
  if (positionals.length !== 1) throw new UsageError("name exactly one file");
  const file = positionals[0]!;
  const siteFile = typeof values.site === "string" ? await readSiteFile(resolve(cwd, values.site), values.site) : undefined;
  if (siteFile?.ok === false) {
    reportDiagnostics([siteFile.result], "text", console);
    return EXIT.diagnostics;
  }
  const site = siteFile?.site;
  const text = await readText(resolve(cwd, file), file);
  let input: unknown;
  try {
    input = JSON.parse(text);
  } catch (error) {
    reportDiagnostics([{ file, kind: "flow", text, diagnostics: [jsonSyntaxError(text, error)], outputs: [] }], "text", console);
    return EXIT.diagnostics;
  }
  // What `svc compile FILE` prints (an array of rules) decompiles rule by rule.
  const many = Array.isArray(input) && input.length > 0 && input.every(isStoredRule);
  if (many && (values.rule !== undefined || values.name !== undefined)) throw new UsageError("--rule and --name apply to one rule; this file holds an array of rules with their settings");
  const entries = many ? (input as StoredRule[]).map((rule, i) => ({ rule, at: `/${i}` })) : [{ rule: isStoredRule(input) ? input : undefined, at: "" }];
  const texts: string[] = [];
  for (const { rule, at } of entries) {
    const settings = typeof values.rule === "string" ? await readSettings(resolve(cwd, values.rule), values.rule) : (rule ?? {});
    const metadata = metadataOf(settings, typeof values.name === "string" ? values.name : defaultName(file));
    const column = rule === undefined ? undefined : rule.flow_json != null ? "flow_json" : "nodes_json";
    const result = decompileFlow(rule === undefined ? input : rule[column!], metadata, { site });
    if (!result.ok) {
      // Paths are inside the decompiled column: make them paths in the file.
      const prefix = column === undefined ? at : `${at}/${column}`;
      const diagnostics = result.diagnostics.map((d) => (d.path === undefined ? d : { ...d, path: prefix + d.path }));
      reportDiagnostics([{ file, kind: "flow", text, diagnostics, outputs: [] }], "text", console);
      return EXIT.diagnostics;
    }
    texts.push(result.text);
  }
  console.out(texts.join("\n"));
  return EXIT.ok;
}

type StoredRule = Partial<RuleMetadata> & { flow_json?: unknown; nodes_json: unknown; [column: string]: unknown };

function isStoredRule(value: unknown): value is StoredRule {
  return typeof value === "object" && value !== null && "nodes_json" in value;
}

async function readSettings(path: string, name: string): Promise<Partial<RuleMetadata>> {
  let settings: unknown;
  try {
    settings = JSON.parse(await readText(path, name));
  } catch (error) {
    if (error instanceof UsageError) throw error;
    throw new UsageError(`${name} is not valid JSON`);
  }
  const s = settings as Partial<RuleMetadata> | null;
  const wrong =
    typeof s !== "object" || s === null || Array.isArray(s) ? "it is not an object"
    : s.priority !== undefined && !Number.isInteger(s.priority) ? "priority is not an integer"
    : s.cooldown_ms !== undefined && !(Number.isInteger(s.cooldown_ms) && s.cooldown_ms >= 0) ? "cooldown_ms is not an integer >= 0"
    : s.description !== undefined && typeof s.description !== "string" ? "description is not a string"
    : s.trigger_config !== undefined && s.trigger_config !== null && !validateTriggerConfig(s.trigger_config) ? "trigger_config is not a valid trigger"
    : undefined;
  if (wrong !== undefined) throw new UsageError(`${name}: ${wrong}`);
  return s!;
}

function metadataOf(settings: Partial<RuleMetadata>, name: string): RuleMetadata {
  return {
    name: typeof settings.name === "string" && settings.name !== "" ? settings.name : name,
    description: settings.description ?? "",
    priority: settings.priority ?? 0,
    cooldown_ms: settings.cooldown_ms ?? 0,
    trigger_config: settings.trigger_config ?? null,
  };
}

function defaultName(file: string): string {
  return basename(file).replace(/(\.flow|\.nodes|\.rule)?\.json$/, "");
}

async function readText(path: string, name: string): Promise<string> {
  return readFile(path, "utf8").catch((error: NodeJS.ErrnoException) => {
    throw new UsageError(`cannot read ${name}: ${error.code ?? error.message}`);
  });
}
