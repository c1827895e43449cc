// Compiles a checked AST to a JavaScript function. The source handed to `new Function` is built
// only from the AST: names become slot indices, numbers are printed by String(), operators come
// from a fixed table, so no user text ever reaches the JavaScript parser.
import type { Expr } from "../../grammar/expression/index.js";
import { BUILTIN_FUNCTIONS } from "./functions.js";
import type { Value, ValueType } from "./value-type.js";

/** Evaluates an expression over variable slots: `slots[i]` holds the value of the i-th variable. */
export type CompiledExpression = (slots: readonly Value[]) => Value;

export interface EmitContext {
  /** Types from checkExpression: logic on a number compares it with zero first. */
  types: ReadonlyMap<Expr, ValueType>;
  /** The slot of each variable. */
  slotOf(name: string): number;
}

export function emitJs(expr: Expr, context: EmitContext): string {
  const emit = (e: Expr): string => emitJs(e, context);
  switch (expr.kind) {
    case "number":
      return Object.is(expr.value, -0) ? "-0" : String(expr.value);
    case "boolean":
      return String(expr.value);
    case "variable": {
      const slot = context.slotOf(expr.name);
      if (!Number.isInteger(slot) || slot < 0) throw new Error(`no slot for variable '${expr.name}'`);
      return `s[${slot}]`;
    }
    case "unary":
      return `(${expr.operator}${emit(expr.operand)})`;
    case "binary": {
      const op = expr.operator;
      if (op === "&&" || op === "||") return `(${truth(expr.left, context)} ${op} ${truth(expr.right, context)})`;
      const js = op === "==" ? "===" : op === "!=" ? "!==" : op;
      return `(${emit(expr.left)} ${js} ${emit(expr.right)})`;
    }
    case "conditional":
      return `(${emit(expr.test)} ? ${emit(expr.consequent)} : ${emit(expr.alternate)})`;
    case "call": {
      const fn = BUILTIN_FUNCTIONS.get(expr.callee);
      if (fn === undefined) throw new Error(`unknown function '${expr.callee}' in a checked AST`);
      return fn.emit(expr.args.map(emit));
    }
  }
}

// `&&` and `||` yield booleans: a number operand becomes `!!x` (false for 0 and NaN).
function truth(expr: Expr, context: EmitContext): string {
  const js = emitJs(expr, context);
  return context.types.get(expr) === "boolean" ? js : `!!${js}`;
}

export function compileExpression(expr: Expr, context: EmitContext): CompiledExpression {
  // eslint-disable-next-line no-new-func -- source generated from a checked AST, see above
  return new Function("s", `"use strict"; return ${emitJs(expr, context)};`) as CompiledExpression;
}
