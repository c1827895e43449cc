// Running a scenario through the service's own parts (issue 18.2): the scheduler's fast and tick
// paths at the right virtual times, priority, enable/disable, channels, history for period deltas,
// and a run that is the same to the byte every time.
import { expect } from "chai";
import { loadScenarioPack } from "../../cli/test/load-test-pack.js";
import { parseScenarioFile } from "../../scenarios/parse-scenario-file.js";
import { runScenario } from "../../scenarios/run-scenario.js";
import type { ScenarioOutcome } from "../../scenarios/scenario-model.js";
import { fromRoot } from "../helpers/paths.js";
import { run, scenario, testPack } from "./scenario-fixtures.js";

/** `+ms rule path` of every execution. */
function executions(outcome: ScenarioOutcome): string[] {
  const { start } = outcome.scenario;
  return outcome.executions.map((x) => `${x.at - start} ${x.rule} ${x.cause.kind === "on_change" ? x.cause.path : "interval"}`);
}

describe("svc test: running a scenario", () => {
  it("issue 18.2: the rules first see the initial values at the first tick (start + tick); a step's event takes the fast path at its exact time", async () => {
    const [outcome] = await run(
      scenario(`
rules: [Heater]
tick: 1s
initial: { room.temp: 21 }
steps:
  - { at: 30s500ms, set: { room.temp: 18 } }
  - { at: 2m, set: { room.temp: 23 } }`),
    );
    expect(executions(outcome!)).to.deep.equal(["1000 Heater tick", "30500 Heater fast", "120000 Heater fast"]);
  });

  it("issue 18.2: a change held by a gate (cooldown) runs on the tick path at the first tick the gate allows", async () => {
    const [outcome] = await run(
      scenario(`
rules: [Heater]
initial: { room.temp: 21 }
steps:
  - { at: 30s, set: { room.temp: 18 } }
  - { at: 40s, set: { room.temp: 23 } }`),
    );
    // Cooldown 1m from +30s: the change at +40s waits until +1m30s, a tick.
    expect(executions(outcome!)).to.deep.equal(["100 Heater tick", "30000 Heater fast", "90000 Heater tick"]);
    expect(outcome!.suppressions.map((s) => `${s.at - outcome!.scenario.start} ${s.reason} ${s.point?.text} ${s.value}`)).to.deep.equal(["40000 cooldown room.temp 23"]);
  });

  it("issue 18.2: rules due at the same tick run in priority order (higher first)", async () => {
    const [outcome] = await run(scenario(`rules: [Pump, First]\ninitial: { plant.demand: 60 }\nduration: 15s`), testPack(["Pump", "First"]));
    expect(executions(outcome!)).to.deep.equal(["100 First interval", "100 Pump interval", "10100 First interval", "10100 Pump interval"]);
  });

  it("issue 18.2: disable holds a rule's triggers; enable makes it run again from the values it then sees (a step at a tick's time applies before the tick)", async () => {
    const [outcome] = await run(
      scenario(`
rules: [Heater]
initial: { room.temp: 21 }
steps:
  - { at: 20s, disable: Heater }
  - { at: 30s, set: { room.temp: 18 } }
  - { at: 40s, enable: [Heater] }
expect:
  - { no_execution: Heater, within: [20s, 39s999ms] }
  - { execution: Heater, at: 40s, output: on }`),
    );
    expect(outcome!.expectations.map((e) => e.actual ?? "ok")).to.deep.equal(["ok", "ok"]);
    expect(executions(outcome!)).to.deep.equal(["100 Heater tick", "40000 Heater tick"]);
  });

  it("issue 18.2: `delta ... over` reads the scenario's point history; initial values count as held since before the start", async () => {
    const [outcome] = await run(
      scenario(`
rules: [Rise]
initial: { plant.demand: 10 }
steps:
  - { at: 1m, ramp: { plant.demand: 50 }, over: 2m, every: 30s }
expect:
  - { execution: Rise, at: 100ms, outcome: success }
  - { no_write: room.heater, within: [0s, 3m] }
  - { write: room.heater, value: 0, at: 3m100ms }`),
      testPack(["Rise"]),
    );
    expect(outcome!.expectations.map((e) => e.actual ?? "ok")).to.deep.equal(["ok", "ok", "ok"]);
    expect(outcome!.executions.map((x) => x.result?.variables.rise)).to.deep.equal([0, 0, 20, 40, 20]);
  });

  it("issue 18.2: a rule whose topology does not load makes the scenario fail with why, every expectation unmet", async () => {
    const fixture = testPack(["Heater"]);
    const broken = JSON.parse(JSON.stringify(fixture.pack.rules[0]!));
    broken.nodes_json.nodes.switch_1.rules[0].condition = "t <";
    const pack = { ...fixture.pack, rules: [broken] };
    const file = parseScenarioFile(scenario(`rules: [Heater]\nexpect: [{ no_execution: Heater }]`), "t.test.yaml", fixture.site, pack.rules);
    const outcome = await runScenario(file.file, file.scenarios[0]!, pack, { site: fixture.site });
    expect(outcome.passed).to.equal(false);
    expect(outcome.error).to.match(/^rule "Heater" \(rules\/Heater\.rule\) cannot run: /);
  });

  it("issue 18.2: deterministic to the byte: two runs of the same scenario give identical outcome JSON", async () => {
    const yaml = scenario(`
initial: { room.temp: 21, plant.demand: 40 }
steps:
  - { at: 10s, ramp: { room.temp: 15, plant.demand: 70 }, over: 5m, every: 7s }
  - { at: 1m, channel_down: virtual-1 }
  - { at: 2m, channel_up: virtual-1 }
  - { at: 3m, disable: [Valve] }
  - { at: 4m, enable: Valve }
  - { at: 5m, set: { room.temp: null } }
expect:
  - { write: room.valve, within: [0s, 10m] }`);
    const first = JSON.stringify(await run(yaml));
    const second = JSON.stringify(await run(yaml));
    expect(first.length).to.be.greaterThan(10_000);
    expect(second).to.equal(first);
  });

  it("issue 18.2: deterministic on the demo pack: two runs of forty virtual minutes give identical outcome JSON", async () => {
    const loaded = await loadScenarioPack("examples/packs/demo", fromRoot(""));
    if (loaded.pack === undefined) throw new Error("the demo pack does not compile");
    const text = `scenarios:
  - name: forty minutes
    rules: [${loaded.pack.rules.map((r) => JSON.stringify(r.name)).join(", ")}]
    duration: 40m
    initial: { zone1.room_temp: 23, zone1.occupancy: 0, zone2.room_temp: 19, zone2.setpoint: 21, ahu2.duct_static_pressure: 250, main_meter.imported_energy: 100, weather.outdoor_temp: 5, ahu1.mixed_air_temp: 4 }
    steps:
      - { at: 1m, ramp: { zone1.room_temp: 26, ahu2.duct_static_pressure: 300, main_meter.imported_energy: 400 }, over: 30m, every: 1m }
      - { at: 20m, set: { zone1.occupancy: 1 } }
`;
    const file = parseScenarioFile(text, "demo.test.yaml", loaded.site, loaded.pack.rules);
    expect(file.diagnostics).to.deep.equal([]);
    const once = async (): Promise<string> => JSON.stringify(await runScenario(file.file, file.scenarios[0]!, loaded.pack, { site: loaded.site }));
    const first = await once();
    expect(await once()).to.equal(first);
    expect((JSON.parse(first) as ScenarioOutcome).executions.length).to.be.greaterThan(2400);
  });
});
