// The diagnostic reference in docs/flow-json.md lists every code the compiler and CLI emit.
import { expect } from "chai";
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { fromRoot } from "./helpers/paths.js";

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? sources(join(dir, e.name)) : e.name.endsWith(".ts") ? [join(dir, e.name)] : []));
}

describe("docs", () => {
  it("docs/flow-json.md documents every diagnostic code in the source", () => {
    const codes = new Set(["compiler", "grammar", "cli"].flatMap((d) => sources(fromRoot(d))).flatMap((f) => readFileSync(f, "utf8").match(/"(flow|expr|json)\/[a-z-]+"/g) ?? []));
    const reference = readFileSync(fromRoot("docs/flow-json.md"), "utf8");
    expect(codes.size).to.be.greaterThan(25);
    expect([...codes].map((c) => c.slice(1, -1)).filter((c) => !reference.includes(`\`${c}\``))).to.deep.equal([]);
  });
});
