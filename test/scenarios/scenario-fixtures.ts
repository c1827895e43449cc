// A small pack for the runner's tests: a site with a room (temperature, occupancy, a heater and
// a valve on `virtual-1`) and a plant (demand and a pump on `virtual-2`), and rules written in the
// DSL, compiled against it as `svc test` compiles a pack's rules. Scenario files are inline YAML.
import { expect } from "chai";
import { compileRuleSource } from "../../compiler/index.js";
import { indexSite } from "../../compiler/site/site-index.js";
import { loadSite } from "../../runtime/points/load-site.js";
import { parseScenarioFile } from "../../scenarios/parse-scenario-file.js";
import { scenarioSite, type ScenarioSite } from "../../scenarios/resolve-point.js";
import { runScenario, type RunScenarioOptions, type ScenarioPack } from "../../scenarios/run-scenario.js";
import type { PackRule, ScenarioFile, ScenarioOutcome } from "../../scenarios/scenario-model.js";

export const SITE_YAML = `
channels:
  - { id: virtual-1, protocol: virtual }
  - { id: virtual-2, protocol: virtual }
instances:
  - id: 1
    key: room
    name: Room controller
    model: zone
    channel: virtual-1
    points:
      - { type: measurement, point: 1, name: temp, unit: degC, min: 0, max: 50 }
      - { type: measurement, point: 2, name: occupancy, unit: "", min: 0, max: 1 }
      - { type: measurement, point: 3, name: valve_position, unit: "%", min: 0, max: 100 }
      - { type: action, point: 1, name: heater, unit: "", min: 0, max: 1, initial: 0 }
      - { type: action, point: 2, name: valve, unit: "%", min: 0, max: 100, reads_back: 3 }
  - id: 2
    key: plant
    name: Plant
    model: plant
    channel: virtual-2
    points:
      - { type: measurement, point: 1, name: demand, unit: "%", min: 0, max: 100 }
      - { type: action, point: 1, name: pump, unit: "", min: 0, max: 1 }
`;

/** The rules of the pack, by name, in pack order. */
export const RULES: Record<string, string> = {
  Heater: `rule "Heater" {
  cooldown 1m
  trigger on_change(room.temp)
  input t = room.temp
  when on: t < 20 { write room.heater = 1 }
  when off: t > 22 { write room.heater = 0 }
}`,
  Valve: `rule "Valve" {
  trigger on_change(room.temp) deadband 10s value 0.5
  input t = room.temp
  input scale = plant.demand
  write room.valve = (21 - t) * scale
}`,
  Pump: `rule "Pump" {
  trigger every 10s
  input d = plant.demand
  when run: d > 50 { write plant.pump = 1 }
  else { write plant.pump = 0 }
}`,
  // Not in the default pack: a rule with a period delta (history), and a high-priority interval rule.
  Rise: `rule "Rise" {
  trigger every 1m
  delta rise = plant.demand over 2m
  when fast: rise > 20 { write room.heater = 0 }
}`,
  Lights: `rule "Lights" {
  trigger on_change(room.occupancy, plant.demand)
  input o = room.occupancy
  write room.heater = o
}`,
  First: `rule "First" {
  priority 10
  trigger every 10s
  input d = plant.demand
  write room.heater = d > 50 ? 1 : 0
}`,
};

/** The pack most tests use. */
export const DEFAULT_RULES = ["Heater", "Valve", "Pump"];

export function testPack(names: readonly string[] = DEFAULT_RULES): { pack: ScenarioPack; site: ScenarioSite } {
  const loaded = loadSite(SITE_YAML, "site.yaml");
  if (loaded.site === undefined) throw new Error(JSON.stringify(loaded.diagnostics));
  const index = indexSite(loaded.site);
  const rules = names.map((name, i): PackRule => {
    const compiled = compileRuleSource(RULES[name]!, { site: index });
    const errors = compiled.diagnostics.filter((d) => d.severity === "error");
    if (errors.length > 0 || compiled.rules.length !== 1) throw new Error(`${name}: ${JSON.stringify(errors)}`);
    const rule = compiled.rules[0]!;
    return { id: i + 1, name: rule.name, file: `rules/${name}.rule`, priority: rule.priority, cooldown_ms: rule.cooldown_ms, enabled: true, trigger_config: rule.trigger_config!, nodes_json: rule.nodes_json };
  });
  return { pack: { site: index, rules }, site: scenarioSite(index) };
}

export function parse(yaml: string, fixture = testPack()): ScenarioFile {
  return parseScenarioFile(yaml, "tests/t.test.yaml", fixture.site, fixture.pack.rules);
}

/** Parses (no diagnostics allowed) and runs every scenario of the file. */
export async function run(yaml: string, fixture = testPack(), options: RunScenarioOptions = {}): Promise<ScenarioOutcome[]> {
  const file = parse(yaml, fixture);
  expect(file.diagnostics, "diagnostics").to.deep.equal([]);
  const outcomes: ScenarioOutcome[] = [];
  for (const scenario of file.scenarios) outcomes.push(await runScenario(file.file, scenario, fixture.pack, { ...options, site: fixture.site }));
  return outcomes;
}

/** The one scenario's outcome of each expectation: passed, and the texts when not. */
export async function verdicts(yaml: string, fixture = testPack()): Promise<Array<{ passed: boolean; expected: string; actual?: string }>> {
  const [outcome] = await run(yaml, fixture);
  if (outcome!.error !== undefined) throw new Error(outcome!.error);
  return outcome!.expectations.map((e) => ({ passed: e.passed, expected: e.expected, ...(e.actual === undefined ? {} : { actual: e.actual }) }));
}

/** A scenario file of one scenario: `body` is its lines after the name, indented 4. */
export function scenario(body: string, name = "s"): string {
  return `scenarios:\n  - name: ${name}\n${body.replace(/^\n/, "").replace(/^/gm, "    ")}\n`;
}
