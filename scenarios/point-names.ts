// Names of points by their dense index, for what the scheduler reports by index (the point of an
// on_change cause): the names the scenario itself used (initial values, steps, expectations) and
// the points written, else `point #index`.
import type { ScenarioOutcome, ScenarioPoint } from "./scenario-model.js";

export function pointNamer(outcome: ScenarioOutcome, known: readonly ScenarioPoint[] = []): (index: number) => string {
  const names = new Map<number, string>();
  const add = (point: ScenarioPoint | undefined): void => {
    if (point !== undefined && !names.has(point.index)) names.set(point.index, point.text);
  };
  const scenario = outcome.scenario;
  scenario.initial.forEach((v) => add(v.point));
  for (const step of scenario.steps) if (step.kind === "set") step.values.forEach((v) => add(v.point));
  for (const e of scenario.expect) {
    if (e.kind === "write" || e.kind === "no_write") add(e.point);
    if (e.kind === "execution") add(e.input);
  }
  outcome.writes.forEach((w) => add(w.point));
  outcome.suppressions.forEach((s) => add(s.point));
  known.forEach(add);
  return (index) => names.get(index) ?? `point #${index}`;
}
