// svc test --coverage: switch outputs (the default ones too) and nodes exercised per rule,
// aggregated over scenarios; rules no scenario ran; what --require-coverage names.
import { expect } from "chai";
import { computeCoverage, formatCoverage, switchOutputsOf, uncovered } from "../../scenarios/coverage.js";
import { COOLING_RULE, COOLING_TOPOLOGY, FREEZE_RULE, coolingResult, execution, failingOutcome, passingOutcome } from "./outcome-fixtures.js";

describe("svc test coverage", () => {
  it("issue 18.2: every switch output is counted, the default one included, with its condition", () => {
    expect(switchOutputsOf(COOLING_TOPOLOGY)).to.deep.equal([
      { node: "switch_1", output: "up", label: "stage < 2 && error > (stage + 1) * step" },
      { node: "switch_1", output: "down", label: "stage > 0 && error < (stage - 1) * step" },
      { node: "switch_1", output: "default", label: "else: no condition true" },
    ]);
  });

  it("issue 18.2: outputs and nodes are aggregated over all scenarios; the missed ones are named; a rule no scenario ran is listed as not run", () => {
    // One scenario takes `up` (and the default), another only the default.
    const coverage = computeCoverage([COOLING_RULE, FREEZE_RULE], [failingOutcome(), passingOutcome()]);
    const cooling = coverage[0]!;
    expect(cooling.executions).to.equal(3);
    expect(cooling.outputs.map((o) => [o.output, o.hit])).to.deep.equal([["up", true], ["down", false], ["default", true]]);
    expect(cooling.nodes.filter((n) => !n.hit).map((n) => n.id)).to.deep.equal(["change_2"]);
    expect(coverage[1]!.executions).to.equal(0);
    const text = formatCoverage("examples/packs/demo", coverage);
    expect(text.split("\n")).to.deep.equal([
      "coverage of examples/packs/demo (2 rules):",
      "  AHU-1 cooling stages:    switch outputs 2/3, nodes 6/7",
      "      missed switch_1:down (stage > 0 && error < (stage - 1) * step)",
      "      nodes not visited: change_2",
      "  AHU-1 freeze protection: switch outputs 0/2, nodes 0/3; not run (no scenario runs it)",
    ]);
  });

  it("issue 18.2: --require-coverage names every output not taken, of rules run and not run; nothing when all are taken", () => {
    const some = uncovered(computeCoverage([COOLING_RULE, FREEZE_RULE], [failingOutcome()]));
    expect(some).to.deep.equal([
      "AHU-1 cooling stages: switch_1:down (stage > 0 && error < (stage - 1) * step)",
      "AHU-1 freeze protection (not run: no scenario runs it): switch_1:cold (mixed_air < limit), switch_1:default (else: no condition true)",
    ]);
    const down = failingOutcome();
    const result = coolingResult(21, 1, "default");
    result.nodes[3] = { node: "switch_1", type: "switch", outputs: ["down"] };
    down.executions.push(execution(200_000, result, 21));
    expect(uncovered(computeCoverage([COOLING_RULE], [down]))).to.deep.equal([]);
  });

  it("issue 18.2: a rule a scenario names but that never ran says so", () => {
    const outcome = passingOutcome();
    outcome.executions = [];
    const text = formatCoverage("pack", computeCoverage([COOLING_RULE], [outcome]));
    expect(text).to.contain("not run (never triggered in 1 scenario)");
  });
});
