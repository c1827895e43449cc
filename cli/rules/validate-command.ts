// `svc rules validate FILE`: a rule file (.rule, .rule.yaml) or an editor document (.flow.json)
// checked by the running service against its loaded site (POST /api/rules/validate), without
// storing anything. The diagnostics print as `svc compile` prints them (file:line:col and a code
// frame); exit 1 when the file has errors. Read-only: no --confirmed.
import { readFile } from "node:fs/promises";
import { resolve } from "node:path";
import type { RuleValidateRequest } from "../../generated/types.js";
import { withApi } from "../api/api-command.js";
import { EXIT, UsageError } from "../console.js";
import { jsonSyntaxError } from "../json-syntax.js";
import { parseOptions } from "../options.js";
import { reportDiagnostics } from "../report-diagnostics.js";
import { kindOf, type FileResult } from "../source-files.js";
import { printJson, type RulesSubcommand } from "./rules-io.js";

export const validateRule: RulesSubcommand = async (args, { console, cwd, env }) => {
  const { values, positionals } = parseOptions(args, { json: { type: "boolean" } });
  if (positionals.length !== 1) throw new UsageError(positionals.length === 0 ? "name the file to validate (.rule, .rule.yaml or .flow.json)" : `one file only; unexpected '${positionals[1]}'`);
  const file = positionals[0]!;
  const kind = kindOf(file);
  if (kind === undefined) throw new UsageError(`${file}: not a rule file (expected .rule, .yaml/.yml or .json)`);
  const text = await readFile(resolve(cwd, file), "utf8").catch((error: NodeJS.ErrnoException) => {
    throw new UsageError(`cannot read ${file}: ${error.code ?? error.message}`);
  });
  const json = values.json === true;
  const result: FileResult = { file, kind: kind === "flow" ? "flow" : kind === "dsl" ? "dsl" : "yaml", text, diagnostics: [], outputs: [] };
  let request: RuleValidateRequest;
  if (kind === "flow") {
    try {
      request = { flow_json: JSON.parse(text) as Record<string, unknown> };
    } catch (error) {
      // Not JSON: said here, at its line and column, and nothing is sent.
      reportDiagnostics([{ ...result, diagnostics: [jsonSyntaxError(text, error)] }], json ? "json" : "text", console);
      return EXIT.diagnostics;
    }
  } else request = { source: text, format: kind === "dsl" ? "dsl" : "yaml" };
  return withApi("rules validate", console, env, json, async ({ client }) => {
    const answer = await client.validateRule(request);
    if (json) printJson(console, answer);
    else {
      reportDiagnostics([{ ...result, diagnostics: answer.diagnostics }], "text", console);
      const errors = answer.diagnostics.filter((d) => d.severity === "error").length;
      if (answer.valid) console.err(`${file}: valid against the service's site (${answer.rules.length} ${answer.rules.length === 1 ? "rule" : "rules"})\n`);
      else console.err(`${file}: ${errors} ${errors === 1 ? "error" : "errors"} against the service's site; nothing was stored\n`);
    }
    return answer.valid ? EXIT.ok : EXIT.diagnostics;
  });
};
