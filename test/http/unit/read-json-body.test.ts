// The strict JSON body parser: duplicate keys anywhere are refused with their path, syntax errors
// with their line and column; valid JSON parses exactly as JSON.parse does.
import { expect } from "chai";
import fc from "fast-check";
import { ServiceError } from "../../../runtime/errors.js";
import { hasDuplicateKey } from "../../../compiler/diagnostics/strict-json.js";
import { parseStrictJson } from "../../../runtime/http/read-json-body.js";

function refusal(text: string): { code: string; path: string; line?: number } {
  try {
    parseStrictJson(text);
  } catch (error) {
    const d = (error as ServiceError).details!.diagnostics![0]!;
    return { code: d.code, path: d.path ?? "", ...(d.span ? { line: d.span.start.line } : {}) };
  }
  throw new Error(`accepted: ${text}`);
}

describe("parseStrictJson (request bodies)", () => {
  it("refuses a duplicate key at any depth, naming its JSON Pointer", () => {
    expect(refusal('{"confirmed":false,"confirmed":true}')).to.include({ code: "json/duplicate-key", path: "/confirmed" });
    expect(refusal('{"a":[1,{"b":{},"c":2,"c":3}]}')).to.include({ code: "json/duplicate-key", path: "/a/1/c" });
    expect(refusal('{"x/y":{"k":1,"\\u006b":2}}')).to.include({ code: "json/duplicate-key", path: "/x~1y/k" });
  });

  it("keys that only look alike, keys in sibling objects and strings holding braces are not duplicates", () => {
    for (const text of ['{"a":1,"A":2}', '[{"a":1},{"a":2}]', '{"a":{"a":1}}', '{"s":"{\\"a\\":1,\\"a\\":2}","t":"\\\\"}', '{"a":[],"b":{},"c":[{}]}']) {
      expect(parseStrictJson(text), text).to.deep.equal(JSON.parse(text));
    }
  });

  it("reports a syntax error with its line", () => {
    expect(refusal('{\n  "confirmed": tru\n}')).to.include({ code: "json/syntax", line: 2 });
    expect(refusal('{"a":1,}')).to.include({ code: "json/syntax" });
  });

  it("agrees with a reference on random JSON: parses like JSON.parse, finds duplicates exactly when present", () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const text = JSON.stringify(value);
        expect(hasDuplicateKey(text)).to.equal(false);
        expect(parseStrictJson(text)).to.deep.equal(JSON.parse(text));
      }),
      { numRuns: 300 },
    );
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.jsonValue(), { minKeys: 1 }), (object) => {
        const [key] = Object.keys(object);
        const text = `${JSON.stringify(object).slice(0, -1)},${JSON.stringify(key)}:0}`;
        expect(hasDuplicateKey(text)).to.equal(true);
        expect(refusal(`{"outer":[${text}]}`)).to.include({ code: "json/duplicate-key", path: `/outer/0/${key!.replace(/~/g, "~0").replace(/\//g, "~1")}` });
      }),
      { numRuns: 300 },
    );
  });

  it("the duplicate check counts the keys JSON.parse kept against the members of the text (issue 19.5): scalars, __proto__ and escaped keys count right", () => {
    for (const text of ['"abc"', "123", "null", '{"__proto__":{"a":1},"b":[]}', '[{"\u0061":1,"b":2}]', '{"a:b":"c:d"}']) {
      expect(parseStrictJson(text), text).to.deep.equal(JSON.parse(text));
    }
    expect(refusal('{"__proto__":1,"__proto__":2}')).to.include({ code: "json/duplicate-key", path: "/__proto__" });
    expect(refusal('{"a":1,"\u0061":2}')).to.include({ code: "json/duplicate-key", path: "/a" });
    expect(refusal('[[{"x":{"y":1,"y":[]}}]]')).to.include({ code: "json/duplicate-key", path: "/0/0/x/y" });
  });
});
