// Simulated measurements of the virtual protocol: deterministic (same spec, time and seed, same
// value), within their bounds, and driven by an injected clock and timer.
import { expect } from "chai";
import fc from "fast-check";
import type { PointSimulation, SiteModel } from "../../generated/types.js";
import { createPointPlane } from "../../runtime/points/point-plane.js";
import { createSimulator, pointSeed, simulatedValue } from "../../runtime/points/virtual/simulate.js";
import { eventRecorder, manualClock, manualTimer } from "./point-fixtures.js";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const MIDNIGHT = Date.UTC(2026, 5, 1);
const time = fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2100, 0, 1) });
const spec = fc.record(
  {
    kind: fc.constantFrom("constant", "ramp", "noise", "daily"),
    base: fc.double({ min: -1000, max: 1000, noNaN: true }),
    amplitude: fc.double({ min: 0, max: 100, noNaN: true }),
    period_s: fc.double({ min: 1, max: 1e6, noNaN: true }),
    noise: fc.double({ min: 0, max: 10, noNaN: true }),
  },
  { requiredKeys: ["kind", "period_s"] },
) as fc.Arbitrary<PointSimulation>;

describe("simulation (virtual protocol)", () => {
  it("is deterministic: the same spec, time and seed always give the same value", () => {
    fc.assert(
      fc.property(spec, time, fc.integer(), (s, t, seed) => {
        expect(simulatedValue(s, t, seed)).to.equal(simulatedValue(s, t, seed));
      }),
    );
  });

  it("stays within base ± amplitude ± noise (a ramp: base to base + amplitude, plus noise)", () => {
    fc.assert(
      fc.property(spec, time, fc.integer(), (s, t, seed) => {
        const value = simulatedValue(s, t, seed);
        const [base, amplitude, noise] = [s.base ?? 0, s.amplitude ?? 0, s.noise ?? 0];
        const low = s.kind === "ramp" || s.kind === "constant" ? base : base - amplitude;
        const high = s.kind === "constant" ? base : base + amplitude;
        const slack = 1e-9 * (1 + Math.abs(base) + amplitude);
        expect(value).to.be.within(low - noise - slack, high + noise + slack);
      }),
    );
  });

  it("clamps to min..max and rounds to step, in that order after the curve and noise", () => {
    fc.assert(
      fc.property(spec, time, (s, t) => {
        const value = simulatedValue({ ...s, step: 1, min: -2, max: 3 }, t, 7);
        expect(value).to.be.within(-2, 3);
        expect(Number.isInteger(value)).to.equal(true);
      }),
    );
  });

  it("noise is new each second and differs between points: a hash of seed and second", () => {
    const s: PointSimulation = { kind: "noise", base: 0, amplitude: 1 };
    const t = MIDNIGHT + 12 * HOUR;
    expect(simulatedValue(s, t, 1)).to.equal(simulatedValue(s, t + 999, 1));
    expect(simulatedValue(s, t, 1)).to.not.equal(simulatedValue(s, t + 1000, 1));
    expect(simulatedValue(s, t, 1)).to.not.equal(simulatedValue(s, t, 2));
    const seconds = Array.from({ length: 1000 }, (_, i) => simulatedValue(s, t + i * 1000, 1));
    expect(Math.min(...seconds)).to.be.below(-0.9);
    expect(Math.max(...seconds)).to.be.above(0.9);
  });

  it("daily: lowest at 04:00 UTC, highest at 16:00 UTC, base at 10:00 and 22:00", () => {
    const s: PointSimulation = { kind: "daily", base: 20, amplitude: 5 };
    const at = (hour: number): number => simulatedValue(s, MIDNIGHT + hour * HOUR);
    expect(at(4)).to.be.closeTo(15, 1e-9);
    expect(at(16)).to.be.closeTo(25, 1e-9);
    expect(at(10)).to.be.closeTo(20, 1e-9);
    expect(at(22)).to.be.closeTo(20, 1e-9);
    expect(simulatedValue(s, MIDNIGHT + 4 * HOUR + 7 * DAY)).to.be.closeTo(15, 1e-9);
  });

  it("ramp: rises from base by amplitude over period_s, then starts again", () => {
    const s: PointSimulation = { kind: "ramp", base: 100, amplitude: 10, period_s: 3600 };
    expect(simulatedValue(s, MIDNIGHT)).to.equal(100);
    expect(simulatedValue(s, MIDNIGHT + HOUR / 2)).to.be.closeTo(105, 1e-9);
    expect(simulatedValue(s, MIDNIGHT + HOUR - 1)).to.be.closeTo(110, 1e-3);
    expect(simulatedValue(s, MIDNIGHT + HOUR)).to.equal(100);
  });

  it("constant is its base; the defaults are base 0, amplitude 0 and no noise", () => {
    expect(simulatedValue({ kind: "constant", base: 21 }, MIDNIGHT)).to.equal(21);
    expect(simulatedValue({ kind: "daily" }, MIDNIGHT)).to.equal(0);
  });

  it("issue 17: with the point's range given, the value never leaves it, whatever the simulation says", () => {
    const point = { min: 0, max: 40 };
    expect(simulatedValue({ kind: "constant", base: 100 }, MIDNIGHT, 0, point)).to.equal(40);
    expect(simulatedValue({ kind: "constant", base: -5 }, MIDNIGHT, 0, point)).to.equal(0);
    expect(simulatedValue({ kind: "constant", base: 100, min: 50 }, MIDNIGHT, 0, point), "a simulation range disjoint from the point's").to.equal(40);
    expect(simulatedValue({ kind: "constant", base: -100, max: -10 }, MIDNIGHT, 0, point)).to.equal(0);
    expect(simulatedValue({ kind: "constant", base: 30, max: 20 }, MIDNIGHT, 0, point), "the simulation's own bound, inside the point's").to.equal(20);
    expect(simulatedValue({ kind: "constant", base: 100 }, MIDNIGHT, 0, { min: -Infinity, max: Infinity }), "an unbounded point").to.equal(100);
    fc.assert(
      fc.property(spec, time, fc.integer(), (s, t, seed) => {
        expect(simulatedValue(s, t, seed, { min: -3, max: 5 })).to.be.within(-3, 5);
      }),
    );
  });

  it("seeds differ per point", () => {
    const seeds = new Set([1, 2, 3].flatMap((instance) => [1, 2, 3].map((point) => pointSeed({ instance, point_type: "measurement", point }))));
    expect(seeds.size).to.equal(9);
  });
});

describe("simulator", () => {
  const site: SiteModel = {
    channels: [{ id: "virtual-1", protocol: "virtual" }],
    instances: [
      {
        id: 5,
        name: "Weather station",
        model: "weather-station",
        channel: "virtual-1",
        points: [
          { type: "measurement", point: 1, name: "outdoor_temp", unit: "degC", simulate: { kind: "daily", base: 10, amplitude: 5 } },
          { type: "measurement", point: 2, name: "wind", unit: "m/s" },
        ],
      },
    ],
  };

  it("sets every simulated measurement at once, then on each timer tick at the clock's time, and stops", () => {
    const clock = manualClock(MIDNIGHT + 4 * HOUR);
    const timer = manualTimer();
    const { events, onEvent } = eventRecorder();
    const plane = createPointPlane({ site, clock, onEvent });
    plane.setSubscriptions(new Uint8Array([1, 1]));

    const simulator = createSimulator({ plane, clock, timer: timer.timer });
    expect(timer.periodMs).to.equal(1000);
    expect(plane.read(0)).to.be.closeTo(5, 1e-9);
    expect(plane.read(1), "not simulated").to.be.NaN;

    clock.set(MIDNIGHT + 16 * HOUR);
    timer.fire();
    expect(plane.read(0)).to.be.closeTo(15, 1e-9);
    expect(events.map((e) => [e.index, e.at])).to.deep.equal([
      [0, MIDNIGHT + 4 * HOUR],
      [0, MIDNIGHT + 16 * HOUR],
    ]);

    simulator.stop();
    expect(timer.stopped).to.equal(true);
  });

  it("issue 17: a simulated measurement stays within the point's declared range (constant base 100 on a point declared 0..40 reads 40)", () => {
    const clamped: SiteModel = {
      channels: site.channels,
      instances: [{ ...site.instances[0]!, points: [{ type: "measurement", point: 1, name: "room_temp", unit: "degC", min: 0, max: 40, simulate: { kind: "constant", base: 100 } }] }],
    };
    const clock = manualClock(MIDNIGHT);
    const plane = createPointPlane({ site: clamped, clock });
    createSimulator({ plane, clock, timer: manualTimer().timer });
    expect(plane.read(0)).to.equal(40);
  });

  it("takes its period from the caller", () => {
    const timer = manualTimer();
    const clock = manualClock();
    createSimulator({ plane: createPointPlane({ site, clock }), clock, timer: timer.timer, periodMs: 5000 });
    expect(timer.periodMs).to.equal(5000);
  });
});
