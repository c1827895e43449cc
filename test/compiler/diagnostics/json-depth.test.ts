// Deeply nested JSON is a diagnostic, never a stack overflow, wherever JSON text is read: the
// strict parser of request bodies and processor answers, and the readers of the CLI (issue 16.4).
import { expect } from "chai";
import fc from "fast-check";
import { offsetBeyondDepth } from "../../../compiler/diagnostics/json-depth.js";
import { firstJsonProblem, parseStrictJsonText } from "../../../compiler/diagnostics/strict-json.js";
import { jsonSyntaxError } from "../../../cli/json-syntax.js";
import { parseJsonDocument } from "../../../cli/read-json-document.js";
import { parseBody } from "../../../runtime/processing/client/parse-body.js";

const deepOpen = (n: number) => "[".repeat(n);
const deepClosed = (n: number) => `${"[".repeat(n)}${"]".repeat(n)}`;

describe("JSON nesting depth", () => {
  it("issue 16.4: text nested 100,000 deep, open or closed, is the diagnostic json/too-deep at the first level past 64, not a stack overflow", () => {
    for (const text of [deepOpen(100_000), deepClosed(100_000), `{"a": {"b": ${deepOpen(100_000)}`, `\n  ${deepClosed(100_000)}`]) {
      const parsed = parseStrictJsonText(text);
      expect(parsed.ok).to.equal(false);
      if (parsed.ok) return;
      expect(parsed.problem.code).to.equal("json/too-deep");
      expect(parsed.problem.message).to.include("64 levels");
      expect(firstJsonProblem(text)?.code).to.equal("json/too-deep");
      const cli = parseJsonDocument(text);
      expect(cli.ok ? [] : cli.diagnostics.map((d) => d.code)).to.deep.equal(["json/too-deep"]);
      expect(jsonSyntaxError(text, new SyntaxError("x")).code).to.equal("json/too-deep");
    }
    const parsed = parseStrictJsonText(`\n  ${deepOpen(100)}`);
    expect(parsed.ok ? undefined : parsed.problem.span?.start).to.deep.equal({ line: 2, column: 67, offset: 67 });
  });

  it("64 levels are accepted, and brackets inside strings do not count", () => {
    expect(parseStrictJsonText(deepClosed(64))).to.deep.include({ ok: true });
    expect(parseStrictJsonText(JSON.stringify({ text: deepOpen(1000), escaped: '\\"[[[' }))).to.deep.include({ ok: true });
    const tooDeep = parseStrictJsonText(deepClosed(65));
    expect(tooDeep.ok ? undefined : tooDeep.problem.code).to.equal("json/too-deep");
    // An unterminated string ends the scan; the syntax error is then reported as such.
    const broken = parseStrictJsonText('["abc');
    expect(broken.ok ? undefined : broken.problem.code).to.equal("json/syntax");
  });

  it("a processor's answer nested too deeply is refused before any validator sees it", () => {
    for (const text of [deepOpen(100_000), deepClosed(100_000)]) {
      const parsed = parseBody(Buffer.from(text));
      expect(parsed.ok ? "" : parsed.problem).to.include("json/too-deep at line 1, column 65");
    }
    expect(parseBody(Buffer.from(deepClosed(64))).ok).to.equal(true);
  });

  it("the strict parser's one scan finds too deep exactly where offsetBeyondDepth does, on any text (strings, escapes, unterminated ones)", () => {
    const tail = fc.array(fc.constantFrom("[", "{", "]", "}", '"', "\\", ":", "a", ","), { maxLength: 120 }).map((chars) => chars.join(""));
    fc.assert(
      fc.property(fc.integer({ min: 50, max: 70 }), tail, (open, rest) => {
        const text = `${"[".repeat(open)}${rest}`;
        const parsed = parseStrictJsonText(text);
        const tooDeep = !parsed.ok && parsed.problem.code === "json/too-deep";
        expect(tooDeep, text).to.equal(offsetBeyondDepth(text) !== undefined);
      }),
      { numRuns: 500 },
    );
  });
});
