// What lowering needs to know or check across all statements of a rule: the points its inputs
// read (for on_change sources), writes to measurement points and delta periods out of range,
// which the DSL can parse but a flow cannot hold.
import type { Diagnostic } from "../../generated/types.js";
import type * as A from "../../grammar/rule/ast.js";
import { statementsOf } from "../../grammar/rule/walk.js";
import { numeric } from "./resolve-points.js";

/** Input variable name to the points it reads (one, unless the rule reuses a name on separate paths). */
export function collectInputs(rule: A.RuleDecl): Map<string, A.PointRef[]> {
  const inputs = new Map<string, A.PointRef[]>();
  for (const s of statementsOf(rule)) {
    if (s.kind === "input") inputs.set(s.name, [...(inputs.get(s.name) ?? []), numeric(s.point)]);
  }
  return inputs;
}

/** A period_delta period: 1 ms to 365 days (docs/flow-json.md). */
const MAX_PERIOD_MS = 365 * 24 * 3_600_000;

export function checkStatements(rule: A.RuleDecl, diagnostics: Diagnostic[]): void {
  for (const s of statementsOf(rule)) {
    if (s.kind === "delta" && !(s.periodMs >= 1 && s.periodMs <= MAX_PERIOD_MS)) {
      diagnostics.push({ code: "rule/invalid-duration", severity: "error", message: "a delta period must be from 1ms to 365 days (8760h)", span: s.periodSpan });
    }
    const target = s.kind === "write" ? numeric(s.target) : undefined;
    if (target !== undefined && target.pointType !== "action") {
      diagnostics.push({
        code: "rule/write-to-measurement",
        severity: "error",
        message: "only action points can be written; a measurement is read-only",
        span: target.span,
        suggestion: `write action(${target.instance}, ${target.point})`,
      });
    }
  }
}
