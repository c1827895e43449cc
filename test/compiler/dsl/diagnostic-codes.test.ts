// Every diagnostic code the DSL path can produce is shown, message and code frame, by an invalid case in test/golden/dsl.
import { expect } from "chai";
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { goldenCases } from "../../helpers/golden.js";
import { fromRoot } from "../../helpers/paths.js";

/** The flow and expression codes a DSL author meets most, reached through lowering. */
const FLOW_CODES_FROM_DSL = [
  "expr/unknown-variable",
  "expr/type-mismatch",
  "expr/unknown-function",
  "expr/arity",
  "expr/too-deep",
  "expr/number-out-of-range",
  "flow/duplicate-variable",
  "flow/variable-not-on-every-path",
  "flow/variable-type-conflict",
  "flow/duplicate-output",
  "flow/reserved-output",
  "flow/reserved-name",
  "flow/too-many-paths",
];

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? sources(join(dir, e.name)) : e.name.endsWith(".ts") ? [join(dir, e.name)] : []));
}

function codesInSources(): string[] {
  const files = ["grammar/rule", "compiler/lower", "compiler/front-ends/dsl"].flatMap((d) => sources(fromRoot(d)));
  const found = files.flatMap((f) => readFileSync(f, "utf8").match(/"(dsl|rule)\/[a-z-]+"/g) ?? []);
  return [...new Set(found.map((c) => c.slice(1, -1)))].sort();
}

function shownCodes(): Set<string> {
  const texts = goldenCases("dsl")
    .filter((c) => c.name.startsWith("invalid-") && existsSync(join(c.dir, "diagnostics.txt")))
    .map((c) => readFileSync(join(c.dir, "diagnostics.txt"), "utf8"));
  return new Set(texts.flatMap((t) => [...t.matchAll(/^input\.rule:\d+:\d+: error ([a-z]+\/[a-z-]+):/gm)].map((m) => m[1]!)));
}

describe("DSL diagnostic codes in golden cases", () => {
  it("finds the dsl/ and rule/ codes in the sources", () => {
    expect(codesInSources()).to.include.members(["dsl/unexpected-token", "rule/unknown-block"]);
  });

  it("every dsl/ and rule/ code in grammar/rule, compiler/lower and compiler/front-ends/dsl has an invalid case reporting it", () => {
    const shown = shownCodes();
    expect(codesInSources().filter((c) => !shown.has(c))).to.deep.equal([]);
  });

  it("the flow/ and expr/ codes a DSL author meets most have an invalid case reporting them", () => {
    const shown = shownCodes();
    expect(FLOW_CODES_FROM_DSL.filter((c) => !shown.has(c))).to.deep.equal([]);
  });
});
