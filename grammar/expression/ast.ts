// The expression AST: plain values with source spans.
import type { SourceSpan } from "../source/span.js";

export type UnaryOperator = "-" | "!";
export type ArithmeticOperator = "*" | "/" | "%" | "+" | "-";
export type ComparisonOperator = "<" | "<=" | ">" | ">=";
export type EqualityOperator = "==" | "!=";
export type LogicalOperator = "&&" | "||";
export type BinaryOperator = ArithmeticOperator | ComparisonOperator | EqualityOperator | LogicalOperator;

export type Expr = NumberExpr | BooleanExpr | VariableExpr | UnaryExpr | BinaryExpr | ConditionalExpr | CallExpr;

export interface NumberExpr {
  kind: "number";
  value: number;
  span: SourceSpan;
}
export interface BooleanExpr {
  kind: "boolean";
  value: boolean;
  span: SourceSpan;
}
export interface VariableExpr {
  kind: "variable";
  name: string;
  span: SourceSpan;
}
export interface UnaryExpr {
  kind: "unary";
  operator: UnaryOperator;
  operand: Expr;
  span: SourceSpan;
}
export interface BinaryExpr {
  kind: "binary";
  operator: BinaryOperator;
  left: Expr;
  right: Expr;
  span: SourceSpan;
}
export interface ConditionalExpr {
  kind: "conditional";
  test: Expr;
  consequent: Expr;
  alternate: Expr;
  span: SourceSpan;
}
export interface CallExpr {
  kind: "call";
  callee: string;
  calleeSpan: SourceSpan;
  args: Expr[];
  span: SourceSpan;
}

/** Children of a node, left to right. */
export function childrenOf(expr: Expr): Expr[] {
  switch (expr.kind) {
    case "unary":
      return [expr.operand];
    case "binary":
      return [expr.left, expr.right];
    case "conditional":
      return [expr.test, expr.consequent, expr.alternate];
    case "call":
      return expr.args;
    default:
      return [];
  }
}
