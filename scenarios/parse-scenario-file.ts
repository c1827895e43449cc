// parseScenarioFile: the text of one scenario file, checked and resolved against its pack (the
// site and the compiled rules) into the scenarios svc test runs. Phases: YAML syntax, the schema,
// then each scenario's meaning (points, times, rules, windows); every problem is a diagnostic at
// file:line:col. A file with any error yields no scenarios. Pure: text in, data out.
import type { YamlScenario } from "../generated/types.js";
import type { SiteIndex } from "../compiler/site/site-index.js";
import { buildExpectations } from "./build-expectations.js";
import { buildSteps } from "./build-steps.js";
import { defaultRules } from "./default-rules.js";
import { readScenarioYaml } from "./read-scenario-yaml.js";
import { scenarioSite, type ScenarioSite } from "./resolve-point.js";
import { positionAt, report, ruleAt, type FileContext } from "./scenario-context.js";
import type { PackRule, Scenario, ScenarioFile } from "./scenario-model.js";
import { formatDuration, formatOffset, parseDuration, parseInstant } from "./scenario-time.js";

/** A Monday morning: scenarios that give no start begin here. */
export const DEFAULT_START = "2026-01-05T08:00:00Z";
/** The service's default tick. */
export const DEFAULT_TICK_MS = 100;
/** Without `duration`, a scenario runs this long past the latest time it names. */
export const DEFAULT_TAIL_MS = 60_000;
/** More ticks than this in one scenario is refused (a week at 100 ms). */
export const MAX_TICKS = 7 * 864_000;

export function parseScenarioFile(text: string, file: string, site: SiteIndex | ScenarioSite, rules: readonly PackRule[]): ScenarioFile {
  const read = readScenarioYaml(text, file);
  if (read.value === undefined) return { file, scenarios: [], diagnostics: read.diagnostics };
  const context: FileContext = {
    read,
    site: "indexOf" in site ? site : scenarioSite(site),
    rules,
    rulesByName: new Map(rules.map((r) => [r.name, r])),
    diagnostics: [],
  };
  const names = new Set<string>();
  const scenarios: Scenario[] = [];
  read.value.scenarios.forEach((raw, i) => {
    const path = `/scenarios/${i}`;
    if (names.has(raw.name)) report(context, `${path}/name`, "scenario/duplicate-name", `a scenario named ${JSON.stringify(raw.name)} comes earlier in this file: names are unique in a file`);
    names.add(raw.name);
    const scenario = buildScenario(context, path, raw);
    if (scenario !== undefined) scenarios.push(scenario);
  });
  const diagnostics = context.diagnostics.sort((a, b) => a.span!.start.offset - b.span!.start.offset);
  return { file, scenarios: diagnostics.some((d) => d.severity === "error") ? [] : scenarios, diagnostics };
}

function buildScenario(context: FileContext, path: string, raw: YamlScenario): Scenario | undefined {
  const before = context.diagnostics.length;
  const start = parseInstant(raw.start ?? DEFAULT_START);
  if (start === undefined) {
    report(context, `${path}/start`, "scenario/invalid-time", `'${raw.start}' is not a time of the calendar`);
    return undefined;
  }
  const tickMs = raw.tick === undefined ? DEFAULT_TICK_MS : parseDuration(raw.tick);
  if (tickMs === undefined || tickMs <= 0) report(context, `${path}/tick`, "scenario/invalid-duration", `the tick must be a duration above zero, got ${raw.tick}`);
  const catalogInitial = (index: number): number => context.site.index.points[index]!.declared.initial ?? NaN;
  const steps = buildSteps(context, path, raw, start, catalogInitial);
  const expect = buildExpectations(context, `${path}/expect`, raw.expect ?? [], start);
  const latest = Math.max(steps.latest, expect.latest);
  let end = latest + DEFAULT_TAIL_MS;
  if (raw.duration !== undefined) {
    const duration = parseDuration(raw.duration);
    if (duration === undefined || duration <= 0) report(context, `${path}/duration`, "scenario/invalid-duration", `the duration must be above zero, got ${raw.duration}`);
    else {
      end = start + duration;
      if (latest > end) report(context, `${path}/duration`, "scenario/after-end", `the scenario names ${formatOffset(latest, start)}, after its end (duration ${raw.duration}): make it longer, or leave it out (default: the latest time named + ${formatDuration(DEFAULT_TAIL_MS)})`);
    }
  }
  if (tickMs !== undefined && tickMs > 0 && (end - start) / tickMs > MAX_TICKS) {
    report(context, raw.duration === undefined ? path : `${path}/duration`, "scenario/too-long", `the scenario runs ${formatDuration(end - start)}: more than ${MAX_TICKS} ticks of ${formatDuration(tickMs)}`);
  }
  const rules = chooseRules(context, path, raw, { set: steps.setPoints, written: expect.written, named: new Set(expect.ruleRefs.map((r) => r.name)) });
  const run = new Set(rules);
  for (const ref of [...steps.ruleRefs, ...expect.ruleRefs]) {
    if (!context.rulesByName.has(ref.name)) {
      // Expectations have reported theirs; enable/disable steps report here.
      if (steps.ruleRefs.includes(ref)) ruleAt(context, ref.path, ref.name);
    } else if (!run.has(ref.name)) {
      report(context, ref.path, "scenario/rule-not-run", `rule ${JSON.stringify(ref.name)} is not one this scenario runs`, { suggestion: `add it to \`rules:\` (now ${rules.map((r) => JSON.stringify(r)).join(", ") || "none"})` });
    }
  }
  // Only when nothing else is wrong: an unknown point sets nothing, so no rule is found either.
  if (rules.length === 0 && raw.rules === undefined && context.diagnostics.length === before) {
    report(context, `${path}/name`, "scenario/no-rules", "no rule of the pack reads a point this scenario sets, writes a point it expects, or is named by an expectation: name the rules with `rules:`");
  }
  if (context.diagnostics.length > before) return undefined;
  return {
    name: raw.name,
    ...(raw.description === undefined ? {} : { description: raw.description }),
    position: positionAt(context, path),
    rules,
    start,
    end,
    tickMs: tickMs!,
    trace: raw.trace === true,
    initial: steps.initial,
    steps: steps.steps,
    expect: expect.expect,
  };
}

// The rules named (each must be a rule of the pack), in pack order; or the default choice.
function chooseRules(context: FileContext, path: string, raw: YamlScenario, mentions: Parameters<typeof defaultRules>[2]): string[] {
  if (raw.rules === undefined) return defaultRules(context.rules, context.site, mentions).map((r) => r.name);
  const named = new Set<string>();
  raw.rules.forEach((name, i) => {
    if (ruleAt(context, `${path}/rules/${i}`, name) !== undefined) named.add(name);
  });
  return context.rules.filter((r) => named.has(r.name)).map((r) => r.name);
}
