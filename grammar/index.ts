// Grammars: the chevrotain lexers and parsers of the expression language and the rule DSL,
// CST to AST, spans. May import generated/ types only; pure.
export * from "./expression/index.js";
export { parseRuleSource, type RuleParseResult } from "./rule/index.js";
export type * as RuleAst from "./rule/ast.js";
export * from "./source/span.js";
