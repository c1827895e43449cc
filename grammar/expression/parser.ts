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
// The parser reads the seven binary levels as one flat rule, `binary := unary (operator unary)*`,
// and cst-to-ast.ts builds the tree by the precedence table: same language, a fraction of the
// rule invocations. The rules live in ExpressionGrammar so that the rule DSL's parser can extend it.
import { CstParser, type IParserConfig, type TokenType } from "chevrotain";
import { parserErrorMessages } from "./parser-messages.js";
import * as T from "./tokens.js";

export class ExpressionGrammar extends CstParser {
  constructor(tokens: TokenType[], config: IParserConfig = {}) {
    super(tokens, { nodeLocationTracking: "none", errorMessageProvider: parserErrorMessages, ...config });
  }

  public expression = this.RULE("expression", () => {
    this.SUBRULE(this.binary, { LABEL: "test" });
    this.OPTION(() => {
      this.CONSUME(T.Question);
      this.SUBRULE(this.expression, { LABEL: "consequent" });
      this.CONSUME(T.Colon);
      this.SUBRULE2(this.expression, { LABEL: "alternate" });
    });
  });

  // operand (operator operand)*: operands and operators in order; precedence comes later.
  private binary = this.RULE("binary", () => {
    this.SUBRULE(this.unary, { LABEL: "operands" });
    this.MANY(() => {
      this.CONSUME(T.BinaryOperator, { LABEL: "operators" });
      this.SUBRULE2(this.unary, { LABEL: "operands" });
    });
  });

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
}

/** The standalone expression parser: the grammar over the expression tokens only. */
export class ExpressionParser extends ExpressionGrammar {
  constructor() {
    super(T.expressionTokens);
    this.performSelfAnalysis();
  }
}

