// The chain's pure steps: RFC 8785 canonical JSON of an event and its evidence digest.
import { expect } from "chai";
import { createHash } from "node:crypto";
import { toCanonicalJson } from "../../compiler/jcs/canonical-json.js";
import type { AuditEvent } from "../../runtime/audit/audit-event.js";
import { computeEvidenceDigest, sealAuditEvent, toCanonicalAuditJson, type UnsealedAuditEvent } from "../../runtime/audit/evidence-digest.js";
import { auditInput } from "./fixtures.js";

const sha256 = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");

describe("audit evidence digest", () => {
  const event: UnsealedAuditEvent = { ...auditInput({ traceId: "trace-9" }), sequence: "12" };

  it("spec: the canonical JSON of an event is byte-identical whatever its key order, keys sorted per RFC 8785", () => {
    const reordered = Object.fromEntries(Object.entries(event).reverse()) as unknown as UnsealedAuditEvent;
    const nested = { ...reordered, subject: { role: "Engineer", id: "alice" }, resource: { id: "7", kind: "rule" } };
    const expected =
      '{"action":"rule.update","confirmation":"confirmed","correlationId":"corr-1","occurredAt":"2026-03-04T05:06:07.089Z",' +
      '"outcome":"allowed","projectId":"project-1","resource":{"id":"7","kind":"rule"},"risk":"medium","sequence":"12",' +
      '"subject":{"id":"alice","role":"Engineer"},"tenantId":"tenant-a","traceId":"trace-9"}';
    expect(toCanonicalAuditJson(event)).to.equal(expected);
    expect(toCanonicalAuditJson(reordered)).to.equal(expected);
    expect(toCanonicalAuditJson(nested)).to.equal(expected);
  });

  it("an optional field left out and one set to undefined give the same canonical JSON; null stays", () => {
    const { traceId: _omitted, ...without } = event;
    const json = toCanonicalAuditJson(without);
    expect(json).not.to.contain("traceId");
    expect(toCanonicalAuditJson({ ...without, traceId: undefined } as UnsealedAuditEvent)).to.equal(json);
    expect(toCanonicalAuditJson({ ...without, resource: { kind: "scheduler", id: null } })).to.contain('"resource":{"id":null,"kind":"scheduler"}');
  });

  // Two of the published RFC 8785 vectors (cyberphone/json-canonicalization testdata, copied in
  // ../shared/data/jcs-vectors/): key order by UTF-16 code units, escapes and number forms.
  it("toCanonicalJson passes published RFC 8785 vectors (key order by UTF-16 code units, escapes, numbers)", () => {
    const weird = '{"\\u20ac":"Euro Sign","\\r":"Carriage Return","\\u000a":"Newline","1":"One","\\u0080":"Control\\u007f","\\ud83d\\ude02":"Smiley","\\u00f6":"Latin Small Letter O With Diaeresis","\\ufb33":"Hebrew Letter Dalet With Dagesh","</script>":"Browser Challenge"}';
    expect(toCanonicalJson(JSON.parse(weird))).to.equal(
      '{"\\n":"Newline","\\r":"Carriage Return","1":"One","</script>":"Browser Challenge","\u0080":"Control\u007f",' +
        '"\u00f6":"Latin Small Letter O With Diaeresis","\u20ac":"Euro Sign","\ud83d\ude02":"Smiley","\ufb33":"Hebrew Letter Dalet With Dagesh"}',
    );
    const values = '{"numbers":[333333333.33333329,1E30,4.50,2e-3,0.000000000000000000000000001],"string":"\\u20ac$\\u000F\\u000aA\'\\u0042\\u0022\\u005c\\\\\\"\\/","literals":[null,true,false]}';
    expect(toCanonicalJson(JSON.parse(values))).to.equal('{"literals":[null,true,false],"numbers":[333333333.3333333,1e+30,4.5,0.002,1e-27],"string":"\u20ac$\\u000f\\nA\'B\\"\\\\\\\\\\"/"}');
  });

  it("spec: evidenceDigest is the lower-case hex sha256 of the previous digest followed by the canonical JSON", () => {
    const json = toCanonicalAuditJson(event);
    expect(computeEvidenceDigest("", json)).to.equal(sha256(json)).and.match(/^[0-9a-f]{64}$/);
    const previous = sha256("before");
    expect(computeEvidenceDigest(previous, json)).to.equal(sha256(previous + json));
  });

  it("sealing covers the sequence and leaves the input untouched", () => {
    const copy = structuredClone(event);
    const sealed: AuditEvent = sealAuditEvent(event, "").event;
    expect(event).to.deep.equal(copy);
    expect(sealed).to.deep.equal({ ...event, evidenceDigest: sha256(toCanonicalAuditJson(event)) });
    expect(sealAuditEvent({ ...event, sequence: "13" }, "").event.evidenceDigest).not.to.equal(sealed.evidenceDigest);
  });
});
