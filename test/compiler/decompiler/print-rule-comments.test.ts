// The printer keeps what people write around the code: comments, blank lines, aligned comments.
import { expect } from "chai";
import { printRule, printRuleFile } from "../../../compiler/decompiler/print-rule.js";
import { parseRuleSource, type RuleDecl } from "../../../grammar/rule/index.js";
import { fmt, lines, withNoSpans } from "./print-helpers.js";

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
