// Prints an AST as normalised source text: symbolic operators, single spaces, shortest number
// form, and only the parentheses precedence needs. Parsing the output gives the same AST.
import {
  BINARY_PRECEDENCE as PRECEDENCE,
  CONDITIONAL_PRECEDENCE as CONDITIONAL,
  UNARY_PRECEDENCE as UNARY,
  type Expr,
} from "../../grammar/expression/index.js";

export function printExpression(expr: Expr): string {
  return print(expr, 0);
}

// The text of `expr`, in parentheses when it binds looser than `minimum` (issue 19.5: one call per
// node, strings joined with +, no template or array per node).
function print(expr: Expr, minimum: number): string {
  switch (expr.kind) {
    case "number":
      return String(expr.value);
    case "boolean":
      return expr.value ? "true" : "false";
    case "variable":
      return expr.name;
    case "unary": {
      const text = expr.operator + print(expr.operand, UNARY);
      return UNARY < minimum ? "(" + text + ")" : text;
    }
    case "binary": {
      const p = PRECEDENCE[expr.operator];
      // Left-associative: a right operand of equal precedence keeps its parentheses.
      const text = print(expr.left, p) + " " + expr.operator + " " + print(expr.right, p + 1);
      return p < minimum ? "(" + text + ")" : text;
    }
    case "conditional": {
      const text = print(expr.test, CONDITIONAL + 1) + " ? " + print(expr.consequent, 0) + " : " + print(expr.alternate, 0);
      return CONDITIONAL < minimum ? "(" + text + ")" : text;
    }
    case "call": {
      let text = expr.callee + "(";
      const args = expr.args;
      for (let i = 0; i < args.length; i++) text += (i === 0 ? "" : ", ") + print(args[i]!, 0);
      return text + ")";
    }
  }
}
