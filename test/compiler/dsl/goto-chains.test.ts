// Blocks that `goto` each other in a long chain are wired leaves first, without recursion
// (issue 17, found by the outside check: a chain of 1,000 blocks overflowed the stack, a 500 from
// POST /api/rules/validate and a stack trace from svc compile).
import { expect } from "chai";
import { compileRuleSource } from "../../../compiler/index.js";

function chain(blocks: number, last: string): string {
  const lines = ['rule "Chain" {', "  input t = measurement(12, 3)", "  goto b0"];
  for (let i = 0; i < blocks; i++) lines.push(`  block b${i} { when t > ${i} { goto b${i + 1} } }`);
  lines.push(`  block b${blocks} { ${last} }`, "}");
  return `${lines.join("\n")}\n`;
}

describe("issue 17: long goto chains", () => {
  it("issue 17: a chain of 3,000 blocks is lowered without overflowing the stack: refused by the document limits, not a crash", () => {
    const result = compileRuleSource(chain(3000, "write action(7, 1) = 1"));
    expect(result.diagnostics.map((d) => d.code)).to.deep.equal(["flow/too-large"]);
  });

  it("issue 17: a chain of 490 blocks (under the node limit) compiles", () => {
    const result = compileRuleSource(chain(490, "write action(7, 1) = 1"));
    expect(result.diagnostics).to.deep.equal([]);
    expect(Object.keys(result.rules[0]!.nodes_json.nodes)).to.have.length(490 + 4);
  });

  it("issue 17: a cycle through 3,000 blocks is one rule/goto-cycle at the goto that closes it", () => {
    const text = chain(3000, "goto b0");
    const result = compileRuleSource(text);
    expect(result.diagnostics.map((d) => [d.code, d.span?.start.line])).to.deep.equal([["rule/goto-cycle", 3004]]);
    expect(result.diagnostics[0]!.message).to.equal("'goto b0' leads back into block 'b0': a rule cannot loop");
  });
});
