import { expect } from "chai";
import { printRule, printRuleFile } from "../../../compiler/decompiler/print-rule.js";
import { NO_SPAN, parseRuleSource, type RuleDecl } from "../../../grammar/rule/index.js";

function fmt(source: string): string {
  const { file, diagnostics } = parseRuleSource(source);
  expect(diagnostics, JSON.stringify(diagnostics, null, 1)).to.deep.equal([]);
  const text = printRuleFile(file);
  expect(printRuleFile(parseRuleSource(text).file), "formatting is idempotent").to.equal(text);
  return text;
}

const lines = (...l: string[]): string => `${l.join("\n")}\n`;

describe("printRuleFile: layout", () => {
  it("prints the docs example canonically: settings first, a blank line, one statement per line", () => {
    const source = `rule "Zone 1 cooling" { description "Stage cooling" priority 10 cooldown 30s
      trigger on_change(zone_temp, occupied) deadband 5s value 0.2
      input zone_temp = measurement(12, 3) input occupied  =  measurement(12,7) param setpoint = 22.5
      let error = zone_temp - setpoint
      when occupied and (error > 1.5) { write action(7, 1) = 2 }
      else { write action(7, 1) = 0 } }`;
    expect(fmt(source)).to.equal(
      lines(
        'rule "Zone 1 cooling" {',
        '  description "Stage cooling"',
        "  priority 10",
        "  cooldown 30s",
        "  trigger on_change(zone_temp, occupied) deadband 5s value 0.2",
        "",
        "  input zone_temp = measurement(12, 3)",
        "  input occupied = measurement(12, 7)",
        "  param setpoint = 22.5",
        "  let error = zone_temp - setpoint",
        "  when occupied && error > 1.5 {",
        "    write action(7, 1) = 2",
        "  }",
        "  else {",
        "    write action(7, 1) = 0",
        "  }",
        "}",
      ),
    );
  });

  it("writes durations in compound form, largest unit first", () => {
    const source = 'rule "d" { cooldown 90000ms trigger on_change(x) deadband 0ms delta x = measurement(1, 2) over 120m }';
    expect(fmt(source)).to.equal(lines('rule "d" {', "  cooldown 1m30s", "  trigger on_change(x) deadband 0s", "", "  delta x = measurement(1, 2) over 2h", "}"));
    expect(fmt('rule "e" { trigger every 1500ms }')).to.equal(lines('rule "e" {', "  trigger every 1s500ms", "}"));
  });

  it("writes numbers in shortest form, negative parameters with their sign, percent deadbands with %", () => {
    const source = 'rule "n" { priority - 4 trigger on_change(a) value 2.50 % param a = - 1.50 param b = 1e21 param c = .5 param d = -0 param e = true }';
    expect(fmt(source)).to.equal(
      lines('rule "n" {', "  priority -4", "  trigger on_change(a) value 2.5%", "", "  param a = -1.5", "  param b = 1e+21", "  param c = 0.5", "  param d = -0", "  param e = true", "}"),
    );
  });

  it("keeps labels, explicit match first, match all and an empty else", () => {
    const source = 'rule "s" { match first { when hot: t > 25 { end } } match all { when a { } when b: c { } else { } } when x {} else {} }';
    expect(fmt(source)).to.equal(
      lines(
        'rule "s" {',
        "  match first {",
        "    when hot: t > 25 {",
        "      end",
        "    }",
        "  }",
        "  match all {",
        "    when a { }",
        "    when b: c { }",
        "    else { }",
        "  }",
        "  when x { }",
        "  else { }",
        "}",
      ),
    );
  });

  it("prints forks with empty branches inline, node groups, blocks and goto", () => {
    const source = 'rule "f" { node { let a = 1 let b = 2 } fork { } { write action(1, 2) = a } { } fork {} {} goto j block j { node { input i = action(1, 2) param p = 1 } } }';
    expect(fmt(source)).to.equal(
      lines(
        'rule "f" {',
        "  node {",
        "    let a = 1",
        "    let b = 2",
        "  }",
        "  fork { } {",
        "    write action(1, 2) = a",
        "  } { }",
        "  fork { } { }",
        "  goto j",
        "  block j {",
        "    node {",
        "      input i = action(1, 2)",
        "      param p = 1",
        "    }",
        "  }",
        "}",
      ),
    );
  });

  it("prints empty rules as `{ }`, names as JSON strings, one blank line between rules, nothing for an empty file", () => {
    expect(fmt('rule "a\\u0041\\"\\/" {}\n\n\n rule "b" {\n}')).to.equal(lines('rule "aA\\"/" { }', "", 'rule "b" { }'));
    expect(fmt("")).to.equal("");
  });

  it("prints a generated AST (no spans, no comments) with printRule", () => {
    const rule: RuleDecl = {
      kind: "rule",
      name: "g",
      nameSpan: NO_SPAN,
      settings: { order: ["priority"], priority: { value: 1, span: NO_SPAN, valueSpan: NO_SPAN } },
      items: [{ kind: "end", span: NO_SPAN }],
      span: NO_SPAN,
    };
    expect(printRule(rule)).to.equal(lines('rule "g" {', "  priority 1", "", "  end", "}"));
  });
});

describe("printRuleFile: comments", () => {
  it("keeps a comment on the line where the element before it ends, others on their own line before the next element", () => {
    const source = [
      "// file header",
      'rule "c" { // after the brace',
      "  priority 1 /* after priority */",
      "  // before the statements",
      "  let a = 1 +",
      "    // inside an expression",
      "    2",
      "  when a > /* in a condition */ 1 { }",
      "  let b = a /* inside */ + 1 // and after",
      "  // before the closing brace",
      "} // after the rule",
      "/* between",
      "   rules */",
      'rule "d" { }',
      "// end of file",
    ].join("\n");
    expect(fmt(source)).to.equal(
      lines(
        "// file header",
        'rule "c" { // after the brace',
        "  priority 1 /* after priority */",
        "",
        "  // before the statements",
        "  let a = 1 + 2",
        "  // inside an expression",
        "  when a > 1 { /* in a condition */",
        "  }",
        "  let b = a + 1 /* inside */ // and after",
        "  // before the closing brace",
        "} // after the rule",
        "",
        "/* between",
        "   rules */",
        'rule "d" { }',
        "// end of file",
      ),
    );
  });

  it("opens an empty body across lines when a comment has to go inside it", () => {
    expect(fmt('rule "e" {\n  fork {\n    // nothing yet\n  } { }\n}')).to.equal(lines('rule "e" {', "  fork {", "    // nothing yet", "  } { }", "}"));
    expect(fmt('rule "e" {\n  // only a comment\n}')).to.equal(lines('rule "e" {', "  // only a comment", "}"));
  });

  it("prints a file of comments only", () => {
    expect(fmt("// one\n\n   /* two */ // three\n")).to.equal(lines("// one", "/* two */ // three"));
  });
});
