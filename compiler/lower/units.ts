// Statements to units: a unit is one editor node (or a fork, goto or end, which shape wires).
// Consecutive input/param, let or write statements merge into one unit; `node { }` is one unit of
// its own. Ids are given here, in source order, so they depend only on the text: `<kind>_<n>`.
import type { Diagnostic } from "../../generated/types.js";
import type * as A from "../../grammar/rule/ast.js";
import { joinSpans, type SourceSpan } from "../../grammar/source/span.js";

export type NodeKind = "input" | "calc" | "change" | "period_delta" | "switch" | "end";

export type Unit =
  | { kind: "input"; id: string; statements: Array<A.InputStatement | A.ParamStatement>; span: SourceSpan }
  | { kind: "calc"; id: string; statements: A.LetStatement[]; span: SourceSpan }
  | { kind: "change"; id: string; statements: A.WriteStatement[]; span: SourceSpan }
  | { kind: "period_delta"; id: string; statement: A.DeltaStatement; span: SourceSpan }
  | { kind: "switch"; id: string; statement: A.SwitchStatement; cases: Unit[][]; otherwise?: Unit[]; span: SourceSpan }
  | { kind: "end"; id: string; span: SourceSpan }
  | { kind: "fork"; branches: Unit[][]; span: SourceSpan }
  | { kind: "goto"; statement: A.GotoStatement; span: SourceSpan };

const MERGES: Partial<Record<A.Statement["kind"], "input" | "calc" | "change">> = { input: "input", param: "input", let: "calc", write: "change" };
const ID_PREFIX: Record<NodeKind, string> = { input: "input", calc: "calc", change: "change", period_delta: "delta", switch: "switch", end: "end" };

export class UnitBuilder {
  private readonly counters = new Map<string, number>();
  /** Every node unit, in the order its id was given. */
  readonly nodes: Array<Exclude<Unit, { kind: "fork" | "goto" }>> = [];

  constructor(private readonly diagnostics: Diagnostic[]) {}

  /** The units of a sequence; statements after `goto` or `end` are reported and dropped. */
  sequence(statements: A.Statement[]): Unit[] {
    const units: Unit[] = [];
    let open: Extract<Unit, { statements: unknown[] }> | undefined; // the line-statement unit still taking statements
    for (const [i, s] of statements.entries()) {
      const merged = MERGES[s.kind];
      if (merged !== undefined && open?.kind === merged) {
        (open.statements as A.SimpleStatement[]).push(s as A.SimpleStatement);
        open.span = joinSpans(open.span, s.span);
        continue;
      }
      const unit = this.unit(s);
      units.push(unit);
      open = merged !== undefined ? (unit as typeof open) : undefined;
      if ((s.kind === "goto" || s.kind === "end") && i + 1 < statements.length) {
        const next = statements[i + 1]!;
        this.diagnostics.push({
          code: "rule/unreachable-statement",
          severity: "error",
          message: `nothing can run after '${s.kind}': this statement is never reached`,
          span: next.span,
          suggestion: s.kind === "goto" ? "move it into the block, or before the goto" : "remove it, or the 'end' before it",
        });
        break;
      }
    }
    return units;
  }

  private unit(s: A.Statement): Unit {
    switch (s.kind) {
      case "input":
      case "param":
        return this.added({ kind: "input", id: this.id("input"), statements: [s], span: s.span });
      case "let":
        return this.added({ kind: "calc", id: this.id("calc"), statements: [s], span: s.span });
      case "write":
        return this.added({ kind: "change", id: this.id("change"), statements: [s], span: s.span });
      case "node":
        return this.node(s);
      case "delta":
        return this.added({ kind: "period_delta", id: this.id("period_delta"), statement: s, span: s.span });
      case "switch": {
        const unit: Extract<Unit, { kind: "switch" }> = this.added({ kind: "switch", id: this.id("switch"), statement: s, cases: [], span: s.span });
        unit.cases = s.cases.map((c) => this.sequence(c.body));
        if (s.otherwise !== undefined) unit.otherwise = this.sequence(s.otherwise.body);
        return unit;
      }
      case "fork":
        if (s.branches.length < 2) {
          this.diagnostics.push({ code: "rule/fork-needs-branches", severity: "error", message: "a fork needs at least two branches: 'fork { ... } { ... }'", span: s.span });
        }
        return { kind: "fork", branches: s.branches.map((b) => this.sequence(b.body)), span: s.span };
      case "goto":
        return { kind: "goto", statement: s, span: s.span };
      case "end":
        return this.added({ kind: "end", id: this.id("end"), span: s.span });
    }
  }

  // `node { ... }`: its statements must be of one kind, since they become one node.
  private node(s: A.NodeStatement): Unit {
    const kinds = new Set(s.statements.map((x) => MERGES[x.kind]));
    if (kinds.size !== 1) {
      const message = kinds.size === 0 ? "a node needs at least one statement" : "the statements of one node must be of one kind: input and param, or let, or write";
      this.diagnostics.push({ code: "rule/mixed-node", severity: "error", message, span: s.span });
    }
    const kind = MERGES[s.statements[0]?.kind ?? "let"]!;
    return this.added({ kind, id: this.id(kind), statements: s.statements, span: s.span } as Extract<Unit, { kind: typeof kind }>);
  }

  /**
   * Numbers the node units per kind in source order. Units are made sequence by sequence (the
   * rule's main statements, then each block), so a block written before the statements that
   * follow it would otherwise be numbered after them. Call once every sequence is built.
   */
  numberInSourceOrder(): void {
    this.counters.clear();
    const ordered = [...this.nodes].sort((a, b) => a.span.start.offset - b.span.start.offset);
    for (const unit of ordered) unit.id = this.id(unit.kind);
    this.nodes.splice(0, this.nodes.length, ...ordered);
  }

  private added<U extends (typeof this.nodes)[number]>(unit: U): U {
    this.nodes.push(unit);
    return unit;
  }

  private id(kind: NodeKind): string {
    const prefix = ID_PREFIX[kind];
    const n = (this.counters.get(prefix) ?? 0) + 1;
    this.counters.set(prefix, n);
    return `${prefix}_${n}`;
  }
}
