// The point plane's update path: live values with their time, point-watch events for subscribed
// points only (spec runtime items 1, 3 and 4), and finite values handed to history in batches.
import { expect } from "chai";
import { createPointPlane } from "../../runtime/points/point-plane.js";
import { COOLING_STAGE, FAN_STATUS, HEATING_VALVE, SUPPLY_TEMP, eventRecorder, historyRecorder, manualClock, smallSite } from "./point-fixtures.js";

describe("point plane: live values, events and history", () => {
  it("spec runtime item 3: an update of a subscribed point publishes an event carrying the new value; other points publish nothing", () => {
    const clock = manualClock();
    const { events, onEvent } = eventRecorder();
    const plane = createPointPlane({ site: smallSite(), clock, onEvent });
    const supply = plane.catalog.lookup(SUPPLY_TEMP)!.index;
    const bitmap = new Uint8Array(plane.catalog.size);
    bitmap[supply] = 1;
    plane.setSubscriptions(bitmap);

    plane.setMeasurement(SUPPLY_TEMP, 18.5);
    plane.setMeasurement(FAN_STATUS, 1);
    clock.advance(1000);
    plane.setMeasurement(supply, 18.7);

    expect(events).to.deep.equal([
      { index: supply, value: 18.5, at: clock.now() - 1000 },
      { index: supply, value: 18.7, at: clock.now() },
    ]);
  });

  it("spec runtime item 12: new subscriptions replace the old ones as a unit, and a later change of the caller's bitmap does not leak in", () => {
    const { events, onEvent } = eventRecorder();
    const plane = createPointPlane({ site: smallSite(), clock: manualClock(), onEvent });
    const supply = plane.catalog.lookup(SUPPLY_TEMP)!.index;
    const status = plane.catalog.lookup(FAN_STATUS)!.index;
    const first = new Uint8Array(plane.catalog.size);
    first[supply] = 1;
    plane.setSubscriptions(first);
    const second = new Uint8Array(plane.catalog.size);
    second[status] = 1;
    plane.setSubscriptions(second);
    second[supply] = 1;

    plane.setMeasurement(supply, 20);
    plane.setMeasurement(status, 1);

    expect(events.map((e) => e.index)).to.deep.equal([status]);
  });

  it("publishes even when the scheduler's channel is full (offers return false): the plane counts nothing and goes on", () => {
    const { events, onEvent } = eventRecorder(1);
    const plane = createPointPlane({ site: smallSite(), clock: manualClock(), onEvent });
    plane.setSubscriptions(new Uint8Array(plane.catalog.size).fill(1));
    plane.setMeasurement(SUPPLY_TEMP, 1);
    plane.setMeasurement(SUPPLY_TEMP, 2);
    expect(events).to.have.length(1);
    expect(plane.read(plane.catalog.lookup(SUPPLY_TEMP)!.index)).to.equal(2);
  });

  it("spec runtime item 6: a NaN measurement is stored as unavailable, is published (a gap the scheduler must see) and is not sent to history", async () => {
    const clock = manualClock();
    const history = historyRecorder();
    const { events, onEvent } = eventRecorder();
    const plane = createPointPlane({ site: smallSite(), clock, onEvent, history });
    const supply = plane.catalog.lookup(SUPPLY_TEMP)!.index;
    plane.setSubscriptions(new Uint8Array(plane.catalog.size).fill(1));

    plane.setMeasurement(supply, 18);
    clock.advance(1000);
    plane.setMeasurement(supply, NaN);
    clock.advance(1000);
    plane.setMeasurement(supply, Infinity);
    expect(plane.read(supply)).to.be.NaN;
    expect(plane.live.timeOf(supply)).to.equal(clock.now());
    expect(events.map((e) => e.value)).to.deep.equal([18, NaN, NaN]);

    await plane.flushHistory();
    expect(history.batches).to.deep.equal([[{ instance: 7, point_type: "measurement", point: 1, at: clock.now() - 2000, value: 18 }]]);
  });

  it("hands finite values of measurements and accepted writes to history in batches, oldest first, each value once", async () => {
    const clock = manualClock();
    const history = historyRecorder();
    const plane = createPointPlane({ site: smallSite(), clock, history });
    plane.setMeasurement(SUPPLY_TEMP, 18);
    clock.advance(500);
    expect(plane.write(plane.catalog.lookup(HEATING_VALVE)!.index, 30)).to.equal(null);
    await plane.flushHistory();
    await plane.flushHistory();
    clock.advance(500);
    plane.setMeasurement(SUPPLY_TEMP, 19);
    await plane.flushHistory();

    const t = clock.now();
    expect(history.batches).to.deep.equal([
      [
        { instance: 7, point_type: "measurement", point: 1, at: t - 1000, value: 18 },
        { instance: 7, point_type: "action", point: 2, at: t - 500, value: 30 },
      ],
      [{ instance: 7, point_type: "measurement", point: 1, at: t, value: 19 }],
    ]);
  });

  it("keeps at most historyLimit samples between flushes and counts the ones it drops", async () => {
    const history = historyRecorder();
    const plane = createPointPlane({ site: smallSite(), clock: manualClock(), history, historyLimit: 2 });
    for (const value of [1, 2, 3, 4]) plane.setMeasurement(SUPPLY_TEMP, value);
    await plane.flushHistory();
    expect(history.batches.map((b) => b.map((s) => s.value))).to.deep.equal([[1, 2]]);
    expect(plane.droppedHistorySamples).to.equal(2);
  });

  it("reads live values by index: NaN before the first value, the initial value where the site sets one, NaN for an unknown index", () => {
    const clock = manualClock();
    const plane = createPointPlane({ site: smallSite(), clock });
    expect(plane.read(plane.catalog.lookup(SUPPLY_TEMP)!.index)).to.be.NaN;
    expect(plane.read(plane.catalog.lookup(COOLING_STAGE)!.index)).to.equal(0);
    expect(plane.live.timeOf(plane.catalog.lookup(COOLING_STAGE)!.index)).to.equal(clock.now());
    expect(plane.read(plane.catalog.size)).to.be.NaN;
  });

  it("spec runtime item 4: sample() is the whole live table in one batch, by index", () => {
    const plane = createPointPlane({ site: smallSite(), clock: manualClock() });
    plane.setMeasurement(SUPPLY_TEMP, 21);
    const sample = plane.sample();
    expect(sample).to.have.length(plane.catalog.size);
    expect(sample[plane.catalog.lookup(SUPPLY_TEMP)!.index]).to.equal(21);
    expect(sample[plane.catalog.lookup(COOLING_STAGE)!.index]).to.equal(0);
  });

  it("setMeasurement refuses a point that is not a declared measurement (a programming error, not a field value)", () => {
    const plane = createPointPlane({ site: smallSite(), clock: manualClock() });
    expect(() => plane.setMeasurement(COOLING_STAGE, 1)).to.throw(RangeError, /is not a measurement of the site/);
    expect(() => plane.setMeasurement({ instance: 8, point_type: "measurement", point: 1 }, 1)).to.throw(RangeError);
    expect(() => plane.setMeasurement(99, 1)).to.throw(RangeError, /index 99/);
  });

  it("issue 18.2: setActionValue shows an action's value as the field would (live table, an event when subscribed, history) without a command through the channel; it refuses a point that is not an action", async () => {
    const clock = manualClock();
    const { events, onEvent } = eventRecorder();
    const history = historyRecorder();
    const plane = createPointPlane({ site: smallSite(), clock, onEvent, history });
    const stage = plane.catalog.lookup(COOLING_STAGE)!.index;
    plane.setSubscriptions(new Uint8Array(plane.catalog.size).fill(1));
    clock.advance(500);
    plane.setActionValue(COOLING_STAGE, 2);
    expect(plane.read(stage)).to.equal(2);
    expect(plane.live.timeOf(stage)).to.equal(clock.now());
    expect(events).to.deep.equal([{ index: stage, value: 2, at: clock.now() }]);
    expect(plane.channel("virtual-1")!.command(plane.catalog.points[stage]!.slot)!.value).to.be.NaN;
    await plane.flushHistory();
    expect(history.batches.flat().map((s) => s.value)).to.deep.equal([2]);
    expect(() => plane.setActionValue(SUPPLY_TEMP, 1)).to.throw(RangeError, /is not an action of the site/);
    expect(() => plane.setActionValue(99, 1)).to.throw(RangeError, /index 99/);
  });

  it("flushHistory without a history does nothing", async () => {
    const plane = createPointPlane({ site: smallSite(), clock: manualClock() });
    plane.setMeasurement(SUPPLY_TEMP, 1);
    await plane.flushHistory();
    expect(plane.droppedHistorySamples).to.equal(0);
  });
});
