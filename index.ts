// The package's public entry: the one compile function, the expression language, and the
// generated guards and types of every schema.
export * from "./compiler/index.js";
export { parseExpression, type Expr, type ParseResult } from "./grammar/index.js";
export * from "./generated/index.js";
