// CST to AST for rule files: the only place that reads the rule grammar's CST shapes. It runs
// only on rules that parsed without errors, so every child the grammar requires is present.
import type { CstNode, CstNodeLocation, IToken } from "chevrotain";
import type { Diagnostic } from "../../generated/types.js";
import type { Expr } from "../expression/ast.js";
import { toExpressionAst } from "../expression/cst-to-ast.js";
import type { LineIndex } from "../source/line-index.js";
import { joinSpans, tokenSpan, type SourceSpan } from "../source/span.js";
import type * as A from "./ast.js";
import { durationMs } from "./duration.js";
import { checkSettingOrder, type SettingEntry } from "./setting-order.js";
import { StringLiteral } from "./tokens.js";

type Children = Record<string, Array<CstNode | IToken> | undefined>;

const kids = (node: CstNode): Children => node.children as Children;
const token = (c: Children, key: string, i = 0): IToken => c[key]![i] as IToken;
const child = (c: Children, key: string, i = 0): CstNode => c[key]![i] as CstNode;
const all = (c: Children, key: string): CstNode[] => (c[key] ?? []) as CstNode[];

/** Builds the AST of one `rule` CST node; problems found on the way go to `diagnostics`. */
export function toRuleAst(node: CstNode, lines: LineIndex, diagnostics: Diagnostic[]): A.RuleDecl {
  return new CstToAst(lines, diagnostics).rule(node);
}

class CstToAst {
  constructor(
    private readonly lines: LineIndex,
    private readonly diagnostics: Diagnostic[],
  ) {}

  // The parser tracks node offsets only (much faster); lines and columns come from the index.
  private spanOf(node: CstNode): SourceSpan {
    const l = node.location as CstNodeLocation;
    return { start: this.lines.position(l.startOffset), end: this.lines.position(l.endOffset! + 1) };
  }

  rule(node: CstNode): A.RuleDecl {
    const c = kids(node);
    const name = token(c, "name");
    const settings: A.RuleSettings = { order: [] };
    const items: A.RuleItem[] = [];
    for (const itemNode of all(c, "ruleItem")) {
      const ic = kids(itemNode);
      if (ic.setting) checkSettingOrder(this.setting(child(ic, "setting")), settings, items.length > 0, this.diagnostics);
      else if (ic.block) items.push(this.block(child(ic, "block")));
      else items.push(this.statement(child(ic, "statement")));
    }
    return { kind: "rule", name: stringValue(name), nameSpan: tokenSpan(name), settings, items, span: this.spanOf(node) };
  }

  private setting(node: CstNode): SettingEntry {
    const c = kids(node);
    const span = this.spanOf(node);
    if (c.Kw_description) return { key: "description", setting: { value: stringValue(token(c, "StringLiteral")), span, valueSpan: tokenSpan(token(c, "StringLiteral")) } };
    if (c.Kw_priority) {
      const number = token(c, "NumberLiteral");
      const value = Number(number.image) * (c.Minus ? -1 : 1);
      return { key: "priority", setting: { value, span, valueSpan: joinSpans(tokenSpan(token(c, c.Minus ? "Minus" : "NumberLiteral")), tokenSpan(number)) } };
    }
    if (c.Kw_cooldown) return { key: "cooldownMs", setting: durationSetting(token(c, "Duration"), span) };
    const trigger = child(c, "trigger");
    // `every 0s`: the value is the interval itself, where a mistake is marked.
    const interval = kids(trigger).Duration?.[0] as IToken | undefined;
    const valueSpan = interval !== undefined ? tokenSpan(interval) : this.spanOf(trigger);
    return { key: "trigger", setting: { value: this.trigger(trigger), span, valueSpan } };
  }

  private trigger(node: CstNode): A.Trigger {
    const c = kids(node);
    if (c.Kw_every) return { kind: "every", intervalMs: durationMs(token(c, "Duration").image) };
    const trigger: A.OnChangeTrigger = { kind: "on_change", points: all(c, "triggerSource").map((s) => this.triggerSource(s)) };
    if (c.deadband) trigger.deadbandMs = durationSetting(token(c, "deadband"), joinSpans(tokenSpan(token(c, "Kw_deadband")), tokenSpan(token(c, "deadband"))));
    if (c.value) {
      const number = token(c, "value");
      const value = Number(number.image);
      const end = c.Percent ? token(c, "Percent") : number;
      trigger.valueDeadband = {
        value: c.Percent ? { percent: value } : { absolute: value },
        span: joinSpans(tokenSpan(token(c, "Kw_value")), tokenSpan(end)),
        valueSpan: joinSpans(tokenSpan(number), tokenSpan(end)),
      };
    }
    return trigger;
  }

  private triggerSource(node: CstNode): A.NamedPointRef | A.PointSource {
    const c = kids(node);
    if (c.point) return this.point(child(c, "point"));
    const name = token(c, "Identifier");
    return { kind: "name", name: name.image, span: tokenSpan(name) };
  }

  private block(node: CstNode): A.BlockDecl {
    const c = kids(node);
    const name = token(c, "name");
    return { kind: "block", name: name.image, nameSpan: tokenSpan(name), body: this.body(child(c, "body")), span: this.spanOf(node) };
  }

  private statement(node: CstNode): A.Statement {
    const c = kids(node);
    const span = this.spanOf(node);
    if (c.simpleStatement) return this.simple(child(c, "simpleStatement"));
    if (c.delta) return this.delta(child(c, "delta"));
    if (c.node) return { kind: "node", statements: all(kids(child(c, "node")), "simpleStatement").map((s) => this.simple(s)), span };
    if (c.whenChain) return this.switch(child(c, "whenChain"), "first", false);
    if (c.match) return this.match(child(c, "match"));
    if (c.fork) return { kind: "fork", branches: all(kids(child(c, "fork")), "branches").map((b) => this.branch(b)), span };
    if (c.Kw_goto) return { kind: "goto", block: token(c, "target").image, blockSpan: tokenSpan(token(c, "target")), span };
    return { kind: "end", span };
  }

  private simple(node: CstNode): A.SimpleStatement {
    const [rule, inner] = Object.entries(kids(node))[0]! as [string, CstNode[]];
    const kind = rule.replace("Statement", "");
    const c = kids(inner[0]!);
    const span = this.spanOf(inner[0]!);
    if (kind === "write") return { kind: "write", target: this.point(child(c, "target")), value: this.expression(child(c, "value")), span };
    const name = token(c, "name");
    const named = { name: name.image, nameSpan: tokenSpan(name), span };
    if (kind === "input") return { kind: "input", ...named, point: this.point(child(c, "point")) };
    if (kind === "let") return { kind: "let", ...named, expr: this.expression(child(c, "value")) };
    const literal = child(c, "literal");
    return { kind: "param", ...named, value: literalValue(kids(literal)), valueSpan: this.spanOf(literal) };
  }

  private delta(node: CstNode): A.DeltaStatement {
    const c = kids(node);
    const name = token(c, "name");
    const period = token(c, "Duration");
    return {
      kind: "delta",
      name: name.image,
      nameSpan: tokenSpan(name),
      point: this.point(child(c, "point")),
      periodMs: durationMs(period.image),
      periodSpan: tokenSpan(period),
      span: this.spanOf(node),
    };
  }

  private match(node: CstNode): A.SwitchStatement {
    const mode = token(kids(node), "mode").image === "all" ? "all" : "first";
    return this.switch(node, mode, true);
  }

  private switch(node: CstNode, mode: "first" | "all", explicit: boolean): A.SwitchStatement {
    const c = kids(node);
    const cases = all(c, "whenCase").map((w) => this.whenCase(w));
    const statement: A.SwitchStatement = { kind: "switch", mode, explicit, cases, span: this.spanOf(node) };
    if (c.otherwise) statement.otherwise = this.branch(child(kids(child(c, "otherwise")), "body"), this.spanOf(child(c, "otherwise")));
    return statement;
  }

  private whenCase(node: CstNode): A.SwitchCase {
    const c = kids(node);
    const result: A.SwitchCase = { condition: this.expression(child(c, "condition")), body: this.body(child(c, "body")), span: this.spanOf(node) };
    if (c.output) Object.assign(result, { output: token(c, "output").image, outputSpan: tokenSpan(token(c, "output")) });
    return result;
  }

  private branch(body: CstNode, span = this.spanOf(body)): A.Branch {
    return { body: this.body(body), span };
  }

  private body(node: CstNode): A.Statement[] {
    return all(kids(node), "statement").map((s) => this.statement(s));
  }

  private point(node: CstNode): A.PointSource {
    const c = kids(node);
    return c.namedPoint ? this.namedPoint(child(c, "namedPoint")) : this.numberedPoint(child(c, "numberedPoint"));
  }

  private namedPoint(node: CstNode): A.SitePointName {
    const c = kids(node);
    const instance = token(c, "instance");
    const name = token(c, "name");
    const quoted = instance.tokenType === StringLiteral;
    return {
      kind: "site",
      instance: quoted ? stringValue(instance) : instance.image,
      quoted,
      instanceSpan: tokenSpan(instance),
      name: name.image.slice(1),
      nameSpan: tokenSpan({ ...name, startOffset: name.startOffset + 1, startColumn: name.startColumn! + 1 }),
      span: this.spanOf(node),
    };
  }

  private numberedPoint(node: CstNode): A.PointRef {
    const c = kids(node);
    const pointType = token(c, "kind").image === "action" ? "action" : "measurement";
    return { kind: "point", pointType, instance: Number(token(c, "instance").image), point: Number(token(c, "point").image), span: this.spanOf(node) };
  }

  private expression(node: CstNode): Expr {
    return toExpressionAst(node, this.diagnostics);
  }
}

function durationSetting(duration: IToken, span: SourceSpan): A.Setting<number> {
  return { value: durationMs(duration.image), span, valueSpan: tokenSpan(duration) };
}

function literalValue(c: Children): number | boolean {
  if (c.True) return true;
  if (c.False) return false;
  return Number(token(c, "NumberLiteral").image) * (c.Minus ? -1 : 1);
}

// A JSON string literal (the lexer admits only valid ones).
function stringValue(token: IToken): string {
  return JSON.parse(token.image) as string;
}
