// A rule's own writes to a point its on_change trigger watches (issue 16.11): the echo of its own
// write is not a change for that rule; a change by anyone else is.
import { expect } from "chai";
import { harness, onChange, report, rule, type Harness } from "./fakes.js";

/** A runner that reads point 0 and writes it + 1, publishing the write as the point plane does (during the execution). */
function climbing(h: Harness): void {
  h.runner.answer = (_rule, cause) => {
    const read = h.watch.values[0]!;
    h.watch.values[0] = read + 1;
    h.scheduler.offer({ index: 0, value: read + 1, at: cause.at });
    return report({ actionsAttempted: 1, actionsSucceeded: 1, reads: new Map([[0, read]]), writes: new Map([[0, read + 1]]) });
  };
}

async function outside(h: Harness, value: number): Promise<void> {
  h.watch.values[0] = value;
  h.scheduler.offer({ index: 0, value, at: h.time.now() });
  await h.time.advance(0);
}

describe("scheduler: a rule's own writes (issue 16.11)", () => {
  it("issue 16.11: a rule that writes the point its on_change trigger watches does not re-trigger itself at tick rate", async () => {
    const h = harness({ rules: [rule(1, onChange([0]))] });
    climbing(h);
    await outside(h, 0);
    await h.time.advance(2000);
    expect(h.watch.values[0], "the value did not climb").to.equal(1);
    expect(h.runner.calls).to.have.length(1);
  });

  it("issue 16.11: a change of the same point by anyone else still triggers the rule, once per change", async () => {
    const h = harness({ rules: [rule(1, onChange([0]))] });
    climbing(h);
    await outside(h, 0);
    await h.time.advance(500);
    await outside(h, 50);
    await h.time.advance(500);
    expect(h.runner.calls.map((c) => (c.cause.kind === "on_change" ? c.cause.value : NaN))).to.deep.equal([0, 50]);
    expect(h.watch.values[0]).to.equal(51);
    h.watch.values[0] = 7; // behind the event plane's back: the tick path sees it
    await h.time.advance(100);
    expect(h.runner.calls.map((c) => c.cause)).to.have.length(3);
    expect(h.runner.calls[2]!.cause).to.deep.include({ path: "tick", value: 7 });
  });

  it("issue 16.11: an outside change to the value the rule wrote is no change (the point still holds that value)", async () => {
    const h = harness({ rules: [rule(1, onChange([0]))] });
    climbing(h);
    await outside(h, 0);
    await outside(h, 1);
    await h.time.advance(300);
    expect(h.runner.calls).to.have.length(1);
  });

  it("issue 16.11: the writes of a manual execution are the rule's own writes too", async () => {
    const h = harness({ rules: [rule(1, onChange([0]))] });
    h.watch.values[0] = 3;
    await h.time.advance(100); // the first value seen triggers once
    expect(h.runner.calls).to.have.length(1);
    await h.scheduler.runExclusive(1, async () => {
      h.watch.values[0] = 4;
      h.scheduler.offer({ index: 0, value: 4, at: h.time.now() });
      return report({ actionsAttempted: 1, actionsSucceeded: 1, writes: new Map([[0, 4]]) });
    });
    await h.time.advance(500);
    expect(h.runner.calls).to.have.length(1);
  });

  it("own writes: a write to a point the rule does not watch changes nothing for it", async () => {
    const h = harness({ rules: [rule(1, onChange([0]))] });
    h.runner.answer = () => report({ actionsAttempted: 1, actionsSucceeded: 1, writes: new Map([[5, 9]]) });
    await outside(h, 0);
    await outside(h, 1);
    expect(h.runner.calls).to.have.length(2);
  });
});
