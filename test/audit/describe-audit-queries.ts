// The audit store's queries: tenant and project scope, the filters, the cursor and nextCursor.
import { expect } from "chai";
import type { AuditEventInput, AuditQuery } from "../../runtime/audit/audit-event.js";
import type { Store } from "../../runtime/store/store.js";
import { auditInput, TENANT } from "./fixtures.js";

const at = (minute: number) => `2026-03-04T05:${String(minute).padStart(2, "0")}:00.000Z`;
const ms = (minute: number) => Date.parse(at(minute));

// Sequence: what it is. 1-5 are tenant-a/project-1 (the caller's scope), 6-8 are not.
const EVENTS: AuditEventInput[] = [
  auditInput({ occurredAt: at(1), action: "rule.create", resource: { kind: "rule", id: "7" }, subject: { id: "alice", role: "Engineer" } }),
  auditInput({ occurredAt: at(2), action: "rule.update", resource: { kind: "rule", id: "7" }, subject: { id: "bob", role: "Admin" } }),
  auditInput({ occurredAt: at(3), action: "rule.update", resource: { kind: "rule", id: "8" }, subject: { id: "alice", role: "Engineer" } }),
  auditInput({ occurredAt: at(4), action: "scheduler.reload", resource: { kind: "scheduler", id: null }, subject: { id: "alice", role: "Engineer" } }),
  auditInput({ occurredAt: at(5), action: "rule.delete", resource: { kind: "rule", id: "7" }, subject: { id: "bob", role: "Admin" } }),
  auditInput({ occurredAt: at(2), tenantId: "tenant-b", action: "rule.update", resource: { kind: "rule", id: "7" } }),
  auditInput({ occurredAt: at(3), projectId: "project-2", action: "rule.update", resource: { kind: "rule", id: "7" } }),
  auditInput({ occurredAt: at(6), tenantId: "tenant-b", projectId: "project-2" }),
];

export function describeAuditQueries(store: () => Store): void {
  describe("list", () => {
    beforeEach(async () => {
      for (const event of EVENTS) await store().audit.append(event);
    });
    const sequences = async (query: Partial<AuditQuery>) => {
      const page = await store().audit.list({ ...TENANT, limit: 100, ...query });
      return page.items.map((e) => e.sequence);
    };

    it("spec: search is restricted to the tenant and project: events of another tenant or project never appear", async () => {
      expect(await sequences({})).to.deep.equal(["1", "2", "3", "4", "5"]);
      expect(await sequences({ action: "rule.update", resourceId: "7" })).to.deep.equal(["2"]);
      expect(await sequences({ tenantId: "tenant-b" })).to.deep.equal(["6"]);
      expect(await sequences({ tenantId: "tenant-b", projectId: "project-2" })).to.deep.equal(["8"]);
      expect(await sequences({ tenantId: "tenant-c" })).to.deep.equal([]);
    });

    it("spec: each filter is exact: action, resourceKind, resourceId, subjectId", async () => {
      expect(await sequences({ action: "rule.update" })).to.deep.equal(["2", "3"]);
      expect(await sequences({ action: "rule" })).to.deep.equal([]);
      expect(await sequences({ resourceKind: "scheduler" })).to.deep.equal(["4"]);
      expect(await sequences({ resourceId: "7" })).to.deep.equal(["1", "2", "5"]);
      expect(await sequences({ subjectId: "bob" })).to.deep.equal(["2", "5"]);
      expect(await sequences({ subjectId: "alice", resourceKind: "rule", resourceId: "8" })).to.deep.equal(["3"]);
    });

    it("from is inclusive and to exclusive, on occurredAt in epoch milliseconds", async () => {
      expect(await sequences({ from: ms(2), to: ms(4) })).to.deep.equal(["2", "3"]);
      expect(await sequences({ from: ms(2) + 1 })).to.deep.equal(["3", "4", "5"]);
      expect(await sequences({ to: ms(1) })).to.deep.equal([]);
      expect(await sequences({ to: ms(1) + 1, action: "rule.create" })).to.deep.equal(["1"]);
    });

    it("spec: the cursor is the decimal audit sequence: after resumes past it, nextCursor is the last item's when more may follow", async () => {
      const first = await store().audit.list({ ...TENANT, limit: 2 });
      expect(first.items.map((e) => e.sequence)).to.deep.equal(["1", "2"]);
      expect(first.nextCursor).to.equal("2");
      const second = await store().audit.list({ ...TENANT, limit: 2, after: Number(first.nextCursor) });
      expect(second.items.map((e) => e.sequence)).to.deep.equal(["3", "4"]);
      expect(second.nextCursor).to.equal("4");
      const last = await store().audit.list({ ...TENANT, limit: 2, after: 4 });
      expect(last.items.map((e) => e.sequence)).to.deep.equal(["5"]);
      expect(last.nextCursor).to.equal(null);
    });

    it("nextCursor is null when a page ends the result exactly, and for an empty page", async () => {
      expect((await store().audit.list({ ...TENANT, limit: 5 })).nextCursor).to.equal(null);
      expect((await store().audit.list({ ...TENANT, limit: 4 })).nextCursor).to.equal("4");
      expect(await store().audit.list({ ...TENANT, limit: 5, after: 5 })).to.deep.equal({ items: [], nextCursor: null });
    });

    it("the cursor counts in the whole chain: filtered pages skip the sequences of other scopes", async () => {
      const page = await store().audit.list({ ...TENANT, action: "rule.update", limit: 1 });
      expect(page.nextCursor).to.equal("2");
      const next = await store().audit.list({ ...TENANT, action: "rule.update", limit: 1, after: 2 });
      expect(next.items.map((e) => e.sequence)).to.deep.equal(["3"]);
      expect(next.nextCursor).to.equal(null);
    });

    it("a query the store cannot run is refused, naming the field", async () => {
      for (const [query, field] of [[{ limit: 0 }, "limit"], [{ limit: 1.5 }, "limit"], [{ after: -1 }, "after"], [{ from: Number.NaN }, "from"]] as const) {
        const base: AuditQuery = { ...TENANT, limit: 10 };
        const seen = await store().audit.list({ ...base, ...query }).catch((error: unknown) => error);
        expect(seen).to.be.instanceOf(RangeError).with.property("message").that.contains(`audit query: ${field}`);
      }
    });
  });
}
