// What happened, in people's terms, for the one-line texts of expectation outcomes (and the
// reports): values without float noise, an execution's outcome (`succeeded, output up`,
// `failed: ahu1.cooling_stage = 3 refused (out of range)`), a write, a suppression.
import type { ScenarioExecution, ScenarioSuppression, ScenarioWrite } from "./scenario-model.js";
import { formatOffset } from "./scenario-time.js";

/** `1.2`, not `1.2000000000000002`; `unavailable` for NaN. */
export function formatValue(value: number): string {
  if (Number.isNaN(value)) return "unavailable";
  return String(Number(value.toPrecision(12)));
}

export type ExecutionOutcome = "success" | "failed" | "short_circuit";

/** How an execution ended, as expectations name it. */
export function outcomeOf(execution: ScenarioExecution): ExecutionOutcome {
  const { result } = execution;
  if (result === null) return "failed";
  if (result.short_circuit !== null) return "short_circuit";
  return result.success ? "success" : "failed";
}

/** Switch outputs an execution took (`default` is the else). */
export function outputsTaken(execution: ScenarioExecution): string[] {
  return (execution.result?.nodes ?? []).filter((n) => n.type === "switch").flatMap((n) => [...n.outputs]);
}

/** `succeeded, output up, wrote ahu1.cooling_stage = 1`; `failed: ... refused (...)`; `short-circuited: zone_temp unavailable`. */
export function describeOutcome(execution: ScenarioExecution, writes: readonly ScenarioWrite[] = []): string {
  const { result, error } = execution;
  if (result === null) return `could not start${error === null ? "" : `: ${error.message}`}`;
  const outputs = outputsTaken(execution);
  const taken = outputs.length === 0 ? "" : `, output ${outputs.join(" and ")}`;
  if (result.short_circuit !== null) {
    const { variable, reason } = result.short_circuit;
    return `short-circuited: input ${variable} unavailable (${reason})`;
  }
  const own = writes.filter((w) => w.at === execution.at && w.rule === execution.rule);
  const refused = own.filter((w) => !w.accepted);
  if (!result.success) {
    const what = refused.map((w) => `${w.point.text} = ${formatValue(w.value)} refused (${w.reason ?? "no reason given"})`).join("; ");
    return `failed${taken}${what === "" ? "" : `: ${what}`}`;
  }
  const wrote = own.map((w) => `${w.point.text} = ${formatValue(w.value)}`);
  return `succeeded${taken}${wrote.length === 0 ? ", no write" : `, wrote ${wrote.join(", ")}`}`;
}

/** `2 at +31s by AHU-1 cooling stages` (`refused: ...` when not accepted). */
export function describeWrite(write: ScenarioWrite, start: number): string {
  const base = `${formatValue(write.value)} at ${formatOffset(write.at, start)} by ${write.rule}`;
  return write.accepted ? base : `${base} (refused: ${write.reason ?? "no reason given"})`;
}

export function describeSuppression(suppression: ScenarioSuppression, start: number): string {
  const point = suppression.point === undefined ? "" : ` (${suppression.point.text} = ${formatValue(suppression.value ?? NaN)})`;
  return `${suppression.reason} at ${formatOffset(suppression.at, start)}${point}`;
}

/** `on_change (fast path, zone1.room_temp = 24.2)`, `interval`. */
export function describeCause(execution: ScenarioExecution, pointText: (index: number) => string): string {
  const { cause } = execution;
  if (cause.kind === "interval") return "interval";
  return `on_change (${cause.path} path, ${pointText(cause.index)} = ${formatValue(cause.value)})`;
}
