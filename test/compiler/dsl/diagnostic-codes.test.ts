// Every diagnostic code the DSL path and the YAML front end can produce is shown, message and
// code frame, by an invalid case in test/golden/dsl: DSL codes by an input.rule, YAML codes by an
// input.rule.yaml.
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

/** The codes matching `pattern` (quotes included) written in the sources under `dirs`. */
function codesInSources(dirs: string[], pattern: RegExp): string[] {
  const files = dirs.flatMap((d) => sources(fromRoot(d)));
  const found = files.flatMap((f) => readFileSync(f, "utf8").match(pattern) ?? []);
  return [...new Set(found.map((c) => c.slice(1, -1)))].sort();
}

const dslCodes = (): string[] => codesInSources(["grammar/rule", "compiler/lower", "compiler/front-ends/dsl"], /"(dsl|rule)\/[a-z-]+"/g);
const yamlCodes = (): string[] => codesInSources(["compiler/front-ends/yaml"], /"yaml\/[a-z-]+"/g);

/** The codes that the invalid cases' diagnostics.txt report for the input file `file`. */
function shownCodes(file: "input.rule" | "input.rule.yaml"): Set<string> {
  const texts = goldenCases("dsl")
    .filter((c) => c.name.startsWith("invalid-") && existsSync(join(c.dir, "diagnostics.txt")))
    .map((c) => readFileSync(join(c.dir, "diagnostics.txt"), "utf8"));
  const line = new RegExp(`^${file.replace(/\./g, "\\.")}:\\d+:\\d+: error ([a-z]+\\/[a-z-]+):`, "gm");
  return new Set(texts.flatMap((t) => [...t.matchAll(line)].map((m) => m[1]!)));
}

describe("DSL and YAML diagnostic codes in golden cases", () => {
  it("finds the dsl/ and rule/ codes in the sources", () => {
    expect(dslCodes()).to.include.members(["dsl/unexpected-token", "rule/unknown-block"]);
  });

  it("every dsl/ and rule/ code in grammar/rule, compiler/lower and compiler/front-ends/dsl has an invalid case reporting it", () => {
    const shown = shownCodes("input.rule");
    expect(dslCodes().filter((c) => !shown.has(c))).to.deep.equal([]);
  });

  it("the flow/ and expr/ codes a DSL author meets most have an invalid case reporting them", () => {
    const shown = shownCodes("input.rule");
    expect(FLOW_CODES_FROM_DSL.filter((c) => !shown.has(c))).to.deep.equal([]);
  });

  it("finds the yaml/ codes in the sources", () => {
    expect(yamlCodes()).to.include.members(["yaml/syntax", "yaml/else-without-when"]);
  });

  it("every yaml/ code in compiler/front-ends/yaml has an invalid case reporting it from an input.rule.yaml", () => {
    const shown = shownCodes("input.rule.yaml");
    expect(yamlCodes().filter((c) => !shown.has(c))).to.deep.equal([]);
  });
});
