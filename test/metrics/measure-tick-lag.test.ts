// Scheduler tick lag (issue 19.6): the TickTimer wrapper, on a timer fired by hand.
import { expect } from "chai";
import type { TickTimer } from "../../runtime/engine/scheduler/types.js";
import { measureTickLag } from "../../runtime/metrics/measure-tick-lag.js";

/** A timer the test fires itself, on a clock it sets. */
function handTimer() {
  let now = 0;
  const started: { periodMs: number; onTick: () => void; stopped: boolean }[] = [];
  const timer: TickTimer = (periodMs, onTick) => {
    const registration = { periodMs, onTick, stopped: false };
    started.push(registration);
    return () => {
      registration.stopped = true;
    };
  };
  return {
    clock: { now: () => now },
    timer,
    started,
    fireAt(at: number) {
      now = at;
      started.at(-1)!.onTick();
    },
  };
}

describe("measureTickLag (issue 19.6)", () => {
  it("issue 19.6: each tick's lag is how late it ran after one period from the previous tick (or the start); never negative", () => {
    const hand = handTimer();
    const lags: number[] = [];
    const ticks: number[] = [];
    const stop = measureTickLag(hand.timer, hand.clock, { tickLag: (ms) => lags.push(ms) })(100, () => ticks.push(hand.clock.now()));
    expect(hand.started[0]!.periodMs, "the period is passed on").to.equal(100);
    hand.fireAt(100); // on time
    hand.fireAt(230); // 30 ms late (a blocked event loop)
    hand.fireAt(330); // on time again: due one period after the late tick, so the drift is not counted twice
    hand.fireAt(428); // early (a timer's rounding): 0, not -2
    hand.fireAt(1528); // 1 s stall
    expect(lags).to.deep.equal([0, 30, 0, 0, 1000]);
    expect(ticks, "every tick still runs, at its own time").to.deep.equal([100, 230, 330, 428, 1528]);
    stop();
    expect(hand.started[0]!.stopped, "stopping stops the wrapped timer").to.equal(true);
  });

  it("issue 19.6: each timer started through the wrapper measures from its own start", () => {
    const hand = handTimer();
    const lags: number[] = [];
    const timer = measureTickLag(hand.timer, hand.clock, { tickLag: (ms) => lags.push(ms) });
    timer(100, () => undefined);
    hand.fireAt(150);
    timer(100, () => undefined); // started at 150: due at 250
    hand.fireAt(255);
    expect(lags).to.deep.equal([50, 5]);
  });
});
