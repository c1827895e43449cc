// Spec runtime items 10 and 11: the action write path of the point plane over the virtual
// protocol. A write resolves the instance's route, checks the writer generation, writes the
// command slot, notifies the acquisition side and checks the generation again; an unavailable
// target fails at once with a reason, and nothing is kept for later delivery.
import { expect } from "chai";
import { createPointPlane, type PointPlane } from "../../runtime/points/point-plane.js";
import type { PointRef } from "../../runtime/points/point-table.js";
import type { VirtualChannel } from "../../runtime/points/virtual/virtual-channel.js";
import { COOLING_STAGE, FAN_COMMAND, FAN_STATUS, HEATING_VALVE, SUPPLY_TEMP, eventRecorder, manualClock, smallSite } from "./point-fixtures.js";

function setUp(): { plane: PointPlane; channel: VirtualChannel; index: (ref: PointRef) => number } {
  const plane = createPointPlane({ site: smallSite(), clock: manualClock() });
  return { plane, channel: plane.channel("virtual-1")!, index: (ref) => plane.catalog.lookup(ref)!.index };
}

describe("point plane: the action write path (spec runtime items 10 and 11)", () => {
  it("spec runtime item 10: an accepted write fills the command slot, notifies the acquisition side once and updates the action's live value", () => {
    const { plane, channel, index } = setUp();
    const notified: Array<[number, number]> = [];
    channel.onNotify = (slot, value) => notified.push([slot, value]);
    const valve = plane.catalog.lookup(HEATING_VALVE)!;

    expect(plane.write(valve.index, 42)).to.equal(null);
    expect(channel.command(valve.slot)).to.deep.equal({ value: 42, at: manualClock().now() });
    expect(notified).to.deep.equal([[valve.slot, 42]]);
    expect(plane.read(index(HEATING_VALVE))).to.equal(42);
  });

  it("spec runtime item 10: a write that crosses a writer restart is dropped and recorded as failed", () => {
    const { plane, channel, index } = setUp();
    const valve = plane.catalog.lookup(HEATING_VALVE)!;
    channel.onNotify = () => channel.restart();

    const reason = plane.write(valve.index, 55);

    expect(reason).to.equal("writer restarted during the write (generation 1 → 2); command dropped");
    expect(channel.command(valve.slot)!.value, "the slot is cleared").to.be.NaN;
    expect(plane.read(index(HEATING_VALVE)), "the live value is not the dropped command").to.be.NaN;
  });

  it("spec runtime item 10: a write crossing a restart after which the writer is back at once is dropped too (the generation decides)", () => {
    const { plane, channel } = setUp();
    const valve = plane.catalog.lookup(HEATING_VALVE)!;
    channel.onNotify = () => {
      channel.restart();
      channel.startWriter();
    };
    expect(plane.write(valve.index, 55)).to.equal("writer restarted during the write (generation 1 → 2); command dropped");
    channel.onNotify = undefined;
    expect(plane.write(valve.index, 56), "the next write goes through in the new generation").to.equal(null);
    expect(channel.command(valve.slot)!.value).to.equal(56);
  });

  it("spec runtime item 10: a dropped write does not read back into its measurement", () => {
    const { plane, channel, index } = setUp();
    channel.onNotify = () => channel.restart();
    expect(plane.write(index(FAN_COMMAND), 1)).to.match(/^writer restarted during the write/);
    expect(plane.read(index(FAN_STATUS))).to.be.NaN;
  });

  it("spec runtime item 11: a write with no writer after a restart fails with a reason and is not queued (a later writer does not receive it)", () => {
    const { plane, channel, index } = setUp();
    const valve = plane.catalog.lookup(HEATING_VALVE)!;
    expect(plane.write(valve.index, 10)).to.equal(null);
    channel.restart();
    const notified: number[] = [];
    channel.onNotify = (_slot, value) => notified.push(value);

    expect(plane.write(valve.index, 80)).to.equal("channel 'virtual-1' has no writer since its restart (generation 2); command not queued");
    expect(notified, "the acquisition side was not notified").to.deep.equal([]);
    channel.startWriter();
    expect(channel.command(valve.slot)!.value, "the new writer finds the last accepted command, not the refused one").to.equal(10);
    expect(notified).to.deep.equal([]);
    expect(plane.read(index(HEATING_VALVE))).to.equal(10);
  });

  it("spec runtime item 11: a write while the notify socket is degraded fails with a reason, and the command is taken back from the slot", () => {
    const { plane, channel } = setUp();
    const valve = plane.catalog.lookup(HEATING_VALVE)!;
    expect(plane.write(valve.index, 10)).to.equal(null);
    channel.degradeNotify();

    expect(plane.write(valve.index, 90)).to.equal("channel 'virtual-1': the notify socket to the acquisition side is degraded; command withdrawn");
    expect(channel.command(valve.slot)!.value).to.equal(10);
    channel.restoreNotify();
    expect(plane.write(valve.index, 90)).to.equal(null);
  });

  it("spec runtime item 11: a write to an action whose command slot the acquisition side no longer offers fails with a reason", () => {
    const { plane, channel } = setUp();
    const valve = plane.catalog.lookup(HEATING_VALVE)!;
    const stage = plane.catalog.lookup(COOLING_STAGE)!;
    channel.restart([stage.slot]);
    channel.startWriter();

    expect(plane.write(valve.index, 10)).to.equal(`channel 'virtual-1' has no command slot ${valve.slot}`);
    expect(plane.write(stage.index, 1)).to.equal(null);
  });

  it("spec runtime item 11: a write to a point the site does not declare fails with a reason", () => {
    const { plane } = setUp();
    expect(plane.write(plane.catalog.size, 1)).to.equal(`no point has index ${plane.catalog.size} in the site model`);
    expect(plane.write(-1, 1)).to.equal("no point has index -1 in the site model");
    expect(plane.catalog.lookup({ instance: 7, point_type: "action", point: 99 })).to.equal(undefined);
  });

  it("spec runtime item 11: a write to an instance routed to a channel the site does not declare fails with a reason", () => {
    const site = smallSite();
    site.instances[0]!.channel = "virtual-9";
    const plane = createPointPlane({ site, clock: manualClock() });
    expect(plane.write(plane.catalog.lookup(HEATING_VALVE)!.index, 1)).to.equal("instance 7 is routed to channel 'virtual-9', which the site does not declare");
  });

  it("refuses a write to a measurement point, and a value that is not finite (defence in depth: the executor checks first)", () => {
    const { plane, index } = setUp();
    expect(plane.write(index(SUPPLY_TEMP), 20)).to.equal("measurement(7, 1) is a measurement: only action points are written");
    for (const value of [NaN, Infinity, -Infinity]) {
      expect(plane.write(index(HEATING_VALVE), value)).to.equal(`${value} is not a finite number; action(7, 2) was not written`);
    }
    expect(plane.read(index(HEATING_VALVE))).to.be.NaN;
  });

  it("read-back: an accepted write to an action that reads back updates its measurement, and both publish events when subscribed", () => {
    const clock = manualClock();
    const { events, onEvent } = eventRecorder();
    const plane = createPointPlane({ site: smallSite(), clock, onEvent });
    const command = plane.catalog.lookup(FAN_COMMAND)!.index;
    const status = plane.catalog.lookup(FAN_STATUS)!.index;
    const bitmap = new Uint8Array(plane.catalog.size);
    bitmap[command] = 1;
    bitmap[status] = 1;
    plane.setSubscriptions(bitmap);

    expect(plane.write(command, 1)).to.equal(null);

    expect(plane.read(status)).to.equal(1);
    expect(plane.read(command)).to.equal(1);
    expect(events).to.have.deep.members([
      { index: status, value: 1, at: clock.now() },
      { index: command, value: 1, at: clock.now() },
    ]);
  });

  it("a refused write changes no live value and publishes no event", () => {
    const { events, onEvent } = eventRecorder();
    const plane = createPointPlane({ site: smallSite(), clock: manualClock(), onEvent });
    plane.setSubscriptions(new Uint8Array(plane.catalog.size).fill(1));
    plane.channel("virtual-1")!.restart();
    expect(plane.write(plane.catalog.lookup(FAN_COMMAND)!.index, 1)).to.be.a("string");
    expect(events).to.deep.equal([]);
    expect(plane.read(plane.catalog.lookup(FAN_STATUS)!.index)).to.be.NaN;
  });
});
