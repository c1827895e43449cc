// The rule service's batch (issue 19.1) against the store itself, on SQLite and (when configured)
// PostgreSQL: one transaction for the whole change set, the audit hook once per change, inside it,
// and the reload called once, after the commit, with every rule changed.
import { expect } from "chai";
import { indexSite } from "../../compiler/index.js";
import type { ReloadSummary } from "../../generated/types.js";
import type { BatchOperation } from "../../runtime/rules/rule-batch.js";
import { createRuleService, type RuleChange, type RuleService } from "../../runtime/rules/rule-service.js";
import type { Store } from "../../runtime/store/store.js";
import { VALVE_RULE, brokenFlow } from "../http/rule-flows.js";
import { databaseBackends } from "../store/backends.js";
import { START, testSite } from "./engine-fixture.js";

const SUMMARY: ReloadSummary = { loaded: 0, enabled: 0, problems: [] };

function createOf(name: string, flow_json = VALVE_RULE.flow_json): BatchOperation {
  return { op: "create", rule: { name, description: "", priority: 0, cooldown_ms: 0, trigger_config: VALVE_RULE.trigger_config, flow_json, enabled: false } };
}
const creates = (count: number): BatchOperation[] => Array.from({ length: count }, (_, i) => createOf(`rule ${i}`));

for (const [name, backend] of databaseBackends()) {
  describe(`the rule service's batch on ${name} (issue 19.1)`, function () {
    this.timeout(60_000);
    let store: Store;
    let service: RuleService;
    let reloads: number[][];
    let audited: RuleChange[];
    let count = 0;
    // The audit hook as the routes write it: a record inside the change's transaction, before the change.
    const before = async (tx: Store, change: RuleChange) => {
      audited.push(change);
      await tx.audit.append({
        occurredAt: new Date(START).toISOString(), tenantId: "t", projectId: "p", subject: { id: "alice", role: "Engineer" },
        action: change.action, resource: { kind: "rule", id: String(change.ruleId) }, outcome: "allowed", risk: "low", confirmation: "confirmed", correlationId: "c",
      });
    };
    const stored = async () => ({ rules: (await store.rules.list({ offset: 0, limit: 1 })).total, audit: (await store.audit.list({ tenantId: "t", projectId: "p", limit: 1 })).items.length });

    beforeEach(async () => {
      store = await backend.open(`service-batch${++count}`);
      reloads = [];
      audited = [];
      service = createRuleService({ store, clock: { now: () => START }, site: indexSite(testSite()), reload: async (ids) => (reloads.push([...ids]), SUMMARY) });
    });
    afterEach(() => store.close());
    after(() => backend.cleanup());

    it("issue 19.1: a successful 500-rule batch writes one audit record per rule, in the transaction, and calls the reload once with every id", async () => {
      const result = await service.batch(creates(500), before);
      const ids = result.results.map((r) => r.id);
      expect(new Set(ids).size).to.equal(500);
      expect(audited.map((c) => `${c.action}:${c.ruleId}`)).to.deep.equal(ids.map((id) => `rule.create:${id}`));
      expect(reloads).to.deep.equal([ids]);
      expect(result.reload).to.equal(SUMMARY);
      expect((await store.audit.list({ tenantId: "t", projectId: "p", limit: 500 })).items.map((e) => Number(e.resource.id))).to.deep.equal(ids);
      expect((await store.rules.list({ offset: 0, limit: 500 })).items.map((r) => r.id)).to.deep.equal(ids);
    });

    it("issue 19.1: a failure in the middle stores nothing: an invalid flow, a duplicate name or a missing rule at operation 250, and no reload", async () => {
      const failures: Array<[string, BatchOperation, string]> = [
        ["an invalid flow", createOf("rule 250", brokenFlow()), "invalid-input"],
        ["a duplicate name", createOf("rule 10"), "duplicate-name"],
        ["a missing rule", { op: "enable", id: 4242 }, "not-found"],
      ];
      for (const [what, operation, code] of failures) {
        const operations = creates(500);
        operations[250] = operation;
        const error = await service.batch(operations, before).then(() => undefined, (e: unknown) => e);
        expect(error, what).to.deep.include({ code });
        expect((error as { details: { operation: number } }).details.operation, what).to.equal(250);
        expect(await stored(), what).to.deep.equal({ rules: 0, audit: 0 });
        expect(reloads, what).to.deep.equal([]);
      }
    });

    it("issue 19.1: an audit record that cannot be written refuses the whole batch (the hook runs inside the transaction)", async () => {
      let calls = 0;
      const failing = async (tx: Store, change: RuleChange) => {
        if (++calls === 3) throw new Error("the audit store failed");
        await before(tx, change);
      };
      const error = await service.batch(creates(5), failing).then(() => undefined, (e: unknown) => e as Error);
      expect(error?.message).to.equal("the audit store failed");
      expect(await stored()).to.deep.equal({ rules: 0, audit: 0 });
      expect(reloads).to.deep.equal([]);
    });
  });
}
