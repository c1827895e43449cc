// toScheduledTrigger: defaults of a rule without trigger_config, and point references resolved.
import { expect } from "chai";
import type { PointRef } from "../../../generated/types.js";
import { sameTrigger, toScheduledTrigger } from "../../../runtime/engine/scheduler/scheduled-trigger.js";
import { harness, rule } from "./fakes.js";

const site = new Map([
  ["12/measurement/3", 0],
  ["12/measurement/4", 1],
  ["7/action/1", 2],
]);
const resolve = (ref: PointRef): number | undefined => site.get(`${ref.instance}/${ref.point_type}/${ref.point}`);
const ref = (instance: number, point: number, point_type: PointRef["point_type"] = "measurement"): PointRef => ({ instance, point_type, point });

describe("toScheduledTrigger", () => {
  it("a rule without trigger_config runs every 1000 ms, or every cooldown_ms when that is set", () => {
    expect(toScheduledTrigger(null, 0, resolve)).to.deep.equal({ trigger: { kind: "interval", intervalMs: 1000 }, unknownPoints: [] });
    expect(toScheduledTrigger(null, 30_000, resolve).trigger).to.deep.equal({ kind: "interval", intervalMs: 30_000 });
  });

  it("an interval trigger keeps its period", () => {
    expect(toScheduledTrigger({ type: "interval", interval_ms: 250 }, 5000, resolve).trigger).to.deep.equal({ kind: "interval", intervalMs: 250 });
  });

  it("an on_change trigger resolves its points, applies the deadband defaults, and lists unknown points", () => {
    const resolved = toScheduledTrigger({ type: "on_change", point_refs: [ref(12, 4), ref(99, 1), ref(7, 1, "action")] }, 0, resolve);
    expect(resolved).to.deep.equal({
      trigger: { kind: "on_change", points: [1, 2], timeDeadbandMs: 0, valueDeadband: null },
      unknownPoints: [ref(99, 1)],
    });
    const full = toScheduledTrigger(
      { type: "on_change", point_refs: [ref(12, 3)], time_deadband_ms: 5000, value_deadband: { percent: 2 } },
      0,
      resolve,
    );
    expect(full.trigger).to.deep.equal({ kind: "on_change", points: [0], timeDeadbandMs: 5000, valueDeadband: { percent: 2 } });
  });

  it("an on_change rule whose points are all unknown has no points, is not subscribed and never fires", async () => {
    const { trigger, unknownPoints } = toScheduledTrigger({ type: "on_change", point_refs: [ref(1, 1), ref(2, 2)] }, 0, resolve);
    expect(trigger).to.deep.include({ points: [] });
    expect(unknownPoints).to.have.length(2);
    const h = harness({ rules: [rule(1, trigger)] });
    h.watch.values.fill(1);
    await h.time.advance(1000);
    expect(h.watch.subscribed()).to.deep.equal([]);
    expect(h.runner.calls).to.have.length(0);
  });

  it("sameTrigger compares kind, period, points in order and both deadbands", () => {
    const base = { kind: "on_change", points: [1, 2], timeDeadbandMs: 0, valueDeadband: { absolute: 1 } } as const;
    expect(sameTrigger(base, { ...base, points: [1, 2], valueDeadband: { absolute: 1 } })).to.equal(true);
    expect(sameTrigger(base, { ...base, points: [2, 1] })).to.equal(false);
    expect(sameTrigger(base, { ...base, timeDeadbandMs: 1 })).to.equal(false);
    expect(sameTrigger(base, { ...base, valueDeadband: { percent: 1 } })).to.equal(false);
    expect(sameTrigger(base, { ...base, valueDeadband: null })).to.equal(false);
    expect(sameTrigger({ kind: "interval", intervalMs: 5 }, { kind: "interval", intervalMs: 5 })).to.equal(true);
    expect(sameTrigger({ kind: "interval", intervalMs: 5 }, base)).to.equal(false);
    expect(sameTrigger(base, { kind: "interval", intervalMs: 5 })).to.equal(false);
  });
});
