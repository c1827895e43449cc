// Prints an AST as normalised source text: symbolic operators, single spaces, shortest number
// form, and only the parentheses precedence needs. Parsing the output gives the same AST.
import {
  ATOM_PRECEDENCE as ATOM,
  BINARY_PRECEDENCE as PRECEDENCE,
  CONDITIONAL_PRECEDENCE as CONDITIONAL,
  UNARY_PRECEDENCE as UNARY,
  type Expr,
} from "../../grammar/expression/index.js";

export function printExpression(expr: Expr): string {
  switch (expr.kind) {
    case "number":
      return String(expr.value);
    case "boolean":
      return String(expr.value);
    case "variable":
      return expr.name;
    case "unary":
      return `${expr.operator}${wrap(expr.operand, UNARY)}`;
    case "binary": {
      const p = PRECEDENCE[expr.operator];
      // Left-associative: a right operand of equal precedence keeps its parentheses.
      return `${wrap(expr.left, p)} ${expr.operator} ${wrap(expr.right, p + 1)}`;
    }
    case "conditional":
      return `${wrap(expr.test, CONDITIONAL + 1)} ? ${printExpression(expr.consequent)} : ${printExpression(expr.alternate)}`;
    case "call":
      return `${expr.callee}(${expr.args.map(printExpression).join(", ")})`;
  }
}

function wrap(expr: Expr, minimum: number): string {
  const text = printExpression(expr);
  return precedenceOf(expr) < minimum ? `(${text})` : text;
}

function precedenceOf(expr: Expr): number {
  switch (expr.kind) {
    case "binary":
      return PRECEDENCE[expr.operator];
    case "conditional":
      return CONDITIONAL;
    case "unary":
      return UNARY;
    default:
      return ATOM;
  }
}
