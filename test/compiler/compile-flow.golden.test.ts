// Golden cases for compileFlow: test/golden/flows/<case>/flow.json beside the expected
// nodes.json (valid flows) or diagnostics.json (invalid ones).
import { expect } from "chai";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { compileFlow } from "../../index.js";
import { validateNodesJson } from "../../generated/index.js";
import { expectGolden, goldenCases, toGoldenText } from "../helpers/golden.js";

describe("compileFlow golden cases (test/golden/flows)", () => {
  const cases = goldenCases("flows");

  it("has at least 30 cases, valid and invalid", () => {
    expect(cases.length).to.be.at.least(30);
    expect(cases.filter((c) => c.name.startsWith("valid-"))).to.have.length.at.least(10);
    expect(cases.filter((c) => c.name.startsWith("invalid-"))).to.have.length.at.least(15);
  });

  for (const { name, dir } of cases) {
    it(name, () => {
      expect(name, "a case folder is named valid-* (must compile) or invalid-* (must not)").to.match(/^(valid|invalid)-/);
      const flow: unknown = JSON.parse(readFileSync(join(dir, "flow.json"), "utf8"));
      const result = compileFlow(flow);
      if (name.startsWith("valid-")) {
        expect(result.ok, toGoldenText(result.ok ? [] : result.diagnostics)).to.equal(true);
        if (!result.ok) return;
        expect(validateNodesJson(result.nodes_json), "nodes_json matches its schema").to.equal(true);
        expectGolden(dir, ["flow.json"], "nodes.json", toGoldenText(result.nodes_json));
      } else {
        expect(result.ok, `${name} must not compile`).to.equal(false);
        if (result.ok) return;
        expect(result).to.not.have.property("nodes_json");
        expectGolden(dir, ["flow.json"], "diagnostics.json", toGoldenText(result.diagnostics));
      }
    });
  }
});
