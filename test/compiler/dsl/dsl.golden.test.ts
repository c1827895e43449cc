// Golden cases for rule files: test/golden/dsl/<case>/ holds input.rule (the DSL), input.rule.yaml
// (a YAML rule file), or both, beside flow.json, nodes.json, rule.json (valid-*) or
// diagnostics.txt (invalid-*). A valid-* case with both files is a pair of twins: both compile to
// the one set of expected files. valid-yaml-* and invalid-yaml-* cases hold input.rule.yaml only;
// the other invalid-* cases input.rule only.
import { expect } from "chai";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";
import { compileRuleSource, type RuleFileResult } from "../../../compiler/front-ends/dsl/index.js";
import { compileRuleYaml } from "../../../compiler/front-ends/yaml/index.js";
import type { CompiledRule } from "../../../compiler/lower/compiled-rule.js";
import { renderDiagnostic } from "../../../compiler/diagnostics/render-text.js";
import { validateNodesJson, type Diagnostic } from "../../../generated/index.js";
import { expectGoldenFiles, goldenCases, toGoldenText } from "../../helpers/golden.js";

interface DeclaredRule {
  name: string;
  offset: number;
}

/** A kind of rule file: its name in a case folder, its compiler, and where its rules begin. */
interface Format {
  file: string;
  compile(text: string): RuleFileResult;
  declaredRules(text: string): DeclaredRule[];
  /** Whether a diagnostic stops the whole file, so that none of its rules is compiled. */
  stopsFile(d: Diagnostic): boolean;
}

const DSL: Format = {
  file: "input.rule",
  compile: compileRuleSource,
  // Each golden rule starts a line with `rule`, maybe a comment, `"name"`.
  declaredRules: (text) =>
    [...text.matchAll(/^rule(?:\s|\/\*.*?\*\/)+("(?:[^"\\\n]|\\.)*")/gm)].map((m) => ({ name: JSON.parse(m[1]!) as string, offset: m.index })),
  stopsFile: () => false,
};

const YAML: Format = {
  file: "input.rule.yaml",
  compile: compileRuleYaml,
  // Each golden rule starts a line with `  - name: <scalar>` (an item of the top-level `rules:`).
  declaredRules: (text) => [...text.matchAll(/^ {2}- name: (.*)$/gm)].map((m) => ({ name: String(parse(m[1]!)), offset: m.index })),
  // YAML syntax and the schema are checked on the whole file before any rule is built.
  stopsFile: (d) => /^(schema\/|yaml\/(syntax|duplicate-key|unknown-tag|alias|too-deep)$)/.test(d.code),
};

/** The input files a case folder holds, by its name. */
function formatsOf(name: string): Format[][] {
  if (/^(valid|invalid)-yaml-/.test(name)) return [[YAML]];
  return name.startsWith("valid-") ? [[DSL], [DSL, YAML]] : [[DSL]];
}

/** Every diagnostic as `svc compile` prints it, blank lines between, one trailing newline. */
function renderAll(diagnostics: Diagnostic[], text: string, file: string): string {
  return `${diagnostics.map((d) => renderDiagnostic(d, { file, text, locate: (x) => x.span })).join("\n\n")}\n`;
}

/** Names of the rules, in order, that no diagnostic lies in. */
function rulesWithoutErrors(format: Format, text: string, diagnostics: Diagnostic[]): string[] {
  if (diagnostics.some((d) => format.stopsFile(d))) return [];
  const rules = format.declaredRules(text);
  const broken = new Set(diagnostics.map((d) => rules.findLastIndex((r) => r.offset <= d.span!.start.offset)));
  return rules.filter((_, i) => !broken.has(i)).map((r) => r.name);
}

function metadataOf(rule: CompiledRule): object {
  const { name, description, priority, cooldown_ms, trigger_config } = rule;
  return { name, description, priority, cooldown_ms, trigger_config };
}

/** The expected files of a valid case, from one of its inputs. */
function validOutputs(name: string, format: Format, text: string): Record<string, string> {
  const result = format.compile(text);
  expect(renderAll(result.diagnostics, text, format.file), `${format.file} compiles without diagnostics`).to.equal("\n");
  const several = name.endsWith("several-rules");
  expect(result.rules.map((r) => r.name)).to.deep.equal(format.declaredRules(text).map((r) => r.name));
  if (!several) expect(result.rules, "one rule per case, except valid-several-rules").to.have.length(1);
  for (const rule of result.rules) expect(validateNodesJson(rule.nodes_json), `${rule.name}: nodes_json matches its schema`).to.equal(true);
  const out = (pick: (r: CompiledRule) => unknown): string => toGoldenText(several ? result.rules.map(pick) : pick(result.rules[0]!));
  return { "flow.json": out((r) => r.flow_json), "nodes.json": out((r) => r.nodes_json), "rule.json": out(metadataOf) };
}

/** The expected file of an invalid case. */
function invalidOutputs(name: string, format: Format, text: string): Record<string, string> {
  const result = format.compile(text);
  expect(result.diagnostics, `${name} must report errors`).to.not.deep.equal([]);
  for (const d of result.diagnostics) expect(d.span, `${d.code} has a source span`).to.not.equal(undefined);
  expect(result.rules.map((r) => r.name), "only rules without errors are compiled").to.deep.equal(rulesWithoutErrors(format, text, result.diagnostics));
  return { "diagnostics.txt": renderAll(result.diagnostics, text, format.file) };
}

describe("rule file golden cases, DSL and YAML (test/golden/dsl)", () => {
  const cases = goldenCases("dsl");
  const holding = (file: string): typeof cases => cases.filter((c) => existsSync(join(c.dir, file)));

  it("has at least 25 cases, valid and invalid", () => {
    expect(cases.length).to.be.at.least(25);
    expect(cases.filter((c) => c.name.startsWith("valid-"))).to.have.length.at.least(10);
    expect(cases.filter((c) => c.name.startsWith("invalid-"))).to.have.length.at.least(15);
  });

  it("has YAML cases: twins of valid DSL cases, YAML-only valid and invalid cases", () => {
    const yaml = holding(YAML.file);
    expect(yaml.filter((c) => existsSync(join(c.dir, DSL.file)))).to.have.length.at.least(6);
    expect(yaml.filter((c) => c.name.startsWith("valid-yaml-"))).to.have.length.at.least(1);
    expect(yaml.filter((c) => c.name.startsWith("invalid-yaml-"))).to.have.length.at.least(10);
  });

  for (const { name, dir } of cases) {
    it(name, () => {
      expect(name, "a case folder is named valid-* (must compile) or invalid-* (must not)").to.match(/^(valid|invalid)-/);
      const formats = [DSL, YAML].filter((f) => existsSync(join(dir, f.file)));
      const allowed = formatsOf(name).map((fs) => fs.map((f) => f.file).join(" and "));
      expect(formats.map((f) => f.file).join(" and "), `the input files of ${name}`).to.be.oneOf(allowed);
      const inputs = formats.map((f) => f.file);
      const outputs = formats.map((format) => {
        const text = readFileSync(join(dir, format.file), "utf8");
        return name.startsWith("valid-") ? validOutputs(name, format, text) : invalidOutputs(name, format, text);
      });
      const [first, ...twins] = outputs;
      for (const [i, twin] of twins.entries()) {
        for (const [file, text] of Object.entries(twin)) {
          expect(text, `${inputs[i + 1]} gives the ${file} that ${inputs[0]} gives`).to.equal(first![file]);
        }
      }
      expectGoldenFiles(dir, inputs, first!);
    });
  }
});
