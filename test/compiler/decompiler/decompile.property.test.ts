import { expect } from "chai";
import fc from "fast-check";
import { decompileRule, decompileToAst } from "../../../compiler/decompiler/decompile.js";
import { toFlowJson } from "../../../compiler/decompiler/nodes-to-flow.js";
import { compileFlow } from "../../../compiler/front-ends/flow-json/index.js";
import { compileRuleSource } from "../../../compiler/front-ends/dsl/index.js";
import type { RuleMetadata } from "../../../compiler/lower/compiled-rule.js";
import type { NodesTopology, PointRef, TriggerConfig } from "../../../generated/types.js";
import { parseRuleSource } from "../../../grammar/rule/index.js";
import type { Draw } from "../../helpers/expression-arbitraries.js";
import { drawValidFlow } from "../../helpers/flow-arbitraries.js";
import { canonicalTopology } from "../../helpers/isomorphic.js";
import { drawTopology } from "./topology-arbitraries.js";
import { withoutSpans } from "../../helpers/without-spans.js";
import type { SiteIndex } from "../../../compiler/site/site-index.js";
import { drawSite, pointsUsed } from "./site-arbitraries.js";

const META: RuleMetadata = { name: "random", description: "", priority: 0, cooldown_ms: 0, trigger_config: null };

// Metadata as the service stores it; trigger points are often points the flow's inputs read,
// so that some are written as input names.
function drawMetadata(g: Draw, topology: NodesTopology): RuleMetadata {
  const read = Object.values(topology.nodes).flatMap((n) => (n?.type === "input" ? n.variables : []));
  const point = (): PointRef =>
    read.length > 0 && g(fc.boolean)
      ? (({ instance, point_type, point }) => ({ instance, point_type, point }))(read[g(fc.nat, { max: read.length - 1 })]!)
      : { instance: g(fc.nat, { max: 50 }), point_type: g(fc.constantFrom, "measurement", "action"), point: g(fc.nat, { max: 200 }) };
  let trigger_config: TriggerConfig | null = null;
  const kind = g(fc.constantFrom, "none", "interval", "on_change");
  if (kind === "interval") trigger_config = { type: "interval", interval_ms: g(fc.integer, { min: 1, max: 2 ** 31 - 1 }) };
  if (kind === "on_change") {
    const refs = Array.from({ length: 1 + g(fc.nat, { max: 3 }) }, point);
    const point_refs = refs.filter((r, i) => refs.findIndex((o) => JSON.stringify(o) === JSON.stringify(r)) === i);
    trigger_config = { type: "on_change", point_refs };
    if (g(fc.boolean)) trigger_config.time_deadband_ms = g(fc.integer, { min: 1, max: 2 ** 31 - 1 });
    const amount = g(fc.double, { min: Number.MIN_VALUE, max: 1e9, noNaN: true });
    if (g(fc.boolean)) trigger_config.value_deadband = g(fc.boolean) ? { absolute: amount } : { percent: amount };
  }
  return {
    name: g(fc.string, { unit: "binary", minLength: 1, maxLength: 40 }),
    description: g(fc.constantFrom, "", "Stage cooling", 'quotes " and \\ and\nnew lines'),
    priority: g(fc.constantFrom, 0, 0, 1, -7, 2 ** 31 - 1, -(2 ** 31)),
    cooldown_ms: g(fc.constantFrom, 0, 1, 1500, 90_000, 7_200_000, 2 ** 31 - 1),
    trigger_config,
  };
}

function compileOne(text: string, site?: SiteIndex): { metadata: RuleMetadata; nodes_json: NodesTopology } {
  const result = compileRuleSource(text, { site });
  // A random on_change trigger may watch a point the flow writes: that rule compiles, with the
  // rule/self-trigger warning (issue 16.11), and must round-trip like any other.
  const problems = result.diagnostics.filter((d) => d.code !== "rule/self-trigger" || d.severity !== "warning");
  expect(problems, `${JSON.stringify(problems, null, 1)}\n${text}`).to.deep.equal([]);
  expect(result.rules).to.have.length(1);
  const { flow_json: _flow, nodes_json, ...metadata } = result.rules[0]!;
  return { metadata, nodes_json };
}

describe("decompiler properties", function () {
  this.timeout(300_000);

  it("DSL of a random valid flow compiles back to the same topology up to node ids, with the same metadata", () => {
    fc.assert(
      fc.property(fc.gen(), (g) => {
        const compiled = compileFlow(drawValidFlow(g));
        if (!compiled.ok) throw new Error("drawValidFlow drew an invalid flow");
        const metadata = drawMetadata(g, compiled.nodes_json);
        const text = decompileRule(compiled.nodes_json, metadata);
        const again = compileOne(text);
        expect(canonicalTopology(again.nodes_json), text).to.deep.equal(canonicalTopology(compiled.nodes_json));
        expect(again.metadata).to.deep.equal(metadata);
      }),
      { numRuns: 300 },
    );
  });

  it("is a fixed point: decompiling the recompiled topology gives byte-identical DSL", () => {
    fc.assert(
      fc.property(fc.gen(), (g) => {
        const compiled = compileFlow(drawValidFlow(g));
        if (!compiled.ok) throw new Error("drawValidFlow drew an invalid flow");
        const metadata = drawMetadata(g, compiled.nodes_json);
        const text = decompileRule(compiled.nodes_json, metadata);
        const again = compileOne(text);
        expect(decompileRule(again.nodes_json, again.metadata)).to.equal(text);
      }),
      { numRuns: 300 },
    );
  });

  it("prints decompiled ASTs so that parsing gives the same AST back, spans aside", () => {
    fc.assert(
      fc.property(fc.gen(), (g) => {
        const compiled = compileFlow(drawValidFlow(g));
        if (!compiled.ok) throw new Error("drawValidFlow drew an invalid flow");
        const metadata = drawMetadata(g, compiled.nodes_json);
        const ast = decompileToAst(compiled.nodes_json, metadata);
        const parsed = parseRuleSource(decompileRule(compiled.nodes_json, metadata));
        expect(parsed.diagnostics).to.deep.equal([]);
        expect(withoutSpans(parsed.file.rules)).to.deep.equal([withoutSpans(ast)]);
      }),
      { numRuns: 200 },
    );
  });
});

describe("decompiler properties on random graphs", function () {
  this.timeout(300_000);

  it("any valid topology (random DAG: nested switches, joins anywhere, several ends) round-trips through DSL and is a fixed point", () => {
    let checked = 0;
    fc.assert(
      fc.property(fc.gen(), (g) => {
        const compiled = compileFlow(toFlowJson(drawTopology(g)));
        fc.pre(compiled.ok);
        if (!compiled.ok) return;
        checked++;
        const text = decompileRule(compiled.nodes_json, META);
        const again = compileOne(text);
        expect(canonicalTopology(again.nodes_json), text).to.deep.equal(canonicalTopology(compiled.nodes_json));
        expect(decompileRule(again.nodes_json, again.metadata)).to.equal(text);
      }),
      { numRuns: 400 },
    );
    expect(checked).to.be.above(300);
  });
});

describe("decompiler properties with a site (issue 17.2)", function () {
  this.timeout(300_000);

  it("issue 17.2: DSL with the site's names compiles back, with that site, to the same topology and metadata, and is a fixed point", () => {
    let named = 0;
    fc.assert(
      fc.property(fc.gen(), (g) => {
        const compiled = compileFlow(drawValidFlow(g));
        if (!compiled.ok) throw new Error("drawValidFlow drew an invalid flow");
        const metadata = drawMetadata(g, compiled.nodes_json);
        const site = drawSite(g, pointsUsed(compiled.nodes_json, metadata.trigger_config));
        const text = decompileRule(compiled.nodes_json, metadata, undefined, { site });
        if (/\b(u\d+|"Unit \d+")\.[am]\d/.test(text)) named++;
        const again = compileOne(text, site);
        expect(canonicalTopology(again.nodes_json), text).to.deep.equal(canonicalTopology(compiled.nodes_json));
        expect(again.metadata).to.deep.equal(metadata);
        expect(decompileRule(again.nodes_json, again.metadata, undefined, { site })).to.equal(text);
        const parsed = parseRuleSource(text);
        expect(parsed.diagnostics).to.deep.equal([]);
        expect(withoutSpans(parsed.file.rules)).to.deep.equal([withoutSpans(decompileToAst(compiled.nodes_json, metadata, undefined, { site }))]);
      }),
      { numRuns: 300 },
    );
    expect(named, "most texts name some point").to.be.above(150);
  });

  it("issue 17.2: any valid topology round-trips through DSL with names, with the same site", () => {
    fc.assert(
      fc.property(fc.gen(), (g) => {
        const compiled = compileFlow(toFlowJson(drawTopology(g)));
        fc.pre(compiled.ok);
        if (!compiled.ok) return;
        const site = drawSite(g, pointsUsed(compiled.nodes_json, null));
        const text = decompileRule(compiled.nodes_json, META, undefined, { site });
        const again = compileOne(text, site);
        expect(canonicalTopology(again.nodes_json), text).to.deep.equal(canonicalTopology(compiled.nodes_json));
        expect(decompileRule(again.nodes_json, again.metadata, undefined, { site })).to.equal(text);
      }),
      { numRuns: 300 },
    );
  });
});
