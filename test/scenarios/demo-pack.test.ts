// The demo pack is tested (issue 18.5): its scenarios pass through `svc test`, the entry CI and
// people use, with every switch output of every rule exercised; a rule changed to a wrong
// threshold fails the scenario that relies on it, at the expectation's file:line:col, with what
// happened instead; and the README's `svc test` commands print what the README shows.
import { expect } from "chai";
import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadScenarioPack } from "../../cli/test/load-test-pack.js";
import { fromRoot, projectRoot } from "../helpers/paths.js";
import { runSvc } from "../helpers/run-svc.js";

const PACK = "examples/packs/demo";
const RULE_FILE = /\.rule(\.ya?ml)?$/;

/** `line:col` of the expectation on the first line holding `needle` after the scenario named `scenario`: where its key starts. */
function expectationAt(text: string, scenario: string, needle: string): string {
  const lines = text.split("\n");
  const from = lines.findIndex((l) => l.endsWith(`name: ${scenario}`));
  expect(from, scenario).to.be.greaterThan(-1);
  const index = lines.findIndex((l, i) => i > from && l.includes(needle));
  expect(index, needle).to.be.greaterThan(-1);
  return `${index + 1}:${lines[index]!.indexOf("- ") + 3}`;
}

/** The text report's sections: a file's name, then its scenario lines (`  ✓ …`, `  ✗ …` and details). */
function sections(out: string): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const block of out.split("\n\n")) {
    const [head, ...rest] = block.split("\n");
    if (head?.endsWith(".test.yaml")) found.set(head, rest);
  }
  return found;
}

/** Whether every line of `shown` other than `...` appears in `actual`, in the same order. */
function shownLinesMissing(shown: string, actual: string): string[] {
  const lines = actual.split("\n");
  let at = 0;
  const missing: string[] = [];
  for (const line of shown.split("\n").filter((l) => l !== "..." && l !== "")) {
    const found = lines.indexOf(line, at);
    if (found < 0) missing.push(line);
    else at = found + 1;
  }
  return missing;
}

describe("the demo pack's scenarios (svc test)", function () {
  this.timeout(120_000);
  const made: string[] = [];
  after(() => made.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  /** A copy of the demo pack, folder `demo` in a new temporary folder (returned), one rule file edited. */
  function brokenCopy(ruleFile: string, from: string, to: string): string {
    const dir = mkdtempSync(join(tmpdir(), "svc-demo-broken-"));
    made.push(dir);
    cpSync(fromRoot(PACK), join(dir, "demo"), { recursive: true });
    const path = join(dir, "demo", "rules", ruleFile);
    const text = readFileSync(path, "utf8");
    expect(text, `${ruleFile} holds '${from}'`).to.include(from);
    writeFileSync(path, text.replace(from, to));
    return dir;
  }

  it("issue 18.5: every demo rule file has its scenario file, every scenario passes, and every switch output of every demo rule is exercised (--coverage --require-coverage)", async () => {
    const ruleFiles = readdirSync(fromRoot(PACK, "rules")).filter((f) => RULE_FILE.test(f));
    const testFiles = readdirSync(fromRoot(PACK, "tests")).filter((f) => f.endsWith(".test.yaml"));
    expect(testFiles.sort()).to.deep.equal(ruleFiles.map((f) => f.replace(RULE_FILE, ".test.yaml")).sort());

    const run = await runSvc(projectRoot, ["test", PACK, "--coverage", "--require-coverage"]);
    expect(run.code, `${run.out}\n${run.err}`).to.equal(0);
    const summary = /^(\d+) scenarios: (\d+) passed, 0 failed$/m.exec(run.out);
    expect(summary, run.out).to.not.equal(null);
    expect(Number(summary![2])).to.equal(Number(summary![1]));
    const files = sections(run.out);
    expect([...files.keys()]).to.deep.equal(testFiles.map((f) => `${PACK}/tests/${f}`));
    for (const [file, lines] of files) {
      expect(lines.filter((l) => l.startsWith("  ✓ ")).length, `${file} has scenarios`).to.be.greaterThan(0);
      expect(lines.filter((l) => !l.startsWith("  ✓ ")), file).to.deep.equal([]);
    }

    // The coverage table names every rule of the pack, each with every switch output taken.
    const loaded = await loadScenarioPack(PACK, projectRoot);
    expect(loaded.pack, "the demo pack loads").to.not.equal(undefined);
    const rules = loaded.pack!.rules.map((r) => r.name);
    expect(rules).to.have.length(ruleFiles.length);
    const coverage = run.out.slice(run.out.indexOf("coverage of ")).split("\n");
    for (const rule of rules) {
      const line = coverage.find((l) => l.startsWith(`  ${rule}:`));
      const [, hit, all] = /switch outputs (\d+)\/(\d+), nodes (\d+)\/(\d+)/.exec(line ?? "") ?? [];
      expect(hit, `coverage of ${rule}: ${line}`).to.not.equal(undefined);
      expect(hit, line).to.equal(all);
    }
    expect(run.out).to.not.contain("missed");
  });

  const wrongThresholds = [
    {
      what: "AHU-1 cooling stages stepping every 2 K instead of 1 K",
      rule: "ahu1-cooling-stages.rule",
      from: "param step = 1",
      to: "param step = 2",
      test: "ahu1-cooling-stages.test.yaml",
      scenario: "stage 1 when zone 1 is 1.2 K too warm; stage 2 only once the 5-minute cooldown is over",
      needle: "- write: ahu1.cooling_stage",
      expected: "expected a write of ahu1.cooling_stage = 1 at +1m by AHU-1 cooling stages",
      actual: "actual: ahu1.cooling_stage was written 1 at +2m by AHU-1 cooling stages",
    },
    {
      what: "the boiler enabled below 5 degC outside instead of 12 degC",
      rule: "boiler-enable.rule",
      from: "param outdoor_limit = 12",
      to: "param outdoor_limit = 5",
      test: "boiler-enable.test.yaml",
      scenario: "cold outside, the boiler and its pump are enabled; the cooldown holds the next run for 5 minutes",
      needle: "- execution: Boiler enable",
      expected: "expected an execution of Boiler enable at +100ms that succeeded, taking output cold",
      actual: "actual: Boiler enable executed at +100ms: succeeded, output default",
    },
  ];
  for (const c of wrongThresholds) {
    it(`issue 18.5: a wrong threshold (${c.what}) fails the scenario relying on it, at the expectation's file:line:col, showing what happened instead`, async () => {
      const dir = brokenCopy(c.rule, c.from, c.to);
      const run = await runSvc(dir, ["test", "demo"]);
      expect(run.code, `${run.out}\n${run.err}`).to.equal(1);
      const file = `demo/tests/${c.test}`;
      const at = expectationAt(readFileSync(join(dir, file), "utf8"), c.scenario, c.needle);
      const lines = sections(run.out).get(file);
      expect(lines, run.out).to.not.equal(undefined);
      const failed = lines!.indexOf(`  ✗ ${c.scenario}`);
      expect(failed, run.out).to.be.greaterThan(-1);
      // The first unmet expectation right under the scenario's name, then its source line.
      expect(lines![failed + 1]).to.equal(`      ${file}:${at}: ${c.expected}`);
      expect(lines![failed + 2]).to.include(c.needle);
      expect(lines![failed + 4]!.trim()).to.match(new RegExp(`^${c.actual.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`));
      // The other rules' scenarios still pass.
      for (const [other, scenarioLines] of sections(run.out)) {
        if (other !== file) expect(scenarioLines.filter((l) => !l.startsWith("  ✓ ")), other).to.deep.equal([]);
      }
    });
  }

  it("issue 18.5: the README's svc test commands run as written and print what the README shows (the passing pack, then a broken copy)", async () => {
    const readme = readFileSync(fromRoot("README.md"), "utf8");
    const pairs = [...readme.matchAll(/```sh\n([^`]*?npm run svc -- test [^`]*?)```\n\n```\n([\s\S]*?)```/g)].map((m) => ({ script: m[1]!, shown: m[2]! }));
    expect(pairs, "two svc test commands with their output").to.have.length(2);
    // The scenario shown is the demo's, shortened: its lines, in order.
    const excerpt = /```yaml\n( {2}- name: [\s\S]*?)```/.exec(readme)?.[1];
    expect(excerpt, "the README shows a scenario").to.be.a("string");
    expect(shownLinesMissing(excerpt!, readFileSync(fromRoot(PACK, "tests/ahu1-cooling-stages.test.yaml"), "utf8"))).to.deep.equal([]);

    const dir = mkdtempSync(join(tmpdir(), "svc-readme-test-"));
    made.push(dir);
    const exits = [0, 1];
    pairs.forEach(({ script, shown }, i) => {
      // The broken copy goes to a temporary folder instead of /tmp/demo-broken; the output is compared with the README's path.
      const run = spawnSync("bash", ["-c", script.replaceAll("/tmp/demo-broken", join(dir, "demo-broken"))], {
        cwd: projectRoot,
        encoding: "utf8",
        env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", npm_config_update_notifier: "false" },
      });
      expect(run.status, `${run.stdout}\n${run.stderr}`).to.equal(exits[i]);
      const out = run.stdout.replaceAll(join(dir, "demo-broken"), "/tmp/demo-broken");
      expect(shownLinesMissing(shown, out), `README output block ${i + 1} against the real output:\n${out}`).to.deep.equal([]);
    });
  });
});
