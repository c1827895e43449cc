// The printer's layout: settings, statements, one-line bodies.
import { expect } from "chai";
import { printRule } from "../../../compiler/decompiler/print-rule.js";
import { NO_SPAN, type RuleDecl } from "../../../grammar/rule/index.js";
import { fmt, lines } from "./print-helpers.js";

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
        "  when occupied && error > 1.5 { write action(7, 1) = 2 }",
        "  else { write action(7, 1) = 0 }",
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
        "    when hot: t > 25 { end }",
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
        "  fork { } { write action(1, 2) = a } { }",
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

describe("printRuleFile: one-line bodies", () => {
  it("prints a construct on one line when each body is empty or holds one one-line statement", () => {
    const source = [
      'rule "o" {',
      "  when t > 1 {",
      "    write action(1, 1) = 1",
      "  }",
      "  else {",
      "    goto done",
      "  }",
      "  when a { input i = measurement(1, 2) } when b: c { param p = -2 }",
      "  match all { when d { delta u = measurement(3, 4) over 15m } else { end } }",
      "  fork { let x = 1 } { }",
      "  node {",
      "    let y = 2",
      "  }",
      "  block done {",
      "    end",
      "  }",
      "}",
    ].join("\n");
    expect(fmt(source)).to.equal(
      lines(
        'rule "o" {',
        "  when t > 1 { write action(1, 1) = 1 }",
        "  else { goto done }",
        "  when a { input i = measurement(1, 2) }",
        "  when b: c { param p = -2 }",
        "  match all {",
        "    when d { delta u = measurement(3, 4) over 15m }",
        "    else { end }",
        "  }",
        "  fork { let x = 1 } { }",
        "  node { let y = 2 }",
        "  block done { end }",
        "}",
      ),
    );
  });

  it("keeps a body of two statements or of a nested construct across lines", () => {
    const source = [
      'rule "m" {',
      "  when t > 1 { write action(1, 1) = 1 write action(1, 2) = 2 }",
      "  else { when u { end } }",
      "  fork { fork { end } { } } { let a = 1 let b = 2 }",
      "  node { let c = 1 let d = 2 }",
      "  block b { match all { when c { end } } }",
      "}",
    ].join("\n");
    expect(fmt(source)).to.equal(
      lines(
        'rule "m" {',
        "  when t > 1 {",
        "    write action(1, 1) = 1",
        "    write action(1, 2) = 2",
        "  }",
        "  else {",
        "    when u { end }",
        "  }",
        "  fork {",
        "    fork { end } { }",
        "  } {",
        "    let a = 1",
        "    let b = 2",
        "  }",
        "  node {",
        "    let c = 1",
        "    let d = 2",
        "  }",
        "  block b {",
        "    match all {",
        "      when c { end }",
        "    }",
        "  }",
        "}",
      ),
    );
  });

  it("keeps a body across lines when the one line would pass 100 columns, counting the indentation", () => {
    // `when <name> { write action(1, 1) = 1 }` is 32 characters besides the name.
    const write = "{ write action(1, 1) = 1 }";
    const [a, b, c, d] = ["a".repeat(66), "b".repeat(67), "c".repeat(64), "d".repeat(65)];
    const text = fmt(`rule "w" { when ${a} ${write} when ${b} ${write} match all { when ${c} ${write} when ${d} ${write} } }`);
    expect(text).to.equal(
      lines(
        'rule "w" {',
        `  when ${a} ${write}`,
        `  when ${b} {`,
        "    write action(1, 1) = 1",
        "  }",
        "  match all {",
        `    when ${c} ${write}`,
        `    when ${d} {`,
        "      write action(1, 1) = 1",
        "    }",
        "  }",
        "}",
      ),
    );
    expect(Math.max(...text.split("\n").map((l) => l.length))).to.equal(100);
  });

  it("keeps a body across lines when a comment has to go inside it; a comment after it stays on the one line", () => {
    const source = [
      'rule "k" {',
      "  when t > 1 { // why",
      "    write action(1, 1) = 1",
      "  }",
      "  else {",
      "    // nothing to do but end",
      "    end",
      "  }",
      "  fork { let x = 1 /* one */ } { }",
      "  when u { end } // after the brace",
      "}",
    ].join("\n");
    expect(fmt(source)).to.equal(
      lines(
        'rule "k" {',
        "  when t > 1 { // why",
        "    write action(1, 1) = 1",
        "  }",
        "  else {",
        "    // nothing to do but end",
        "    end",
        "  }",
        "  fork {",
        "    let x = 1 /* one */",
        "  } { }",
        "  when u { end } // after the brace",
        "}",
      ),
    );
  });
});

