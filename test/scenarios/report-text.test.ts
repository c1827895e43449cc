// The text report of svc test: what a failure shows (position with its source line, actual, the
// writes around, the execution concerned), the passed line, the summary and the value formats.
import { expect } from "chai";
import { formatVariable } from "../../scenarios/format-values.js";
import { formatFileText, formatScenarioText, formatSummary, scenarioPassed } from "../../scenarios/report-text.js";
import { FILE, FILE_TEXT, failingOutcome, passingOutcome, T0 } from "./outcome-fixtures.js";

describe("svc test text report", () => {
  it("issue 18.2: a failure shows the first unmet expectation at file:line:col with its source line, the actual, the writes around and the execution concerned", () => {
    const text = formatScenarioText({ outcome: failingOutcome() }, { text: FILE_TEXT }).join("\n");
    const lines = text.split("\n");
    expect(lines[0]).to.equal("  ✗ stage 2 after two minutes");
    expect(lines[1]).to.equal(`      ${FILE}:9:9: expected a write of ahu1.cooling_stage = 2 at +2m`);
    expect(lines[2]).to.equal("        9 |       - write: ahu1.cooling_stage");
    expect(lines[3]).to.equal("          |         ^");
    expect(text).to.contain("actual: none at +2m; ahu1.cooling_stage was written 1 at +30s");
    expect(text).to.contain("writes from +20s to +3m:");
    expect(text).to.match(/\+30s {2}ahu1\.cooling_stage = 1 {2}AHU-1 cooling stages {2}accepted/);
    expect(text).to.contain("the execution concerned: AHU-1 cooling stages at +2m, on_change (fast path, zone1.room_temp = 24.6)");
    expect(text).to.match(/outcome +succeeded, output default, no write/);
    expect(text).to.match(/path +start → input_1 → calc_1 → switch_1 → end/);
    expect(text).to.match(/matched +none \(the default outputs were taken\)/);
    expect(text).to.match(/variables +zone_temp = 24\.6, stage = 1, setpoint = 23, step = 1, error = 1\.6/);
    // The second unmet expectation, one line.
    expect(text).to.contain(`also unmet:\n        ${FILE}:12:9: expected no write of ahu1.cooling_stage from +0s to +1m; actual: ahu1.cooling_stage was written 1 at +30s`);
  });

  it("issue 18.2: the execution concerned shows the matched condition, its outcome with the writes it made, and an unavailable variable", () => {
    const outcome = failingOutcome();
    const first = outcome.expectations[0]!;
    const concerned = outcome.executions[0]!;
    concerned.result!.variables.error = Number.NaN;
    first.concerns = concerned;
    const text = formatScenarioText({ outcome }).join("\n");
    expect(text).to.match(/matched +up: stage < 2 && error > \(stage \+ 1\) \* step \(switch_1\)/);
    expect(text).to.match(/outcome +succeeded, output up, wrote ahu1\.cooling_stage = 1/);
    expect(text).to.contain("error = unavailable");
    expect(text).to.not.contain(" | ", "no source line without the file's text");
  });

  it("issue 18.2: a refused write is shown with its reason, and a short-circuit as the execution's outcome", () => {
    const outcome = failingOutcome();
    outcome.writes = [{ at: T0 + 120_000, rule: "AHU-1 cooling stages", point: { index: 9, text: "ahu1.cooling_stage" }, value: 7, accepted: false, reason: "7 is out of range [0, 2]" }];
    const result = outcome.expectations[0]!.concerns!.result!;
    result.short_circuit = { node: "input_1", variable: "zone_temp", instance: 12, point_type: "measurement", point: 3, reason: "the point's value is unavailable" };
    const text = formatScenarioText({ outcome }).join("\n");
    expect(text).to.match(/\+2m {2}ahu1\.cooling_stage = 7 {2}AHU-1 cooling stages {2}refused: 7 is out of range \[0, 2\]/);
    expect(text).to.match(/outcome +short-circuited: input zone_temp unavailable \(the point's value is unavailable\)/);
  });

  it("issue 18.2: a passed scenario is one line; the file header comes first; the summary counts", () => {
    const report = formatFileText(FILE, [{ outcome: passingOutcome() }, { outcome: failingOutcome() }], { text: FILE_TEXT });
    expect(report.split("\n").slice(0, 3)).to.deep.equal([FILE, "  ✓ nothing below the threshold", "  ✗ stage 2 after two minutes"]);
    expect(scenarioPassed({ outcome: passingOutcome() })).to.equal(true);
    expect(scenarioPassed({ outcome: passingOutcome(), trace: { kind: "missing", file: "x", why: "no" } })).to.equal(false);
    expect(formatSummary(1, 1)).to.equal("2 scenarios: 1 passed, 1 failed");
    expect(formatSummary(1, 0, 2)).to.equal("1 scenario: 1 passed, 0 failed; 2 files have errors");
  });

  it("issue 18.2: many writes around a failure: those nearest the expectation's time are listed, the others counted", () => {
    const outcome = failingOutcome();
    const first = outcome.expectations[0]!;
    first.around = [T0, T0 + 100_000];
    outcome.writes = Array.from({ length: 101 }, (_, i) => ({ at: T0 + i * 1000, rule: "AHU-1 cooling stages", point: { index: 9, text: "ahu1.cooling_stage" }, value: i % 3, accepted: true }));
    const text = formatScenarioText({ outcome }).join("\n");
    expect(text).to.contain("writes from +0s to +1m40s:\n        … 44 earlier\n        +44s ");
    expect(text).to.contain("\n        +55s ");
    expect(text).to.not.contain("+56s ");
    expect(text).to.contain("\n        … 45 later\n");
  });

  it("issue 18.2: a scenario that could not run says why", () => {
    const outcome = { ...passingOutcome(), passed: false, error: "rule 'X' does not load" };
    expect(formatScenarioText({ outcome })).to.deep.equal(["  ✗ nothing below the threshold", "      could not run: rule 'X' does not load"]);
  });

  it("issue 18.2: variables: NaN reads unavailable, booleans as words, numbers without float noise", () => {
    expect([Number.NaN, 1.5, true, -0, 24.6 - 23].map(formatVariable)).to.deep.equal(["unavailable", "1.5", "true", "0", "1.6"]);
  });
});
