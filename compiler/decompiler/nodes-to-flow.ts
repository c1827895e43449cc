// A schema-valid nodes_json as the editor document it stands for, so that compileFlow can check
// everything a topology given on its own may get wrong (cycles, dangling wires, variables), and
// the diagnostics' JSON Pointers mapped back from that document into the nodes_json.
import type { Diagnostic, FlowJson, NodesTopology } from "../../generated/types.js";
import { pointer } from "../diagnostics/diagnostic.js";

/** The editor document of a topology: same ids, types and configuration; `next` as `wires`. */
export function toFlowJson(topology: NodesTopology): FlowJson {
  const nodes = Object.entries(topology.nodes).map(([id, exec]) => {
    const { type, next, ...config } = exec as { type: string; next?: unknown };
    const data = { config: type === "end" ? config : { ...config, wires: next } };
    return { id, type, position: { x: 0, y: 0 }, data };
  });
  return { nodes, edges: [] } as unknown as FlowJson;
}

/** A diagnostic about the document of toFlowJson, pointing into the topology instead. */
export function toTopologyDiagnostic(d: Diagnostic, topology: NodesTopology): Diagnostic {
  if (d.path === undefined) return d;
  const ids = Object.keys(topology.nodes);
  const match = /^\/nodes\/(\d+)(\/.*)?$/.exec(d.path);
  const id = match === null ? undefined : ids[Number(match[1])];
  if (id === undefined) return d;
  return { ...d, path: pointer("nodes", id) + withinNode(match![2] ?? "") };
}

// `/data/config/wires/x` is `/next/x`; other configuration sits on the node itself.
function withinNode(rest: string): string {
  if (rest.startsWith("/data/config/wires")) return `/next${rest.slice("/data/config/wires".length)}`;
  if (rest.startsWith("/data/config")) return rest.slice("/data/config".length);
  return rest === "/id" ? "" : rest;
}
