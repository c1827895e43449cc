// The statements that one execution node is written as: an input node as `input`/`param` lines,
// a calc as `let`s, a change as `write`s, a period_delta as `delta`. Generated AST: NO_SPAN.
import type { ExecCalc, ExecChange, ExecInput, ExecPeriodDelta, PointType } from "../../generated/types.js";
import { parseExpression, type Expr } from "../../grammar/expression/index.js";
import { NO_SPAN, type DeltaStatement, type PointRef, type SimpleStatement } from "../../grammar/rule/ast.js";

/** Nodes written as simple statements; consecutive statements of one class share a node. */
export type LineNode = ExecInput | ExecCalc | ExecChange;
export type MergeClass = LineNode["type"];

export function isLineNode(node: { type: string }): node is LineNode {
  return node.type === "input" || node.type === "calc" || node.type === "change";
}

export function lineStatements(node: LineNode): SimpleStatement[] {
  switch (node.type) {
    case "input":
      return [
        ...node.variables.map((v) => ({ kind: "input" as const, name: v.name, nameSpan: NO_SPAN, point: pointRef(v.point_type, v.instance, v.point), span: NO_SPAN })),
        ...(node.params ?? []).map((p) => ({ kind: "param" as const, name: p.name, nameSpan: NO_SPAN, value: p.value, valueSpan: NO_SPAN, span: NO_SPAN })),
      ];
    case "calc":
      return node.assign.map((a) => ({ kind: "let" as const, name: a.name, nameSpan: NO_SPAN, expr: toExpr(a.expr), span: NO_SPAN }));
    case "change":
      return node.writes.map((w) => ({ kind: "write" as const, target: pointRef(w.point_type, w.instance, w.point), value: toExpr(w.value), span: NO_SPAN }));
  }
}

export function deltaStatement(node: ExecPeriodDelta): DeltaStatement {
  return {
    kind: "delta",
    name: node.name,
    nameSpan: NO_SPAN,
    point: pointRef(node.point_type, node.instance, node.point),
    periodMs: node.period_ms,
    periodSpan: NO_SPAN,
    span: NO_SPAN,
  };
}

export function pointRef(pointType: PointType, instance: number, point: number): PointRef {
  return { kind: "point", pointType, instance, point, span: NO_SPAN };
}

/** The AST of an expression of a valid topology (normalised text: it always parses). */
export function toExpr(text: string): Expr {
  const { ast, diagnostics } = parseExpression(text);
  if (ast === undefined) throw new Error(`internal: expression of a checked topology does not parse: ${diagnostics[0]?.message ?? text}`);
  return ast;
}
