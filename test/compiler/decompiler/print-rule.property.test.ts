import { expect } from "chai";
import fc from "fast-check";
import { printRuleFile } from "../../../compiler/decompiler/print-rule.js";
import { parseRuleSource, type RuleFile } from "../../../grammar/rule/index.js";
import type { Draw } from "../../helpers/expression-arbitraries.js";
import { drawRule, type RuleDrawOptions } from "./rule-arbitraries.js";
import { withoutSpans } from "../../helpers/without-spans.js";

function drawFile(g: Draw, options: RuleDrawOptions = {}): RuleFile {
  return { rules: Array.from({ length: 1 + g(fc.nat, { max: 2 }) }, () => drawRule(g, options)), comments: [] };
}

function parseClean(text: string): RuleFile {
  const { file, diagnostics } = parseRuleSource(text);
  expect(diagnostics, `${JSON.stringify(diagnostics, null, 1)}\n${text}`).to.deep.equal([]);
  return file;
}

// Comments at line starts (own line), at spaces (inside constructs) and at line ends, numbered in
// source order. Rule strings drawn without spaces, so every space is between two tokens.
function withComments(g: Draw, text: string): { text: string; comments: string[] } {
  const comments: string[] = [];
  const next = (block: boolean): string => {
    const body = `c${comments.length}${block && g(fc.boolean) ? "\n   more" : ""}`;
    const comment = block ? `/* ${body} */` : `// ${body}`;
    comments.push(comment);
    return comment;
  };
  const lines = text.split("\n").map((line) => {
    let out = g(fc.nat, { max: 5 }) === 0 ? `${next(g(fc.boolean))}\n` : "";
    const spaces = [...line.matchAll(/ /g)].map((m) => m.index);
    if (spaces.length > 0 && g(fc.nat, { max: 3 }) === 0) {
      const at = spaces[g(fc.nat, { max: spaces.length - 1 })]!;
      line = `${line.slice(0, at)} ${next(true)} ${line.slice(at + 1)}`;
    }
    out += line;
    if (line !== "" && g(fc.nat, { max: 4 }) === 0) out += ` ${next(g(fc.boolean))}`;
    return out;
  });
  return { text: lines.join("\n"), comments };
}

describe("printRuleFile properties", function () {
  this.timeout(120_000);

  it("parsing the printed text of a random rule file gives the same AST, spans aside", () => {
    fc.assert(
      fc.property(fc.gen(), (g) => {
        const file = drawFile(g);
        const parsed = parseClean(printRuleFile(file));
        expect(withoutSpans(parsed.rules)).to.deep.equal(withoutSpans(file.rules));
      }),
      { numRuns: 300 },
    );
  });

  it("is idempotent: printing the parse of printed text gives the same text", () => {
    fc.assert(
      fc.property(fc.gen(), (g) => {
        const text = printRuleFile(drawFile(g));
        expect(printRuleFile(parseClean(text))).to.equal(text);
      }),
      { numRuns: 300 },
    );
  });

  it("keeps every comment, in source order, wherever it was written; formatting again changes nothing", () => {
    fc.assert(
      fc.property(fc.gen(), (g) => {
        const file = drawFile(g, { plainStrings: true });
        const { text, comments } = withComments(g, printRuleFile(file));
        const parsed = parseClean(text);
        expect(parsed.comments.map((c) => c.text)).to.deep.equal(comments);
        const formatted = printRuleFile(parsed);
        const reparsed = parseClean(formatted);
        expect(reparsed.comments.map((c) => c.text)).to.deep.equal(comments);
        expect(withoutSpans(reparsed.rules)).to.deep.equal(withoutSpans(file.rules));
        expect(printRuleFile(reparsed)).to.equal(formatted);
      }),
      { numRuns: 300 },
    );
  });
});
