// The demo pack is tested (issue 18.5): its scenarios pass through `svc test` — the entry CI and
// people use — with every switch output of every rule exercised; and a rule changed to a wrong
// threshold fails the scenario that relies on it, at the expectation's file:line:col, with what
// happened instead. The README's failure output is this run's output.
import { expect } from "chai";
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadScenarioPack } from "../../cli/test/load-test-pack.js";
import { fromRoot, projectRoot } from "../helpers/paths.js";
import { runSvc } from "../helpers/run-svc.js";

const PACK = "examples/packs/demo";

/** `line:col` of the expectation on the line holding `needle` after the scenario named `scenario`: where its key starts. */
function expectationAt(text: string, scenario: string, needle: string): string {
  const lines = text.split("\n");
  const from = lines.findIndex((l) => l.includes(`name: ${scenario}`));
  expect(from, scenario).to.be.greaterThan(-1);
  const index = lines.findIndex((l, i) => i > from && l.includes(needle));
  expect(index, needle).to.be.greaterThan(-1);
  return `${index + 1}:${lines[index]!.indexOf("- ") + 3}`;
}

/** A copy of the demo pack in a temporary folder, with one rule file edited; returns the folder holding the copy (named `demo`). */
function brokenCopy(ruleFile: string, from: string, to: string): string {
  const dir = mkdtempSync(join(tmpdir(), "svc-demo-broken-"));
  cpSync(fromRoot(PACK), join(dir, "demo"), { recursive: true });
  const path = join(dir, "demo", "rules", ruleFile);
  const text = readFileSync(path, "utf8");
  expect(text, `${ruleFile} holds '${from}'`).to.include(from);
  writeFileSync(path, text.replace(from, to));
  return dir;
}

describe("the demo pack's scenarios (svc test)", function () {
  this.timeout(60_000);
  const made: string[] = [];
  after(() => made.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  it("issue 18.5: every demo rule file has its scenario file, every scenario passes, and every switch output of every rule is exercised", async () => {
    const ruleFiles = readdirSync(fromRoot(PACK, "rules")).filter((f) => /\.rule(\.ya?ml)?$/.test(f));
    const testFiles = readdirSync(fromRoot(PACK, "tests")).filter((f) => f.endsWith(".test.yaml"));
    expect(testFiles.sort()).to.deep.equal(ruleFiles.map((f) => f.replace(/\.rule(\.ya?ml)?$/, ".test.yaml")).sort());

    const run = await runSvc(projectRoot, ["test", PACK, "--coverage", "--require-coverage"]);
    expect(run.code, `${run.out}\n${run.err}`).to.equal(0);
    const summary = /(\d+) scenarios: (\d+) passed, 0 failed/.exec(run.out);
    expect(summary, run.out).to.not.equal(null);
    expect(Number(summary![1])).to.equal(Number(summary![2])).and.to.be.greaterThan(ruleFiles.length);
    expect(run.out).to.not.contain("✗");

    // The coverage table names every rule of the pack, each with all its switch outputs taken.
    const loaded = await loadScenarioPack(PACK, projectRoot);
    expect(loaded.pack, "the demo pack loads").to.not.equal(undefined);
    const rules = loaded.pack!.rules.map((r) => r.name);
    expect(rules).to.have.length(ruleFiles.length);
    for (const rule of rules) {
      const line = run.out.split("\n").find((l) => l.trimStart().startsWith(`${rule}:`));
      expect(line, `coverage line of ${rule}`).to.not.equal(undefined);
      const [, hit, all] = /switch outputs (\d+)\/(\d+)/.exec(line!) ?? [];
      expect(hit, line).to.equal(all);
    }
    expect(run.out).to.not.contain("missed");
  });

  const broken = [
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
      expected: "expected an execution of Boiler enable at +100ms taking output cold",
      actual: "actual: Boiler enable executed at +100ms: succeeded, output default",
    },
  ];
  for (const b of broken) {
    it(`issue 18.5: a wrong threshold (${b.what}) fails the scenario relying on it, at its expectation's file:line:col, with what happened instead`, async () => {
      const dir = brokenCopy(b.rule, b.from, b.to);
      made.push(dir);
      const run = await runSvc(dir, ["test", "demo"]);
      expect(run.code, `${run.out}\n${run.err}`).to.equal(1);
      const file = `demo/tests/${b.test}`;
      const at = expectationAt(readFileSync(join(dir, file), "utf8"), b.scenario, b.needle);
      const lines = run.out.split("\n");
      const failed = lines.findIndex((l) => l === `  ✗ ${b.scenario}`);
      expect(failed, run.out).to.be.greaterThan(-1);
      // The first unmet expectation comes right under the scenario's name, then its source line.
      expect(lines[failed + 1]).to.equal(`      ${file}:${at}: ${b.expected}`);
      expect(lines[failed + 2]).to.include(b.needle);
      expect(lines.slice(failed + 3).find((l) => l.trimStart().startsWith("actual:"))?.trim()).to.include(b.actual);
      // Scenarios of the other rules still pass.
      expect(run.out).to.match(/\d+ scenarios: \d+ passed, [1-9]\d* failed/);
      for (const other of readdirSync(fromRoot(PACK, "tests")).filter((f) => f.endsWith(".test.yaml") && f !== b.test)) {
        const section = run.out.slice(run.out.indexOf(`demo/tests/${other}\n`));
        expect(section.split("\n").slice(1).find((l) => !l.startsWith("  ")) ?? "", other).to.not.be.undefined;
        expect(section.split("\n")[1], other).to.match(/^ {2}✓ /);
      }
    });
  }
});
