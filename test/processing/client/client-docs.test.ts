// docs/data-processing.md, "Processor client", lists every code the client can return (spec:
// Errors; the client's own failures are decisions of ours and must be written down).
import { expect } from "chai";
import { readdirSync, readFileSync } from "node:fs";
import { fromRoot } from "../../helpers/paths.js";

describe("processor client: documented codes", () => {
  it("Errors: docs/data-processing.md's Processor client section names every code of runtime/processing/client", () => {
    const dir = fromRoot("runtime/processing/client");
    const codes = new Set(readdirSync(dir).flatMap((f) => [...readFileSync(`${dir}/${f}`, "utf8").matchAll(/code: "([A-Z][A-Z0-9_]+)"/g)].map((m) => m[1]!)));
    expect(codes.size).to.be.greaterThan(15);
    const doc = readFileSync(fromRoot("docs/data-processing.md"), "utf8");
    const section = doc.slice(doc.indexOf("\n## Processor client\n"));
    expect(section.length).to.be.greaterThan(100);
    const next = section.indexOf("\n## ", 5);
    const text = next < 0 ? section : section.slice(0, next);
    expect([...codes].filter((c) => !text.includes(`\`${c}\``))).to.deep.equal([]);
  });
});
