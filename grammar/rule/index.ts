// The rule DSL front end: text in, `{file, diagnostics}` out, as data. Every lexical and syntax
// error of the file is reported in one run (the parser recovers); rules with errors are left
// out of `file.rules`, so later phases only see rules that parsed cleanly.
// May import generated/ types only.
import type { CstNode, IToken } from "chevrotain";
import type { Diagnostic } from "../../generated/types.js";
import type { Expr } from "../expression/ast.js";
import { MAX_AST_DEPTH } from "../expression/limits.js";
import { hasTooManyNestedOperations } from "../expression/nesting.js";
import { LineIndex } from "../source/line-index.js";
import { tokenSpan } from "../source/span.js";
import type { Comment, RuleDecl, RuleFile } from "./ast.js";
import { toRuleAst } from "./cst-to-ast.js";
import { checkTokenNesting } from "./nesting.js";
import { lexingDiagnostics, syntaxDiagnostics, unclosedDiagnostic } from "./syntax-diagnostics.js";
import { RuleParser } from "./parser.js";
import { Rule, ruleLexer, StringLiteral } from "./tokens.js";
import { statementsOf } from "./walk.js";

export type * from "./ast.js";
export { defaultOutputName, NO_SPAN, pointText } from "./ast.js";
export { DURATION_PATTERN, durationMs } from "./duration.js";
export { mapPoints, statementsOf, type PointAccess } from "./walk.js";

export interface RuleParseResult {
  file: RuleFile;
  diagnostics: Diagnostic[];
}

const parser = new RuleParser();

export function parseRuleSource(text: string): RuleParseResult {
  const lexed = ruleLexer.tokenize(text);
  const comments: Comment[] = (lexed.groups.comments ?? []).map((t: IToken) => ({ text: t.image, span: tokenSpan(t) }));
  const problems = [...lexingDiagnostics(text, lexed.errors), ...(lexed.groups.unclosed ?? []).map(unclosedDiagnostic)];
  const lines = new LineIndex(text);
  const diagnostics: Diagnostic[] = [];
  const rules: RuleDecl[] = [];
  // Each rule is parsed on its own: a mistake cannot spill into the next rule, and the parse
  // tree of one rule is garbage before the next is built (which keeps large files fast).
  const segments = splitAtRules(lexed.tokens);
  segments.forEach((tokens, i) => {
    const from = i === 0 ? 0 : tokens[0]!.startOffset;
    const to = i + 1 < segments.length ? segments[i + 1]![0]!.startOffset : Infinity;
    const inSegment = problems.filter((d) => d.span!.start.offset >= from && d.span!.start.offset < to);
    parseSegment(text, tokens, inSegment, lines, rules, diagnostics);
  });
  if (segments.length === 0) diagnostics.push(...problems);
  diagnostics.sort((a, b) => a.span!.start.offset - b.span!.start.offset);
  return { file: { rules, comments }, diagnostics };
}

// Token runs that each begin with `rule "name"` (the first also holds anything before it). The
// pair cannot occur inside a rule, so a missing '}' does not swallow the next rule.
function splitAtRules(tokens: IToken[]): IToken[][] {
  const segments: IToken[][] = [];
  let start = 0;
  for (let i = 1; i < tokens.length; i++) {
    if (tokens[i]!.tokenType === Rule && tokens[i + 1]?.tokenType === StringLiteral) {
      segments.push(tokens.slice(start, i));
      start = i;
    }
  }
  if (tokens.length > 0) segments.push(tokens.slice(start));
  return segments;
}

function parseSegment(text: string, tokens: IToken[], problems: Diagnostic[], lines: LineIndex, rules: RuleDecl[], diagnostics: Diagnostic[]): void {
  const tooDeep = checkTokenNesting(tokens);
  if (tooDeep !== undefined) {
    diagnostics.push(...problems, tooDeep);
    return;
  }
  parser.input = tokens;
  const cst = parser.file();
  const syntax = syntaxDiagnostics(text, tokens, parser.errors);
  const ruleNodes = (cst.children.rule ?? []) as CstNode[];
  const starts = ruleNodes.map((node) => node.location!.startOffset);
  // A mistake belongs to the rule it is in; a rule with a lexical or syntax error is not converted.
  const ruleOf = (offset: number): number => (Number.isNaN(offset) ? starts.length - 1 : starts.findLastIndex((s) => s <= offset));
  const broken = new Set([...problems, ...syntax.map((s) => s.diagnostic)].map((d) => ruleOf(d.span!.start.offset)));
  diagnostics.push(...problems, ...withoutCascades(syntax, problems, tokens, ruleOf));
  ruleNodes.forEach((node, i) => {
    if (broken.has(i)) return;
    const found: Diagnostic[] = [];
    const rule = toRuleAst(node, lines, found);
    checkExpressionDepth(rule, found);
    if (found.length === 0) rules.push(rule);
    diagnostics.push(...found);
  });
}

// Recovery from an error inside a rule can close the rule at an inner '}', so what is left of
// it is then reported again at the top level; and an error in the middle of an expression is
// often followed by another on its line. Such errors, in a rule that already has one, are
// consequences of the first: left out. A lexical error counts as the first: the parser's error
// on its line (where the character was skipped), at the token that follows an unclosed string
// (which is missing), or anywhere after an unclosed comment (which holds the rest of the file), is
// the same mistake; syntax errors on later lines are reported.
function withoutCascades(
  syntax: Array<{ diagnostic: Diagnostic; topLevel: boolean }>,
  problems: Diagnostic[],
  tokens: IToken[],
  ruleOf: (offset: number) => number,
): Diagnostic[] {
  type Mistake = { diagnostic: Diagnostic; topLevel: boolean; lexical: boolean };
  const mistakes: Mistake[] = [...problems.map((diagnostic) => ({ diagnostic, topLevel: false, lexical: true })), ...syntax.map((s) => ({ ...s, lexical: false }))];
  mistakes.sort((a, b) => a.diagnostic.span!.start.offset - b.diagnostic.span!.start.offset);
  const lastLine = new Map<number, number>();
  const missingAt = new Set(problems.filter((d) => d.code === "dsl/unclosed-string").map((d) => tokens.find((t) => t.startOffset > d.span!.start.offset)?.startOffset));
  const commentFrom = problems.find((d) => d.code === "dsl/unclosed-comment")?.span!.start.offset ?? Infinity;
  const kept: Diagnostic[] = [];
  for (const { diagnostic, topLevel, lexical } of mistakes) {
    const rule = ruleOf(diagnostic.span!.start.offset);
    const previous = lastLine.get(rule);
    lastLine.set(rule, diagnostic.span!.start.line);
    if (lexical) continue;
    const cascade = previous !== undefined && (topLevel || previous === diagnostic.span!.start.line);
    const offset = diagnostic.span!.start.offset;
    if (!cascade && !missingAt.has(offset) && offset < commentFrom) kept.push(diagnostic);
  }
  return kept;
}

// Long operator chains are parsed iteratively, but later passes recurse over the tree.
function checkExpressionDepth(rule: RuleDecl, diagnostics: Diagnostic[]): void {
  for (const expr of expressionsOf(rule)) {
    if (hasTooManyNestedOperations(expr, expr.span.end.offset - expr.span.start.offset)) {
      diagnostics.push({ code: "expr/too-deep", severity: "error", message: `the expression has more than ${MAX_AST_DEPTH} nested operations`, span: expr.span });
    }
  }
}

function* expressionsOf(rule: RuleDecl): Generator<Expr> {
  for (const s of statementsOf(rule)) {
    if (s.kind === "let") yield s.expr;
    else if (s.kind === "write") yield s.value;
    else if (s.kind === "switch") yield* s.cases.map((c) => c.condition);
  }
}
