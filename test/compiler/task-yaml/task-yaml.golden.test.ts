// Golden cases of the data-processing YAML front end: test/golden/task-yaml/<case>/ holds
// input.yaml (a task, binding or route file) and expected.txt: every diagnostic as `svc compile`
// prints it (file:line:col, code frame, notes, help), or `valid <kind>` and, for a task, the
// declaration's id and revision. valid-* cases have no error; invalid-* cases break one rule.
import { expect } from "chai";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { renderDiagnostic } from "../../../compiler/diagnostics/render-text.js";
import { compileDataProcessingYaml } from "../../../compiler/front-ends/task-yaml/index.js";
import { expectGolden, goldenCases } from "../../helpers/golden.js";

function render(text: string): string {
  const result = compileDataProcessingYaml(text);
  const shown = result.diagnostics.map((d) => renderDiagnostic(d, { file: "input.yaml", text, locate: (x) => x.span }));
  if (result.document === undefined) return `${shown.join("\n\n")}\n`;
  const header = `valid ${result.kind}${"revision" in result.document ? ` ${result.document.id} revision ${result.document.revision}` : ` ${result.document.id}`}`;
  return `${[header, ...shown].join("\n\n")}\n`;
}

describe("data-processing YAML goldens (test/golden/task-yaml)", () => {
  const cases = goldenCases("task-yaml");

  it("has valid and invalid cases", () => {
    expect(cases.filter((c) => c.name.startsWith("valid-")).length).to.be.at.least(3);
    expect(cases.filter((c) => c.name.startsWith("invalid-")).length).to.be.at.least(10);
  });

  for (const { name, dir } of cases) {
    it(name, () => {
      const text = readFileSync(join(dir, "input.yaml"), "utf8");
      const rendered = render(text);
      expect(rendered.startsWith("valid "), "valid-* cases compile, invalid-* cases do not").to.equal(name.startsWith("valid-"));
      expectGolden(dir, ["input.yaml"], "expected.txt", rendered);
    });
  }
});
