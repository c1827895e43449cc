// The expression lexer: one instance, reused.
import { Lexer } from "chevrotain";
import { expressionTokens } from "./tokens.js";

export const expressionLexer = new Lexer(expressionTokens, { positionTracking: "full", ensureOptimizations: false });
