// verifyStoredAuditChain pages through the store: never more than a page of rows at once, the
// digest carried across pages, and the first break named wherever it falls.
import { expect } from "chai";
import type { StoredAuditRow } from "../../runtime/audit/audit-event.js";
import { toCanonicalAuditJson } from "../../runtime/audit/evidence-digest.js";
import { verifyStoredAuditChain, type AuditChainReader } from "../../runtime/audit/verify-audit-range.js";
import { auditInput, sealChain } from "./fixtures.js";

function rowsOf(count: number): StoredAuditRow[] {
  return sealChain(Array.from({ length: count }, (_, i) => auditInput({ correlationId: `c${i + 1}` }))).map(({ evidenceDigest, ...event }) => ({
    sequence: event.sequence,
    eventJson: toCanonicalAuditJson(event),
    evidenceDigest,
  }));
}

function reader(rows: StoredAuditRow[]): AuditChainReader & { largest: number; reads: number } {
  const state = {
    largest: 0,
    reads: 0,
    async readChain({ after, through, limit }: { after: number; through?: number; limit: number }) {
      state.reads += 1;
      const page = rows.filter((r) => Number(r.sequence) > after && (through === undefined || Number(r.sequence) <= through)).slice(0, limit);
      state.largest = Math.max(state.largest, page.length);
      return page;
    },
    async readChainAt(sequences: readonly number[]) {
      return rows.filter((r) => sequences.includes(Number(r.sequence)));
    },
  };
  return state;
}

describe("issue 16.6: verifyStoredAuditChain", () => {
  it("issue 16.6: verifies a chain longer than a page, reading one page at a time, and carries the digest across pages", async () => {
    const rows = rowsOf(7);
    const store = reader(rows);
    const report = await verifyStoredAuditChain(store, { pageSize: 2 });
    expect(report).to.deep.equal({ ok: true, from: "1", to: "7", checked: 7, firstBroken: null, last: { sequence: "7", evidenceDigest: rows[6]!.evidenceDigest } });
    expect(store.largest).to.equal(2);
    expect(store.reads).to.equal(5);
  });

  it("issue 16.6: names a break on a later page: an altered row, a row of another sequence, a row that is not JSON", async () => {
    const rows = rowsOf(7);
    const altered = rows.map((r) => (r.sequence === "6" ? { ...r, eventJson: r.eventJson.replace('"c6"', '"forged"') } : r));
    expect((await verifyStoredAuditChain(reader(altered), { pageSize: 2 })).firstBroken).to.include({ sequence: "6", kind: "digest-mismatch" });
    const moved = rows.map((r) => (r.sequence === "5" ? { ...r, eventJson: rows[3]!.eventJson } : r));
    expect((await verifyStoredAuditChain(reader(moved), { pageSize: 2 })).firstBroken).to.include({ sequence: "5", kind: "malformed" });
    const garbage = rows.map((r) => (r.sequence === "4" ? { ...r, eventJson: "{not json" } : r));
    expect((await verifyStoredAuditChain(reader(garbage), { pageSize: 2 })).firstBroken).to.include({ sequence: "4", kind: "malformed" });
    const cut = rows.filter((r) => r.sequence !== "1");
    expect((await verifyStoredAuditChain(reader(cut))).firstBroken).to.include({ sequence: "2", kind: "sequence-gap" });
  });

  it("issue 16.6: a missing first or last sequence of a range is a gap, even when the next stored event lies past the range", async () => {
    const rows = rowsOf(7).filter((r) => r.sequence !== "4" && r.sequence !== "5");
    const gapAt = async (range: { from?: number; to?: number }) => (await verifyStoredAuditChain(reader(rows), range)).firstBroken;
    expect(await gapAt({ from: 3, to: 4 })).to.include({ sequence: "4", kind: "sequence-gap" });
    expect(await gapAt({ from: 3, to: 5 })).to.deep.include({ sequence: "4", kind: "sequence-gap", reason: "expected sequence 4: events 4 to 5 are missing (deleted, or the chain was renumbered)" });
    expect(await gapAt({ from: 5, to: 5 })).to.include({ sequence: "5", kind: "sequence-gap" });
    expect(await gapAt({ from: 4, to: 4 })).to.include({ sequence: "4", kind: "sequence-gap" });
    expect(await gapAt({ from: 6, to: 7 })).to.include({ sequence: "6", kind: "sequence-gap" });
    const cutFirst = rowsOf(3).filter((r) => r.sequence !== "1");
    expect((await verifyStoredAuditChain(reader(cutFirst), { from: 1, to: 1 })).firstBroken).to.include({ sequence: "1", kind: "sequence-gap" });
    expect(await verifyStoredAuditChain(reader(rows), { from: 8, to: 9 })).to.deep.include({ ok: true, checked: 0, firstBroken: null });
    expect(await verifyStoredAuditChain(reader(rows), { from: 7, to: 9 })).to.deep.include({ ok: true, to: "7", checked: 1, firstBroken: null });
  });
});
