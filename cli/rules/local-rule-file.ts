// `--file` of rules create and update: the file is compiled here, with the one compile function,
// before anything is sent; its errors are reported at file:line:col and stop the command.
import type { RuleMetadata } from "../../compiler/lower/compiled-rule.js";
import type { FlowJson, NodesTopology } from "../../generated/types.js";
import { UsageError, type Console } from "../console.js";
import { reportDiagnostics } from "../report-diagnostics.js";
import { compileWithSites, siteErrors } from "../compile-with-sites.js";
import { kindOf } from "../source-files.js";
import { resolve } from "node:path";

export interface LocalRule {
  /** Absent for an editor document (*.flow.json), which has no settings. */
  metadata?: RuleMetadata;
  flow_json: FlowJson;
  nodes_json: NodesTopology;
}

/**
 * The one rule of `file` (or the rule named `ruleName` in it), compiled with `site` (--site) or
 * else the nearest site.yaml; undefined when it has errors (reported).
 */
export async function compileLocalRule(file: string, ruleName: string | undefined, cwd: string, console: Console, site?: string): Promise<LocalRule | undefined> {
  const kind = kindOf(file);
  if (kind === undefined) throw new UsageError(`${file}: not a rule file (expected .rule, .rule.yaml/.yml or .flow.json)`);
  // With the site.yaml of its pack, as `svc compile` finds it, or --site (issue 17).
  if (site === "") throw new UsageError("--site needs a site.yaml file");
  const choice = site === undefined ? ({ kind: "find" } as const) : ({ kind: "file", file: site } as const);
  const { results, sites } = await compileWithSites([{ path: resolve(cwd, file), name: file, kind }], cwd, choice);
  const result = results[0]!;
  const broken = await siteErrors(sites);
  if (broken.length > 0 || result.diagnostics.some((d) => d.severity === "error")) {
    reportDiagnostics([...broken, result], "text", console);
    console.err(`${file} does not compile; nothing was sent\n`);
    return undefined;
  }
  if (result.diagnostics.length > 0) reportDiagnostics([result], "text", console);
  const outputs = result.outputs;
  if (ruleName !== undefined) {
    const named = outputs.find((o) => o.metadata?.name === ruleName);
    if (named === undefined) throw new UsageError(`${file} has no rule named "${ruleName}"; it has ${namesOf(outputs)}`);
    return named;
  }
  if (outputs.length === 1) return outputs[0];
  if (outputs.length === 0) throw new UsageError(`${file} defines no rule`);
  throw new UsageError(`${file} defines ${outputs.length} rules (${namesOf(outputs)}): name one with --rule NAME`);
}

function namesOf(outputs: LocalRule[]): string {
  return outputs.map((o) => `"${o.metadata?.name ?? "?"}"`).join(", ");
}
