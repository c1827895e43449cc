// The point catalog (site model to dense indices) and the live table behind it.
import { expect } from "chai";
import type { SiteModel } from "../../generated/types.js";
import { createLiveTable } from "../../runtime/points/live-table.js";
import { createPointCatalog } from "../../runtime/points/point-catalog.js";
import { FAN_COMMAND, FAN_STATUS, SUPPLY_TEMP, smallSite } from "./point-fixtures.js";

describe("point catalog", () => {
  it("gives every declared point a dense index in file order, with its name, unit and range", () => {
    const catalog = createPointCatalog(smallSite());
    expect(catalog.size).to.equal(5);
    expect(catalog.points.map((p) => p.index)).to.deep.equal([0, 1, 2, 3, 4]);
    expect(catalog.lookup(SUPPLY_TEMP)).to.deep.include({ index: 0, name: "supply_temp", unit: "degC", min: -30, max: 60, text: "measurement(7, 1)", channel: "virtual-1" });
    expect(catalog.lookup({ ...SUPPLY_TEMP })).to.equal(catalog.points[0]);
  });

  it("tells measurements and actions of one number apart, and knows no undeclared point", () => {
    const catalog = createPointCatalog(smallSite());
    expect(catalog.lookup({ instance: 7, point_type: "action", point: 1 })!.name).to.equal("cooling_stage");
    expect(catalog.lookup({ instance: 7, point_type: "measurement", point: 1 })!.name).to.equal("supply_temp");
    expect(catalog.lookup({ instance: 7, point_type: "measurement", point: 2 })).to.equal(undefined);
    expect(catalog.lookup({ instance: 8, point_type: "measurement", point: 1 })).to.equal(undefined);
  });

  it("a point without a range has -Infinity and Infinity as bounds, and NaN as its initial value", () => {
    const site = smallSite();
    site.instances[0]!.points.push({ type: "action", point: 9, name: "free", unit: "" });
    const free = createPointCatalog(site).lookup({ instance: 7, point_type: "action", point: 9 })!;
    expect([free.min, free.max, free.initial]).to.deep.equal([-Infinity, Infinity, NaN]);
  });

  it("resolves an action's read-back to the index of its measurement (-1 when it has none)", () => {
    const catalog = createPointCatalog(smallSite());
    expect(catalog.lookup(FAN_COMMAND)!.readsBack).to.equal(catalog.lookup(FAN_STATUS)!.index);
    expect(catalog.lookup({ instance: 7, point_type: "action", point: 1 })!.readsBack).to.equal(-1);
  });

  it("derives slots per channel and point type: the lowest numbers not taken by explicit slots, in file order", () => {
    const site: SiteModel = {
      channels: [
        { id: "a", protocol: "virtual" },
        { id: "b", protocol: "virtual" },
      ],
      instances: [
        {
          id: 1,
          name: "one",
          model: "m",
          channel: "a",
          points: [
            { type: "action", point: 1, name: "a1", unit: "" },
            { type: "action", point: 2, name: "a2", unit: "", slot: 1 },
            { type: "action", point: 3, name: "a3", unit: "" },
            { type: "measurement", point: 1, name: "m1", unit: "" },
          ],
        },
        { id: 2, name: "two", model: "m", channel: "b", points: [{ type: "action", point: 1, name: "b1", unit: "" }] },
        { id: 3, name: "three", model: "m", channel: "a", points: [{ type: "action", point: 1, name: "c1", unit: "" }] },
      ],
    };
    expect(createPointCatalog(site).points.map((p) => `${p.text}@${p.channel}:${p.slot}`)).to.deep.equal([
      "action(1, 1)@a:0",
      "action(1, 2)@a:1",
      "action(1, 3)@a:2",
      "measurement(1, 1)@a:0",
      "action(2, 1)@b:0",
      "action(3, 1)@a:3",
    ]);
  });

  it("resolves a site with duplicate points: the first declaration wins", () => {
    const site = smallSite();
    site.instances[0]!.points.push({ type: "measurement", point: 1, name: "again", unit: "K" });
    const catalog = createPointCatalog(site);
    expect(catalog.size).to.equal(5);
    expect(catalog.lookup(SUPPLY_TEMP)!.name).to.equal("supply_temp");
  });
});

describe("live table", () => {
  it("starts with every value unavailable (NaN) and no time, and keeps each value with its time", () => {
    const live = createLiveTable(createPointCatalog(smallSite()));
    expect([...live.values].every(Number.isNaN)).to.equal(true);
    expect(live.timeOf(0)).to.be.NaN;
    live.set(2, 1.5, 1000);
    expect([live.get(2), live.timeOf(2)]).to.deep.equal([1.5, 1000]);
    expect(live.sample()[2]).to.equal(1.5);
    expect(live.sample()).to.equal(live.values);
    expect(live.get(99)).to.be.NaN;
  });
});
