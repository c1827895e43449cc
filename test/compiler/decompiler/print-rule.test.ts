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
    expect(fmt("// one\n\n   /* two */ // three\n")).to.equal(lines("// one", "", "/* two */ // three"));
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

describe("printRuleFile: blank lines", () => {
  it("keeps one blank line between elements (several count as one), none right after `{` or before `}`", () => {
    const source = [
      "// header",
      "",
      'rule "b" {',
      "",
      "",
      "  priority 1",
      "",
      "",
      "  cooldown 1s",
      "",
      "  let a = 1",
      "",
      "",
      "",
      "  let b = 2",
      "  let d = 4 // trailing",
      "",
      "",
      "  when a > 1 {",
      "",
      "    write action(1, 1) = 1",
      "",
      "    write action(1, 2) = 2",
      "",
      "  }",
      "  else {",
      "",
      "    // first in else",
      "    end",
      "  }",
      "  fork {",
      "",
      "    let e = 1",
      "  } {",
      "",
      "    let f = 2",
      "    let g = 3",
      "  }",
      "",
      "  goto j",
      "",
      "  block j {",
      "",
      "    let h = 1",
      "",
      "    end",
      "",
      "  }",
      "",
      "}",
    ].join("\n");
    expect(fmt(source)).to.equal(
      lines(
        "// header",
        "",
        'rule "b" {',
        "  priority 1",
        "",
        "  cooldown 1s",
        "",
        "  let a = 1",
        "",
        "  let b = 2",
        "  let d = 4 // trailing",
        "",
        "  when a > 1 {",
        "    write action(1, 1) = 1",
        "",
        "    write action(1, 2) = 2",
        "  }",
        "  else {",
        "    // first in else",
        "    end",
        "  }",
        "  fork {",
        "    let e = 1",
        "  } {",
        "    let f = 2",
        "    let g = 3",
        "  }",
        "",
        "  goto j",
        "",
        "  block j {",
        "    let h = 1",
        "",
        "    end",
        "  }",
        "}",
      ),
    );
  });

  it("keeps a blank line before and after a comment, and adds none where the source has none", () => {
    const source = [
      'rule "c" {',
      "  let a = 1",
      "  // no blank line around this comment",
      "  let b = 2",
      "",
      "",
      "  // a blank line before this comment",
      "  let c = 3",
      "  // and one after this one",
      "",
      "  let d = 4",
      "  /* a comment",
      "     of two lines */",
      "",
      "  let e = 5",
      "}",
    ].join("\n");
    expect(fmt(source)).to.equal(
      lines(
        'rule "c" {',
        "  let a = 1",
        "  // no blank line around this comment",
        "  let b = 2",
        "",
        "  // a blank line before this comment",
        "  let c = 3",
        "  // and one after this one",
        "",
        "  let d = 4",
        "  /* a comment",
        "     of two lines */",
        "",
        "  let e = 5",
        "}",
      ),
    );
  });

  it("prints no blank lines for an AST without spans (a decompiled one) but the one after the settings", () => {
    const source = 'rule "g" {\n  priority 1\n\n  cooldown 1s\n\n  let a = 1\n\n  when a > 1 { goto j }\n\n  block j { end }\n}';
    const { file } = parseRuleSource(source);
    const rule = withNoSpans(file.rules[0]!) as RuleDecl;
    expect(printRule(rule)).to.equal(lines('rule "g" {', "  priority 1", "  cooldown 1s", "", "  let a = 1", "  when a > 1 { goto j }", "  block j { end }", "}"));
  });

  // The three below state rule 2 where the printer does not follow it yet (a blank line lost
  // before an all-empty construct, one added after a comment taken out of a statement, one lost
  // after a comment that ends with `{`); they fail until the printer is fixed.
  it("keeps a blank line before a construct whose bodies are all empty, and before an empty rule", () => {
    const source = 'rule "e" {\n  let a = 1\n\n  when a { }\n\n  fork { } { }\n}\n// c\n\nrule "f" { }';
    expect(fmt(source)).to.equal(lines('rule "e" {', "  let a = 1", "", "  when a { }", "", "  fork { } { }", "}", "", "// c", "", 'rule "f" { }'));
  });

  it("adds no blank line after a comment taken out of a statement of several lines", () => {
    const source = 'rule "x" {\n  let a = 1 + // one\n    2\n  let b = a\n  let c = b +\n    // two\n    1\n  let d = c\n}';
    expect(fmt(source)).to.equal(lines('rule "x" {', "  let a = 1 + 2", "  // one", "  let b = a", "  let c = b + 1", "  // two", "  let d = c", "}"));
  });

  it("keeps a blank line after a comment that ends with `{`", () => {
    expect(fmt('rule "x" {\n  let a = 1\n  // {\n\n  let b = 2\n}')).to.equal(lines('rule "x" {', "  let a = 1", "  // {", "", "  let b = 2", "}"));
  });
});

describe("printRuleFile: trailing comments", () => {
  it("aligns the comments of consecutive lines one space after the longest code; a line without one ends the run", () => {
    const source = [
      'rule "t" {',
      "  priority 1 // p",
      "  cooldown 1s // c",
      "  input temperature = measurement(1, 2) // the room",
      "  let a = 1 // short",
      "  when a > 1 { write action(1, 1) = 1 } // one line",
      "  let b = 2",
      "  let c = 3 // alone",
      "  let dd = 4",
      "  let e = 5 /* x */ // two comments",
      "  let ffff = 6 // y",
      "  // own line",
      "  let g = 7                                   // was far out",
      "  let h = 8    /* was */",
      "}",
    ].join("\n");
    expect(fmt(source)).to.equal(
      lines(
        'rule "t" {',
        "  priority 1  // p",
        "  cooldown 1s // c",
        "",
        "  input temperature = measurement(1, 2) // the room",
        "  let a = 1                             // short",
        "  when a > 1 { write action(1, 1) = 1 } // one line",
        "  let b = 2",
        "  let c = 3 // alone",
        "  let dd = 4",
        "  let e = 5    /* x */ // two comments",
        "  let ffff = 6 // y",
        "  // own line",
        "  let g = 7 // was far out",
        "  let h = 8 /* was */",
        "}",
      ),
    );
  });

  it("is idempotent on text with blank lines and aligned comments", () => {
    const sources = [
      'rule "i" {\n\n  priority 1 // p\n\n\n  cooldown 1s   // c\n  let a = 1 // a\n  let bbb = 2 // b\n\n  // alone\n\n  when a { end } // w\n  else { goto j } // e\n  block j {\n\n    let c = 1 // c\n    let dd = 2 // d\n\n  }\n}\n\n\n// tail\n',
      '// head\n\nrule "j" { // open\n  let a = 1 /* x\n     y */\n  let bb = 22 // z\n\n  fork { let c = 1 } { } // f\n  node { let d = 1 let e = 2 } // n\n}\n',
    ];
    for (const source of sources) {
      const once = printRuleFile(parseRuleSource(source).file);
      expect(printRuleFile(parseRuleSource(once).file), source).to.equal(once);
      expect(once, source).to.match(/\n\n/);
    }
  });
});

const SPAN_KEYS = new Set(["span", "nameSpan", "valueSpan", "outputSpan", "periodSpan", "blockSpan", "calleeSpan"]);

// The AST with every source position replaced by NO_SPAN, as the decompiler makes it.
function withNoSpans(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withNoSpans);
  if (typeof value !== "object" || value === null) return value;
  return Object.fromEntries(Object.entries(value).map(([key, v]) => [key, SPAN_KEYS.has(key) ? NO_SPAN : withNoSpans(v)]));
}
