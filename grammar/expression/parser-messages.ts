// Parser error messages in plain words, built from token labels ("')'", "a number").
import type { IParserErrorMessageProvider, IToken, TokenType } from "chevrotain";

export const parserErrorMessages: IParserErrorMessageProvider = {
  buildMismatchTokenMessage({ expected, actual }) {
    return `expected ${label(expected)} but found ${describeToken(actual)}`;
  },
  buildNotAllInputParsedMessage({ firstRedundant }) {
    return `unexpected ${describeToken(firstRedundant)} after a complete expression`;
  },
  buildNoViableAltMessage({ actual }) {
    const token = actual[0];
    return token === undefined || token.tokenType.name === "EOF"
      ? "the expression ends too early: expected a value"
      : `expected a value but found ${describeToken(token)}`;
  },
  buildEarlyExitMessage({ actual }) {
    const token = actual[0];
    return token === undefined ? "the expression ends too early" : `unexpected ${describeToken(token)}`;
  },
};

function describeToken(token: IToken): string {
  return token.tokenType.name === "EOF" ? "the end of the expression" : `'${token.image}'`;
}

function label(type: TokenType): string {
  return type.LABEL ?? type.name;
}
