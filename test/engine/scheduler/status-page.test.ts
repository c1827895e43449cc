// Scheduler status at building scale (issue 19.4): status() answers the counts; per-rule
// statistics come a page at a time, by id, without copying or sorting every rule per request.
import { expect } from "chai";
import fc from "fast-check";
import { pageOfIds } from "../../../runtime/engine/scheduler/id-page.js";
import { harness, interval, rule } from "./fakes.js";

describe("scheduler status pages (issue 19.4)", () => {
  it("issue 19.4: pageOfIds gives the smallest ids above the cursor, ascending, and whether more remain, for any order of ids", () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer({ min: 1, max: 5000 }), { maxLength: 300 }), fc.integer({ min: 0, max: 5000 }), fc.integer({ min: 1, max: 50 }), (ids, afterId, limit) => {
        const above = ids.filter((id) => id > afterId).sort((a, b) => a - b);
        const page = pageOfIds(ids, afterId, limit);
        expect(page.ids).to.deep.equal(above.slice(0, limit));
        expect(page.more).to.equal(above.length > limit);
      }),
    );
    expect(() => pageOfIds([1], 0, 0)).to.throw(RangeError);
  });

  it("issue 19.4: status() has the counts and no per-rule statistics; pages walk 2,500 rules by id with their boundaries exact", async () => {
    // Ids out of order and with gaps, as after deletions; half of them disabled.
    const ids = Array.from({ length: 2500 }, (_, i) => ((i * 7919) % 2500) * 3 + 1);
    const h = harness({ rules: ids.map((id) => rule(id, interval(1000), { enabled: id % 2 === 1 })) });
    await h.time.advance(1000);
    const status = h.scheduler.status();
    expect(status).to.deep.include({ totalRules: 2500, enabledRules: ids.filter((id) => id % 2 === 1).length });
    expect(status).to.not.have.property("perRule");
    expect(Object.keys(status).length, "counts only: nothing that grows with the rules").to.be.below(15);

    const walked: number[] = [];
    let afterId = 0;
    let pages = 0;
    for (;;) {
      const page = h.scheduler.ruleStatuses({ afterId, limit: 1000 });
      pages++;
      expect(page.rules.length).to.be.at.most(1000);
      walked.push(...page.rules.map((r) => r.id));
      if (page.nextAfterId === null) break;
      expect(page.nextAfterId, "the next cursor is the page's last id").to.equal(page.rules.at(-1)!.id);
      afterId = page.nextAfterId;
    }
    expect(pages).to.equal(3);
    expect(walked, "every rule once, by id ascending").to.deep.equal([...ids].sort((a, b) => a - b));

    const exact = h.scheduler.ruleStatuses({ afterId: 0, limit: 2500 });
    expect(exact.rules).to.have.length(2500);
    expect(exact.nextAfterId, "a page that ends with the last rule has no next").to.equal(null);
    expect(h.scheduler.ruleStatuses({ afterId: 7498, limit: 10 }), "after the last id").to.deep.equal({ rules: [], nextAfterId: null });
    const one = h.scheduler.ruleStatuses({ afterId: 1, limit: 1 });
    expect(one.rules.map((r) => r.id)).to.deep.equal([4]);
    expect(one.nextAfterId).to.equal(4);
    expect(h.scheduler.ruleStatuses({ afterId: 2, limit: 1 }).rules[0]!.id, "a cursor between ids").to.equal(4);
    expect(one.rules[0]).to.deep.include({ executions: 0 }); // id 4: disabled, never run
    const { id, ...first } = exact.rules[0]!;
    expect(id).to.equal(1);
    expect(h.scheduler.ruleStatus(1), "one rule's statistics are its page entry").to.deep.equal(first);
    expect(h.scheduler.status().executions, "the counts are the rules' sum").to.equal(exact.rules.reduce((n, r) => n + r.executions, 0));
    expect(h.scheduler.ruleStatus(2), "not a rule").to.equal(undefined);
  });

  it("issue 19.4: a page holds copies: changing them changes nothing, and later counts do not change them", async () => {
    const h = harness({ rules: [rule(1, interval(100))] });
    await h.time.advance(100);
    const page = h.scheduler.ruleStatuses({ limit: 1 });
    page.rules[0]!.executions = 99;
    page.rules[0]!.suppressed.cooldown = 99;
    expect(h.scheduler.ruleStatus(1)).to.deep.include({ executions: 1 });
    expect(h.scheduler.ruleStatus(1)!.suppressed.cooldown).to.equal(0);
    await h.time.advance(100);
    expect(h.scheduler.ruleStatus(1)!.executions).to.equal(2);
    expect(page.rules[0]!.executions).to.equal(99);
  });
});
