// The decision aggregator (issue 18.4): repeats of one kind for one rule are one record with a
// count and first/last time; a record ends when the kind changes or the rule executed; what a
// write takes is what changed; memory is bounded.
import { expect } from "chai";
import { createDecisionAggregator, type Decision, type DecisionAggregator } from "../../runtime/decisions/decision-aggregator.js";

const TEMP = { ref: { instance: 12, point_type: "measurement" as const, point: 3 }, name: "zone1.room_temp" };

const held = (ruleId: number, at: number, kind: Decision["kind"], extra: Partial<Decision> = {}): Decision => ({ ruleId, at, kind, ...extra });

/** Takes a batch and pretends the store wrote it, giving new records ids from `next`. */
function writeAll(aggregator: DecisionAggregator, next: { id: number }) {
  const batch = aggregator.take();
  const ids = batch.records.map((r) => r.id ?? ++next.id);
  aggregator.written(batch, ids);
  return batch.records.map((r, i) => ({ ...r, id: ids[i] }));
}

describe("decision aggregator (issue 18.4)", () => {
  it("issue 18.4: repeats of one kind are one record with a count, the first and last time and the last point and value", () => {
    const a = createDecisionAggregator({ maxPerRule: 10 });
    for (let i = 0; i < 37; i++) a.add(held(1, 1000 + i * 100, "cooldown", { point: TEMP, value: 20 + i, context: { cooldown_ms: 300_000 } }));
    const [record, ...rest] = a.take().records;
    expect(rest).to.deep.equal([]);
    expect(record).to.deep.equal({
      rule_id: 1,
      kind: "cooldown",
      count: 37,
      first_at: 1000,
      last_at: 4600,
      point: TEMP.ref,
      point_name: "zone1.room_temp",
      value: 56,
      context: { cooldown_ms: 300_000 },
    });
  });

  it("issue 18.4: a new record starts when the kind changes or after the rule executed; rules are apart", () => {
    const a = createDecisionAggregator({ maxPerRule: 10 });
    a.add(held(1, 1, "cooldown"));
    a.add(held(2, 1, "disabled"));
    a.add(held(1, 2, "cooldown"));
    a.add(held(1, 3, "deadband_time"));
    a.add(held(1, 4, "cooldown"));
    a.executed(1, false);
    a.add(held(1, 5, "cooldown"));
    a.add(held(2, 6, "disabled"));
    expect(a.take().records.map((r) => [r.rule_id, r.kind, r.count, r.first_at, r.last_at])).to.deep.equal([
      [1, "cooldown", 2, 1, 2],
      [1, "deadband_time", 1, 3, 3],
      [1, "cooldown", 1, 4, 4],
      [1, "cooldown", 1, 5, 5],
      [2, "disabled", 2, 1, 6],
    ]);
  });

  it("issue 18.4: executions that stop at an unavailable input keep their input_unavailable record going; one that does not ends it", () => {
    const a = createDecisionAggregator({ maxPerRule: 10 });
    for (const at of [1, 2, 3]) {
      a.executed(1, true);
      a.add(held(1, at, "input_unavailable"));
    }
    a.executed(1, false);
    a.executed(1, true);
    a.add(held(1, 9, "input_unavailable"));
    expect(a.take().records.map((r) => [r.kind, r.count, r.first_at, r.last_at])).to.deep.equal([
      ["input_unavailable", 3, 1, 3],
      ["input_unavailable", 1, 9, 9],
    ]);
  });

  it("issue 18.4: a write takes only what changed since the last one; a written record that grows is taken again with its id", () => {
    const a = createDecisionAggregator({ maxPerRule: 10 });
    const next = { id: 0 };
    a.add(held(1, 1, "running"));
    a.add(held(2, 1, "disabled"));
    expect(writeAll(a, next).map((r) => r.id)).to.deep.equal([1, 2]);
    expect(a.take().records, "nothing changed").to.deep.equal([]);
    a.add(held(1, 2, "running"));
    expect(a.take().records).to.deep.equal([{ id: 1, rule_id: 1, kind: "running", count: 2, first_at: 1, last_at: 2, point: null, point_name: null, value: null, context: null }]);
  });

  it("issue 18.4: a decision that arrives while a write is under way is written by the next one, to the same record", () => {
    const a = createDecisionAggregator({ maxPerRule: 10 });
    a.add(held(1, 1, "cooldown"));
    const batch = a.take();
    a.add(held(1, 2, "cooldown")); // during the store's write
    a.written(batch, [7]);
    expect(a.take().records.map((r) => [r.id, r.count])).to.deep.equal([[7, 2]]);
  });

  it("issue 18.4: memory is bounded: written closed records are let go, at most maxPerRule wait per rule, forgotten rules go", () => {
    const a = createDecisionAggregator({ maxPerRule: 3 });
    const next = { id: 0 };
    for (let i = 0; i < 10; i++) a.add(held(1, i, i % 2 === 0 ? "cooldown" : "deadband_time"));
    expect(a.size()).to.equal(3);
    expect(a.take().records.map((r) => r.first_at), "the newest three").to.deep.equal([7, 8, 9]);
    writeAll(a, next);
    expect(a.size(), "only the open record stays").to.equal(1);
    a.executed(1, false);
    expect(a.size()).to.equal(0);
    a.add(held(2, 1, "disabled"));
    a.add(held(3, 1, "disabled"));
    a.retain(new Set([3]));
    expect(a.take().records.map((r) => r.rule_id)).to.deep.equal([3]);
  });

  it("issue 18.4: a record the store did not insert (its rule is gone) is dropped, not retried", () => {
    const a = createDecisionAggregator({ maxPerRule: 3 });
    a.add(held(5, 1, "disabled"));
    a.written(a.take(), [undefined]);
    expect(a.size()).to.equal(0);
    expect(a.take().records).to.deep.equal([]);
  });
});
