// The scheduler's parts: the heap, the change detector, the event channel and the dispatcher.
import { expect } from "chai";
import fc from "fast-check";
import { BinaryHeap } from "../../../runtime/engine/scheduler/binary-heap.js";
import { classify } from "../../../runtime/engine/scheduler/change-detector.js";
import { buildSubscriptions } from "../../../runtime/engine/scheduler/dispatcher.js";
import { decideInterval, dueAt } from "../../../runtime/engine/scheduler/due-heap.js";
import { EventChannel } from "../../../runtime/engine/scheduler/event-channel.js";
import { runsBefore } from "../../../runtime/engine/scheduler/ready-queue.js";

describe("scheduler parts", () => {
  it("BinaryHeap pops in order under any interleaving of pushes, pops and resets", () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.integer({ min: -50, max: 50 }), fc.constant("pop" as const), fc.constant("reset" as const))), (ops) => {
        const heap = new BinaryHeap<number>((a, b) => a < b);
        let model: number[] = [];
        for (const op of ops) {
          if (op === "pop") {
            model.sort((a, b) => a - b);
            expect(heap.pop()).to.equal(model.shift());
          } else if (op === "reset") {
            model = heap.values().reverse();
            heap.reset([...model]);
          } else {
            heap.push(op);
            model.push(op);
          }
          expect(heap.size).to.equal(model.length);
        }
      }),
    );
  });

  it("the ready queue's order is priority descending, then id ascending", () => {
    const ranked = [{ id: 4, priority: 0 }, { id: 2, priority: 0 }, { id: 9, priority: 1 }, { id: 1, priority: -1 }];
    const heap = new BinaryHeap(runsBefore);
    ranked.forEach((r) => heap.push(r));
    expect([1, 2, 3, 4].map(() => heap.pop()!.id)).to.deep.equal([9, 2, 4, 1]);
  });

  it("decideInterval: due when interval_ms has passed since the last execution started; then running, then cooldown", () => {
    const rule = { lastStartedAt: 1000, intervalMs: 500, lastActedAt: -Infinity, cooldownMs: 0, busy: false };
    expect(decideInterval({ ...rule, lastStartedAt: -Infinity }, 0), "never run: due at once").to.equal("run");
    expect(decideInterval(rule, 1499)).to.equal("not_due");
    expect(decideInterval(rule, 1500)).to.equal("run");
    expect(decideInterval({ ...rule, busy: true }, 1500)).to.equal("running");
    expect(decideInterval({ ...rule, busy: true }, 1400), "not due is not counted as running").to.equal("not_due");
    const cooling = { ...rule, lastActedAt: 1000, cooldownMs: 700 };
    expect(decideInterval(cooling, 1500)).to.equal("cooldown");
    expect(decideInterval(cooling, 1700)).to.equal("run");
    expect(dueAt(cooling), "both have elapsed").to.equal(1700);
    expect(dueAt({ ...cooling, cooldownMs: 100 })).to.equal(1500);
  });

  it("classify: NaN and infinities unavailable, a gap's first finite value a change, deadbands strict", () => {
    expect(classify(NaN, 1, null)).to.equal("unavailable");
    expect(classify(Infinity, 1, null)).to.equal("unavailable");
    expect(classify(1, NaN, { absolute: 100 })).to.equal("change");
    expect(classify(1, 1, null)).to.equal("same");
    expect(classify(1.0001, 1, null)).to.equal("change");
    expect(classify(1.5, 1, { absolute: 0.5 })).to.equal("within_deadband");
    expect(classify(-10.5, -10, { percent: 5 })).to.equal("within_deadband");
    expect(classify(-10.6, -10, { percent: 5 })).to.equal("change");
    expect(classify(1e-9, 0, { percent: 5 })).to.equal("change");
  });

  it("EventChannel is a bounded FIFO that counts refused events", () => {
    const channel = new EventChannel(3);
    const seen: number[] = [];
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 4; i++) channel.offer({ index: i, value: round * 10 + i, at: 0 });
      channel.drain((_index, value) => seen.push(value));
    }
    expect(seen).to.deep.equal([0, 1, 2, 10, 11, 12, 20, 21, 22]);
    expect(channel.dropped).to.equal(3);
  });

  it("buildSubscriptions indexes each point's watchers with the point's position in the rule", () => {
    const a = { points: Int32Array.of(2, 0) };
    const b = { points: Int32Array.of(2) };
    const { dispatcher, bitmap } = buildSubscriptions(4, [a, b]);
    expect([...bitmap]).to.deep.equal([1, 0, 1, 0]);
    const watchersOf = (index: number) =>
      Array.from({ length: dispatcher.offsets[index + 1]! - dispatcher.offsets[index]! }, (_, k) => {
        const at = dispatcher.offsets[index]! + k;
        return [dispatcher.watchers[at], dispatcher.positions[at]];
      });
    expect(watchersOf(0)).to.deep.equal([[a, 1]]);
    expect(watchersOf(1)).to.deep.equal([]);
    expect(watchersOf(2)).to.deep.equal([[a, 0], [b, 0]]);
  });
});
