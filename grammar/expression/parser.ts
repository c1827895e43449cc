// The expression grammar, lowest precedence first:
//   expression     := logicalOr ("?" expression ":" expression)?
//   logicalOr      := logicalAnd (("||" | "or") logicalAnd)*
//   logicalAnd     := equality (("&&" | "and") equality)*
//   equality       := relational (("==" | "!=") relational)*
//   relational     := additive (("<" | "<=" | ">" | ">=") additive)*
//   additive       := multiplicative (("+" | "-") multiplicative)*
//   multiplicative := unary (("*" | "/" | "%") unary)*
//   unary          := ("-" | "!" | "not") unary | primary
//   primary        := number | "true" | "false" | name ("(" arguments? ")")? | "(" expression ")"
//   arguments      := expression ("," expression)*
// The rules live in ExpressionGrammar so that the rule DSL's parser can extend it.
import { CstParser, EOF, type IParserConfig, type TokenType } from "chevrotain";
import { parserErrorMessages } from "./parser-messages.js";
import * as T from "./tokens.js";

export class ExpressionGrammar extends CstParser {
  constructor(tokens: TokenType[], config: IParserConfig = {}) {
    super(tokens, { nodeLocationTracking: "full", errorMessageProvider: parserErrorMessages, ...config });
  }

  public expression = this.RULE("expression", () => {
    this.SUBRULE(this.logicalOr, { LABEL: "test" });
    this.OPTION(() => {
      this.CONSUME(T.Question);
      this.SUBRULE(this.expression, { LABEL: "consequent" });
      this.CONSUME(T.Colon);
      this.SUBRULE2(this.expression, { LABEL: "alternate" });
    });
  });

  private logicalOr = this.RULE("logicalOr", () => this.binaryChain(this.logicalAnd, T.OrOperator));
  private logicalAnd = this.RULE("logicalAnd", () => this.binaryChain(this.equality, T.AndOperator));
  private equality = this.RULE("equality", () => this.binaryChain(this.relational, T.EqualityOperator));
  private relational = this.RULE("relational", () => this.binaryChain(this.additive, T.RelationalOperator));
  private additive = this.RULE("additive", () => this.binaryChain(this.multiplicative, T.AdditiveOperator));
  private multiplicative = this.RULE("multiplicative", () => this.binaryChain(this.unary, T.MultiplicativeOperator));

  private unary = this.RULE("unary", () => {
    this.OR([
      {
        ALT: () => {
          this.CONSUME(T.UnaryOperator);
          this.SUBRULE(this.unary);
        },
      },
      { ALT: () => this.SUBRULE(this.primary) },
    ]);
  });

  private primary = this.RULE("primary", () => {
    this.OR([
      { ALT: () => this.CONSUME(T.NumberLiteral) },
      { ALT: () => this.CONSUME(T.True) },
      { ALT: () => this.CONSUME(T.False) },
      {
        ALT: () => {
          this.CONSUME(T.Identifier);
          this.OPTION(() => {
            this.CONSUME(T.LParen);
            this.OPTION2(() => {
              this.SUBRULE(this.expression, { LABEL: "arguments" });
              this.MANY(() => {
                this.CONSUME(T.Comma);
                this.SUBRULE2(this.expression, { LABEL: "arguments" });
              });
            });
            this.CONSUME(T.RParen);
          });
        },
      },
      {
        ALT: () => {
          this.CONSUME2(T.LParen, { LABEL: "open" });
          this.SUBRULE3(this.expression, { LABEL: "inner" });
          this.CONSUME2(T.RParen, { LABEL: "close" });
        },
      },
    ]);
  });

  // operand (operator operand)*: the CST keeps operands and operators in order.
  private binaryChain(operand: () => unknown, operator: TokenType): void {
    this.SUBRULE(operand as never, { LABEL: "operands" });
    this.MANY(() => {
      this.CONSUME(operator, { LABEL: "operators" });
      this.SUBRULE2(operand as never, { LABEL: "operands" });
    });
  }
}

/** The standalone expression parser: the grammar over the expression tokens only. */
export class ExpressionParser extends ExpressionGrammar {
  constructor() {
    super(T.expressionTokens);
    this.performSelfAnalysis();
  }
}

export { EOF };
