// JUnit XML of svc test, read back with a real XML parser: the counts, the failure message (the
// first unmet expectation), the text report as body, file errors, and escaping of everything
// XML 1.0 cannot hold.
import { expect } from "chai";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { formatJUnit } from "../../scenarios/report-junit.js";
import { FILE, FILE_TEXT, failingOutcome, passingOutcome } from "./outcome-fixtures.js";

const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "", isArray: (name) => name === "testsuite" || name === "testcase", trimValues: false, processEntities: true, htmlEntities: true /* also decodes numeric character references */ });

interface Case { classname: string; name: string; failure?: { message: string; "#text": string }; error?: { message: string; "#text": string } }
interface Suite { name: string; tests: string; failures: string; errors: string; testcase: Case[] }

function parse(xml: string): { testsuites: { tests: string; failures: string; errors: string; testsuite: Suite[] } } {
  expect(XMLValidator.validate(xml), xml).to.equal(true);
  return parser.parse(xml);
}

describe("svc test JUnit XML", () => {
  it("issue 18.2: parses, with a testsuite per file, counts, and the first unmet expectation as the failure message over the text report", () => {
    const xml = formatJUnit([
      { file: FILE, options: { text: FILE_TEXT }, reports: [{ outcome: passingOutcome() }, { outcome: failingOutcome() }] },
      { file: "tests/broken.test.yaml", reports: [], errors: { message: "1 error", detail: "tests/broken.test.yaml:3:5: error scenario/unknown-key: unknown key 'expekt'\n3 |   expekt: []\n  |   ^" } },
    ]);
    const root = parse(xml).testsuites;
    expect([root.tests, root.failures, root.errors]).to.deep.equal(["3", "1", "1"]);
    const [tests, broken] = root.testsuite;
    expect([tests!.name, tests!.tests, tests!.failures, tests!.errors]).to.deep.equal([FILE, "2", "1", "0"]);
    const [passed, failed] = tests!.testcase;
    expect(passed).to.deep.include({ classname: FILE, name: "nothing below the threshold" });
    expect(passed!.failure).to.equal(undefined);
    expect(failed!.failure!.message).to.equal(`${FILE}:9:9: expected a write of ahu1.cooling_stage = 2 at +2m; actual: none at +2m; ahu1.cooling_stage was written 1 at +30s`);
    expect(failed!.failure!["#text"]).to.contain("the execution concerned: AHU-1 cooling stages at +2m").and.contain("9 |       - write: ahu1.cooling_stage");
    expect([broken!.tests, broken!.failures, broken!.errors]).to.deep.equal(["1", "0", "1"]);
    expect(broken!.testcase[0]!.error!["#text"]).to.contain("unknown key 'expekt'");
  });

  it("issue 18.2: markup, quotes, control characters and lone surrogates in names and messages are escaped (the XML stays well-formed and reads back)", () => {
    const outcome = failingOutcome();
    const name = `a <b> & "c" 'd' \u0001\u001b[31m \uD800 ok ✓ 😀`;
    outcome.scenario.name = name;
    outcome.expectations[0]!.actual = "x < 1 && y > 2\ttab\r\nnext";
    const xml = formatJUnit([{ file: `we&ird<"file">.test.yaml`, reports: [{ outcome }] }]);
    expect(xml).to.not.match(/[\u0000-\u0008\u000B\u000C\u000E-\u001F]/);
    const suite = parse(xml).testsuites.testsuite[0]!;
    expect(suite.name).to.equal(`we&ird<"file">.test.yaml`);
    expect(suite.testcase[0]!.name).to.equal(`a <b> & "c" 'd' \\u0001\\u001B[31m \\uD800 ok ✓ 😀`);
    expect(suite.testcase[0]!.failure!.message).to.contain("actual: x < 1 && y > 2\ttab\r\nnext");
  });

  it("issue 18.2: a scenario that could not run is an error, not a failure", () => {
    const xml = formatJUnit([{ file: FILE, reports: [{ outcome: { ...passingOutcome(), passed: false, error: "rule 'X' does not load" } }] }]);
    const suite = parse(xml).testsuites.testsuite[0]!;
    expect([suite.tests, suite.failures, suite.errors]).to.deep.equal(["1", "0", "1"]);
    expect(suite.testcase[0]!.error!.message).to.equal("could not run: rule 'X' does not load");
  });
});
