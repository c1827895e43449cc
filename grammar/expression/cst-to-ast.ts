// CST to AST: turns the parser's concrete tree into Expr values with spans. Grammar and meaning
// stay apart: this is the only place that reads CST shapes.
import type { CstNode, IToken } from "chevrotain";
import type { Diagnostic } from "../../generated/types.js";
import { joinSpans, tokenSpan } from "../source/span.js";
import type { BinaryOperator, Expr, UnaryOperator } from "./ast.js";
import { BINARY_PRECEDENCE } from "./precedence.js";

type Children = Record<string, Array<CstNode | IToken> | undefined>;

/** Builds the AST of an `expression` CST node; problems found on the way go to `diagnostics`. */
export function toExpressionAst(node: CstNode, diagnostics: Diagnostic[]): Expr {
  return new CstToAst(diagnostics).expression(node);
}

class CstToAst {
  constructor(private readonly diagnostics: Diagnostic[]) {}

  expression(node: CstNode): Expr {
    const c = node.children as Children;
    const test = this.binary(first(c.test));
    const consequent = c.consequent?.[0];
    const alternate = c.alternate?.[0];
    if (consequent === undefined || alternate === undefined) return test;
    const alt = this.expression(alternate as CstNode);
    return {
      kind: "conditional",
      test,
      consequent: this.expression(consequent as CstNode),
      alternate: alt,
      span: joinSpans(test.span, alt.span),
    };
  }

  // Operator precedence over the flat operand/operator list, with explicit stacks (no recursion,
  // so long chains cannot exhaust the stack). All binary operators are left-associative.
  private binary(node: CstNode): Expr {
    const c = node.children as Children;
    const operands = ((c.operands ?? []) as CstNode[]).map((operand) => this.unary(operand));
    const tokens = (c.operators ?? []) as IToken[];
    const values: Expr[] = [operands[0]!];
    const pending: BinaryOperator[] = [];
    const reduce = (): void => {
      const right = values.pop()!;
      const left = values.pop()!;
      values.push({ kind: "binary", operator: pending.pop()!, left, right, span: joinSpans(left.span, right.span) });
    };
    tokens.forEach((token, i) => {
      const operator = binaryOperator(token);
      const precedence = BINARY_PRECEDENCE[operator];
      while (pending.length > 0 && BINARY_PRECEDENCE[pending[pending.length - 1]!] >= precedence) reduce();
      pending.push(operator);
      values.push(operands[i + 1]!);
    });
    while (pending.length > 0) reduce();
    return values[0]!;
  }

  private unary(node: CstNode): Expr {
    const c = node.children as Children;
    const operator = c.UnaryOperator?.[0] as IToken | undefined;
    if (operator === undefined) return this.primary(first(c.primary));
    const operand = this.unary(first(c.unary));
    const op: UnaryOperator = operator.image === "-" ? "-" : "!";
    return { kind: "unary", operator: op, operand, span: joinSpans(tokenSpan(operator), operand.span) };
  }

  private primary(node: CstNode): Expr {
    const c = node.children as Children;
    const number = c.NumberLiteral?.[0] as IToken | undefined;
    if (number !== undefined) return this.number(number);
    const bool = (c.True?.[0] ?? c.False?.[0]) as IToken | undefined;
    if (bool !== undefined) return { kind: "boolean", value: bool.image === "true", span: tokenSpan(bool) };
    const inner = c.inner?.[0];
    if (inner !== undefined) return this.expression(inner as CstNode);
    const name = c.Identifier?.[0] as IToken;
    const open = c.LParen?.[0] as IToken | undefined;
    if (open === undefined) return { kind: "variable", name: name.image, span: tokenSpan(name) };
    const close = c.RParen?.[0] as IToken;
    return {
      kind: "call",
      callee: name.image,
      calleeSpan: tokenSpan(name),
      args: ((c.arguments ?? []) as CstNode[]).map((arg) => this.expression(arg)),
      span: joinSpans(tokenSpan(name), tokenSpan(close)),
    };
  }

  private number(token: IToken): Expr {
    const value = Number(token.image);
    const span = tokenSpan(token);
    if (!Number.isFinite(value)) {
      this.diagnostics.push({
        code: "expr/number-out-of-range",
        severity: "error",
        message: `the number ${token.image} is too large to represent`,
        span,
      });
    }
    return { kind: "number", value, span };
  }
}

function first(nodes: Array<CstNode | IToken> | undefined): CstNode {
  return nodes![0] as CstNode;
}

const WORD_OPERATORS: Record<string, BinaryOperator> = { and: "&&", or: "||" };

function binaryOperator(token: IToken): BinaryOperator {
  return WORD_OPERATORS[token.image] ?? (token.image as BinaryOperator);
}
