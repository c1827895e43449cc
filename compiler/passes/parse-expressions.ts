// Parses every expression of the flow once. Syntax errors carry the expression's JSON Pointer,
// the node id, and the line and column inside the expression text.
import { parseExpression, type Expr } from "../../grammar/expression/index.js";
import type { Diagnostic } from "../diagnostics/diagnostic.js";
import { configPath, type FlowModel, type FlowNodeEntry } from "../front-ends/flow-json/flow-model.js";

/** Parsed expressions by their JSON Pointer; an expression with syntax errors is absent. */
export type ParsedExpressions = Map<string, Expr>;

export function parseExpressions(model: FlowModel, diagnostics: Diagnostic[]): ParsedExpressions {
  const parsed: ParsedExpressions = new Map();
  for (const entry of model.nodes) {
    for (const [path, text] of expressionsOf(entry)) {
      const result = parseExpression(text);
      if (result.ast !== undefined) parsed.set(path, result.ast);
      for (const d of result.diagnostics) diagnostics.push({ ...d, path, nodeId: entry.id });
    }
  }
  return parsed;
}

/** The expressions of a node with their JSON Pointers, in document order. */
export function expressionsOf(entry: FlowNodeEntry): Array<[string, string]> {
  const node = entry.node;
  switch (node.type) {
    case "switch":
      return node.data.config.rules.map((r, j) => [configPath(entry, "rules", j, "condition"), r.condition]);
    case "change":
      return node.data.config.writes.map((w, j) => [configPath(entry, "writes", j, "value"), w.value]);
    case "calc":
      return node.data.config.assign.map((a, j) => [configPath(entry, "assign", j, "expr"), a.expr]);
    default:
      return [];
  }
}
