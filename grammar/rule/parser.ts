// The rule DSL grammar (EBNF in docs/dsl.md). It extends the expression grammar, so expressions
// inside rules are parsed by the very rules `parseExpression` uses. Error recovery is on: one
// run reports every syntax error of a file.
import * as E from "../expression/tokens.js";
import { ExpressionGrammar } from "../expression/parser.js";
import { ruleParserMessages } from "./parser-messages.js";
import * as T from "./tokens.js";

export class RuleParser extends ExpressionGrammar {
  constructor() {
    super(T.ruleTokens, { recoveryEnabled: true, nodeLocationTracking: "onlyOffset", errorMessageProvider: ruleParserMessages, maxLookahead: 3 });
    this.performSelfAnalysis();
  }

  public file = this.RULE("file", () => {
    this.MANY(() => this.SUBRULE(this.rule));
  });

  private rule = this.RULE("rule", () => {
    this.CONSUME(T.Rule);
    this.CONSUME(T.StringLiteral, { LABEL: "name" });
    this.CONSUME(T.LCurly);
    this.MANY(() => this.SUBRULE(this.ruleItem));
    this.CONSUME(T.RCurly);
  });

  private ruleItem = this.RULE("ruleItem", () => {
    this.OR([
      { ALT: () => this.SUBRULE(this.setting) },
      { ALT: () => this.SUBRULE(this.block) },
      { ALT: () => this.SUBRULE(this.statement) },
    ]);
  });

  private setting = this.RULE("setting", () => {
    this.OR([
      { ALT: () => { this.CONSUME(T.Description); this.CONSUME(T.StringLiteral); } },
      { ALT: () => { this.CONSUME(T.Priority); this.OPTION(() => this.CONSUME(E.Minus)); this.CONSUME(E.NumberLiteral); } },
      { ALT: () => { this.CONSUME(T.Cooldown); this.CONSUME(T.Duration); } },
      { ALT: () => { this.CONSUME(T.Trigger); this.SUBRULE(this.trigger); } },
    ]);
  });

  private trigger = this.RULE("trigger", () => {
    this.OR([
      { ALT: () => { this.CONSUME(T.Every); this.CONSUME(T.Duration); } },
      {
        ALT: () => {
          this.CONSUME(T.OnChange);
          this.CONSUME(E.LParen);
          this.AT_LEAST_ONE_SEP({ SEP: E.Comma, DEF: () => this.SUBRULE(this.triggerSource) });
          this.CONSUME(E.RParen);
          this.OPTION(() => { this.CONSUME(T.Deadband); this.CONSUME2(T.Duration, { LABEL: "deadband" }); });
          this.OPTION2(() => {
            this.CONSUME(T.Value);
            this.CONSUME(E.NumberLiteral, { LABEL: "value" });
            this.OPTION3(() => this.CONSUME(E.Percent));
          });
        },
      },
    ]);
  });

  private triggerSource = this.RULE("triggerSource", () => {
    this.OR([
      { ALT: () => this.SUBRULE(this.point) },
      { ALT: () => this.CONSUME(E.Identifier) },
    ]);
  });

  private block = this.RULE("block", () => {
    this.CONSUME(T.Block);
    this.CONSUME(E.Identifier, { LABEL: "name" });
    this.SUBRULE(this.body);
  });

  private statement = this.RULE("statement", () => {
    this.OR([
      { ALT: () => this.SUBRULE(this.simpleStatement) },
      { ALT: () => this.SUBRULE(this.delta) },
      { ALT: () => this.SUBRULE(this.node) },
      { ALT: () => this.SUBRULE(this.whenChain) },
      { ALT: () => this.SUBRULE(this.match) },
      { ALT: () => this.SUBRULE(this.fork) },
      { ALT: () => { this.CONSUME(T.Goto); this.CONSUME(E.Identifier, { LABEL: "target" }); } },
      { ALT: () => this.CONSUME(T.End) },
    ]);
  });

  private simpleStatement = this.RULE("simpleStatement", () => {
    this.OR([
      { ALT: () => this.SUBRULE(this.inputStatement) },
      { ALT: () => this.SUBRULE(this.paramStatement) },
      { ALT: () => this.SUBRULE(this.letStatement) },
      { ALT: () => this.SUBRULE(this.writeStatement) },
    ]);
  });

  private inputStatement = this.RULE("inputStatement", () => {
    this.CONSUME(T.Input);
    this.CONSUME(E.Identifier, { LABEL: "name" });
    this.CONSUME(T.Equals);
    this.SUBRULE(this.point);
  });

  private paramStatement = this.RULE("paramStatement", () => {
    this.CONSUME(T.Param);
    this.CONSUME(E.Identifier, { LABEL: "name" });
    this.CONSUME(T.Equals);
    this.SUBRULE(this.literal);
  });

  private letStatement = this.RULE("letStatement", () => {
    this.CONSUME(T.Let);
    this.CONSUME(E.Identifier, { LABEL: "name" });
    this.CONSUME(T.Equals);
    this.SUBRULE(this.expression, { LABEL: "value" });
  });

  private writeStatement = this.RULE("writeStatement", () => {
    this.CONSUME(T.Write);
    this.SUBRULE(this.point, { LABEL: "target" });
    this.CONSUME(T.Equals);
    this.SUBRULE(this.expression, { LABEL: "value" });
  });

  private delta = this.RULE("delta", () => {
    this.CONSUME(T.Delta);
    this.CONSUME(E.Identifier, { LABEL: "name" });
    this.CONSUME(T.Equals);
    this.SUBRULE(this.point);
    this.CONSUME(T.Over);
    this.CONSUME(T.Duration);
  });

  private node = this.RULE("node", () => {
    this.CONSUME(T.Node);
    this.CONSUME(T.LCurly);
    this.MANY(() => this.SUBRULE(this.simpleStatement));
    this.CONSUME(T.RCurly);
  });

  private whenChain = this.RULE("whenChain", () => {
    this.AT_LEAST_ONE(() => this.SUBRULE(this.whenCase));
    this.OPTION(() => this.SUBRULE(this.otherwise));
  });

  private match = this.RULE("match", () => {
    this.CONSUME(T.Match);
    this.OR([{ ALT: () => this.CONSUME(T.First, { LABEL: "mode" }) }, { ALT: () => this.CONSUME(T.All, { LABEL: "mode" }) }]);
    this.CONSUME(T.LCurly);
    this.AT_LEAST_ONE(() => this.SUBRULE(this.whenCase));
    this.OPTION(() => this.SUBRULE(this.otherwise));
    this.CONSUME(T.RCurly);
  });

  private whenCase = this.RULE("whenCase", () => {
    this.CONSUME(T.When);
    this.OPTION(() => {
      this.CONSUME(E.Identifier, { LABEL: "output" });
      this.CONSUME(E.Colon);
    });
    this.SUBRULE(this.expression, { LABEL: "condition" });
    this.SUBRULE(this.body);
  });

  private otherwise = this.RULE("otherwise", () => {
    this.CONSUME(T.Else);
    this.SUBRULE(this.body);
  });

  private fork = this.RULE("fork", () => {
    this.CONSUME(T.Fork);
    this.AT_LEAST_ONE(() => this.SUBRULE(this.body, { LABEL: "branches" }));
  });

  private body = this.RULE("body", () => {
    this.CONSUME(T.LCurly);
    this.MANY(() => this.SUBRULE(this.statement));
    this.CONSUME(T.RCurly);
  });

  private point = this.RULE("point", () => {
    this.OR([
      { ALT: () => this.SUBRULE(this.numberedPoint) },
      { ALT: () => this.SUBRULE(this.namedPoint) },
    ]);
  });

  private numberedPoint = this.RULE("numberedPoint", () => {
    this.OR([{ ALT: () => this.CONSUME(T.Measurement, { LABEL: "kind" }) }, { ALT: () => this.CONSUME(T.Action, { LABEL: "kind" }) }]);
    this.CONSUME(E.LParen);
    this.CONSUME(E.NumberLiteral, { LABEL: "instance" });
    this.CONSUME(E.Comma);
    this.CONSUME2(E.NumberLiteral, { LABEL: "point" });
    this.CONSUME(E.RParen);
  });

  // `ahu1.cooling_stage` (an instance key) or `"AHU-1".cooling_stage` (an instance name): resolved with the site.
  private namedPoint = this.RULE("namedPoint", () => {
    this.OR([{ ALT: () => this.CONSUME(E.Identifier, { LABEL: "instance" }) }, { ALT: () => this.CONSUME(T.StringLiteral, { LABEL: "instance" }) }]);
    this.CONSUME(T.PointName, { LABEL: "name" });
  });

  private literal = this.RULE("literal", () => {
    this.OR([
      { ALT: () => { this.OPTION(() => this.CONSUME(E.Minus)); this.CONSUME(E.NumberLiteral); } },
      { ALT: () => this.CONSUME(E.True) },
      { ALT: () => this.CONSUME(E.False) },
    ]);
  });
}
