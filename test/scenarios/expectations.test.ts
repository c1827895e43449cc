// Each kind of expectation passes when what it says happened, and fails when it did not (issue 18,
// "Done means": a test that cannot fail is a defect). One timeline per group, checked by several
// expectations side by side: the passing and the failing ones differ in one detail each.
import { expect } from "chai";
import { run, scenario, testPack, verdicts } from "./scenario-fixtures.js";

// Heater (cooldown 1m): runs at +100ms (first sample, 21: nothing to do), writes heater = 1 at +30s
// (fast path), is held by the cooldown at +45s and +2m, writes 1 again at +1m30s (tick path, the
// cooldown over) and 0 at +2m30s. Valve (deadband 10s, 0.5): writes 0, 30 (+30s), 40 (+45s); at +2m
// it computes -120, out of the valve's range: refused.
const TIMELINE = `
rules: [Heater, Valve]
initial: { room.temp: 21, plant.demand: 10 }
steps:
  - { at: 30s, set: { room.temp: 18 } }
  - { at: 45s, set: { room.temp: 17 } }
  - { at: 2m, set: { room.temp: 23 } }
duration: 3m
`;

const passed = async (expectations: string): Promise<boolean[]> => (await verdicts(scenario(`${TIMELINE}expect:\n${expectations}`))).map((v) => v.passed);

describe("svc test: expectations pass and fail when they should", () => {
  it("issue 18.2: write — a value exactly at a time; a wrong value, a wrong time", async () => {
    expect(
      await passed(`
  - { write: room.heater, value: 1, at: 30s }
  - { write: room.heater, value: 0, at: 30s }
  - { write: room.heater, value: 1, at: 31s }
  - { write: room.heater, at: 30s }
  - { write: room.valve, value: 0, at: 100ms }`),
    ).to.deep.equal([true, false, false, true, true]);
  });

  it("issue 18.2: write — within a tolerance, and the relative float slack without one", async () => {
    expect(
      await passed(`
  - { write: room.valve, value: 30.4, tolerance: 0.5, at: 30s }
  - { write: room.valve, value: 30.4, tolerance: 0.3, at: 30s }
  - { write: room.valve, value: 30.000000000001, at: 30s }
  - { write: room.valve, value: 30.001, at: 30s }`),
    ).to.deep.equal([true, false, true, false]);
  });

  it("issue 18.2: write — within a window (both ends inclusive), or at any time", async () => {
    expect(
      await passed(`
  - { write: room.heater, value: 1, within: [31s, 90s] }
  - { write: room.heater, value: 1, within: [31s, 89s] }
  - { write: room.heater, value: 0 }
  - { write: room.heater, value: 0.5 }`),
    ).to.deep.equal([true, false, true, false]);
  });

  it("issue 18.2: write — count (exactly that many) and by (written by that rule)", async () => {
    expect(
      await passed(`
  - { write: room.heater, value: 1, count: 2 }
  - { write: room.heater, value: 1, count: 1 }
  - { write: room.heater, value: 0, within: [0s, 2m], count: 0 }
  - { write: room.valve, at: 30s, by: Valve }
  - { write: room.valve, at: 30s, by: Heater }`),
    ).to.deep.equal([true, false, true, true, false]);
  });

  it("issue 18.2: write counts accepted writes only: a refused write is no write", async () => {
    expect(
      await passed(`
  - { write: room.valve, at: 2m }
  - { no_write: room.valve, at: 2m }`),
    ).to.deep.equal([false, true]);
  });

  it("issue 18.2: no_write — nothing written in the window; a write inside it fails", async () => {
    expect(
      await passed(`
  - { no_write: room.heater, within: [31s, 89s] }
  - { no_write: room.heater, within: [31s, 90s] }
  - { no_write: room.heater, at: 30s }`),
    ).to.deep.equal([true, false, false]);
  });

  it("issue 18.2: execution — success with the switch output it took; another output, another outcome", async () => {
    expect(
      await passed(`
  - { execution: Heater, at: 30s, outcome: success, output: on }
  - { execution: Heater, at: 30s, output: off }
  - { execution: Heater, at: 30s, outcome: failed }
  - { execution: Heater, at: 100ms, output: else }
  - { execution: Heater, at: 150s, output: off }
  - { execution: Heater, count: 4 }
  - { execution: Heater, count: 3 }
  - { execution: Heater, at: 45s }`),
    ).to.deep.equal([true, false, false, true, true, true, false, false]);
  });

  it("issue 18.2: execution — failed, with the refused action's reason (out of range); a success is no failure", async () => {
    expect(
      await passed(`
  - { execution: Valve, at: 2m, outcome: failed, reason: out of range }
  - { execution: Valve, at: 2m, outcome: failed, reason: "outside the point's range [0, 100]" }
  - { execution: Valve, at: 2m, outcome: failed, reason: unavailable target }
  - { execution: Valve, at: 45s, outcome: failed }
  - { execution: Valve, at: 45s, outcome: success }`),
    ).to.deep.equal([true, true, false, false, true]);
  });

  it("issue 18.2: execution — failed with an unavailable target: the channel's writer is down (channel_down) until channel_up", async () => {
    const v = await verdicts(
      scenario(`
rules: [Pump]
initial: { plant.demand: 60 }
steps:
  - { at: 25s, channel_down: virtual-2 }
  - { at: 45s, channel_up: virtual-2 }
expect:
  - { execution: Pump, at: 30s100ms, outcome: failed, reason: unavailable target }
  - { execution: Pump, at: 30s100ms, outcome: failed, reason: no writer }
  - { execution: Pump, at: 20s100ms, outcome: failed, reason: unavailable target }
  - { execution: Pump, at: 50s100ms, outcome: success }
  - { execution: Pump, within: [25s, 45s], outcome: failed, count: 2 }
  - { no_write: plant.pump, within: [25s, 45s] }
  - { write: plant.pump, value: 1, within: [45s, 1m] }`),
    );
    expect(v.map((x) => x.passed)).to.deep.equal([true, true, false, true, true, true, true]);
  });

  it("issue 18.2: execution — short_circuit on an unavailable input (null), naming the input; another input fails", async () => {
    expect(
      await verdicts(
        scenario(`
rules: [Valve]
initial: { room.temp: 21, plant.demand: null }
steps:
  - { at: 30s, set: { room.temp: 18 } }
  - { at: 1m, set: { plant.demand: 10 } }
  - { at: 1m30s, set: { room.temp: 17 } }
expect:
  - { execution: Valve, at: 30s, outcome: short_circuit, input: plant.demand }
  - { execution: Valve, at: 30s, outcome: short_circuit, input: room.temp }
  - { execution: Valve, at: 30s, outcome: success }
  - { execution: Valve, at: 1m30s, outcome: short_circuit }
  - { suppressed: Valve, reason: input_unavailable, at: 30s }
  - { suppressed: Valve, reason: input_unavailable, at: 1m30s }`),
      ).then((v) => v.map((x) => x.passed)),
    ).to.deep.equal([true, false, false, false, true, false]);
  });

  it("issue 18.2: no_execution — none in the window; one inside it fails", async () => {
    expect(
      await passed(`
  - { no_execution: Heater, within: [31s, 89s] }
  - { no_execution: Heater, within: [31s, 90s] }
  - { no_execution: Heater, at: 30s }`),
    ).to.deep.equal([true, false, false]);
  });

  it("issue 18.2: suppressed — cooldown: the triggers the cooldown held, counted; another time or count fails", async () => {
    expect(
      await passed(`
  - { suppressed: Heater, reason: cooldown, at: 45s }
  - { suppressed: Heater, reason: cooldown, count: 2 }
  - { suppressed: Heater, reason: cooldown, count: 1 }
  - { suppressed: Heater, reason: cooldown, at: 30s }
  - { suppressed: Heater, reason: deadband_time }`),
    ).to.deep.equal([true, true, false, false, false]);
  });

  it("issue 18.2: suppressed — deadband_time and deadband_value of an on_change trigger", async () => {
    expect(
      await verdicts(
        scenario(`
rules: [Valve]
initial: { room.temp: 21, plant.demand: 10 }
steps:
  - { at: 30s, set: { room.temp: 18 } }
  - { at: 35s, set: { room.temp: 17 } }
  - { at: 1m, set: { room.temp: 17.3 } }
expect:
  - { suppressed: Valve, reason: deadband_time, at: 35s }
  - { suppressed: Valve, reason: deadband_value, at: 1m }
  - { suppressed: Valve, reason: deadband_value, at: 35s }
  - { suppressed: Valve, reason: deadband_time, at: 1m }
  - { execution: Valve, at: 35s }
  - { execution: Valve, at: 40s }`),
      ).then((v) => v.map((x) => x.passed)),
    ).to.deep.equal([true, true, false, false, false, true]);
  });
});

describe("svc test: the why-not kinds the scheduler reports for held triggers", () => {
  it("issue 18.2: suppressed — disabled: a disabled rule's changed trigger (tick path) is held; once enabled it runs", async () => {
    const v = await verdicts(
      scenario(`
rules: [Heater]
initial: { room.temp: 21 }
steps:
  - { at: 20s, disable: Heater }
  - { at: 30s50ms, set: { room.temp: 18 } }
  - { at: 40s, enable: Heater }
expect:
  - { suppressed: Heater, reason: disabled, at: 30s100ms }
  - { suppressed: Heater, reason: disabled, at: 30s50ms }
  - { suppressed: Heater, reason: disabled, within: [40s, 1m] }
  - { execution: Heater, at: 40s, output: on }`),
    );
    expect(v.map((x) => x.passed)).to.deep.equal([true, false, false, true]);
  });

  it("issue 18.2: suppressed — event_dropped: an event the full channel refused is held, and the tick path runs the rule for it", async () => {
    const [outcome] = await run(
      scenario(`
rules: [Lights]
initial: { room.occupancy: 0, plant.demand: 10 }
steps:
  - { at: 30s50ms, set: { room.occupancy: 1, plant.demand: 20 } }
expect:
  - { suppressed: Lights, reason: event_dropped, at: 30s50ms }
  - { suppressed: Lights, reason: event_dropped, at: 30s100ms }
  - { execution: Lights, at: 30s50ms }
  - { execution: Lights, at: 30s100ms }`),
      testPack(["Lights"]),
      { eventCapacity: 1 },
    );
    expect(outcome!.expectations.map((e) => e.passed)).to.deep.equal([true, false, true, true]);
    expect(outcome!.suppressions.find((s) => s.reason === "event_dropped")).to.deep.include({ point: { index: 5, text: "plant.demand" }, value: 20 });
  });
});

describe("svc test: what a failed expectation says", () => {
  it("issue 18.2: expected and actual in people's terms (names, offsets from start), with the execution concerned", async () => {
    const [outcome] = await run(scenario(`${TIMELINE}expect:\n  - { write: room.heater, value: 0, at: 30s }\n  - { no_execution: Heater, within: [31s, 2m] }\n  - { suppressed: Heater, reason: cooldown, at: 30s }`));
    const [write, none, held] = outcome!.expectations;
    expect(outcome!.passed).to.equal(false);
    expect(write!.expected).to.equal("a write of room.heater = 0 at +30s");
    expect(write!.actual).to.equal("room.heater was written 1 at +30s by Heater, 1 at +1m30s by Heater");
    expect(write!.concerns?.rule).to.equal("Heater");
    expect(write!.concerns!.at - outcome!.scenario.start).to.equal(30_000);
    expect(write!.around).to.deep.equal([outcome!.scenario.start, outcome!.scenario.start + 90_000]);
    expect(none!.actual).to.equal("Heater executed at +1m30s (succeeded, output on, wrote room.heater = 1)");
    expect(held!.actual).to.equal("none held by cooldown; it ran at +30s");
    expect(write!.expectation.position).to.deep.include({ file: "tests/t.test.yaml", line: 11 });
  });
});
