// `svc compile` on a pack's data-processing files (tasks/, bindings/, routes/), through the
// command's entry point. Issue 6, part 5, done means: compiling the demo pack with --check also
// checks the tasks; a task with a wrong unit, a duplicate feature name or a live tail on a mean
// feature reports it with file:line:col of the offending YAML value.
import { expect } from "chai";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parse } from "yaml";
import { fromRoot, projectRoot } from "../helpers/paths.js";
import { runSvc, type SvcRun } from "../helpers/run-svc.js";

const svc = (...argv: string[]): Promise<SvcRun> => runSvc(projectRoot, argv);

const DEMO = "examples/packs/demo";
const LOAD_TASK = "tasks/site-load-forecast.yaml";

/** The diagnostics of `svc compile --format json` less the demo pack's rule/shared-write warnings. */
function notSharedWrites(diagnostics: Array<{ code: string }>): Array<{ code: string }> {
  return diagnostics.filter((d) => d.code !== "rule/shared-write");
}

/** `line:col` (1-based) of `value` at the end of the one line of `text` that reads `lineText` after its indentation. */
function positionOf(text: string, lineText: string, value: string): string {
  const lines = text.split("\n");
  const matches = lines.flatMap((line, i) => (line.trim() === lineText ? [i] : []));
  expect(matches, `exactly one line '${lineText}'`).to.have.length(1);
  const line = lines[matches[0]!]!;
  return `${matches[0]! + 1}:${line.lastIndexOf(value) + 1}`;
}

describe("svc compile on data-processing files", () => {
  let dir: string;
  let pack: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "svc-tasks-"));
    pack = join(dir, "demo");
    cpSync(fromRoot(DEMO), pack, { recursive: true });
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  /** Rewrites the pack copy's load task with `edit` and returns the new text. */
  const editTask = (edit: (text: string) => string): string => {
    const path = join(pack, LOAD_TASK);
    const text = edit(readFileSync(path, "utf8"));
    writeFileSync(path, text);
    return text;
  };
  const replace = (from: string, to: string) => (text: string): string => {
    expect(text, from).to.contain(from);
    return text.replace(from, to);
  };

  it("--check on the demo pack checks its tasks, bindings and route with the rules, and passes", async () => {
    const { code, out } = await svc("compile", "--check", "--format", "json", DEMO);
    expect(code, out).to.equal(0);
    // Warnings about the rules (actions several rules write, issue 17.3) are not this test's business.
    expect(notSharedWrites(JSON.parse(out))).to.deep.equal([]);
    const { err } = await svc("compile", "--check", DEMO);
    const rules = readdirSync(fromRoot(DEMO, "rules")).filter((f) => /\.rule(\.yaml)?$/.test(f)).length + readdirSync(fromRoot(DEMO, "flows")).length;
    expect(err).to.match(new RegExp(`(^|\n)${rules + 5} files compiled, no errors\n$`));
    expect(err).to.not.match(/: error /);
  });

  it("(a) a task feature whose unit differs from the bound site point: binding/unit-mismatch at the task's unit, with the binding and the site point in notes", async () => {
    const text = editTask(replace("      - name: outdoor_temp\n        unit: degC", "      - name: outdoor_temp\n        unit: K"));
    const file = join(pack, LOAD_TASK);
    const { code, err } = await svc("compile", "--check", pack);
    expect(code).to.equal(1);
    expect(err).to.contain(`${file}:${positionOf(text, "unit: K", "K")}: error binding/unit-mismatch: the feature 'outdoor_temp' is declared in K, but the commissioned point it reads is in degC`);
    expect(err).to.match(new RegExp(`= note: binding 'site-load-main' resolves site\\.weather_station\\.outdoor_temp to site point measurement\\(5, 1\\) 'outdoor_temp' at ${escape(join(pack, "bindings/site-load-main.yaml"))}:\\d+:\\d+`));
    expect(err).to.match(new RegExp(`= note: site point measurement\\(5, 1\\) 'outdoor_temp' is in degC at ${escape(join(pack, "site.yaml"))}:\\d+:\\d+`));
    expect(err).to.contain("1 of 19 files failed to compile");
  });

  it("(b) a duplicate feature name: task/duplicate-feature at the second name, the first in a note", async () => {
    const text = editTask(replace("      - name: is_weekend", "      - name: day_of_week"));
    const { code, err } = await svc("compile", "--check", pack);
    expect(code).to.equal(1);
    const lines = text.split("\n");
    const second = lines.lastIndexOf("      - name: day_of_week") + 1;
    const first = lines.indexOf("      - name: day_of_week") + 1;
    expect(second).to.be.greaterThan(first);
    expect(err).to.contain(`${join(pack, LOAD_TASK)}:${second}:15: error task/duplicate-feature: the feature name 'day_of_week' is declared twice`);
    expect(err).to.contain(`= note: 'day_of_week' is first declared at line ${first}, column 15`);
    expect(err, "pack checks wait for the files to compile").to.not.contain("binding/");
  });

  it("(c) live_tail on a mean feature: task/live-tail-aggregation at the live_tail value", async () => {
    const text = editTask((t) =>
      replace("    live_tail: forbidden", "    live_tail: allowed")(t).replace("    duplicate_policy: latest\n  missing_policy", "    duplicate_policy: latest\n    feature_policies:\n      - name: outdoor_temp\n        live_tail: true\n  missing_policy"),
    );
    const { code, err } = await svc("compile", "--check", pack);
    expect(code).to.equal(1);
    expect(err).to.contain(`${join(pack, LOAD_TASK)}:${positionOf(text, "live_tail: true", "true")}: error task/live-tail-aggregation: live tail is permitted only for a history feature whose aggregation is last`);
    expect(err).to.contain("rejected for mean, sum, min and max");
  });

  it("--format json gives the same diagnostics with file, line, column and the notes' spans in their own files", async () => {
    const text = editTask(replace("      - name: outdoor_temp\n        unit: degC", "      - name: outdoor_temp\n        unit: K"));
    const [line, column] = positionOf(text, "unit: K", "K").split(":").map(Number);
    const { code, out } = await svc("compile", "--check", "--format", "json", pack);
    expect(code).to.equal(1);
    const [diagnostic, ...rest] = notSharedWrites(JSON.parse(out)) as Array<{ file: string; line: number; column: number; code: string; path: string; notes: Array<{ span: { source: string } }> }>;
    expect(rest).to.deep.equal([]);
    expect(diagnostic).to.deep.include({ file: join(pack, LOAD_TASK), line, column, code: "binding/unit-mismatch", path: "/task/inputs/history/1/unit" });
    expect(diagnostic!.notes.map((n) => n.span.source)).to.deep.equal([join(pack, "bindings/site-load-main.yaml"), join(pack, "site.yaml")]);
  });

  it("a binding whose point the site does not have: binding/unresolved-point at the point number", async () => {
    const path = join(pack, "bindings/pv-main.yaml");
    writeFileSync(path, readFileSync(path, "utf8").replace("      point: 1\n", "      point: 2\n"));
    const { code, err } = await svc("compile", "--check", pack);
    expect(code).to.equal(1);
    expect(err).to.match(/bindings\/pv-main\.yaml:\d+:14: error binding\/unresolved-point: instance 35 \(PV inverter\) of .*site\.yaml has no measurement 2; its measurements: 1 ac_power \(kW\)/);
  });

  it("one task file prints its declaration: exactly the svc.data-processing-task.v1 document of the YAML", async () => {
    const { code, out } = await svc("compile", `${DEMO}/${LOAD_TASK}`);
    expect(code).to.equal(0);
    const declaration = JSON.parse(out) as Record<string, unknown>;
    expect(declaration).to.deep.equal((parse(readFileSync(fromRoot(DEMO, LOAD_TASK), "utf8")) as { task: unknown }).task);
    expect(declaration.schema).to.equal("svc.data-processing-task.v1");
  });

  it("one binding or route file prints the binding or route; named on its own, a file is checked alone (no pack checks)", async () => {
    const binding = await svc("compile", `${DEMO}/bindings/pv-main.yaml`);
    expect(binding.code).to.equal(0);
    expect(JSON.parse(binding.out)).to.deep.include({ id: "pv-main", route: "reference-forecast" });
    // Named on its own, a binding cannot be resolved: the note says to give the pack folder.
    expect(binding.err).to.match(/^note: \S*bindings\/pv-main\.yaml checked alone; give the pack folder/m);
    const route = await svc("compile", `${DEMO}/routes/reference-forecast.yaml`);
    expect(JSON.parse(route.out)).to.deep.include({ id: "reference-forecast" });
  });

  it("--out writes <task-id>.task.json (the declaration) beside the rules' outputs", async () => {
    const out = join(dir, "build");
    const { code, err } = await svc("compile", "--out", out, pack);
    expect(code, err).to.equal(0);
    const written = readdirSync(out);
    expect(written).to.include.members(["site-load-forecast.task.json", "pv-forecast.task.json", "minimal.nodes.json"]);
    expect(written.filter((f) => f.includes("binding") || f.includes("route"))).to.deep.equal([]);
    expect(JSON.parse(readFileSync(join(out, "pv-forecast.task.json"), "utf8"))).to.deep.equal((parse(readFileSync(fromRoot(DEMO, "tasks/pv-forecast.yaml"), "utf8")) as { task: unknown }).task);
    expect(err).to.match(/rules and 2 tasks from 19 files compiled into/);
  });

  it("--out writes <task-id>.r<N>.task.json when the pack holds several revisions of a task", async () => {
    writeFileSync(join(pack, "tasks/site-load-forecast-r2.yaml"), readFileSync(join(pack, LOAD_TASK), "utf8").replace("  revision: 1", "  revision: 2"));
    const out = join(dir, "build");
    expect((await svc("compile", "--out", out, pack)).code).to.equal(0);
    expect(readdirSync(out).filter((f) => f.endsWith(".task.json")).sort()).to.deep.equal(["pv-forecast.task.json", "site-load-forecast.r1.task.json", "site-load-forecast.r2.task.json"]);
  });

  it("finds data-processing YAML by its top-level kind outside tasks/; a *.rule.yaml in tasks/ stays a rule file; other YAML is ignored", async () => {
    const loose = join(dir, "loose");
    mkdirSync(join(loose, "tasks"), { recursive: true });
    cpSync(fromRoot(DEMO, LOAD_TASK), join(loose, "load.yaml"));
    writeFileSync(join(loose, "tasks/fan.rule.yaml"), "rules:\n  - name: Fan off\n    steps:\n      - write: action(15, 1)\n        value: 0\n");
    writeFileSync(join(loose, "notes.yaml"), "title: not a pack file\n");
    const { code, err } = await svc("compile", "--check", loose);
    expect(code, err).to.equal(0);
    // A task with no binding in its pack compiles, with a warning that it cannot run there.
    expect(err).to.match(/^\S*loose\/load\.yaml:\d+:\d+: warning pack\/unbound-task: /);
    expect(err).to.match(/\n2 files compiled, no errors, 1 warning\n$/);
  });

  it("a warning does not fail the build; it is printed with its position", async () => {
    const text = editTask(replace("    live_tail: forbidden", "    live_tail: allowed"));
    const { code, err } = await svc("compile", "--check", pack);
    expect(code).to.equal(0);
    expect(err).to.contain(`${join(pack, LOAD_TASK)}:${positionOf(text, "live_tail: allowed", "allowed")}: warning task/live-tail-unused`);
    expect(err).to.contain("19 files compiled, no errors");
  });

  it("a pack whose site.yaml has errors reports them, and its bindings cannot resolve", async () => {
    const site = join(pack, "site.yaml");
    writeFileSync(site, readFileSync(site, "utf8").replace("  - id: 35\n", "  - id: 30\n"));
    const { code, err } = await svc("compile", "--check", pack);
    expect(code).to.equal(1);
    expect(err).to.contain("error site/duplicate-instance");
    expect(err).to.contain(`error binding/unresolved-point: site.main_meter.active_power cannot be resolved: ${site} has errors`);
  });
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
