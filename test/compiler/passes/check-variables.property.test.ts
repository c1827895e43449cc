import { expect } from "chai";
import fc from "fast-check";
import type { Diagnostic, FlowJson } from "../../../generated/types.js";
import { validateFlowJson } from "../../../generated/index.js";
import { buildFlowModel } from "../../../compiler/front-ends/flow-json/flow-model.js";
import { checkGraph } from "../../../compiler/passes/check-graph.js";
import { checkVariables } from "../../../compiler/passes/check-variables.js";
import { parseExpressions } from "../../../compiler/passes/parse-expressions.js";
import { drawExpression, type Draw, type VariableInScope } from "../../helpers/expression-arbitraries.js";
import { drawValidFlow } from "../../helpers/flow-arbitraries.js";
import { checkVariablesByCopying } from "../../helpers/reference/check-variables-by-copying.js";

type Json = Record<string, unknown>;

// Mutations that keep a flow schema-valid but break its variables: a name defined twice, a
// reserved name, a name read where it is not (or not always) defined, a type that differs
// between the branches of a join, a definition removed, a wire moved.
function mutateVariables(g: Draw, flow: FlowJson): FlowJson {
  const copy = structuredClone(flow) as unknown as { nodes: Array<{ id: string; data: { config: Json } }> };
  const names: string[] = [];
  for (const node of copy.nodes) {
    const c = node.data.config as { variables?: Json[]; params?: Json[]; assign?: Json[]; name?: string };
    for (const d of [...(c.variables ?? []), ...(c.params ?? []), ...(c.assign ?? [])]) names.push(d.name as string);
    if (typeof c.name === "string") names.push(c.name);
  }
  const known: VariableInScope[] = [...names, "v999", "V0", "max"].map((name) => ({ name, type: g(fc.constantFrom, "number", "boolean") }));
  const node = copy.nodes[g(fc.nat, { max: copy.nodes.length - 1 })]!;
  const config = node.data.config as { variables?: Json[]; params?: Json[]; assign?: Json[]; rules?: Json[]; writes?: Json[]; name?: string; wires?: Record<string, string[]> };
  const pick = <T>(items: readonly T[]): T | undefined => (items.length === 0 ? undefined : items[g(fc.nat, { max: items.length - 1 })]);
  const definitions = [...(config.variables ?? []), ...(config.params ?? []), ...(config.assign ?? [])];
  const expressions: Array<[Json, string]> = [
    ...(config.assign ?? []).map((a): [Json, string] => [a, "expr"]),
    ...(config.rules ?? []).map((r): [Json, string] => [r, "condition"]),
    ...(config.writes ?? []).map((w): [Json, string] => [w, "value"]),
  ];
  switch (g(fc.nat, { max: 5 })) {
    case 0: {
      const d = pick(definitions);
      if (d !== undefined) d.name = pick([...names, "max", "and", "true"]);
      else if (typeof config.name === "string") config.name = pick(names) ?? "x";
      break;
    }
    case 1: {
      const site = pick(expressions);
      if (site !== undefined) site[0][site[1]] = drawExpression(g, known, g(fc.constantFrom, "number", "boolean"), 2);
      break;
    }
    case 2: {
      const p = pick(config.params ?? []);
      if (p !== undefined) p.value = typeof p.value === "boolean" ? 1 : true;
      break;
    }
    case 3:
      if ((config.assign?.length ?? 0) > 1) config.assign!.splice(g(fc.nat, { max: config.assign!.length - 1 }), 1);
      break;
    case 4: {
      const output = pick(Object.keys(config.wires ?? {}));
      const target = pick(copy.nodes.map((n) => n.id));
      if (output !== undefined && target !== undefined) config.wires![output] = [...new Set([...config.wires![output]!, target])];
      break;
    }
    default: {
      const site = pick(expressions);
      const name = pick(names);
      if (site !== undefined && name !== undefined) site[0][site[1]] = `${name} + 1 > 0 ? ${name} : ${site[0][site[1]] as string}`;
    }
  }
  return copy as unknown as FlowJson;
}

function variableDiagnostics(flow: FlowJson, check: typeof checkVariables): Diagnostic[] | undefined {
  if (!validateFlowJson(flow)) return undefined;
  const model = buildFlowModel(flow);
  const parsed = parseExpressions(model, []);
  const order = checkGraph(model, true, []);
  if (order === undefined) return undefined;
  const diagnostics: Diagnostic[] = [];
  check(order, parsed, diagnostics);
  return diagnostics;
}

describe("issue 19.5: variables checked without a copy of the scope per node", () => {
  it("reports exactly what the copying version reported, in the same order, on valid and broken flows", function () {
    this.timeout(60_000);
    let checked = 0;
    let reported = 0;
    fc.assert(
      fc.property(fc.gen(), fc.integer({ min: 0, max: 3 }), (g, mutations) => {
        let flow = drawValidFlow(g);
        for (let i = 0; i < mutations; i++) flow = mutateVariables(g, flow);
        const layered = variableDiagnostics(flow, checkVariables);
        if (layered === undefined) return;
        checked++;
        if (layered.length > 0) reported++;
        expect(layered).to.deep.equal(variableDiagnostics(flow, checkVariablesByCopying));
      }),
      { numRuns: 600 },
    );
    // the property must have compared many flows, broken ones among them
    expect(checked).to.be.greaterThan(300);
    expect(reported).to.be.greaterThan(100);
  });

  it("reads a variable defined 40 defining nodes up a chain (past the layers flattened on the way)", () => {
    const nodes: unknown[] = [{ id: "s", type: "start", position: { x: 0, y: 0 }, data: { config: { wires: { default: ["c0"] } } } }];
    for (let i = 0; i < 40; i++) {
      const expr = i === 0 ? "1" : i === 39 ? "v0 + v38 + v20" : `v${i - 1} + 1`;
      nodes.push({ id: `c${i}`, type: "calc", position: { x: i, y: 0 }, data: { config: { assign: [{ name: `v${i}`, expr }], wires: { default: [i === 39 ? "e" : `c${i + 1}`] } } } });
    }
    nodes.push({ id: "e", type: "end", position: { x: 0, y: 0 }, data: { config: {} } });
    const flow = { nodes, edges: [] } as unknown as FlowJson;
    expect(variableDiagnostics(flow, checkVariables)).to.deep.equal([]);
    (nodes[40] as { data: { config: { assign: Json[] } } }).data.config.assign[0]!.expr = "v0 + v2O";
    const diagnostics = variableDiagnostics(flow, checkVariables)!;
    expect(diagnostics.map((d) => d.code)).to.deep.equal(["expr/unknown-variable"]);
    expect(diagnostics).to.deep.equal(variableDiagnostics(flow, checkVariablesByCopying));
  });
});
