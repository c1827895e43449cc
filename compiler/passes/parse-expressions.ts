// Parses every expression of the flow once. Syntax errors carry the expression's JSON Pointer,
// the node id, and the line and column inside the expression text.
import { parseExpression, type Expr } from "../../grammar/expression/index.js";
import type { Diagnostic } from "../diagnostics/diagnostic.js";
import { configPath, type FlowNodeEntry, type FlowModel } from "../front-ends/flow-json/flow-model.js";

/** Parsed expressions by the config object that holds them; one with syntax errors is absent. */
export type ParsedExpressions = Map<object, Expr>;

/** Where an expression sits: its holder (a switch rule, a write, an assignment) and its text. */
export interface ExpressionSite {
  holder: object;
  text: string;
  /** Pointer tokens below the node's config, e.g. ["rules", 0, "condition"]. */
  at: [string, number, string];
}

export function parseExpressions(model: FlowModel, diagnostics: Diagnostic[]): ParsedExpressions {
  const parsed: ParsedExpressions = new Map();
  for (const entry of model.nodes) {
    for (const site of expressionSites(entry)) {
      const result = parseExpression(site.text);
      if (result.ast !== undefined) parsed.set(site.holder, result.ast);
      if (result.diagnostics.length === 0) continue;
      const path = sitePath(entry, site.at);
      for (const d of result.diagnostics) diagnostics.push({ ...d, path, nodeId: entry.id });
    }
  }
  return parsed;
}

/** The expressions of a node, in document order. */
export function expressionSites(entry: FlowNodeEntry): ExpressionSite[] {
  const node = entry.node;
  switch (node.type) {
    case "switch":
      return node.data.config.rules.map((r, j) => ({ holder: r, text: r.condition, at: ["rules", j, "condition"] }));
    case "change":
      return node.data.config.writes.map((w, j) => ({ holder: w, text: w.value, at: ["writes", j, "value"] }));
    case "calc":
      return node.data.config.assign.map((a, j) => ({ holder: a, text: a.expr, at: ["assign", j, "expr"] }));
    default:
      return [];
  }
}

/** The JSON Pointer of an expression (built only when a diagnostic needs it). */
export function sitePath(entry: FlowNodeEntry, at: ExpressionSite["at"]): string {
  return configPath(entry, ...at);
}
