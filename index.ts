// The package's public entry: the one compile function, the rule-file compilers and the
// decompiler, the expression language, and the generated guards and types of every schema.
export * from "./compiler/index.js";
export { parseExpression, parseRuleSource, type Expr, type ParseResult, type RuleAst } from "./grammar/index.js";
export * from "./generated/index.js";
