// Nesting limits, checked on tokens before parsing and on the tree after: whatever the input,
// the recursive parser and every later recursive pass stay within the stack.
import type { IToken } from "chevrotain";
import { childrenOf, type Expr } from "./ast.js";
import { MAX_AST_DEPTH, MAX_NESTING } from "./limits.js";

// The parser recurses once per parenthesis, unary operator and `?`; refuse input that would
// nest deeper than MAX_NESTING before parsing it. Returns the token where the limit is passed.
export function nestingLimitExceeded(tokens: IToken[]): IToken | undefined {
  const questions = [0]; // `?` still open, per parenthesis level: a conditional ends with its level
  let nested = 0;
  let unaryRun = 0;
  let previous: IToken | undefined;
  for (const token of tokens) {
    const image = token.image;
    if (image === "(") {
      questions.push(0);
      nested++;
    } else if (image === ")" && questions.length > 1) {
      nested -= 1 + questions.pop()!;
    } else if (image === "?") {
      questions[questions.length - 1]!++;
      nested++;
    }
    const isUnary = (image === "-" || image === "!" || image === "not") && !endsOperand(previous);
    unaryRun = isUnary ? unaryRun + 1 : 0;
    if (nested + unaryRun > MAX_NESTING) return token;
    previous = token;
  }
  return undefined;
}

function endsOperand(token: IToken | undefined): boolean {
  if (token === undefined) return false;
  const name = token.tokenType.name;
  return name === "NumberLiteral" || name === "Identifier" || name === "True" || name === "False" || name === "RParen";
}

// Iterative, so that measuring a deep tree cannot itself overflow the stack.
export function depthOf(root: Expr): number {
  let max = 0;
  const stack: Array<[Expr, number]> = [[root, 1]];
  while (stack.length > 0) {
    const [expr, depth] = stack.pop()!;
    max = Math.max(max, depth);
    for (const child of childrenOf(expr)) stack.push([child, depth + 1]);
  }
  return max;
}


/**
 * Whether an expression holds more than MAX_AST_DEPTH operations nested in each other. `size` is
 * any bound on its node count (tokens, characters): the tree is measured only when it could be.
 */
export function hasTooManyNestedOperations(expr: Expr, size: number): boolean {
  return size > MAX_AST_DEPTH && depthOf(expr) - 1 > MAX_AST_DEPTH;
}
