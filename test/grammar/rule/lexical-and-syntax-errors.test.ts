// A rule file's mistakes are all reported in one run (README): a character the language does not
// have must not hide the syntax errors after it, while the error the parser finds where the
// character was skipped (a consequence, not a second mistake) stays out.
import { expect } from "chai";
import { parseRuleSource } from "../../../grammar/rule/index.js";

function reported(text: string): string[] {
  return parseRuleSource(text).diagnostics.map((d) => `${d.span!.start.line}:${d.span!.start.column} ${d.code}`);
}

describe("rule DSL: lexical errors beside syntax errors", () => {
  it("issue 16.23: the syntax errors after an unexpected character in the same rule are reported too", () => {
    const text = [
      'rule "One" {',
      "  input a = measurement(1, 1)",
      "  let b = a @ 2",
      "  input c = measurement(1 2)",
      "  write action(1, 1) = a +",
      "}",
      "",
      'rule "Two" {',
      "  priority = 3",
      "}",
    ].join("\n");
    expect(reported(text)).to.deep.equal(["3:13 dsl/unexpected-character", "4:27 dsl/unexpected-token", "6:1 dsl/unexpected-token", "9:12 dsl/unexpected-token"]);
  });

  it("issue 16.23: after an unclosed string, the syntax errors of later lines are reported, not the one the missing string causes", () => {
    const text = ['rule "One" {', '  description "Stage cooling', "  priority 1", "  let = 3", "}"].join("\n");
    expect(reported(text)).to.deep.equal(["2:15 dsl/unclosed-string", "4:7 dsl/unexpected-token"]);
  });

  it("the parser's error where the character was skipped is left out (one mistake, one diagnostic)", () => {
    expect(reported('rule "R" {\n  input a = measurement(1, 1)\n  write action(1, 1) = a & 1\n}')).to.deep.equal(["3:26 dsl/unexpected-character"]);
    expect(reported('rule "R" {\n  # not a comment\n}')).to.deep.equal(["2:3 dsl/unexpected-character"]);
  });
});
