// The chain's pure steps: RFC 8785 canonical JSON of an event and its evidence digest.
import { expect } from "chai";
import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { generalCanonicalJson } from "../../compiler/jcs/canonical-json.js";
import type { AuditEvent } from "../../runtime/audit/audit-event.js";
import { computeEvidenceDigest, sealAuditEvent, toCanonicalAuditJson, type UnsealedAuditEvent } from "../../runtime/audit/evidence-digest.js";
import { fromRoot } from "../helpers/paths.js";
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

  // Issue 22: the published RFC 8785 vectors (cyberphone/json-canonicalization testdata, copied
  // to test/fixtures/jcs-vectors/testdata: input/ and the expected output/) read from their files
  // and written by the project's own canonical path, the one the chain seals with
  // (toCanonicalAuditJson, which is toCanonicalJson), and by the general path behind it: key order
  // by UTF-16 code units, escapes and number forms, byte for byte.
  it("issue 22: the audit chain's canonical path writes the published RFC 8785 vectors byte for byte (fast and general path)", () => {
    const vectors = fromRoot("test/fixtures/jcs-vectors/testdata");
    const names = readdirSync(`${vectors}/input`).filter((name) => name.endsWith(".json"));
    expect(names).to.include.members(["weird.json", "values.json"]);
    for (const name of names) {
      const input = JSON.parse(readFileSync(`${vectors}/input/${name}`, "utf8")) as UnsealedAuditEvent;
      const expected = readFileSync(`${vectors}/output/${name}`);
      const canonical = toCanonicalAuditJson(input);
      expect(Buffer.from(canonical, "utf8").equals(expected), `${name}: ${canonical}`).to.equal(true);
      expect(Buffer.from(generalCanonicalJson(input), "utf8").equals(expected), name).to.equal(true);
      expect(computeEvidenceDigest("", canonical)).to.equal(createHash("sha256").update(expected).digest("hex"));
    }
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
