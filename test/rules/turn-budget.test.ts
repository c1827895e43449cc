// Start-up's background work (compile, site checks) gives the event loop a turn every few ms.
import { expect } from "chai";
import { createTurnBudget } from "../../runtime/rules/turn-budget.js";

describe("turn budget of start-up's background work", () => {
  it("issue 19.3: the budget is spent after its milliseconds of work, and a yield gives the loop a turn and starts a new one", async () => {
    let now = 0;
    const budget = createTurnBudget(4, () => now);
    now = 3.9;
    expect(budget.spent()).to.equal(false);
    now = 4;
    expect(budget.spent()).to.equal(true);
    let turned = false;
    setImmediate(() => (turned = true)); // queued before the yield: it runs while the work waits
    await budget.yield();
    expect(turned).to.equal(true);
    expect(budget.spent()).to.equal(false);
    now = 8;
    expect(budget.spent()).to.equal(true);
  });
});
