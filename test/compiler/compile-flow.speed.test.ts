// What compileFlow's speed rests on (issue 19.5), proved without timing: expressions parsed once,
// plain input read without a JSON round trip yet exactly as that round trip would read it.
import { expect } from "chai";
import fc from "fast-check";
import { compileFlow } from "../../index.js";
import { flowOfSize } from "../../bench/fixtures/flow-of-size.js";
import { sortKeysDeep } from "../../compiler/front-ends/flow-json/canonical-json.js";
import { sortedPlainCopy } from "../../compiler/front-ends/flow-json/plain-json.js";
import { expressionsParsed } from "../../grammar/expression/index.js";
import { drawValidFlow } from "../helpers/flow-arbitraries.js";
import { mutateJson } from "../helpers/json-mutations.js";

const expressionCount = (flow: { nodes: Array<{ data: { config: object } }> }): number =>
  flow.nodes.reduce((n, node) => {
    const c = node.data.config as { rules?: unknown[]; writes?: unknown[]; assign?: unknown[] };
    return n + (c.rules?.length ?? 0) + (c.writes?.length ?? 0) + (c.assign?.length ?? 0);
  }, 0);

// A function-valued property makes the input not plain data: compileFlow then takes the exact way
// (JSON.stringify, JSON.parse), which drops the function and reads the same document.
const throughTheRoundTrip = (flow: unknown): unknown =>
  flow !== null && typeof flow === "object" && !Array.isArray(flow) ? { ...flow, onSelect: () => undefined } : flow;

describe("issue 19.5: what compileFlow's speed rests on", function () {
  this.timeout(60_000);

  it("parses each expression once per compile", () => {
    const flow = flowOfSize(50);
    const before = expressionsParsed();
    const result = compileFlow(flow);
    expect(result.ok).to.equal(true);
    expect(expressionsParsed() - before).to.equal(expressionCount(flow));
  });

  it("gives the same output (both columns, or the diagnostics, byte for byte) as the JSON round trip it no longer makes", () => {
    fc.assert(
      fc.property(fc.gen(), fc.integer({ min: 0, max: 2 }), (g, mutations) => {
        let flow: unknown = drawValidFlow(g);
        const ids = (flow as { nodes: Array<{ id: string }> }).nodes.map((n) => n.id);
        for (let i = 0; i < mutations; i++) flow = mutateJson(g, flow, ids);
        expect(JSON.stringify(compileFlow(flow))).to.equal(JSON.stringify(compileFlow(throughTheRoundTrip(flow))));
      }),
      { numRuns: 400 },
    );
  });

  it("builds flow_json in key-sorted order directly: the same text as sorting the round-tripped document", () => {
    fc.assert(
      fc.property(fc.gen(), (g) => {
        const flow = drawValidFlow(g);
        const result = compileFlow(flow);
        expect(result.ok).to.equal(true);
        if (result.ok) expect(JSON.stringify(result.flow_json)).to.equal(JSON.stringify(sortKeysDeep(JSON.parse(JSON.stringify(flow)))));
      }),
      { numRuns: 200 },
    );
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const plain = sortedPlainCopy(value, Infinity);
        // fc.jsonValue draws -0, which JSON writes as 0: that one value takes the exact way
        if (plain === undefined) return;
        expect(JSON.stringify(plain.copy)).to.equal(JSON.stringify(sortKeysDeep(JSON.parse(JSON.stringify(value)))));
      }),
      { numRuns: 1000 },
    );
  });

  it("reads as plain data only what JSON reads alike: anything else takes the exact way", () => {
    const hidden = { nodes: [], edges: [] };
    Object.defineProperty(hidden, "viewport", { value: { x: 0 }, enumerable: false });
    const proto = JSON.parse('{"__proto__": {"x": 1}}') as unknown;
    const odds: unknown[] = [{ a: undefined }, { f: () => 1 }, [1, , 2], { d: new Date(0) }, { n: -0 }, { n: NaN }, { b: 1n }, Object.create(null), hidden, proto, { toJSON: () => 1 }];
    odds.forEach((odd, i) => expect(sortedPlainCopy(odd, Infinity), `case ${i}`).to.equal(undefined));
    let deep: unknown = [];
    for (let i = 0; i < 100; i++) deep = [deep];
    expect(sortedPlainCopy(deep, Infinity)).to.equal(undefined);
    expect(sortedPlainCopy({ s: "x".repeat(100) }, 100)).to.equal(undefined);
    expect(sortedPlainCopy({ b: 1, a: [true, null, "é"] }, 100)).to.deep.equal({ copy: { a: [true, null, "é"], b: 1 } });
  });
});
