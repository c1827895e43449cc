// Diagnostics of the YAML front end: syntax, schema and semantic problems, each at its line and
// column in the YAML file; every problem of a phase reported at once; never a throw.
import { expect } from "chai";
import { readFileSync } from "node:fs";
import { compileRuleYaml, parseRuleYaml } from "../../../compiler/front-ends/yaml/index.js";
import type { Diagnostic } from "../../../generated/types.js";
import { fromRoot } from "../../helpers/paths.js";
import { at, range, yamlFile } from "./yaml-test-helpers.js";

const problems = (text: string): string[] => parseRuleYaml(text).diagnostics.map(at);
const only = (text: string): Diagnostic => {
  const { diagnostics } = parseRuleYaml(text);
  expect(diagnostics, JSON.stringify(diagnostics)).to.have.length(1);
  return diagnostics[0]!;
};

describe("parseRuleYaml: YAML syntax problems", () => {
  it("a tab used as indentation, with every syntax error of the file", () => {
    expect(problems("rules:\n  - name: r\n\tsteps: []\n")).to.include("3:1 yaml/syntax");
  });

  it("an unquoted conditional expression (': ' inside a value), with a hint to quote it", () => {
    const d = parseRuleYaml(yamlFile("- let:\n    y: a ? b : c")).diagnostics[0]!;
    expect(at(d)).to.equal("5:14 yaml/syntax");
    expect(d.suggestion).to.match(/quote/);
  });

  it("a duplicate key: the second one", () => {
    expect(problems(yamlFile("- let: { a: 1 }", "priority: 1\npriority: 2"))).to.deep.equal(["4:5 yaml/duplicate-key"]);
  });

  it("an expression starting with '!' is a YAML tag: suggests quoting it", () => {
    const d = only(yamlFile("- when: !occupied\n  then: []"));
    expect(at(d)).to.equal("4:15 yaml/unknown-tag");
    expect(range(d.span)).to.equal("4:15-4:24");
    expect(d.suggestion).to.match(/quote/);
  });

  it("aliases are refused, anchors alone are harmless", () => {
    expect(problems(yamlFile("- let: &x { a: 1 }\n- let: *x"))).to.deep.equal(["5:14 yaml/alias"]);
  });

  it("nesting past the limit is refused before any recursive pass", () => {
    const deep = "[".repeat(400) + "]".repeat(400);
    expect(problems(`rules: ${deep}\n`)).to.deep.equal(["1:307 yaml/too-deep"]); // where the limit is passed
  });

  it("issue 17: flow collections nested 200,000 deep are yaml/too-deep (found by a scan before the parser, 100 levels past the limit), not a stack overflow read as a syntax error", () => {
    const deep = "[".repeat(200_000) + "]".repeat(200_000);
    expect(problems(`# a comment line\nrules: ${deep}\n`)).to.deep.equal(["2:408 yaml/too-deep"]);
  });

  it("several documents in one file", () => {
    expect(problems("rules: []\n---\nrules: []\n")[0]).to.match(/^2:1 yaml\/syntax/);
  });
});

describe("parseRuleYaml: schema problems (schema/<keyword>), placed in the file", () => {
  it("reports them all at once, in file order", () => {
    const text = yamlFile("- inptu: { a: 1 }\n- write: action(7, 1)\n  vlaue: 2\n- stop", "cooldown: 30\ntrigger: { every: 1 }");
    expect(problems(text)).to.deep.equal([
      "3:15 schema/type",
      "4:23 schema/type",
      "6:9 schema/additional-properties",
      "7:9 schema/required",
      "8:9 schema/additional-properties",
      "9:9 schema/const",
    ]);
  });

  it("an unknown key is marked on the key, with the nearest known name", () => {
    const d = parseRuleYaml(yamlFile("- write: action(7, 1)\n  vlaue: 2")).diagnostics.find((x) => x.code === "schema/additional-properties")!;
    expect(range(d.span)).to.equal("5:9-5:14");
    expect(d).to.include({ path: "/rules/0/steps/0/vlaue", suggestion: "did you mean 'value'?" });
  });

  it("a rule with neither steps nor flow", () => {
    const d = only("rules:\n  - name: r\n    priority: 1\n");
    expect(d).to.include({ code: "schema/required", path: "/rules/0" });
    expect(range(d.span)).to.equal("2:5-3:16");
  });

  it("a point split by a comma inside {...}: one diagnostic, with a hint to quote it", () => {
    const d = only(yamlFile("- input: { t: measurement(12, 3) }"));
    expect(at(d)).to.equal("4:21 schema/pattern");
    expect(d.suggestion).to.match(/quote the point/);
  });

  it("bad durations, points, names and deadbands", () => {
    const text = yamlFile("- delta: 2x\n  point: measurement(1)\n  over: 1 m", "trigger: { on_change: [t], value: 2 % }");
    expect(problems(text)).to.deep.equal(["3:39 schema/pattern", "5:16 schema/pattern", "6:16 schema/pattern", "7:15 schema/pattern"]);
  });

  it("infinite and NaN numbers", () => {
    const d = parseRuleYaml(yamlFile("- param: { a: .inf, b: .nan }")).diagnostics;
    expect(d.map(at)).to.deep.equal(["4:21 schema/type", "4:30 schema/type"]);
    expect(d[0]!.message).to.contain("finite");
  });
});

describe("parseRuleYaml: semantic problems", () => {
  it("expression errors at their exact position, all at once, across rules", () => {
    const text = [
      "rules:",
      "  - name: a",
      "    steps:",
      "      - let: { x: 1 +, y: \"2 * (3\" }",
      "      - when: |",
      "          x >",
      "            = 2",
      "        then: []",
      "  - name: b",
      "    steps:",
      "      - write: action(1, 1)",
      "        value: 'it''s'",
      "      - let:",
      "          z: >-",
      "            a $",
      "            b",
    ].join("\n");
    expect(problems(text)).to.deep.equal([
      "4:22 expr/unexpected-token",
      "4:34 expr/unexpected-token",
      "7:13 expr/unexpected-character",
      "12:19 expr/unexpected-character",
      "14:14 expr/unexpected-character", // folded: the whole scalar
    ]);
  });

  it("a folded expression (no exact position) is marked as the whole scalar", () => {
    const d = only(yamlFile("- let:\n    z: >-\n      a $\n      b"));
    expect(range(d.span)).to.equal("5:14-7:14");
    expect(d.path).to.equal("/rules/0/steps/0/let/z");
  });

  it("an else step that follows no when step", () => {
    expect(problems(yamlFile("- else: []\n- match: first\n  cases: [ { when: a, then: [] } ]\n- else: []"))).to.deep.equal([
      "4:9 yaml/else-without-when",
      "7:9 yaml/else-without-when",
    ]);
  });

  it("steps (or blocks) beside a raw flow", () => {
    const text = "rules:\n  - name: r\n    flow: { nodes: [], edges: [] }\n    steps: []\n    blocks: {}\n";
    expect(problems(text)).to.deep.equal(["4:5 yaml/steps-and-flow", "5:5 yaml/steps-and-flow"]);
  });

  it("a rule with errors is left out; the others are kept", () => {
    const result = parseRuleYaml("rules:\n  - name: a\n    steps: [ { let: { x: 1 + } } ]\n  - name: b\n    steps: [ end ]\n");
    expect(result.diagnostics.map(at)).to.deep.equal(["3:29 expr/unexpected-token"]);
    expect(result.file.rules.map((r) => r.name)).to.deep.equal(["b"]);
    expect(result.rules.map((r) => [r.kind, r.index])).to.deep.equal([["steps", 1]]);
  });
});

describe("the YAML front end never throws on user input", () => {
  const sample = readFileSync(fromRoot("test/compiler/yaml/fixtures/every-construct.rule.yaml"), "utf8");

  it("for every prefix of a file using every construct, and every line removed", () => {
    const inputs = [...Array(sample.length + 1).keys()].map((n) => sample.slice(0, n));
    const lines = sample.split("\n");
    inputs.push(...lines.map((_, i) => lines.filter((__, j) => j !== i).join("\n")));
    inputs.push("", "~", "[]", "rules:", "rules: 1", "rules: [1, null, {}]", "\u0000", "rules:\n  - !!binary x");
    for (const text of inputs) {
      const parsed = parseRuleYaml(text);
      const compiled = compileRuleYaml(text);
      for (const d of [...parsed.diagnostics, ...compiled.diagnostics]) expect(d.span, `${JSON.stringify(text)}: ${d.code}`).to.not.equal(undefined);
    }
  });
});
