// Scenario files checked and resolved against the pack (issue 18.1): points by name or number,
// durations and times, ramps, the default rules and duration; every mistake a diagnostic at
// file:line:col with its code (tests assert codes and positions, not wording).
import { expect } from "chai";
import { formatDuration, formatOffset, parseDuration, parseTime } from "../../scenarios/scenario-time.js";
import { parse, scenario } from "./scenario-fixtures.js";

const START = Date.UTC(2026, 0, 5, 8, 0, 0);

/** code @ line:col of every diagnostic, and suggestions when asked. */
function problems(yaml: string, withSuggestions = false): string[] {
  return parse(yaml).diagnostics.map((d) => `${d.code} @ ${d.span!.start.line}:${d.span!.start.column}${withSuggestions && d.suggestion !== undefined ? ` (${d.suggestion})` : ""}`);
}

/** The 1-based line of the first line of `yaml` holding `text`. */
function lineOf(yaml: string, text: string): number {
  return yaml.split("\n").findIndex((l) => l.includes(text)) + 1;
}

describe("svc test: scenario files", () => {
  it("issue 18.1: durations (250ms, 30s, 5m, 2h, 1d, sums) and times (offsets from start, ISO with Z or an offset)", () => {
    expect([parseDuration("250ms"), parseDuration("30s"), parseDuration("5m"), parseDuration("2h"), parseDuration("1d"), parseDuration("1h30m")]).to.deep.equal([250, 30_000, 300_000, 7_200_000, 86_400_000, 5_400_000]);
    expect([parseDuration("30"), parseDuration("1.5s"), parseDuration("s"), parseDuration("")]).to.deep.equal([undefined, undefined, undefined, undefined]);
    expect(parseTime("1m30s", START)).to.equal(START + 90_000);
    expect(parseTime("2026-01-05T08:00:30Z", START)).to.equal(START + 30_000);
    expect(parseTime("2026-01-05T09:00:30+01:00", START)).to.equal(START + 30_000);
    expect(parseTime("2026-02-30T08:00:00Z", START)).to.equal(undefined);
    expect([formatOffset(START + 90_000, START), formatOffset(START + 100, START), formatOffset(START, START), formatDuration(90_061_001)]).to.deep.equal(["+1m30s", "+100ms", "+0s", "1d1h1m1s1ms"]);
  });

  it("issue 18.1: resolves points by key.point, \"Instance name\".point and number, with the site's name as their text", () => {
    const file = parse(
      scenario(`
rules: [Heater]
initial: { room.temp: 21, '"Room controller".occupancy': 1, "measurement(2, 1)": 50, room.heater: 1, room.valve: null }`),
    );
    expect(file.diagnostics).to.deep.equal([]);
    const initial = file.scenarios[0]!.initial;
    expect(initial.map((v) => [v.point.text, v.point.index])).to.deep.equal([["room.temp", 0], ["room.occupancy", 1], ["plant.demand", 5], ["room.heater", 3], ["room.valve", 4]]);
    expect(initial.map((v) => v.value)).to.deep.equal([21, 1, 50, 1, NaN]);
  });

  it("issue 18.1: defaults: start Monday 2026-01-05T08:00:00Z, tick 100ms, duration the latest time named + 1m; steps in time order, ties in file order", () => {
    const [s] = parse(
      scenario(`
rules: [Heater]
steps:
  - { at: 2m, set: { room.temp: 20 } }
  - { at: 30s, set: { room.temp: 19 } }
  - { at: 2m, disable: Heater }
  - { at: 2026-01-05T08:00:30Z, set: { room.temp: 18 } }
expect:
  - { write: room.heater, within: [1m, 3m] }`),
    ).scenarios;
    expect(s!.start).to.equal(START);
    expect(s!.tickMs).to.equal(100);
    expect(s!.end).to.equal(START + 4 * 60_000);
    expect(s!.steps.map((x) => [x.at - START, x.kind, x.position.line])).to.deep.equal([
      [30_000, "set", 6],
      [30_000, "set", 8],
      [120_000, "set", 5],
      [120_000, "disable", 7],
    ]);
  });

  it("issue 18.1: a ramp is a set every `every`, linear from the value at its start, the last one at at+over", () => {
    const [s] = parse(
      scenario(`
rules: [Heater]
initial: { room.temp: 10 }
steps:
  - { at: 1m, set: { room.temp: 12 } }
  - { at: 1m, ramp: { room.temp: 20 }, over: 4m, every: 1m30s }`),
    ).scenarios;
    expect(s!.steps.map((x) => [(x.at - START) / 1000, x.kind === "set" ? x.values[0]!.value : null])).to.deep.equal([
      [60, 12],
      [150, 15],
      [240, 18],
      [300, 20],
    ]);
    expect(s!.end).to.equal(START + 6 * 60_000);
  });

  it("issue 18: a long ramp (4h every 100ms, 144,000 sets) expands without overflowing the stack", () => {
    const file = parse(
      scenario(`
rules: [Heater]
initial: { room.temp: 23 }
steps:
  - { at: 1s, ramp: { room.temp: 30 }, over: 4h, every: 100ms }`),
    );
    expect(file.diagnostics).to.deep.equal([]);
    expect(file.scenarios[0]!.steps.length).to.equal(144_000);
    expect(file.scenarios[0]!.steps.at(-1)!.at).to.equal(START + 1000 + 4 * 3_600_000);
  });

  it("issue 18: steps that expand to more than 200,000 sets are refused at the ramp, before expanding; every below 1ms is not a duration", () => {
    const yaml = scenario(`
rules: [Heater]
initial: { room.temp: 23 }
steps:
  - { at: 0s, set: { room.temp: 22 } }
  - { at: 1s, ramp: { room.temp: 30 }, over: 6d, every: 1ms }`);
    const line = lineOf(yaml, "over: 6d");
    const ramp = yaml.split("\n")[line - 1]!;
    expect(problems(yaml)).to.deep.equal([`scenario/too-many-steps @ ${line}:${ramp.indexOf("{ at: 1s") + 1}`]);
    expect(parse(yaml).scenarios).to.deep.equal([]);
    const zero = yaml.replace("6d, every: 1ms", "1s, every: 0ms");
    expect(problems(zero)).to.deep.equal([`scenario/invalid-duration @ ${line}:${zero.split("\n")[line - 1]!.indexOf("0ms") + 1}`]);
    expect(parseDuration("0.5ms")).to.equal(undefined);
  });

  it("issue 18: block nesting 3000 levels deep is yaml/too-deep at the first line too deep (as flow nesting is), with no internal error text", () => {
    let yaml = "scenarios:\n  - name: s\n    initial:\n";
    for (let i = 0; i < 3000; i++) yaml += `${" ".repeat(i + 6)}a:\n`;
    const file = parse(yaml);
    expect(file.diagnostics.map((d) => `${d.code} @ ${d.span!.start.line}`)).to.deep.equal(["yaml/too-deep @ 65"]);
    expect(file.diagnostics[0]!.message).to.not.match(/stack|Error/);
    const dashes = `scenarios:\n  - name: s\n    steps:\n      ${"- ".repeat(3000)}x\n`;
    expect(parse(dashes).diagnostics.map((d) => `${d.code} @ ${d.span!.start.line}`)).to.deep.equal(["yaml/too-deep @ 4"]);
  });

  it("issue 18.1: a ramp that starts where another ends starts from the other's last value", () => {
    const [s] = parse(
      scenario(`
rules: [Heater]
initial: { room.temp: 10 }
steps:
  - { at: 2m, ramp: { room.temp: 20 }, over: 2m, every: 1m }
  - { at: 0s, ramp: { room.temp: 12 }, over: 2m, every: 1m }`),
    ).scenarios;
    expect(s!.steps.map((x) => [(x.at - START) / 60_000, x.kind === "set" ? x.values[0]!.value : null])).to.deep.equal([
      [1, 11],
      [2, 12],
      [3, 16],
      [4, 20],
    ]);
  });

  it("issue 18.1: without `rules`, the rules that read or watch a point the scenario sets, write a point it expects, or that an expectation names", () => {
    const rulesOf = (body: string): string[] => parse(scenario(body)).scenarios[0]!.rules;
    expect(rulesOf(`initial: { plant.demand: 10 }`)).to.deep.equal(["Valve", "Pump"]);
    expect(rulesOf(`steps: [{ at: 1s, set: { room.temp: 10 } }]`)).to.deep.equal(["Heater", "Valve"]);
    expect(rulesOf(`expect: [{ write: room.heater }]`)).to.deep.equal(["Heater"]);
    expect(rulesOf(`expect: [{ no_execution: Pump }]`)).to.deep.equal(["Pump"]);
    expect(problems(scenario(`initial: { room.occupancy: 1 }`))).to.deep.equal(["scenario/no-rules @ 2:11"]);
  });

  it("issue 18.1: an unknown point, rule or channel is reported where it is written, with did you mean", () => {
    expect(
      problems(
        scenario(`
initial: { room.tmp: 21 }
steps:
  - { at: 1m, channel_down: virtual-3 }
  - { at: 1m, set: { rooom.temp: 1, "action(1, 9)": 1 } }
expect:
  - { execution: Heatr }
  - { write: room.heeter }`),
        true,
      ),
    ).to.deep.equal([
      "scenario/unknown-point @ 3:16 (did you mean 'room.temp'?)",
      "scenario/unknown-channel @ 5:33 (did you mean 'virtual-1'?)",
      "scenario/unknown-point @ 6:26 (did you mean 'room.temp'?)",
      "scenario/unknown-point @ 6:41 (instance 1 (Room controller) has action(1, 1), action(1, 2))",
      "scenario/unknown-rule @ 8:22 (did you mean 'Heater'?)",
      "scenario/unknown-point @ 9:18 (did you mean 'room.heater'?)",
    ]);
  });

  it("issue 18.1: times before the start, windows that end before they start, times past the duration, `at` with `within`", () => {
    expect(
      problems(
        scenario(`
rules: [Heater]
duration: 2m
steps:
  - { at: 2026-01-05T07:59:00Z, set: { room.temp: 1 } }
expect:
  - { write: room.heater, within: [1m, 30s] }
  - { write: room.heater, at: 3m }
  - { write: room.heater, at: 1m, within: [1m, 2m] }`),
      ),
    ).to.deep.equal(["scenario/after-end @ 4:15", "scenario/before-start @ 6:15", "scenario/window-ends-before-start @ 8:39", "scenario/at-and-within @ 10:47"]);
  });

  it("issue 18.1: schema problems at the key or value concerned: unknown keys (did you mean), a number without a unit, an unknown suppression reason", () => {
    expect(
      problems(
        scenario(`
rules: [Heater]
stepz: []
steps:
  - { at: 30, set: { room.temp: 1 } }
  - { at: 1m, sett: { room.temp: 1 } }
expect:
  - { write: room.heater, vlaue: 1 }
  - { suppressed: Heater, reason: cooldwn }`),
        true,
      ),
    ).to.deep.equal([
      "schema/additional-properties @ 4:5 (did you mean 'steps'?)",
      "schema/type @ 6:15 (a duration has a unit: 30ms, 30s, 30m or 30h)",
      "schema/additional-properties @ 7:19 (did you mean 'set'?)",
      "schema/additional-properties @ 9:31 (did you mean 'value'?)",
      "schema/enum @ 10:39 (did you mean 'cooldown'?)",
    ]);
  });

  it("issue 18.1: meaning checks: a measurement as a write, options of another outcome, an unknown switch output, a rule the scenario does not run, duplicate names", () => {
    expect(
      problems(
        `scenarios:
  - name: a
    rules: [Heater]
    steps:
      - { at: 1m, disable: Pump }
    expect:
      - { write: room.temp }
      - { execution: Heater, reason: out of range }
      - { execution: Heater, outcome: failed, input: room.temp }
      - { execution: Heater, output: of }
      - { no_execution: Valve }
  - name: a
    rules: [Heater]
`,
      ),
    ).to.deep.equal([
      "scenario/rule-not-run @ 5:28",
      "scenario/not-an-action @ 7:18",
      "scenario/reason-without-failed @ 8:38",
      "scenario/input-without-short-circuit @ 9:54",
      "scenario/unknown-output @ 10:38",
      "scenario/rule-not-run @ 11:25",
      "scenario/duplicate-name @ 12:11",
    ]);
  });

  it("issue 18.1: YAML syntax errors and an empty file are positioned too; a file with errors yields no scenarios", () => {
    const broken = parse("scenarios:\n  - name: a\n    rules: [Heater\n");
    expect(broken.scenarios).to.deep.equal([]);
    expect(broken.diagnostics[0]!.code).to.equal("yaml/syntax");
    expect(broken.diagnostics[0]!.span!.source).to.equal("tests/t.test.yaml");
    expect(parse("# nothing\n").diagnostics.map((d) => d.code)).to.deep.equal(["scenario/empty-file"]);
    expect(parse("scenarios:\n  - name: a\n    name: b\n").diagnostics.map((d) => `${d.code} @ ${d.span!.start.line}:${d.span!.start.column}`)).to.deep.equal(["yaml/duplicate-key @ 3:5"]);
    const one = parse(scenario(`rules: [Heater]\ninitial: { room.tmp: 1 }`) + "  - name: fine\n    rules: [Heater]\n");
    expect(one.scenarios).to.deep.equal([]);
  });
});
