import { expect } from "chai";
import { readFileSync } from "node:fs";
import { compileFlow } from "../../index.js";
import { MAX_DOCUMENT_BYTES, MAX_NODES } from "../../compiler/passes/check-document-size.js";
import { fromRoot } from "../helpers/paths.js";

const minimal = (): unknown => JSON.parse(readFileSync(fromRoot("examples/packs/demo/flows/minimal.flow.json"), "utf8"));
const example = (name: string): unknown => JSON.parse(readFileSync(fromRoot(`examples/packs/demo/flows/${name}.flow.json`), "utf8"));

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === "object") {
    for (const item of Object.values(value)) deepFreeze(item);
    Object.freeze(value);
  }
  return value;
}

function codes(input: unknown): string[] {
  const result = compileFlow(input);
  return result.ok ? [] : result.diagnostics.map((d) => d.code);
}

describe("compileFlow (rules-service: one function derives both columns)", () => {
  it("compiles the spec's minimal valid document: a start whose default wire lists an end", () => {
    const result = compileFlow(minimal());
    expect(result).to.deep.equal({
      ok: true,
      flow_json: minimal(),
      nodes_json: { start: "start", nodes: { start: { type: "start", next: { default: ["end"] } }, end: { type: "end" } } },
      warnings: [],
    });
  });

  it("returns exactly {ok, flow_json, nodes_json, warnings} or {ok, diagnostics}", () => {
    expect(Object.keys(compileFlow(minimal()))).to.have.members(["ok", "flow_json", "nodes_json", "warnings"]);
    expect(Object.keys(compileFlow({ nodes: [], edges: [] }))).to.have.members(["ok", "diagnostics"]);
  });

  it("issue 17 (found by the mutation property): an object with its own valueOf or toString where items must be unique is answered with diagnostics, never a throw", () => {
    for (const odd of [{ valueOf: 0 }, { toString: "x" }, { valueOf: {} }]) {
      const flow = {
        nodes: [
          { id: "s", type: "start", position: { x: 0, y: 0 }, data: { config: { wires: { default: [{}, odd] } } } },
          { id: "e", type: "end", position: { x: 0, y: 0 }, data: { config: {} } },
        ],
        edges: [],
      };
      const result = compileFlow(flow);
      expect(result.ok ? [] : result.diagnostics.map((d) => d.path)).to.deep.equal(["/nodes/0/data/config/wires/default/0", "/nodes/0/data/config/wires/default/1"]);
    }
  });

  it("never changes its input, and shares no objects with it", () => {
    const input = deepFreeze(example("zone-cooling"));
    const result = compileFlow(input);
    expect(result.ok).to.equal(true);
    if (result.ok) {
      expect(result.flow_json).to.deep.equal(input);
      expect(result.flow_json).to.not.equal(input);
      expect(result.flow_json.nodes[0]).to.not.equal((input as { nodes: unknown[] }).nodes[0]);
    }
  });

  it("is idempotent: compiling its own flow_json gives the same text for both columns", () => {
    const first = compileFlow(example("zone-cooling"));
    if (!first.ok) throw new Error("example must compile");
    const second = compileFlow(first.flow_json);
    expect(JSON.stringify(second)).to.equal(JSON.stringify(first));
  });

  it("normalises key order: the same document with keys in another order gives the same text", () => {
    const flow = example("zone-cooling") as { nodes: Array<Record<string, unknown>> };
    const reordered = Object.fromEntries(Object.entries({ ...flow, nodes: flow.nodes.map((n) => Object.fromEntries(Object.entries(n).reverse())) }).reverse());
    expect(JSON.stringify(compileFlow(reordered))).to.equal(JSON.stringify(compileFlow(flow)));
  });

  it("gives the same nodes_json whatever the order of the nodes (the editor's z-order stays in flow_json)", () => {
    const flow = example("zone-cooling") as { nodes: unknown[] };
    const reversed = compileFlow({ ...flow, nodes: [...flow.nodes].reverse() });
    const original = compileFlow(flow);
    if (!reversed.ok || !original.ok) throw new Error("example must compile");
    expect(JSON.stringify(reversed.nodes_json)).to.equal(JSON.stringify(original.nodes_json));
    expect(reversed.flow_json.nodes[0]!.id).to.equal("end");
  });

  it("emits nodes in topological order from the start, whatever the document order", () => {
    const result = compileFlow(example("zone-cooling"));
    if (!result.ok) throw new Error("example must compile");
    const ids = Object.keys(result.nodes_json.nodes);
    expect(ids[0]).to.equal(result.nodes_json.start);
    for (const [id, node] of Object.entries(result.nodes_json.nodes)) {
      for (const targets of Object.values(node !== undefined && "next" in node ? node.next : {})) {
        for (const target of targets ?? []) expect(ids.indexOf(target), `${id} -> ${target}`).to.be.greaterThan(ids.indexOf(id));
      }
    }
  });

  it("compiles exactly the JSON document of its input: functions and undefined dropped, toJSON applied", () => {
    const flow = minimal() as { nodes: Array<{ data: Record<string, unknown> }>; viewport: Record<string, unknown> };
    flow.nodes[0]!.data.onClick = () => "editor callback";
    flow.nodes[0]!.data.note = undefined;
    flow.nodes[1]!.data.savedAt = new Date(Date.UTC(2026, 10, 21));
    const result = compileFlow(flow);
    expect(result.ok).to.equal(true);
    if (!result.ok) return;
    expect(result.flow_json.nodes[0]!.data).to.deep.equal({ config: { wires: { default: ["end"] } } });
    expect(result.flow_json.nodes[1]!.data.savedAt).to.equal("2026-11-21T00:00:00.000Z");
    expect(JSON.parse(JSON.stringify(result.flow_json))).to.deep.equal(result.flow_json);
  });

  it("answers input that is not a JSON document with a diagnostic, not an exception", () => {
    const cyclic: Record<string, unknown> = { nodes: [], edges: [] };
    cyclic.self = cyclic;
    expect(codes(cyclic)).to.deep.equal(["flow/not-json"]);
    expect(codes({ nodes: [], edges: [], n: 1n })).to.deep.equal(["flow/not-json"]);
    let deep: unknown = [];
    for (let i = 0; i < 200_000; i++) deep = [deep];
    expect(codes({ nodes: deep, edges: [] })).to.have.length(1);
    for (const value of [undefined, null, 42, "flow", [], true]) expect(codes(value), String(value)).to.have.length.greaterThan(0);
  });

  it("limits the document to 1 MiB and 1,000 nodes (limits of the editor contract)", () => {
    const big = { nodes: [], edges: [], viewport: { x: 0, y: 0, zoom: 1, note: "x".repeat(MAX_DOCUMENT_BYTES) } };
    expect(codes(big)).to.deep.equal(["flow/too-large"]);
    const node = (i: number): unknown => ({ id: `n${i}`, type: "end", position: { x: 0, y: 0 }, data: { config: {} } });
    expect(codes({ nodes: Array.from({ length: MAX_NODES + 1 }, (_, i) => node(i)), edges: [] })).to.deep.equal(["flow/too-many-nodes"]);
  });

  it("accepts a flow of exactly 1,000 nodes", () => {
    const nodes: unknown[] = [{ id: "s", type: "start", position: { x: 0, y: 0 }, data: { config: { wires: { default: ["c0"] } } } }];
    for (let i = 0; i < MAX_NODES - 2; i++) {
      const next = i === MAX_NODES - 3 ? "e" : `c${i + 1}`;
      nodes.push({ id: `c${i}`, type: "calc", position: { x: i, y: 0 }, data: { config: { assign: [{ name: `v${i}`, expr: i === 0 ? "1" : `v${i - 1} + 1` }], wires: { default: [next] } } } });
    }
    nodes.push({ id: "e", type: "end", position: { x: 0, y: 0 }, data: { config: {} } });
    const result = compileFlow({ nodes, edges: [] });
    expect(result.ok).to.equal(true);
  });

  it("names the node in schema diagnostics that point inside it", () => {
    const flow = minimal() as { nodes: Array<{ position: unknown }> };
    flow.nodes[1]!.position = { x: "left", y: 0 };
    const result = compileFlow(flow);
    expect(result.ok).to.equal(false);
    if (!result.ok) expect(result.diagnostics).to.deep.equal([{ code: "schema/type", severity: "error", message: "expected a number, got a string", path: "/nodes/1/position/x", nodeId: "end" }]);
  });
});

describe("compileFlow hints", () => {
  const flow = (): { nodes: Array<{ data: { config: Record<string, unknown> } }>; edges: Array<Record<string, unknown>> } =>
    JSON.parse(readFileSync(fromRoot("examples/packs/demo/flows/zone-cooling.flow.json"), "utf8")) as never;
  const only = (input: unknown): { code: string; suggestion?: string } => {
    const result = compileFlow(input);
    if (result.ok) throw new Error("must not compile");
    expect(result.diagnostics).to.have.length(1);
    return result.diagnostics[0]!;
  };

  it("suggests the full property name for a prefix of it", () => {
    const f = flow();
    f.nodes[2]!.data.config.assignments = f.nodes[2]!.data.config.assign;
    expect(only(f)).to.include({ code: "schema/additional-properties", suggestion: "did you mean 'assign'?" });
  });

  it("suggests the sourceHandle of the wire an edge was meant for", () => {
    const f = flow();
    f.edges[0]!.sourceHandle = "dflt";
    const result = compileFlow(f);
    expect(result.ok).to.equal(false);
    if (!result.ok) expect(result.diagnostics.map((d) => d.suggestion)).to.include("the wire to 'read-zone' is output 'default': set sourceHandle to 'default'");
  });

  it("tells a caller who passes JSON text to parse it first", () => {
    expect(only(readFileSync(fromRoot("examples/packs/demo/flows/minimal.flow.json"), "utf8")).suggestion).to.contain("JSON.parse");
  });
});
