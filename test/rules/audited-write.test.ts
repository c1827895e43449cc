// Issue 19.5: on SQLite a rule change's audit record and its write go to the store together,
// inside the change's transaction, so the one connection is held for one round trip fewer; both
// are settled before the change is refused, so a refused audit stores nothing. PostgreSQL keeps
// them in turn; the refusals are the same on both.
import { expect } from "chai";
import { setImmediate as nextTurn } from "node:timers/promises";
import { indexSite } from "../../compiler/index.js";
import type { ReloadSummary } from "../../generated/types.js";
import { createRuleService, type BeforeChange } from "../../runtime/rules/rule-service.js";
import type { Store } from "../../runtime/store/store.js";
import { databaseBackends } from "../store/backends.js";
import { START, testSite } from "./engine-fixture.js";

const SUMMARY: ReloadSummary = { loaded: 0, enabled: 0, problems: [] };

/** A store whose transaction hands out a rule store that only notes the create it is asked for. */
function notingStore(): { store: Store; created: number[] } {
  const created: number[] = [];
  const rules = {
    nextId: async () => 7,
    create: async (input: { name: string; description: string }, now: Date, id: number) => {
      created.push(id);
      return { id, name: input.name, description: input.description, enabled: false, created_at: now.toISOString(), updated_at: now.toISOString() };
    },
  };
  const tx = { rules, dialect: "sqlite" } as unknown as Store;
  const store = { transaction: async <T>(fn: (tx: Store) => Promise<T>) => fn(tx) } as unknown as Store;
  return { store, created };
}

describe("a rule change's audit record and write (issue 19.5)", () => {
  it("issue 19.5: on SQLite the write is sent while the audit record is being written, not after it", async () => {
    const { store, created } = notingStore();
    const service = createRuleService({ store, clock: { now: () => START }, reload: async () => SUMMARY });
    let writeSeenByAudit: boolean | undefined;
    const before: BeforeChange = async () => {
      await nextTurn(); // the audit append's round trip
      writeSeenByAudit = created.length === 1;
    };
    await service.create({ name: "pipelined", description: "" }, before);
    expect(writeSeenByAudit).to.equal(true);
  });
});

for (const [name, backend] of databaseBackends()) {
  describe(`a refused audit on ${name} (issue 19.5)`, function () {
    this.timeout(60_000);
    let store: Store;
    let count = 0;
    beforeEach(async () => {
      store = await backend.open(`audited-write${++count}`);
    });
    afterEach(() => store.close());
    after(() => backend.cleanup());

    it("issue 19.5: an audit hook that fails after the write was sent refuses the change with its own error and stores nothing", async () => {
      const service = createRuleService({ store, clock: { now: () => START }, site: indexSite(testSite()), reload: async () => SUMMARY });
      const refusal = new Error("the audit store refused the record");
      const before: BeforeChange = async () => {
        await nextTurn();
        throw refusal;
      };
      let thrown: unknown;
      await service.create({ name: "never stored", description: "" }, before).catch((error: unknown) => (thrown = error));
      expect(thrown).to.equal(refusal);
      expect((await store.rules.list({ offset: 0, limit: 10 })).total).to.equal(0);
      // The connection is usable and nothing of the refused change is left in it.
      const kept = await service.create({ name: "stored", description: "" });
      expect((await store.rules.list({ offset: 0, limit: 10 })).items.map((r) => r.id)).to.deep.equal([kept.id]);
    });

    it("issue 19.5: a write refused after the audit record was written (a taken name) answers with the write's error and keeps no record", async () => {
      const service = createRuleService({ store, clock: { now: () => START }, site: indexSite(testSite()), reload: async () => SUMMARY });
      const audit: BeforeChange = async (tx, change) => {
        await tx.audit.append({
          occurredAt: new Date(START).toISOString(), tenantId: "t", projectId: "p", subject: { id: "alice", role: "Engineer" },
          action: change.action, resource: { kind: "rule", id: String(change.ruleId) }, outcome: "allowed", risk: "low", confirmation: "confirmed", correlationId: "c",
        });
      };
      const first = await service.create({ name: "taken", description: "" }, audit);
      const second = await service.create({ name: "other", description: "" }, audit);
      let thrown: unknown;
      await service.update(second.id, { name: "taken" }, audit).catch((error: unknown) => (thrown = error));
      expect(thrown).to.have.property("message").that.matches(/taken/);
      expect((await store.rules.get(second.id))?.name).to.equal("other");
      expect((await store.audit.list({ tenantId: "t", projectId: "p", limit: 10 })).items.map((e) => e.resource.id)).to.deep.equal([String(first.id), String(second.id)]);
    });
  });
}
