// verifyAuditChain: whatever is changed in a run of the chain, it says which event breaks it.
import { expect } from "chai";
import type { AuditEvent } from "../../runtime/audit/audit-event.js";
import { sealAuditEvent } from "../../runtime/audit/evidence-digest.js";
import { verifyAuditChain } from "../../runtime/audit/verify-audit-chain.js";
import { auditInput, sealChain } from "./fixtures.js";

describe("verifyAuditChain", () => {
  const chain = sealChain([
    auditInput({ action: "rule.create" }),
    auditInput({ action: "rule.update", traceId: "t-2" }),
    auditInput({ action: "rule.enable", subject: { id: "bob", role: "Admin" } }),
    auditInput({ action: "scheduler.reload", resource: { kind: "scheduler", id: null } }),
  ]);
  const broken = (sequence: string) => ({ ok: false, sequence });

  it("accepts an intact chain, an empty one, and a run after a known digest", () => {
    expect(verifyAuditChain(chain)).to.deep.equal({ ok: true });
    expect(verifyAuditChain([])).to.deep.equal({ ok: true });
    expect(verifyAuditChain(chain.slice(2), chain[1]?.evidenceDigest)).to.deep.equal({ ok: true });
  });

  it("spec: detects a tampered field, naming the altered event", () => {
    const tampered = chain.map((e) => (e.sequence === "3" ? { ...e, subject: { id: "bob", role: "Viewer" } } : e));
    expect(verifyAuditChain(tampered)).to.include(broken("3"));
    const outcome = chain.map((e) => (e.sequence === "2" ? { ...e, outcome: "denied" as const } : e));
    expect(verifyAuditChain(outcome)).to.include(broken("2"));
  });

  it("detects a field added to an event and a replaced digest", () => {
    const added = chain.map((e) => (e.sequence === "1" ? { ...e, note: "inserted" } : e));
    expect(verifyAuditChain(added)).to.include(broken("1"));
    const redigested = chain.map((e) => (e.sequence === "4" ? { ...e, evidenceDigest: "0".repeat(64) } : e));
    expect(verifyAuditChain(redigested)).to.include(broken("4"));
  });

  it("spec: detects a removed event, also when the later events are renumbered", () => {
    const removed = [chain[0], chain[2], chain[3]] as AuditEvent[];
    expect(verifyAuditChain(removed)).to.include(broken("3"));
    expect(verifyAuditChain(chain.slice(1))).to.include(broken("2"));
    const renumbered = removed.map((e, i) => ({ ...e, sequence: String(i + 1) }));
    expect(verifyAuditChain(renumbered)).to.include(broken("2"));
  });

  it("spec: detects a reordered pair, also when the sequences are swapped back", () => {
    const swapped = [chain[0], chain[2], chain[1], chain[3]] as AuditEvent[];
    expect(verifyAuditChain(swapped)).to.include(broken("3"));
    const resequenced = swapped.map((e, i) => ({ ...e, sequence: String(i + 1) }));
    expect(verifyAuditChain(resequenced)).to.include(broken("2"));
  });

  it("detects a re-sealed event whose successors were not re-sealed", () => {
    const [first, second] = chain as [AuditEvent, AuditEvent];
    const { evidenceDigest: _old, ...unsealed } = second;
    const forged = sealAuditEvent({ ...unsealed, risk: "low" }, first.evidenceDigest).event;
    expect(verifyAuditChain([first, forged, ...chain.slice(2)])).to.include(broken("3"));
  });

  it("a run that does not start at sequence 1 needs the previous digest", () => {
    expect(verifyAuditChain(chain.slice(2))).to.include(broken("3"));
    expect(verifyAuditChain(chain.slice(2), chain[0]?.evidenceDigest)).to.include(broken("3"));
  });

  it("rejects a sequence that is not a canonical decimal string", () => {
    const numeric = chain.map((e) => (e.sequence === "1" ? { ...e, sequence: "01" } : e));
    expect(verifyAuditChain(numeric)).to.deep.equal({ ok: false, sequence: "01", kind: "malformed", reason: "the sequence is not a canonical decimal string" });
  });
});
