// The diagnostic references list every code the compiler and CLI emit: docs/flow-json.md the
// codes of editor documents and expressions, docs/dsl.md those of rule files (docs/dsl-yaml.md
// those only YAML files have),
// docs/data-processing.md those of the data-processing contracts.
import { expect } from "chai";
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { fromRoot } from "./helpers/paths.js";

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? sources(join(dir, e.name)) : e.name.endsWith(".ts") ? [join(dir, e.name)] : []));
}

function codesIn(pattern: RegExp): string[] {
  const found = ["compiler", "grammar", "cli", "runtime/processing"].flatMap((d) => sources(fromRoot(d))).flatMap((f) => readFileSync(f, "utf8").match(pattern) ?? []);
  return [...new Set(found.map((c) => c.slice(1, -1)))];
}

function undocumented(codes: string[], ...docs: string[]): string[] {
  const reference = docs.map((doc) => readFileSync(fromRoot(doc), "utf8")).join("\n");
  return codes.filter((c) => !reference.includes(`\`${c}\``));
}

describe("docs", () => {
  it("docs/flow-json.md documents every diagnostic code of editor documents and expressions", () => {
    const codes = codesIn(/"(flow|expr|json)\/[a-z-]+"/g);
    expect(codes.length).to.be.greaterThan(25);
    expect(undocumented(codes, "docs/flow-json.md")).to.deep.equal([]);
  });

  it("docs/dsl.md and docs/dsl-yaml.md document every diagnostic code of rule files (DSL, YAML, lowering, decompiler)", () => {
    const codes = codesIn(/"(dsl|rule|yaml|decompile)\/[a-z-]+"/g);
    expect(codes.length).to.be.greaterThan(20);
    expect(undocumented(codes, "docs/dsl.md", "docs/dsl-yaml.md")).to.deep.equal([]);
  });

  it("docs/data-processing.md documents every diagnostic code of the data-processing contracts", () => {
    const literal = codesIn(/"(contract|time|frame|quality|request|options|result|forecast|derived|error|descriptor|discovery|route|digest)\/[a-z-]+"/g);
    // The correlation codes are built from their namespace (`${namespace}/request-id-mismatch`).
    const correlation = ["result", "derived"].flatMap((ns) => ["request-id", "input-digest", "task", "binding"].map((what) => `${ns}/${what}-mismatch`));
    const codes = [...new Set([...literal, ...correlation])];
    expect(codes.length).to.be.greaterThan(100);
    expect(undocumented(codes, "docs/data-processing.md")).to.deep.equal([]);
  });
});
