// Issue 16.12: one execution's cost is bounded at compile time, so one heavy rule cannot stall the
// scheduler for the others (a 6,000-write flow blocked the event loop for 200-650 ms).
import { expect } from "chai";
import { compileFlow, compileRuleSource } from "../../../compiler/index.js";
import { EXPRESSION_NODES_PER_STEP, MAX_EXECUTION_STEPS, WRITE_STEPS } from "../../../compiler/passes/check-execution-bound.js";

type Json = Record<string, unknown>;
const node = (id: string, type: string, config: Json, next?: string[]): Json => ({ id, type, position: { x: 0, y: 0 }, data: { config: next ? { ...config, wires: { default: next } } : config } });

/** start -> input t -> change with `writes` writes of `t` -> end. */
function writesFlow(writes: number): Json {
  return {
    nodes: [
      node("start", "start", {}, ["in"]),
      node("in", "input", { variables: [{ name: "t", instance: 5, point_type: "measurement", point: 1 }] }, ["many"]),
      node("many", "change", { writes: Array.from({ length: writes }, (_, j) => ({ instance: 5, point_type: "action", point: j, value: "t" })) }, ["end"]),
      node("end", "end", {}),
    ],
    edges: [],
  };
}

// Steps of writesFlow(n): start 1, input 1 + 1 variable, change 1 + WRITE_STEPS n + one step per
// EXPRESSION_NODES_PER_STEP expression nodes (each value `t` is one), end 1.
const stepsOf = (n: number): number => 5 + WRITE_STEPS * n + Math.ceil(n / EXPRESSION_NODES_PER_STEP);
const largestAccepted = (): number => {
  let n = 1;
  while (stepsOf(n + 1) <= MAX_EXECUTION_STEPS) n++;
  return n;
};

describe("the execution bound: what one execution may cost", () => {
  it("issue 16.12: a flow at the cost limit compiles; one write more is refused with flow/too-costly at the costliest node", () => {
    const n = largestAccepted();
    expect(stepsOf(n)).to.be.at.most(MAX_EXECUTION_STEPS);
    expect(compileFlow(writesFlow(n)).ok).to.equal(true);
    const refused = compileFlow(writesFlow(n + 1));
    expect(refused.ok).to.equal(false);
    if (refused.ok) return;
    expect(refused.diagnostics.map((d) => [d.code, d.nodeId, d.path])).to.deep.equal([["flow/too-costly", "many", "/nodes/2"]]);
    expect(refused.diagnostics[0]!.message).to.contain(`${stepsOf(n + 1)} steps`).and.contain(`${n + 1} writes`);
  });

  it("issue 16.12: the 6,000-write flow of the issue is refused", () => {
    const refused = compileFlow(writesFlow(6000));
    expect(refused.ok ? [] : refused.diagnostics.map((d) => d.code)).to.deep.equal(["flow/too-costly"]);
  });

  it("a node run several times by fan-out costs its steps each time; the message says how often", () => {
    const cheap = (id: string, next: string[]): Json => node(id, "calc", { assign: [{ name: "x", expr: id === "a" ? "1" : "2" }] }, next);
    const flow = (writes: number): Json => ({
      nodes: [
        node("start", "start", {}, ["a", "b"]),
        cheap("a", ["w"]),
        cheap("b", ["w"]),
        node("w", "change", { writes: Array.from({ length: writes }, (_, j) => ({ instance: 1, point_type: "action", point: j, value: "x" })) }, ["end"]),
        node("end", "end", {}),
      ],
      edges: [],
    });
    // start 1, a and b 2 each, w twice (1 + WRITE_STEPS n + ceil(n / 16)), end twice.
    const steps = (n: number): number => 7 + 2 * (1 + WRITE_STEPS * n + Math.ceil(n / EXPRESSION_NODES_PER_STEP));
    let n = 1;
    while (steps(n + 1) <= MAX_EXECUTION_STEPS) n++;
    expect(compileFlow(flow(n)).ok).to.equal(true);
    const refused = compileFlow(flow(n + 1));
    expect(refused.ok ? "compiled" : refused.diagnostics[0]!.message).to.contain("run 2 times");
  });

  it("issue 16.12: in a rule file the diagnostic is placed at the statement of the costliest node (line:col)", () => {
    const writes = Array.from({ length: largestAccepted() + 1 }, (_, j) => `  write action(5, ${j}) = t`).join("\n");
    const result = compileRuleSource(`rule "Heavy" {\n  input t = measurement(5, 1)\n${writes}\n}\n`);
    expect(result.rules).to.deep.equal([]);
    expect(result.diagnostics.map((d) => `${d.code} ${d.span?.start.line}:${d.span?.start.column}`)).to.deep.equal(["flow/too-costly 3:3"]);
  });
});
