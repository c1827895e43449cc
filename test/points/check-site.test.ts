// checkSite: what a schema-valid site must satisfy besides, one `site/...` code per problem, each
// with the JSON Pointer of the offending value.
import { expect } from "chai";
import type { SiteModel } from "../../generated/types.js";
import { compileRuleSource, indexSite } from "../../compiler/index.js";
import { checkSite, RESERVED_KEYS } from "../../runtime/points/check-site.js";
import { smallSite } from "./point-fixtures.js";

const problems = (site: SiteModel): string[] => checkSite(site).map((d) => `${d.code} ${d.path}: ${d.message}`);

describe("checkSite", () => {
  it("accepts a consistent site", () => {
    expect(checkSite(smallSite())).to.deep.equal([]);
  });

  it("an instance routed to an unknown channel, with the nearest channel suggested", () => {
    const site = smallSite();
    site.instances[0]!.channel = "virtual-l";
    const [d] = checkSite(site);
    expect(d).to.deep.include({ code: "site/unknown-channel", path: "/instances/0/channel", suggestion: "did you mean 'virtual-1'?" });
  });

  it("duplicate channel ids and duplicate instance ids", () => {
    const site = smallSite();
    site.channels.push({ id: "virtual-1", protocol: "virtual" });
    site.instances.push({ ...site.instances[0]!, name: "AHU-1 again", points: [] });
    expect(problems(site)).to.deep.equal([
      "site/duplicate-channel /channels/1/id: channel 'virtual-1' is declared twice",
      "site/duplicate-instance /instances/1/id: instance id 7 is already taken by 'AHU-1'",
    ]);
  });

  it("a duplicate (type, point) and a duplicate point name within an instance; one number as measurement and action is fine", () => {
    const site = smallSite();
    site.instances[0]!.points.push({ type: "action", point: 1, name: "stage_again", unit: "" }, { type: "measurement", point: 2, name: "supply_temp", unit: "" });
    expect(problems(site)).to.deep.equal([
      "site/duplicate-point /instances/0/points/5/point: action(7, 1) is declared twice in instance 'AHU-1'",
      "site/duplicate-point-name /instances/0/points/6/name: two points of instance 'AHU-1' are named 'supply_temp'",
    ]);
  });

  it("min above max, on a point and on its simulation; an initial value outside the range", () => {
    const site = smallSite();
    site.instances[0]!.points = [
      { type: "measurement", point: 1, name: "a", unit: "", min: 5, max: 1 },
      { type: "measurement", point: 2, name: "b", unit: "", simulate: { kind: "constant", min: 3, max: 2 } },
      { type: "action", point: 1, name: "c", unit: "", min: 0, max: 2, initial: 3 },
    ];
    expect(problems(site)).to.deep.equal([
      "site/min-above-max /instances/0/points/0/min: measurement(7, 1) has min 5 above max 1",
      "site/min-above-max /instances/0/points/1/simulate/min: the simulation of measurement(7, 2) has min 3 above max 2",
      "site/initial-out-of-range /instances/0/points/2/initial: the initial value 3 of action(7, 1) is outside its range [0, 2]",
    ]);
  });

  it("reads_back naming a point that is not a measurement of the instance, or a simulated one", () => {
    const site = smallSite();
    site.instances[0]!.points = [
      { type: "measurement", point: 1, name: "a", unit: "", simulate: { kind: "constant" } },
      { type: "action", point: 2, name: "b", unit: "", reads_back: 2 },
      { type: "action", point: 3, name: "c", unit: "", reads_back: 1 },
    ];
    expect(problems(site)).to.deep.equal([
      "site/reads-back-target /instances/0/points/1/reads_back: action(7, 2) reads back into measurement 2, which instance 'AHU-1' does not declare",
      "site/reads-back-simulated /instances/0/points/2/reads_back: action(7, 3) reads back into measurement 1, which is simulated: the simulation would overwrite the written value",
    ]);
  });

  it("duplicate explicit slots on a channel, per point type; the same slot on another channel or of another type is fine", () => {
    const site = smallSite();
    site.channels.push({ id: "virtual-2", protocol: "virtual" });
    site.instances[0]!.points = [
      { type: "action", point: 1, name: "a", unit: "", slot: 4 },
      { type: "action", point: 2, name: "b", unit: "", slot: 4 },
      { type: "measurement", point: 1, name: "c", unit: "", slot: 4 },
    ];
    site.instances.push({ id: 8, name: "other", model: "m", channel: "virtual-2", points: [{ type: "action", point: 1, name: "d", unit: "", slot: 4 }] });
    expect(problems(site)).to.deep.equal(["site/duplicate-slot /instances/0/points/1/slot: action(7, 2) takes command slot 4 on channel 'virtual-1', already taken by action(7, 1)"]);
  });

  it("issue 17: reads_back into a measurement whose range does not contain the action's is refused (site/reads-back-range)", () => {
    const site = smallSite();
    site.instances[0]!.points = [
      { type: "measurement", point: 1, name: "status", unit: "", min: 0, max: 1 },
      { type: "measurement", point: 2, name: "open", unit: "" },
      { type: "measurement", point: 3, name: "floor", unit: "", min: 0 },
      { type: "action", point: 1, name: "speed", unit: "", min: 0, max: 3, reads_back: 1 },
      { type: "action", point: 2, name: "unbounded", unit: "", reads_back: 3 },
      { type: "action", point: 3, name: "same", unit: "", min: 0, max: 1, reads_back: 1 },
      { type: "action", point: 4, name: "inside", unit: "", min: 0.25, max: 0.5, reads_back: 1 },
      { type: "action", point: 5, name: "into_open", unit: "", reads_back: 2 },
    ];
    expect(problems(site)).to.deep.equal([
      "site/reads-back-range /instances/0/points/3/reads_back: action(7, 1) ranges over [0, 3] but reads back into measurement 1 ('status'), whose range is [0, 1]: an accepted write would put a value outside it",
      "site/reads-back-range /instances/0/points/4/reads_back: action(7, 2) ranges over [-Infinity, Infinity] but reads back into measurement 3 ('floor'), whose range is [0, Infinity]: an accepted write would put a value outside it",
    ]);
    expect(checkSite(site)[0]!.suggestion).to.equal("give measurement 1 a range that contains the action's, or narrow the action's");
  });

  it("issue 17: an instance key that is a reserved word of the rule language is refused (site/reserved-key), listing the words", () => {
    const site = smallSite();
    site.instances = RESERVED_KEYS.map((key, k) => ({ id: k, key, name: `I${k}`, model: "m", channel: "virtual-1", points: [] }));
    site.instances.push({ id: 9, key: "end", name: "soft keyword", model: "m", channel: "virtual-1", points: [] }, { id: 10, key: "true_1", name: "fine", model: "m", channel: "virtual-1", points: [] });
    expect(problems(site)).to.deep.equal(
      RESERVED_KEYS.map((key, k) => `site/reserved-key /instances/${k}/key: key '${key}' is a reserved word of the rule language (true, false, and, or, not): a rule could not name the instance by it`),
    );
  });

  it("issue 17: the reserved keys are exactly the instance keys a rule cannot write (the DSL's other keywords are soft)", () => {
    const usable = (key: string): boolean => {
      const site = indexSite({ channels: [{ id: "v", protocol: "virtual" }], instances: [{ id: 1, key, name: "X", model: "m", channel: "v", points: [{ type: "action", point: 1, name: "x", unit: "" }] }] });
      return compileRuleSource(`rule "r" {\n  write ${key}.x = 1\n}\n`, { site }).diagnostics.length === 0;
    };
    for (const key of RESERVED_KEYS) expect(usable(key), key).to.equal(false);
    for (const key of ["end", "write", "measurement", "action", "rule", "value", "when", "min", "abs", "true_1"]) expect(usable(key), key).to.equal(true);
  });
});
