// Issue 19.5 (PUT throughput): the reload after a PUT takes the rule as the PUT committed it (its
// compiled flow and stored row) instead of reading it back from the store and checking it
// against the site again. Spec item 12 stays: the change takes effect as a unit, and the
// scheduler holds exactly what was committed last, also when PUTs of one rule are in flight
// together. On SQLite and PostgreSQL.
import { expect } from "chai";
import { compileRuleSource } from "../../compiler/index.js";
import type { ExecutionResult } from "../../runtime/engine/execution-result.js";
import { createCommittedRules } from "../../runtime/rules/committed-rules.js";
import type { Store, VersionedRule } from "../../runtime/store/store.js";
import { databaseBackends } from "../store/backends.js";
import { createEngineFixture, type EngineFixture } from "./engine-fixture.js";

/** The flow of an interval rule writing `value` to action(7, 2). */
const writing = (value: number) => compileRuleSource(`rule "w" {\ntrigger every 1s\nwrite action(7, 2) = ${value}\n}`).rules[0]!.flow_json;

/** The store with its reads of single rules counted (the change-set reload's and the cooldowns'). */
function counted(store: Store): { store: Store; reads: string[] } {
  const reads: string[] = [];
  const rules: Store["rules"] = Object.assign(Object.create(store.rules) as Store["rules"], {
    getMany: (ids: readonly number[]) => (reads.push("getMany"), store.rules.getMany(ids)),
  });
  const cooldowns: Store["cooldowns"] = Object.assign(Object.create(store.cooldowns) as Store["cooldowns"], {
    listFor: (ids: readonly number[]) => (reads.push("cooldowns.listFor"), store.cooldowns.listFor(ids)),
  });
  return { store: Object.assign(Object.create(store) as Store, { rules, cooldowns }), reads };
}

const written = (entry: { result: unknown }): unknown[] => (entry.result as ExecutionResult).actions.map((a) => a.value);

for (const [name, backend] of databaseBackends()) {
  describe(`issue 19.5: the reload after a PUT takes the rule the PUT committed, on ${name}`, () => {
    let f: EngineFixture | undefined;
    let count = 0;
    afterEach(async () => {
      await f?.close();
      f = undefined;
    });
    after(() => backend.cleanup());

    const state = (fixture: EngineFixture) => {
      const { totalRules, enabledRules, problems } = fixture.engine.runtime.status();
      const usage = [...fixture.engine.runtime.pointUsage()].map(([key, { uses }]) => [key, uses.map((u) => [u.rule.id, u.rule.name, u.access, u.nodeId])]);
      return { totalRules, enabledRules, problems, usage };
    };

    it("issue 19.5: a PUT's reload reads nothing from the store, and the scheduler runs the new flow; the state equals a full reload's", async () => {
      const c = counted(await backend.open(`handover${++count}`));
      f = await createEngineFixture({ store: c.store, intervalPhase: "first_tick" });
      const id = await f.addRule("w", "trigger every 1s\nwrite action(7, 2) = 1");
      await f.advance(1000);
      c.reads.length = 0;
      const { warnings } = await f.engine.service.update(id, { flow_json: writing(2) });
      expect(warnings).to.deep.equal([]);
      expect(c.reads, "the reload after the PUT").to.deep.equal([]);
      await f.advance(1000);
      expect((await f.history(id)).map(written)).to.deep.equal([[1], [2]]);
      const partial = state(f);
      await f.engine.runtime.reload();
      expect(state(f)).to.deep.equal(partial);
    });

    it("issue 19.5: a PUT whose flow has site warnings: the rule handed over is checked, its problem the one a full reload finds", async () => {
      const c = counted(await backend.open(`handover${++count}`));
      f = await createEngineFixture({ store: c.store, intervalPhase: "first_tick" });
      const id = await f.addRule("loop", "trigger every 1s\nwrite action(7, 2) = 1");
      c.reads.length = 0;
      const looping = compileRuleSource(`rule "loop" {\ntrigger on_change(action(7, 2))\nwrite action(7, 2) = 10\n}`).rules[0]!;
      const { warnings } = await f.engine.service.update(id, { flow_json: looping.flow_json, trigger_config: looping.trigger_config });
      expect(warnings.map((w) => w.code)).to.deep.equal(["rule/self-trigger"]);
      expect(c.reads).to.deep.equal([]);
      const partial = state(f);
      expect(partial.problems.find((p) => p.ruleId === id)?.diagnostics.map((d) => d.code)).to.deep.equal(["rule/self-trigger"]);
      await f.engine.runtime.reload();
      expect(state(f)).to.deep.equal(partial);
    });

    it("issue 19.5: PUTs of one rule in flight together (one millisecond, flows of one length): the scheduler holds the flow committed last", async () => {
      const c = counted(await backend.open(`handover${++count}`));
      f = await createEngineFixture({ store: c.store, intervalPhase: "first_tick" });
      const id = await f.addRule("w", "trigger every 1s\nwrite action(7, 2) = 1");
      const values = [2, 3, 4, 5, 6, 7];
      const flows = values.map(writing);
      await Promise.all(flows.map((flow_json) => f!.engine.service.update(id, { flow_json })));
      const stored = (await c.store.rules.get(id))!.flow_json;
      const last = values[flows.findIndex((flow) => JSON.stringify(flow) === JSON.stringify(stored))];
      expect(last).to.be.a("number");
      await f.advance(1000);
      expect((await f.history(id)).map(written)).to.deep.equal([[last]]);
    });
  });
}

describe("committed rules (the hand-over from a change to its reload)", () => {
  const rule = (id: number, name: string) => ({ id, name }) as unknown as VersionedRule;

  it("hands over the rule of the latest change of each rule, once", () => {
    const committed = createCommittedRules();
    committed.note([1], { place: 1, rules: [{ rule: rule(1, "a") }] });
    committed.note([1], { place: 2, rules: [{ rule: rule(1, "b") }] });
    expect(committed.take(1)?.rule.name).to.equal("b");
    expect(committed.take(1)).to.equal(undefined);
  });

  it("a change noted late (an earlier commit) never hands over its older rule, even after the later one was taken", () => {
    const committed = createCommittedRules();
    committed.note([1], { place: 5, rules: [{ rule: rule(1, "later") }] });
    expect(committed.take(1)?.rule.name).to.equal("later");
    committed.note([1], { place: 4, rules: [{ rule: rule(1, "earlier") }] });
    expect(committed.take(1)).to.equal(undefined);
  });

  it("a later change that hands nothing over (a delete, an enable) makes the reload read the store; a full reload forgets every rule handed over", () => {
    const committed = createCommittedRules();
    committed.note([1, 2], { place: 1, rules: [{ rule: rule(1, "a") }, { rule: rule(2, "b") }] });
    committed.note([1], { place: 2, rules: [] });
    expect(committed.take(1)).to.equal(undefined);
    committed.clear();
    expect(committed.take(2)).to.equal(undefined);
  });
});
