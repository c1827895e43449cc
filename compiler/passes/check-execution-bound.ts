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
import type { Expr } from "../../grammar/expression/ast.js";
import { flowError, type Diagnostic } from "../diagnostics/diagnostic.js";
import { type FlowNodeEntry } from "../front-ends/flow-json/flow-model.js";
import type { ParsedExpressions } from "./parse-expressions.js";

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
  let total = 0;
  for (const entry of order) total = Math.min(MAX_NODE_VISITS + 1, total + visits[entry.ordinal]!);
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
  let costliest: { entry: FlowNodeEntry; steps: number } | undefined;
  for (const entry of order) {
    const own = nodeCost(entry, parsed).steps * visits[entry.ordinal]!;
    steps += own;
    if (costliest === undefined || own > costliest.steps) costliest = { entry, steps: own };
  }
  if (steps > MAX_EXECUTION_STEPS && costliest !== undefined) {
    const { entry } = costliest;
    const cost = nodeCost(entry, parsed);
    const times = visits[entry.ordinal]!;
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
  const holders = expressionHolders(entry);
  for (let i = 0; i < holders.length; i++) {
    const ast = parsed.get(holders[i]!);
    if (ast !== undefined) expressionNodes += sizeOf(ast);
  }
  return { writes, variables, expressionNodes, steps: 1 + WRITE_STEPS * writes + variables + Math.ceil(expressionNodes / EXPRESSION_NODES_PER_STEP) };
}

// How many times one execution can run each node at most (saturated past the visit limit), by
// ordinal; nodes never reached stay 0.
function countVisits(order: FlowNodeEntry[]): number[] {
  const cap = MAX_NODE_VISITS + 1; // saturate, so the counts stay finite numbers
  // a plain array: on a small flow, allocating a typed one costs more than it saves
  const visits = new Array<number>(maxOrdinal(order) + 1).fill(0);
  visits[order[0]!.ordinal] = 1;
  for (const entry of order) {
    const runs = visits[entry.ordinal]!;
    const successors = entry.successors;
    if (successors.length > FEW_SUCCESSORS) {
      for (const [target, times] of timesReached(entry)) visits[target.ordinal] = Math.min(cap, visits[target.ordinal]! + runs * times);
      continue;
    }
    for (let j = 0; j < successors.length; j++) {
      const target = successors[j]!.to;
      if (target === undefined || reachedBefore(successors, j)) continue;
      visits[target.ordinal] = Math.min(cap, visits[target.ordinal]! + runs * timesTo(entry, target));
    }
  }
  return visits;
}

function maxOrdinal(order: FlowNodeEntry[]): number {
  let max = 0;
  for (const entry of order) {
    if (entry.ordinal > max) max = entry.ordinal;
    for (const { to } of entry.successors) if (to !== undefined && to.ordinal > max) max = to.ordinal;
  }
  return max;
}

/** Up to this many successors, timesReached's map is replaced by scans of the (short) list. */
const FEW_SUCCESSORS = 16;

function reachedBefore(successors: FlowNodeEntry["successors"], j: number): boolean {
  const target = successors[j]!.to;
  for (let k = 0; k < j; k++) if (successors[k]!.to === target) return true;
  return false;
}

// timesReached(entry).get(target), without the map: an `all` switch runs a target once per rule
// output wired to it (at least once when `default` is); any other node runs it once.
function timesTo(entry: FlowNodeEntry, target: FlowNodeEntry): number {
  if (!isAllSwitch(entry)) return 1;
  let times = 0;
  let byDefault = 0;
  for (const { output, to } of entry.successors) {
    if (to !== target) continue;
    if (output === "default") byDefault = 1;
    else times++;
  }
  return Math.max(times, byDefault);
}

function isAllSwitch(entry: FlowNodeEntry): boolean {
  return entry.node.type === "switch" && entry.node.data.config.mode === "all";
}

// How many times one run of `entry` can run each successor at most. Successors come in output
// order, `default` last, and each output lists a target once (the schema says so).
function timesReached(entry: FlowNodeEntry): Map<FlowNodeEntry, number> {
  const all = isAllSwitch(entry);
  const times = new Map<FlowNodeEntry, number>();
  for (const { output, to } of entry.successors) {
    if (to === undefined) continue;
    const before = times.get(to) ?? 0;
    // One output is taken per run, except in an `all` switch, where every true rule's is.
    times.set(to, all && output !== "default" ? before + 1 : Math.max(before, 1));
  }
  return times;
}

/** The objects holding a node's expressions (parse-expressions.ts keys the ASTs by them). */
function expressionHolders(entry: FlowNodeEntry): readonly object[] {
  const node = entry.node;
  switch (node.type) {
    case "switch":
      return node.data.config.rules;
    case "change":
      return node.data.config.writes;
    case "calc":
      return node.data.config.assign;
    default:
      return NO_HOLDERS;
  }
}

const NO_HOLDERS: readonly object[] = [];

// The number of nodes of an expression tree, without recursion (and without a list per node).
function sizeOf(root: Expr): number {
  let size = 0;
  const pending: Expr[] = [root];
  for (let expr = pending.pop(); expr !== undefined; expr = pending.pop()) {
    size++;
    switch (expr.kind) {
      case "unary":
        pending.push(expr.operand);
        break;
      case "binary":
        pending.push(expr.left, expr.right);
        break;
      case "conditional":
        pending.push(expr.test, expr.consequent, expr.alternate);
        break;
      case "call":
        for (const arg of expr.args) pending.push(arg);
        break;
      default:
        break;
    }
  }
  return size;
}

function describe(cost: NodeCost): string {
  const parts = [`${cost.writes} writes`, `${cost.variables} variables`, `${cost.expressionNodes} expression nodes`];
  return parts.filter((p) => !p.startsWith("0 ")).join(", ") || "1 step";
}
