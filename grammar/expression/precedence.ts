// Binding strength of the binary operators (higher binds tighter); all are left-associative.
// One table for the parser's tree building and for the printer's parentheses.
import type { BinaryOperator } from "./ast.js";

export const BINARY_PRECEDENCE: Readonly<Record<BinaryOperator, number>> = {
  "||": 2,
  "&&": 3,
  "==": 4,
  "!=": 4,
  "<": 5,
  "<=": 5,
  ">": 5,
  ">=": 5,
  "+": 6,
  "-": 6,
  "*": 7,
  "/": 7,
  "%": 7,
};
/** `c ? a : b` binds loosest of all. */
export const CONDITIONAL_PRECEDENCE = 1;
/** Prefix `-` and `!` bind tighter than any binary operator. */
export const UNARY_PRECEDENCE = 8;
/** Literals, names, calls and parenthesised expressions. */
export const ATOM_PRECEDENCE = 9;
