// Issue 6: `svc validate FILE.json...` checks data-processing documents against their contract
// (spec: Data Processing Contracts; Versioning 1: unsupported majors are rejected; Validation
// order 1: JSON syntax and contract version first), with --task, --request and --descriptor as
// the context of the task-aware, correlation and artifact rules. Asserts codes, paths, positions.
import { expect } from "chai";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { stringify } from "yaml";
import { CONTRACTS } from "../../compiler/contracts/contract-registry.js";
import { fromRoot } from "../helpers/paths.js";
import { runSvc, type SvcRun } from "../helpers/run-svc.js";

type Doc = Record<string, unknown>;

const SELF_IDENTIFYING = {
  "task.json": "svc.data-processing-task.v1",
  "frame.json": "svc.processing-frame.v1",
  "processor-request.json": "svc.data-processing.request.v1",
  "result-produced.json": "svc.data-processing.result.v1",
  "result-fallback.json": "svc.data-processing.result.v1",
  "result-unavailable.json": "svc.data-processing.result.v1",
  "forecast-output.json": "svc.data-processing.output.forecast.v1",
  "derived-data.json": "svc.derived-data.v1",
  "error.json": "svc.data-processing.error.v1",
  "forecast-contract.json": "svc.data-processing.forecast.v1",
} as const;
const NAMED = ["task-discovery-entry", "processor-route", "process-task-request"] as const;

function sample(name: string): Doc {
  return JSON.parse(readFileSync(fromRoot("test/fixtures/contracts", name), "utf8")) as Doc;
}

/** `line:col` (1-based) of the first occurrence of `needle` in `text`. */
function positionOf(text: string, needle: string): string {
  const offset = text.indexOf(needle);
  if (offset < 0) throw new Error(`${needle} not in the text`);
  const before = text.slice(0, offset).split("\n");
  return `${before.length}:${before[before.length - 1]!.length + 1}`;
}

describe("svc validate", () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), "svc-validate-"))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const svc = (...argv: string[]): Promise<SvcRun> => runSvc(dir, argv);

  /** Writes `content` (a document, or text as is) into the test folder; returns the name and the text. */
  function write(name: string, content: unknown): { name: string; text: string } {
    const text = typeof content === "string" ? content : JSON.stringify(content, null, 2);
    writeFileSync(join(dir, name), text);
    return { name, text };
  }

  const copy = (name: string): string => write(name, sample(name)).name;

  describe("valid documents", () => {
    it("every self-identifying sample is recognised by its schema member and valid: `FILE: valid ID` on stderr, exit 0", async () => {
      const files = Object.keys(SELF_IDENTIFYING).map(copy);
      const { code, out, err } = await svc("validate", ...files);
      expect({ code, out }).to.deep.equal({ code: 0, out: "" });
      // Without context, "valid" says which rules did not run.
      expect(err.trim().split("\n").map((line) => line.replace(/; not checked: .*$/, "")).sort()).to.deep.equal(Object.entries(SELF_IDENTIFYING).map(([f, id]) => `${f}: valid ${id}`).sort());
      expect(err).to.contain("result-produced.json: valid svc.data-processing.result.v1; not checked: correlation with the request and its horizon (needs --request), the task's rules (needs --task)");
      expect(err).to.match(/^error\.json: valid svc\.data-processing\.error\.v1$/m);
    });

    it("the contracts without a schema member are valid when named with --contract, by short name or identifier", async () => {
      for (const name of NAMED) {
        const id = CONTRACTS.find((c) => c.name === name)!.id;
        const file = copy(`${name}.json`);
        for (const given of [name, id]) {
          const { code, out, err } = await svc("validate", "--contract", given, file);
          expect({ code, out, err: err.replace(/; not checked: .*/, "") }, `${name} as ${given}`).to.deep.equal({ code: 0, out: "", err: `${file}: valid ${id}\n` });
        }
      }
    });

    it("without --contract they are contract/unidentified at the document, exit 1 (spec: contract identifiers are exact)", async () => {
      const { code, err } = await svc("validate", copy("processor-route.json"));
      expect(code).to.equal(1);
      expect(err).to.match(/^processor-route\.json:1:1: error contract\/unidentified: /);
    });

    it("results are valid with their request, task and descriptor as context (spec: Result envelope, correlation)", async () => {
      const [task, request, descriptor] = ["task.json", "processor-request.json", "forecast-contract.json"].map(copy);
      const results = ["result-produced.json", "result-fallback.json", "result-unavailable.json", "forecast-output.json", "derived-data.json"].map(copy);
      const { code, out, err } = await svc("validate", "--task", task!, "--request", request!, "--descriptor", descriptor!, ...results);
      expect({ code, out, err }).to.deep.equal({ code: 0, out: "", err: results.map((f) => `${f}: valid ${f.startsWith("result") ? "svc.data-processing.result.v1" : f.startsWith("forecast") ? "svc.data-processing.output.forecast.v1" : "svc.derived-data.v1"}\n`).join("") });
    });

    it("--task also takes a pack task file in YAML (kind: DataProcessingTask, the declaration under task)", async () => {
      const task = write("site-load.task.yaml", stringify({ kind: "DataProcessingTask", task: sample("task.json") })).name;
      const { code, err } = await svc("validate", "--task", task, "--request", copy("processor-request.json"), copy("result-produced.json"));
      expect({ code, err }).to.deep.equal({ code: 0, err: "result-produced.json: valid svc.data-processing.result.v1\n" });
    });
  });

  describe("versions and syntax (spec: Validation order 1)", () => {
    it("an unsupported major version: contract/unsupported-version at /schema, on the line of the schema member", async () => {
      const { name, text } = write("r.json", { ...sample("result-produced.json"), schema: "svc.data-processing.result.v2" });
      const { code, out, err } = await svc("validate", name);
      expect({ code, out }).to.deep.equal({ code: 1, out: "" });
      expect(err).to.match(new RegExp(`^r\\.json:${positionOf(text, '"svc.data-processing.result.v2"')}: error contract/unsupported-version: .*\\(at /schema\\)`));
      expect(err).to.not.contain("valid svc.");
    });

    it("an unknown identifier: contract/unknown at /schema (identifiers are exact and case-sensitive)", async () => {
      const { name, text } = write("r.json", { ...sample("result-produced.json"), schema: "svc.data-processing.Result.v1" });
      const { code, err } = await svc("validate", name);
      expect(code).to.equal(1);
      expect(err).to.match(new RegExp(`^r\\.json:${positionOf(text, '"svc.data-processing.Result.v1"')}: error contract/unknown: .*\\(at /schema\\)`));
    });

    it("a JSON syntax error names its line and column", async () => {
      const { name } = write("r.json", '{\n  "schema": "svc.data-processing.error.v1",\n  "request_id": "x",,\n}');
      const { code, out, err } = await svc("validate", name);
      expect({ code, out }).to.deep.equal({ code: 1, out: "" });
      expect(err).to.match(/^r\.json:3:21: error json\/syntax: /);
    });

    it("a duplicate key is refused at the second key, with its path (JSON.parse would keep only the last)", async () => {
      const original = JSON.stringify(sample("processor-request.json"), null, 2);
      const { name, text } = write("r.json", original.replace('"horizon_steps": 4', '"horizon_steps": 4,\n    "horizon_steps": 96'));
      const { code, err } = await svc("validate", name);
      expect(code).to.equal(1);
      expect(err).to.match(new RegExp(`^r\\.json:${positionOf(text, '"horizon_steps": 96')}: error json/duplicate-key: .*\\(at /options/horizon_steps\\)`));
    });
  });

  describe("diagnostics", () => {
    it("a schema error is printed at the file:line:col of the offending value, with its JSON Pointer and a code frame", async () => {
      const frame = sample("frame.json") as { history: { features: { site_load: { values: unknown[] } } } };
      frame.history.features.site_load.values[1] = "forty-two";
      const { name, text } = write("f.json", frame);
      const { code, err } = await svc("validate", name);
      expect(code).to.equal(1);
      const at = positionOf(text, '"forty-two"');
      expect(err).to.match(new RegExp(`^f\\.json:${at}: error schema/[a-z-]+: .*\\(at /history/features/site_load/values/1\\)\n${at.split(":")[0]} \\| +"forty-two"`));
      expect(err).to.match(/1 of 1 file not valid\n$/);
    });

    it("warnings are printed but the file is valid, exit 0 (a median_policy that no request can use)", async () => {
      const task = sample("task.json") as { output: Doc };
      task.output = { ...task.output, max_quantiles: 0 };
      const { name, text } = write("t.json", task);
      const { code, err } = await svc("validate", name);
      expect(code).to.equal(0);
      expect(err).to.match(new RegExp(`^t\\.json:${positionOf(text, '"may_differ"')}: warning [a-z]+/[a-z-]+: .*\\(at /output/median_policy\\)`));
      expect(err).to.match(/\nt\.json: valid svc\.data-processing-task\.v1\n$/);
    });

    it("every file is checked and reported: one valid, one not, exit 1", async () => {
      const { name: bad } = write("bad.json", { ...sample("error.json"), retryable: "no" });
      const { code, err } = await svc("validate", copy("error.json"), bad);
      expect(code).to.equal(1);
      expect(err).to.contain("error.json: valid svc.data-processing.error.v1\n");
      expect(err).to.match(/^bad\.json:\d+:\d+: error schema\/type: .*\(at \/retryable\)/m);
    });

    it("a result whose request_id differs from --request: result/request-id-mismatch at /request_id (spec: Result envelope)", async () => {
      const { name } = write("r.json", { ...sample("result-produced.json"), request_id: "req-other" });
      const { code, err } = await svc("validate", "--request", copy("processor-request.json"), name);
      expect(code).to.equal(1);
      expect(err).to.match(/^r\.json:\d+:\d+: error result\/request-id-mismatch: .*\(at \/request_id\)/m);
    });

    it("--format json: one array of every diagnostic on stdout with file, line, column, code and path; nothing on stderr", async () => {
      const { name, text } = write("f.json", { ...sample("frame.json"), cadence_seconds: -900 });
      const { code, out, err } = await svc("validate", "--format", "json", copy("task.json"), name);
      expect({ code, err }).to.deep.equal({ code: 1, err: "" });
      const reported = JSON.parse(out) as Array<{ file: string; line: number; column: number; code: string; path: string; severity: string }>;
      const [line, column] = positionOf(text, "-900").split(":").map(Number);
      expect(reported.map(({ file, line, column, path, severity }) => ({ file, line, column, path, severity }))).to.deep.equal([
        { file: "f.json", line, column, path: "/cadence_seconds", severity: "error" },
      ]);
      expect(reported[0]!.code).to.match(/^schema\//);

      const valid = await svc("validate", "--format", "json", copy("task.json"));
      expect(valid).to.deep.equal({ code: 0, out: "[]\n", err: "" });
    });
  });

  describe("context files are checked first, against their own contracts", () => {
    it("a broken --request is reported as such and no document is checked, exit 1", async () => {
      const { name: request, text } = write("req.json", { ...sample("processor-request.json"), deadline: "yesterday" });
      const { code, err } = await svc("validate", "--request", request, copy("result-produced.json"));
      expect(code).to.equal(1);
      expect(err).to.match(new RegExp(`^req\\.json:${positionOf(text, '"yesterday"')}: error schema/[a-z-]+: .*\\(at /deadline\\)`));
      expect(err).to.not.contain("result-produced.json");
    });

    it("--request given a result: one contract/wrong-context at /schema, not every schema difference", async () => {
      const { name } = write("req.json", sample("result-produced.json"));
      const { code, err } = await svc("validate", "--request", name, copy("result-produced.json"));
      expect(code).to.equal(1);
      expect(err.match(/error /g)).to.have.length(1);
      expect(err).to.match(/^req\.json:2:\d+: error contract\/wrong-context: .*\(at \/schema\)/);
    });

    it("--request with an unsupported version: contract/unsupported-version, as for any document", async () => {
      const { name } = write("req.json", { ...sample("processor-request.json"), schema: "svc.data-processing.request.v2" });
      const { code, err } = await svc("validate", "--request", name, copy("result-produced.json"));
      expect(code).to.equal(1);
      expect(err).to.match(/^req\.json:2:\d+: error contract\/unsupported-version: /);
    });

    it("a YAML task file with errors: reported at the line in the YAML, under /task; nothing else is checked", async () => {
      const { name, text } = write("t.task.yaml", stringify({ kind: "DataProcessingTask", task: { ...sample("task.json"), revision: 0 } }));
      const { code, err } = await svc("validate", "--task", name, copy("frame.json"));
      expect(code).to.equal(1);
      expect(err).to.match(new RegExp(`^t\\.task\\.yaml:${positionOf(text, "revision: 0").split(":")[0]}:\\d+: error schema/minimum: .*\\(at /task/revision\\)`));
      expect(err).to.not.contain("frame.json");
    });

    it("YAML syntax errors and duplicate keys in the task file are located", async () => {
      const yaml = stringify({ kind: "DataProcessingTask", task: sample("task.json") }).replace("  revision: 1\n", "  revision: 1\n  revision: 2\n");
      const { name, text } = write("t.yaml", yaml);
      const { code, err } = await svc("validate", "--task", name, copy("frame.json"));
      expect(code).to.equal(1);
      expect(err).to.match(new RegExp(`^t\\.yaml:${positionOf(text, "revision: 2")}: error yaml/duplicate-key: `));
    });

    it("a pack file of another kind, or a task declaration file with extra members, is refused", async () => {
      const other = write("b.yaml", stringify({ kind: "DataProcessingBinding", binding: { id: "b" } })).name;
      expect((await svc("validate", "--task", other, copy("frame.json"))).code).to.equal(1);
      const { name } = write("t.yaml", stringify({ kind: "DataProcessingTask", task: sample("task.json"), tasks: [] }));
      const { code, err } = await svc("validate", "--task", name, copy("frame.json"));
      expect(code).to.equal(1);
      expect(err).to.match(/^t\.yaml:\d+:\d+: error schema\/additional-properties: .*\(at \/tasks\)/);
    });
  });

  describe("usage", () => {
    it("a YAML file as a document is wrong usage that points at svc compile and --task", async () => {
      const { code, err } = await svc("validate", copy("task.json"), "tasks/load.yaml");
      expect(code).to.equal(2);
      expect(err).to.contain("svc compile").and.contain("--task");
    });

    it("wrong usage exits 2 with nothing on stdout: no file, an unknown option, an unknown contract, a bad format, a missing file", async () => {
      const file = copy("task.json");
      const cases = [["validate"], ["validate", "--contrat", "task", file], ["validate", "--contract", "reslt", file], ["validate", "--format", "xml", file], ["validate", "missing.json"], ["validate", "--request", "missing.json", file]];
      for (const argv of cases) {
        const { code, out, err } = await svc(...argv);
        expect({ code, out }, argv.join(" ")).to.deep.equal({ code: 2, out: "" });
        expect(err).to.contain("svc validate --help");
      }
      expect((await svc("validate", "--contract", "reslt", file)).err).to.contain("did you mean 'result'?");
    });

    it("is listed in svc --help, and svc validate --help tells the options and exit codes", async () => {
      expect((await svc("--help")).out).to.match(/\n {2}validate {4}/);
      const { code, out } = await svc("validate", "--help");
      expect(code).to.equal(0);
      expect(out).to.contain("usage: svc validate").and.contain("--request").and.contain("--task").and.contain("--descriptor").and.contain("Exit codes: 0 all valid");
    });
  });
});
