// A scenario's `expect` checked and resolved: points to catalog indices, rule names against the
// pack, `at`/`within` to an inclusive window of epoch ms (never before start, never ending before
// it starts), and the options that belong to one outcome only (`reason` to failed, `input` to
// short_circuit). Whether each rule is one the scenario runs is checked once the rules are known.
import type { YamlExpectation, YamlScenarioWindow } from "../generated/types.js";
import { closestName } from "../generated/index.js";
import { didYouMean } from "../compiler/diagnostics/diagnostic.js";
import { switchOutputs } from "./default-rules.js";
import { timeAt } from "./build-steps.js";
import { pointAt, positionAt, report, ruleAt, type FileContext } from "./scenario-context.js";
import type { Expectation, TimeWindow } from "./scenario-model.js";

export interface BuiltExpectations {
  expect: Expectation[];
  /** Rule names the expectations name, with where, to check against the rules the scenario runs. */
  ruleRefs: { name: string; path: string }[];
  /** Point indices named as written (write, no_write). */
  written: Set<number>;
  /** The latest time the windows name. */
  latest: number;
}

export function buildExpectations(context: FileContext, path: string, raws: readonly YamlExpectation[], start: number): BuiltExpectations {
  const out: BuiltExpectations = { expect: [], ruleRefs: [], written: new Set(), latest: start };
  raws.forEach((raw, i) => {
    const at = `${path}/${i}`;
    const before = context.diagnostics.length;
    const window = windowOf(context, at, raw, start);
    if (window === undefined) return;
    if (window !== null) out.latest = Math.max(out.latest, window[1]);
    const built = buildOne(context, at, raw, window, out);
    if (built !== undefined && context.diagnostics.length === before) out.expect.push(built);
  });
  return out;
}

function buildOne(context: FileContext, path: string, raw: YamlExpectation, window: TimeWindow, out: BuiltExpectations): Expectation | undefined {
  const position = positionAt(context, path);
  const rule = (key: string, name: string): string | undefined => {
    out.ruleRefs.push({ name, path: `${path}/${key}` });
    return ruleAt(context, `${path}/${key}`, name)?.name;
  };
  if ("write" in raw || "no_write" in raw) {
    const key = "write" in raw ? "write" : "no_write";
    const text = "write" in raw ? raw.write : raw.no_write;
    const point = pointAt(context, `${path}/${key}`, text);
    if (point === undefined) return undefined;
    if (!point.isAction) {
      report(context, `${path}/${key}`, "scenario/not-an-action", `${point.point.text} is a measurement: rules write action points only`);
      return undefined;
    }
    out.written.add(point.point.index);
    if (!("write" in raw)) return { kind: "no_write", position, point: point.point, window };
    if (raw.tolerance !== undefined && raw.value === undefined) {
      report(context, `${path}/tolerance`, "scenario/tolerance-without-value", "`tolerance` needs `value`: the written value it is a tolerance of");
      return undefined;
    }
    const by = raw.by === undefined ? undefined : rule("by", raw.by);
    return { kind: "write", position, point: point.point, tolerance: raw.tolerance ?? 0, window, ...opt("value", raw.value), ...opt("count", raw.count), ...opt("by", by) };
  }
  if ("execution" in raw) {
    const name = rule("execution", raw.execution);
    if (name === undefined) return undefined;
    if (raw.reason !== undefined && raw.outcome !== "failed") report(context, `${path}/reason`, "scenario/reason-without-failed", "`reason` is the reason of a refused action: it goes with `outcome: failed`");
    if (raw.input !== undefined && raw.outcome !== "short_circuit") report(context, `${path}/input`, "scenario/input-without-short-circuit", "`input` is the unavailable input: it goes with `outcome: short_circuit`");
    if (raw.output !== undefined) {
      const outputs = switchOutputs(context.rulesByName.get(name)!);
      if (!outputs.has(raw.output) && raw.output !== "else") {
        const listed = outputs.size === 0 ? "the rule has no switch" : `its outputs are ${[...outputs].join(", ")}`;
        report(context, `${path}/output`, "scenario/unknown-output", `rule ${JSON.stringify(name)} has no switch output '${raw.output}'`, { suggestion: didYouMean(closestName(raw.output, outputs)) ?? listed });
      }
    }
    const input = raw.input === undefined ? undefined : pointAt(context, `${path}/input`, raw.input)?.point;
    return { kind: "execution", position, rule: name, window, ...opt("outcome", raw.outcome), ...opt("output", raw.output), ...opt("reason", raw.reason), ...opt("input", input), ...opt("count", raw.count) };
  }
  if ("no_execution" in raw) {
    const name = rule("no_execution", raw.no_execution);
    return name === undefined ? undefined : { kind: "no_execution", position, rule: name, window };
  }
  if ("suppressed" in raw) {
    const name = rule("suppressed", raw.suppressed);
    return name === undefined ? undefined : { kind: "suppressed", position, rule: name, reason: raw.reason, window, ...opt("count", raw.count) };
  }
  report(context, path, "scenario/unknown-expectation", "an expectation needs one of write, no_write, execution, no_execution or suppressed");
  return undefined;
}

/** `at` (a window of one instant), `within`, or neither (null: the whole scenario); undefined when wrong (reported). */
function windowOf(context: FileContext, path: string, raw: { at?: string; within?: YamlScenarioWindow }, start: number): TimeWindow | undefined {
  if (raw.at !== undefined && raw.within !== undefined) {
    report(context, `${path}/within`, "scenario/at-and-within", "give `at` (exactly then) or `within` (a window), not both");
    return undefined;
  }
  if (raw.at !== undefined) {
    const at = timeAt(context, `${path}/at`, raw.at, start);
    return at === undefined ? undefined : [at, at];
  }
  if (raw.within === undefined) return null;
  const from = timeAt(context, `${path}/within/0`, raw.within[0], start);
  const to = timeAt(context, `${path}/within/1`, raw.within[1], start);
  if (from === undefined || to === undefined) return undefined;
  if (to < from) {
    report(context, `${path}/within`, "scenario/window-ends-before-start", `the window ends (${raw.within[1]}) before it starts (${raw.within[0]})`);
    return undefined;
  }
  return [from, to];
}

// An optional property only when it has a value (exactOptionalPropertyTypes-friendly, and no `undefined` in the JSON).
function opt<K extends string, V>(key: K, value: V | undefined): { [P in K]?: V } {
  return (value === undefined ? {} : { [key]: value }) as { [P in K]?: V };
}
