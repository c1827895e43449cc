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
  // Every expression of a node, in document order, without a site object per expression (issue 19.5).
  for (const entry of model.nodes) {
    const node = entry.node;
    switch (node.type) {
      case "switch": {
        const rules = node.data.config.rules;
        for (let j = 0; j < rules.length; j++) parseOne(entry, rules[j]!, rules[j]!.condition, "rules", j, "condition", parsed, diagnostics);
        break;
      }
      case "change": {
        const writes = node.data.config.writes;
        for (let j = 0; j < writes.length; j++) parseOne(entry, writes[j]!, writes[j]!.value, "writes", j, "value", parsed, diagnostics);
        break;
      }
      case "calc": {
        const assign = node.data.config.assign;
        for (let j = 0; j < assign.length; j++) parseOne(entry, assign[j]!, assign[j]!.expr, "assign", j, "expr", parsed, diagnostics);
        break;
      }
      default:
        break;
    }
  }
  return parsed;
}

function parseOne(entry: FlowNodeEntry, holder: object, text: string, list: string, j: number, field: string, parsed: ParsedExpressions, diagnostics: Diagnostic[]): void {
  const result = parseExpression(text);
  if (result.ast !== undefined) parsed.set(holder, result.ast);
  if (result.diagnostics.length === 0) return;
  const path = sitePath(entry, [list, j, field]);
  for (const d of result.diagnostics) diagnostics.push({ ...d, path, nodeId: entry.id });
}

/** The JSON Pointer of an expression (built only when a diagnostic needs it). */
export function sitePath(entry: FlowNodeEntry, at: ExpressionSite["at"]): string {
  return configPath(entry, ...at);
}
