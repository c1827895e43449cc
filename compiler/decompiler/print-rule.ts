// The DSL printer (`svc fmt`, the decompiler's last step): a rule AST to canonical rule text.
// Parsing the output gives the same AST (spans aside), printing is idempotent, comments are kept.
import type { BlockDecl, RuleDecl, RuleFile, RuleItem } from "../../grammar/rule/ast.js";
import { DslWriter } from "./dsl-writer.js";
import { settingText } from "./print-settings.js";
import { printBodies, printStatements, statementsBody, type Body } from "./print-statements.js";

/** The canonical text of a rule file, its comments kept; one blank line between rules. */
export function printRuleFile(file: RuleFile): string {
  const w = new DslWriter(file.comments);
  file.rules.forEach((rule, i) => {
    if (i > 0) w.blankLine();
    printRuleTo(w, rule);
  });
  return w.finish();
}

/** The canonical text of one rule (without comments). */
export function printRule(rule: RuleDecl): string {
  const w = new DslWriter();
  printRuleTo(w, rule);
  return w.finish();
}

function printRuleTo(w: DslWriter, rule: RuleDecl): void {
  w.flushBefore(rule.span.start.offset, 0);
  const { settings, items } = rule;
  const body: Body = {
    empty: settings.order.length === 0 && items.length === 0,
    span: rule.span,
    inner: (depth) => {
      for (const key of settings.order) {
        const setting = settings[key]!;
        w.flushBefore(setting.span.start.offset, depth);
        w.line(depth, settingText(key, settings), setting.span.end.line, setting.span.start.line);
      }
      if (settings.order.length > 0 && items.length > 0) w.blankLine();
      for (const item of items) printItem(w, item, depth);
    },
  };
  printBodies(w, 0, `rule ${JSON.stringify(rule.name)}`, rule.nameSpan.end.line, [body], rule.span.start.line);
}

function printItem(w: DslWriter, item: RuleItem, depth: number): void {
  if (item.kind !== "block") return printStatements(w, [item], depth);
  printBlock(w, item, depth);
}

function printBlock(w: DslWriter, block: BlockDecl, depth: number): void {
  w.flushBefore(block.span.start.offset, depth);
  printBodies(w, depth, `block ${block.name}`, block.nameSpan.end.line, [statementsBody(w, block.body, block.span)], block.span.start.line);
}
