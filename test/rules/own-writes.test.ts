// Issue 16.11 through the whole engine: a rule whose write reads back into the point its own
// on_change trigger watches (the virtual channel's read-back) does not re-trigger itself.
import { expect } from "chai";
import { createEngineFixture, FAN_STATUS, type EngineFixture } from "./engine-fixture.js";

describe("rule engine: a rule's own writes", () => {
  let f: EngineFixture | undefined;
  afterEach(async () => {
    await f?.close();
    f = undefined;
  });

  it("issue 16.11: a rule that toggles the point it watches runs once per outside change, not at tick rate", async () => {
    f = await createEngineFixture();
    const id = await f.addRule("toggle", "trigger on_change(measurement(7, 4))\ninput s = measurement(7, 4)\nwrite action(7, 4) = 1 - s");
    const fan = f.engine.plane.catalog.lookup(FAN_STATUS)!.index;
    f.engine.plane.setMeasurement(FAN_STATUS, 0);
    await f.advance(2000);
    expect(await f.history(id)).to.have.length(1);
    expect(f.engine.plane.read(fan), "the rule's write read back").to.equal(1);
    f.engine.plane.setMeasurement(FAN_STATUS, 0); // someone else switches the fan off
    await f.advance(2000);
    const runs = await f.history(id);
    expect(runs.map((e) => [e.trigger, (e.result as { variables: { s: number } }).variables.s])).to.deep.equal([["on_change", 0], ["on_change", 0]]);
    expect(f.engine.plane.read(fan)).to.equal(1);
  });
});
