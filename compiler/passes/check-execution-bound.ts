// Bounds the work of one execution, so that one rule cannot stall the scheduler's loop (issue 16.12).
// A wire that fans out runs every target, and an `all` switch may follow several outputs, so a node
// after such splits runs once per way to reach it; chains of splits multiply. Two limits:
// - node visits: at most MAX_NODE_VISITS (flow/too-many-paths);
// - cost: each visit costs the node's steps (1, plus WRITE_STEPS per write, 1 per variable it
//   defines, and 1 per EXPRESSION_NODES_PER_STEP nodes of its expressions); the worst case is at
//   most MAX_EXECUTION_STEPS (flow/too-costly), named at the node that costs most. A write (checks,
//   the channel, its action record) takes about three times what the other steps take.
// MAX_EXECUTION_STEPS is chosen by `npm run bench -- rule-cost`: the worst rule it accepts keeps the
// scheduler's tick lag well under 20 ms.
import { childrenOf, type Expr } from "../../grammar/expression/ast.js";
import { flowError, type Diagnostic } from "../diagnostics/diagnostic.js";
import { type FlowNodeEntry } from "../front-ends/flow-json/flow-model.js";
import { expressionSites, type ParsedExpressions } from "./parse-expressions.js";

export const MAX_NODE_VISITS = 10_000;
export const MAX_EXECUTION_STEPS = 6_000;
export const EXPRESSION_NODES_PER_STEP = 16;
export const WRITE_STEPS = 3;

export interface NodeCost {
  writes: number;
  variables: number;
  expressionNodes: number;
  /** What one visit of the node costs, in steps. */
  steps: number;
}

export function checkExecutionBound(order: FlowNodeEntry[], parsed: ParsedExpressions, diagnostics: Diagnostic[]): void {
  const visits = countVisits(order);
  const total = order.reduce((sum, entry) => Math.min(MAX_NODE_VISITS + 1, sum + visits.get(entry.id)!), 0);
  if (total > MAX_NODE_VISITS) {
    diagnostics.push(
      flowError(
        "flow/too-many-paths",
        `one execution could visit more than ${MAX_NODE_VISITS} nodes: fan-out wires and 'all' switches multiply the paths through the nodes after them`,
        { path: order[0]!.path, nodeId: order[0]!.id },
      ),
    );
    return;
  }
  let steps = 0;
  let costliest: { entry: FlowNodeEntry; cost: NodeCost; steps: number } | undefined;
  for (const entry of order) {
    const cost = nodeCost(entry, parsed);
    const own = cost.steps * visits.get(entry.id)!;
    steps += own;
    if (costliest === undefined || own > costliest.steps) costliest = { entry, cost, steps: own };
  }
  if (steps > MAX_EXECUTION_STEPS && costliest !== undefined) {
    const { entry, cost } = costliest;
    const times = visits.get(entry.id)!;
    diagnostics.push(
      flowError(
        "flow/too-costly",
        `one execution could cost ${steps} steps, over the limit of ${MAX_EXECUTION_STEPS} (so that one rule cannot stall the others); ` +
          `this node costs most: ${costliest.steps} steps (${describe(cost)}${times > 1 ? `, run ${times} times` : ""})`,
        { path: entry.path, nodeId: entry.id, suggestion: "split the work into several rules, or write fewer points per execution" },
      ),
    );
  }
}

/** What one visit of a node costs: 1, plus its writes, the variables it defines and its expressions' size. */
export function nodeCost(entry: FlowNodeEntry, parsed: ParsedExpressions): NodeCost {
  const node = entry.node;
  const writes = node.type === "change" ? node.data.config.writes.length : 0;
  const variables =
    node.type === "input" ? node.data.config.variables.length + (node.data.config.params?.length ?? 0) : node.type === "calc" ? node.data.config.assign.length : node.type === "period_delta" ? 1 : 0;
  let expressionNodes = 0;
  for (const site of expressionSites(entry)) {
    const ast = parsed.get(site.holder);
    if (ast !== undefined) expressionNodes += sizeOf(ast);
  }
  return { writes, variables, expressionNodes, steps: 1 + WRITE_STEPS * writes + variables + Math.ceil(expressionNodes / EXPRESSION_NODES_PER_STEP) };
}

// How many times one execution can run each node at most (saturated past the visit limit).
function countVisits(order: FlowNodeEntry[]): Map<string, number> {
  const cap = MAX_NODE_VISITS + 1; // saturate, so the counts stay finite numbers
  const visits = new Map<string, number>([[order[0]!.id, 1]]);
  for (const entry of order) {
    const runs = visits.get(entry.id) ?? 0;
    visits.set(entry.id, runs);
    for (const [target, times] of timesReached(entry)) {
      visits.set(target, Math.min(cap, (visits.get(target) ?? 0) + runs * times));
    }
  }
  return visits;
}

// How many times one run of `entry` can run each successor at most. Successors come in output
// order, `default` last, and each output lists a target once (the schema says so).
function timesReached(entry: FlowNodeEntry): Map<string, number> {
  const all = entry.node.type === "switch" && entry.node.data.config.mode === "all";
  const times = new Map<string, number>();
  for (const { output, target } of entry.successors) {
    const before = times.get(target) ?? 0;
    // One output is taken per run, except in an `all` switch, where every true rule's is.
    times.set(target, all && output !== "default" ? before + 1 : Math.max(before, 1));
  }
  return times;
}

// The number of nodes of an expression tree, without recursion.
function sizeOf(root: Expr): number {
  let size = 0;
  const pending = [root];
  for (let expr = pending.pop(); expr !== undefined; expr = pending.pop()) {
    size++;
    pending.push(...childrenOf(expr));
  }
  return size;
}

function describe(cost: NodeCost): string {
  const parts = [`${cost.writes} writes`, `${cost.variables} variables`, `${cost.expressionNodes} expression nodes`];
  return parts.filter((p) => !p.startsWith("0 ")).join(", ") || "1 step";
}
