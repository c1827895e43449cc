// Grammars: the chevrotain lexer and parser of the expression language (the rule DSL joins
// later), CST to AST, spans. May import generated/ types only; pure.
export * from "./expression/index.js";
export * from "./source/span.js";
