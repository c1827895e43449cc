// Compiles a stored nodes_json into an executable rule, once per reload. Expressions are parsed,
// type-checked in the scope of their node and compiled to functions over variable slots; point
// references are resolved to live-table indices. Executing the result parses nothing.
// A stored topology that is not valid (a corrupt row, a hand-edited import) yields diagnostics
// and no rule: it is reported and never scheduled.
import type { Diagnostic, ExecNode, NodesTopology } from "../../generated/types.js";
import { validateNodesJson } from "../../generated/index.js";
import { parseExpression, type ParseResult } from "../../grammar/expression/index.js";
import { checkExpression, emitJs, scopeOf, type ValueType } from "../../compiler/index.js";
import type { PointCatalog, PointRef } from "../points/point-table.js";
import { emitRule } from "./emit-rule.js";
import { orderNodes, type GraphNode } from "./rule-graph.js";
import type { Step } from "./run-state.js";
import { createSlotsFactory, createSnapshotBuilder, type SnapshotBuilder } from "./variable-snapshot.js";
import type { Value } from "./compiled-types.js";

export interface ExecutableRule {
  /** The start node's step; a stub rule's does nothing. */
  readonly entry: Step;
  /** A fresh slots array for one execution. */
  readonly newSlots: () => Value[];
  readonly snapshot: SnapshotBuilder;
  /** Every variable the rule defines, with where its value comes from (for monitoring). */
  readonly variables: readonly VariableSource[];
  /** Input variables: the live-table index each reads and the variable its value lands in (spec item 7). */
  readonly inputReads: readonly { index: number; name: string }[];
  /** Points whose history a period_delta node needs, fetched before each execution. */
  readonly periodDeltas: readonly { index: number; periodMs: number }[];
}

export type VariableSource =
  | { name: string; kind: "input"; node: string; ref: PointRef; index: number }
  | { name: string; kind: "period_delta"; node: string; ref: PointRef; index: number; period_ms: number }
  | { name: string; kind: "param"; node: string; value: number | boolean }
  | { name: string; kind: "calc"; node: string; expr: string };

export type CompileRuleResult = { ok: true; rule: ExecutableRule } | { ok: false; diagnostics: Diagnostic[] };

export interface CompileRuleOptions {
  /** False leaves path, node details and matched conditions out of the record; only the benchmark sets it, to measure the decision alone. */
  record?: boolean;
}

export function compileRule(nodesJson: unknown, catalog: PointCatalog, { record = true }: CompileRuleOptions = {}): CompileRuleResult {
  const diagnostics: Diagnostic[] = [];
  if (!validateNodesJson(nodesJson, diagnostics)) return { ok: false, diagnostics };
  if (!("start" in nodesJson)) return { ok: true, rule: STUB };
  const order = orderNodes(nodesJson as NodesTopology);
  if (typeof order === "string") return { ok: false, diagnostics: [runtimeError("runtime/invalid-topology", order, "/nodes")] };

  const variables = collectVariables(order, catalog);
  const slots = new Map<string, number>();
  for (const v of variables) if (!slots.has(v.name)) slots.set(v.name, slots.size);
  const slotOf = (name: string): number => slots.get(name) ?? -1;

  // Each expression text is parsed once: calc assignments are read for their types, then compiled.
  const parsed = new Map<string, ParseResult>();
  const parse = (text: string): ParseResult => {
    if (!parsed.has(text)) parsed.set(text, parseExpression(text));
    return parsed.get(text)!;
  };
  const scopes = scopesBefore(order, parse);
  // A calc node's later assignments see its earlier ones: the scope grows as it is compiled.
  let scopeNode: string | undefined;
  let scope = new Map<string, ValueType>();
  const expression = (nodeId: string, text: string, defines?: string): string => {
    if (nodeId !== scopeNode) [scopeNode, scope] = [nodeId, new Map(scopes.get(nodeId))];
    const compiled = compileText(parse(text), text, scope, slotOf, nodeId, diagnostics);
    if (defines !== undefined) scope.set(defines, compiled.type);
    return compiled.js;
  };
  const entry = emitRule(order, { catalog, slotOf, expression, record });
  if (diagnostics.length > 0) return { ok: false, diagnostics };
  return {
    ok: true,
    rule: {
      entry,
      newSlots: createSlotsFactory(slots.size),
      snapshot: createSnapshotBuilder([...slots.keys()]),
      variables,
      inputReads: variables.flatMap((v) => (v.kind === "input" && v.index >= 0 ? [{ index: v.index, name: v.name }] : [])),
      periodDeltas: variables.flatMap((v) => (v.kind === "period_delta" && v.index >= 0 ? [{ index: v.index, periodMs: v.period_ms }] : [])),
    },
  };
}

const STUB: ExecutableRule = Object.freeze({
  entry: () => undefined,
  newSlots: () => [],
  snapshot: () => ({}),
  variables: [],
  inputReads: [],
  periodDeltas: [],
});

function collectVariables(order: readonly GraphNode[], catalog: PointCatalog): VariableSource[] {
  const out: VariableSource[] = [];
  const indexOf = (ref: PointRef): number => catalog.lookup(ref)?.index ?? -1;
  for (const { id, node } of order) {
    if (node.type === "input") {
      for (const v of node.variables) {
        const ref = { instance: v.instance, point_type: v.point_type, point: v.point };
        out.push({ name: v.name, kind: "input", node: id, ref, index: indexOf(ref) });
      }
      for (const p of node.params ?? []) out.push({ name: p.name, kind: "param", node: id, value: p.value });
    } else if (node.type === "calc") {
      for (const a of node.assign) out.push({ name: a.name, kind: "calc", node: id, expr: a.expr });
    } else if (node.type === "period_delta") {
      const ref = { instance: node.instance, point_type: node.point_type, point: node.point };
      out.push({ name: node.name, kind: "period_delta", node: id, ref, index: indexOf(ref), period_ms: node.period_ms });
    }
  }
  return out;
}

/**
 * The variable types in scope when each node runs (before its own definitions). A valid
 * topology defines each name once per path with one type where paths join, so the union of
 * the predecessors' scopes is exact for every name a node may read.
 */
type Parse = (text: string) => ParseResult;

function scopesBefore(order: readonly GraphNode[], parse: Parse): Map<string, Map<string, ValueType>> {
  const before = new Map<string, Map<string, ValueType>>();
  const after = new Map<string, Map<string, ValueType>>();
  for (const entry of order) {
    const scope = new Map<string, ValueType>();
    for (const p of entry.predecessors) for (const [name, type] of after.get(p) ?? []) scope.set(name, type);
    before.set(entry.id, scope);
    after.set(entry.id, withDefinitions(entry, scope, parse));
  }
  return before;
}

function withDefinitions(entry: GraphNode, scope: Map<string, ValueType>, parse: Parse): Map<string, ValueType> {
  const node: ExecNode = entry.node;
  const out = new Map(scope);
  if (node.type === "input") {
    for (const v of node.variables) out.set(v.name, "number");
    for (const p of node.params ?? []) out.set(p.name, typeof p.value === "boolean" ? "boolean" : "number");
  } else if (node.type === "period_delta") {
    out.set(node.name, "number");
  } else if (node.type === "calc") {
    for (const a of node.assign) {
      const parsed = parse(a.expr);
      // An expression that does not check is reported when its node is compiled.
      out.set(a.name, (parsed.ast && checkExpression(parsed.ast, scopeOf(out)).type) ?? "number");
    }
  }
  return out;
}

interface CompiledText {
  /** JavaScript over the slots `s`. */
  js: string;
  type: ValueType;
}

function compileText(parsed: ParseResult, text: string, scope: ReadonlyMap<string, ValueType>, slotOf: (name: string) => number, nodeId: string, diagnostics: Diagnostic[]): CompiledText {
  const checked = parsed.ast === undefined ? undefined : checkExpression(parsed.ast, scopeOf(scope));
  if (parsed.ast === undefined || checked === undefined || checked.type === undefined) {
    const first = parsed.diagnostics[0] ?? checked?.diagnostics[0];
    diagnostics.push(runtimeError("runtime/invalid-expression", `expression '${text}' of node '${nodeId}': ${first?.message ?? "invalid"}`, `/nodes/${nodeId}`));
    return { js: "NaN", type: "number" };
  }
  return { js: emitJs(parsed.ast, { types: checked.types, slotOf }), type: checked.type };
}

function runtimeError(code: string, message: string, path: string): Diagnostic {
  return { code, severity: "error", message, path };
}
