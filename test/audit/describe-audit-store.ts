// The audit store suite, written once and run on every database (audit-store.test.ts).
import { expect } from "chai";
import type { AuditEvent, AuditEventInput } from "../../runtime/audit/audit-event.js";
import { checkAuditGuards } from "../../runtime/audit/check-audit-guards.js";
import { InvalidAuditEventError } from "../../runtime/audit/check-audit-input.js";
import { verifyAuditChain } from "../../runtime/audit/verify-audit-chain.js";
import { readAuditChain } from "../../runtime/store/knex-audit-store.js";
import { createKnexStore, OuterStoreInTransactionError } from "../../runtime/store/knex-store.js";
import { AUDIT_APPEND_ONLY_MESSAGE } from "../../runtime/store/migrations/004-audit-events.js";
import type { Store } from "../../runtime/store/store.js";
import type { DatabaseBackend } from "../store/backends.js";
import { T0 } from "../store/fixtures.js";
import { describeAuditQueries } from "./describe-audit-queries.js";
import { auditInput, TENANT } from "./fixtures.js";

export function describeAuditStore(name: string, backend: DatabaseBackend): void {
  describe(`audit store on ${name}`, () => {
    let count = 0;
    let key: string;
    let store: Store;
    beforeEach(async () => {
      key = `audit${++count}`;
      store = await backend.open(key);
    });
    afterEach(() => store.close());
    after(() => backend.cleanup());

    const appendAll = async (inputs: AuditEventInput[]) => {
      const events: AuditEvent[] = [];
      for (const input of inputs) events.push(await store.audit.append(input));
      return events;
    };
    const stored = () => readAuditChain(backend.connect(key), { limit: 1000 });
    const refusal = async (write: PromiseLike<unknown>) => {
      let seen: unknown;
      await Promise.resolve(write).catch((error: unknown) => (seen = error));
      expect(seen, "the database accepted the write").to.be.instanceOf(Error);
      return (seen as Error).message;
    };

    it("spec: append assigns sequences \"1\", \"2\", \"3\" and digests that verifyAuditChain accepts", async () => {
      const events = await appendAll([auditInput(), auditInput({ action: "rule.enable", traceId: "trace-1" }), auditInput({ action: "rule.delete" })]);
      expect(events.map((e) => e.sequence)).to.deep.equal(["1", "2", "3"]);
      expect(events[1]).to.deep.equal({ ...auditInput({ action: "rule.enable", traceId: "trace-1" }), sequence: "2", evidenceDigest: events[1]?.evidenceDigest });
      expect(verifyAuditChain(events)).to.deep.equal({ ok: true });
      expect(await stored()).to.deep.equal(events);
    });

    it("list returns the events exactly as append returned them, sequence as a decimal string", async () => {
      const events = await appendAll([auditInput({ traceId: "t" }), auditInput({ resource: { kind: "scheduler", id: null } })]);
      const page = await store.audit.list({ ...TENANT, limit: 10 });
      expect(page).to.deep.equal({ items: events, nextCursor: null });
      expect(page.items[1]).not.to.have.property("traceId");
    });

    it("spec: the database itself refuses UPDATE of an audit row", async () => {
      const events = await appendAll([auditInput(), auditInput()]);
      const db = backend.connect(key);
      expect(await refusal(db("audit_events").where({ sequence: 1 }).update({ action: "rule.read" }))).to.contain(AUDIT_APPEND_ONLY_MESSAGE);
      expect(await refusal(db("audit_events").update({ evidence_digest: "0" }))).to.contain(AUDIT_APPEND_ONLY_MESSAGE);
      expect(await stored()).to.deep.equal(events);
    });

    it("spec: the database itself refuses DELETE and TRUNCATE of audit rows", async () => {
      const events = await appendAll([auditInput(), auditInput()]);
      const db = backend.connect(key);
      expect(await refusal(db("audit_events").where({ sequence: 2 }).delete())).to.contain(AUDIT_APPEND_ONLY_MESSAGE);
      expect(await refusal(db("audit_events").delete())).to.contain(AUDIT_APPEND_ONLY_MESSAGE);
      // knex truncates with TRUNCATE on PostgreSQL (a statement trigger) and DELETE on SQLite.
      expect(await refusal(db("audit_events").truncate())).to.contain(AUDIT_APPEND_ONLY_MESSAGE);
      expect(await stored()).to.deep.equal(events);
    });

    it("issue 16.6: guardsIntact names each append-only trigger that is dropped, disabled or redefined; the start-up check alarms on it", async () => {
      expect(await store.audit.guardsIntact()).to.deep.equal({ intact: true, problems: [] });
      expect(await checkAuditGuards(store.audit)).to.deep.equal({ report: { intact: true, problems: [] } });
      const db = backend.connect(key);
      if (db.client.dialect === "postgresql") {
        await db.raw("alter table audit_events disable trigger user");
        expect(await store.audit.guardsIntact()).to.deep.equal({
          intact: false,
          problems: ["trigger audit_events_no_update_delete is disabled: UPDATE and DELETE of audit rows are not refused", "trigger audit_events_no_truncate is disabled: TRUNCATE of audit rows is not refused"],
        });
        await db.raw("alter table audit_events enable trigger user");
        await db.raw("drop trigger audit_events_no_truncate on audit_events");
        await db.raw("create or replace function audit_events_append_only() returns trigger language plpgsql as $$ begin return old; end $$");
        expect(await store.audit.guardsIntact()).to.deep.equal({
          intact: false,
          problems: ["trigger audit_events_no_update_delete is not the one the migration made: UPDATE and DELETE of audit rows may not be refused", "trigger audit_events_no_truncate is missing: TRUNCATE of audit rows is not refused"],
        });
      } else {
        await db.raw("drop trigger audit_events_no_update");
        await db.raw("drop trigger audit_events_no_delete");
        await db.raw("create trigger audit_events_no_delete before delete on audit_events begin select 1; end");
        expect(await store.audit.guardsIntact()).to.deep.equal({
          intact: false,
          problems: ["trigger audit_events_no_update is missing: UPDATE of audit rows is not refused", "trigger audit_events_no_delete is not the one the migration made: DELETE of audit rows may not be refused"],
        });
      }
      const { report, alarm } = await checkAuditGuards(store.audit);
      expect(report?.intact).to.equal(false);
      expect(alarm).to.contain(`ALARM audit append-only guards: ${report!.problems.join("; ")}.`);
    });

    it("spec: an append inside a transaction commits with the change", async () => {
      const event = await store.transaction(async (tx) => {
        const appended = await tx.audit.append(auditInput({ action: "rule.create" }));
        await tx.rules.create({ name: "a", description: "" }, T0);
        return appended;
      });
      expect(event.sequence).to.equal("1");
      expect(await stored()).to.deep.equal([event]);
      expect(await store.rules.listAll()).to.have.length(1);
    });

    it("spec: an append in a transaction that rolls back leaves no row; the next append chains from the last committed one", async () => {
      const first = await store.audit.append(auditInput());
      const failure = new Error("the change failed");
      const seen = await store
        .transaction(async (tx) => {
          expect((await tx.audit.append(auditInput({ action: "rule.delete" }))).sequence).to.equal("2");
          throw failure;
        })
        .catch((error: unknown) => error);
      expect(seen).to.equal(failure);
      expect(await stored()).to.deep.equal([first]);
      const next = await store.audit.append(auditInput({ action: "rule.enable" }));
      expect(next.sequence).to.equal("2");
      expect(verifyAuditChain(await stored())).to.deep.equal({ ok: true });
    });

    it("an append in a nested transaction that fails rolls back alone", async () => {
      await store.transaction(async (tx) => {
        await tx.audit.append(auditInput({ action: "kept" }));
        await tx.transaction((inner) => inner.audit.append(auditInput({ action: "dropped" })).then(() => Promise.reject(new Error("inner")))).catch(() => undefined);
        await tx.audit.append(auditInput({ action: "kept too" }));
      });
      const chain = await stored();
      expect(chain.map((e) => [e.sequence, e.action])).to.deep.equal([["1", "kept"], ["2", "kept too"]]);
      expect(verifyAuditChain(chain)).to.deep.equal({ ok: true });
    });

    it("the outer store refuses to append inside one of its transactions (the event would escape it)", async () => {
      let seen: unknown;
      await store.transaction(async () => {
        seen = await store.audit.append(auditInput()).catch((error: unknown) => error);
      });
      expect(seen).to.be.instanceOf(OuterStoreInTransactionError);
      expect(await stored()).to.deep.equal([]);
    });

    it("spec: 20 concurrent appends, each in its own transaction, get sequences 1..20 in one valid chain", async () => {
      const inputs = Array.from({ length: 20 }, (_, i) => auditInput({ correlationId: `corr-${i}` }));
      // Each transaction reads something after its append, so without serialisation their
      // reads of the chain's end would overlap.
      await Promise.all(inputs.map((input) => store.transaction(async (tx) => (await tx.audit.append(input), await tx.rules.listAll()))));
      const chain = await stored();
      expect(chain.map((e) => e.sequence)).to.deep.equal(inputs.map((_, i) => String(i + 1)));
      expect(chain.map((e) => e.correlationId).sort()).to.deep.equal(inputs.map((e) => e.correlationId).sort());
      expect(verifyAuditChain(chain)).to.deep.equal({ ok: true });
    });

    it("concurrent appends from two stores on one database (two processes) form one valid chain", async () => {
      const other = await backend.open(key);
      try {
        const appends = Array.from({ length: 10 }, (_, i) => (i % 2 === 0 ? store : other).audit.append(auditInput({ correlationId: `corr-${i}` })));
        const events = await Promise.all(appends);
        expect(events.map((e) => Number(e.sequence)).sort((a, b) => a - b)).to.deep.equal([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
        expect(verifyAuditChain(await stored())).to.deep.equal({ ok: true });
      } finally {
        await other.close();
      }
    });

    it("issue 19.5: an append onto the end the store knows is one statement; an end another process moved is read again, and the chain stays one", async () => {
      await appendAll([auditInput()]);
      const db = backend.connect(key);
      const statements: string[] = [];
      // The statements on the table (PostgreSQL's lock, which serialises appends, aside).
      db.on("query", (query: { sql: string }) => void (/audit_events/.test(query.sql) && !/^lock /.test(query.sql) && statements.push(query.sql)));
      const mine = createKnexStore(db, store.dialect);
      await mine.audit.append(auditInput()); // the end is not known yet: read, then insert
      statements.length = 0;
      await mine.audit.append(auditInput());
      expect(statements, "one insert that checks the end").to.have.length(1);
      await store.audit.append(auditInput()); // another process appends
      statements.length = 0;
      await mine.audit.append(auditInput({ action: "rule.delete" }));
      expect(statements, "the checked insert, then the end read and the insert").to.have.length(3);
      const chain = await stored();
      expect(chain.map((e) => e.sequence)).to.deep.equal(["1", "2", "3", "4", "5"]);
      expect(verifyAuditChain(chain)).to.deep.equal({ ok: true });
    });

    it("a malformed event is refused before anything is written, naming the field", async () => {
      await store.audit.append(auditInput());
      const seen = await store.audit.append(auditInput({ occurredAt: "2026-03-04" })).catch((error: unknown) => error);
      expect(seen).to.be.instanceOf(InvalidAuditEventError).with.property("message").that.contains("occurredAt");
      expect(await stored()).to.have.length(1);
    });

    describeAuditQueries(() => store);
  });
}
