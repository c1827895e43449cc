// Parser error messages for rule files, in plain words: what was expected (by the tokens' labels,
// or by what the grammar rule is for) and what was found.
import type { IParserErrorMessageProvider, IToken, TokenType } from "chevrotain";

const STATEMENTS = "a statement (input, param, let, write, delta, node, when, match, fork, goto or end)";

const EXPECTED_BY_RULE: Record<string, string> = {
  ruleItem: `a setting (description, priority, cooldown, trigger), ${STATEMENTS}, a block or '}'`,
  statement: STATEMENTS,
  simpleStatement: "input, param, let or write",
  setting: "description, priority, cooldown or trigger",
  trigger: "'every' or 'on_change'",
  triggerSource: "an input name or a point such as measurement(12, 3) or zone1.room_temp",
  point: "a point: measurement(instance, point), action(instance, point) or instance.point_name",
  numberedPoint: "measurement or action",
  namedPoint: "an instance key or a quoted instance name",
  literal: "a number, true or false",
  match: "'first' or 'all'",
  primary: "a value",
  unary: "a value",
};

// A named point inside an expression (`let x = zone1.room_temp + 1`): points are read by inputs.
const POINT_IN_EXPRESSION = ": an expression reads a point through a variable (input t = zone1.room_temp, then t)";

function hint(token: IToken | undefined): string {
  return token?.tokenType.name === "PointName" ? POINT_IN_EXPRESSION : "";
}

export const ruleParserMessages: IParserErrorMessageProvider = {
  buildMismatchTokenMessage({ expected, actual }) {
    return `expected ${label(expected)} but found ${describe(actual)}${hint(actual)}`;
  },
  buildNotAllInputParsedMessage({ firstRedundant }) {
    return `expected 'rule' but found ${describe(firstRedundant)}`;
  },
  buildNoViableAltMessage({ actual, ruleName }) {
    return `expected ${EXPECTED_BY_RULE[ruleName] ?? "something else"} but found ${describe(actual[0])}${hint(actual[0])}`;
  },
  buildEarlyExitMessage({ actual, ruleName }) {
    const expected = ruleName === "whenCase" || ruleName === "match" ? "'when'" : ruleName === "fork" ? "'{'" : "more";
    return `expected ${expected} but found ${describe(actual[0])}`;
  },
};

export function describe(token: IToken | undefined): string {
  if (token === undefined || token.tokenType.name === "EOF") return "the end of the file";
  return `'${token.image}'`;
}

function label(type: TokenType): string {
  // The end of the input is expected only between rules, where a rule may also begin.
  if (type.name === "EOF") return "'rule'";
  return type.LABEL ?? type.name;
}
