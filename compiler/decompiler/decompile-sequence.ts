// Writes a topology as statement sequences. A node reached once is written inline where its wire
// leads; a node reached by several wire entries is a block reached by `goto`, and so is a node
// that would sit too deep in braces for the parser; the implicit end needs no statement. Nothing
// ever follows a switch, fork, goto or end: the branches carry the rest of their paths.
import type { ExecNode, ExecSwitch } from "../../generated/types.js";
import { defaultOutputName, NO_SPAN, type BlockDecl, type GotoStatement, type Statement, type SwitchCase } from "../../grammar/rule/ast.js";
import { MAX_BLOCK_NESTING } from "../../grammar/rule/nesting.js";
import { targetsOf, type TopologyShape } from "./decompile-graph.js";
import { deltaStatement, isLineNode, lineStatements, toExpr, type MergeClass } from "./decompile-nodes.js";

/**
 * Sequences inside more braces than this hold only `goto`s (and forks of them, one brace more):
 * a `match` adds two levels, its fork one more, so nothing goes past MAX_BLOCK_NESTING.
 */
const MAX_INLINE_DEPTH = MAX_BLOCK_NESTING - 3;

/**
 * `labels` (node id to editor label) name the blocks: a block whose node is labelled with an
 * identifier no other block takes is written under that name (lowering labels a block's first
 * node with the block's name, so names survive DSL -> flow_json -> DSL); the others are numbered.
 */
export function writeSequences(shape: TopologyShape, labels: ReadonlyMap<string, string> = new Map()): { main: Statement[]; blocks: BlockDecl[] } {
  return new SequenceWriter(shape, labels).write();
}

const BLOCK_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;
/** Words the expression lexer never reads as a name, so `goto true` would not parse. */
const NOT_NAMES = new Set(["true", "false", "and", "or", "not"]);

function isBlockName(label: string | undefined): label is string {
  return label !== undefined && BLOCK_NAME.test(label) && !NOT_NAMES.has(label);
}

class SequenceWriter {
  /** The `goto`s written so far per block node; named once every block is known. */
  private readonly gotos = new Map<string, GotoStatement[]>();
  private readonly bodies = new Map<string, Statement[]>();

  constructor(
    private readonly shape: TopologyShape,
    private readonly labels: ReadonlyMap<string, string>,
  ) {}

  write(): { main: Statement[]; blocks: BlockDecl[] } {
    const main = this.sequence(this.shape.start, undefined, 1);
    for (let todo = this.unwritten(); todo.length > 0; todo = this.unwritten()) {
      for (const id of todo) this.bodies.set(id, this.sequence(id, undefined, 2));
    }
    // Blocks are named by their labels, the others numbered, in canonical node order, whatever
    // order they were found in.
    const ids = this.shape.order.filter((id) => this.bodies.has(id));
    const names = this.blockNames(ids);
    const blocks = ids.map((id): BlockDecl => {
      const name = names.get(id)!;
      for (const g of this.gotos.get(id)!) g.block = name;
      return { kind: "block", name, nameSpan: NO_SPAN, body: this.bodies.get(id)!, span: NO_SPAN };
    });
    return { main, blocks };
  }

  private blockNames(ids: string[]): Map<string, string> {
    const names = new Map<string, string>();
    const taken = new Set<string>();
    for (const id of ids) {
      const label = this.labels.get(id);
      if (isBlockName(label) && !taken.has(label)) {
        names.set(id, label);
        taken.add(label);
      }
    }
    let n = 0;
    for (const id of ids) {
      if (names.has(id)) continue;
      let name: string;
      do name = `block_${++n}`;
      while (taken.has(name));
      names.set(id, name);
      taken.add(name);
    }
    return names;
  }

  private unwritten(): string[] {
    return [...this.gotos.keys()].filter((id) => !this.bodies.has(id));
  }

  /**
   * The statements of `id` and everything after it, inside `depth` braces. `before` is the merge
   * class of the line statements just before in the same sequence: a node of that class is
   * written as `node { }` so that lowering does not join it to them.
   */
  private sequence(id: string, before: MergeClass | undefined, depth: number): Statement[] {
    const node = this.shape.nodes.get(id)!;
    if (isLineNode(node)) {
      const lines = lineStatements(node);
      if (node.type === before) return [{ kind: "node", statements: lines, span: NO_SPAN }, ...this.after(node, "default", undefined, depth)];
      return [...lines, ...this.after(node, "default", node.type, depth)];
    }
    switch (node.type) {
      case "start":
        return this.after(node, "default", undefined, depth);
      case "period_delta":
        return [deltaStatement(node), ...this.after(node, "default", undefined, depth)];
      case "switch":
        return [this.switchStatement(node, depth)];
      case "end":
        return [{ kind: "end", span: NO_SPAN }];
    }
  }

  /** Where an output leads: one target's statements, or a fork of all of them. */
  private after(node: ExecNode, output: string, before: MergeClass | undefined, depth: number): Statement[] {
    const targets = targetsOf(node, output);
    if (targets.length === 1) return this.reach(targets[0]!, before, depth);
    const branches = targets.map((t) => ({ body: this.reach(t, undefined, depth + 1), span: NO_SPAN }));
    return [{ kind: "fork", branches, span: NO_SPAN }];
  }

  /** The statements that lead a path to `id`. */
  private reach(id: string, before: MergeClass | undefined, depth: number): Statement[] {
    if (id === this.shape.implicitEnd) return [];
    const tooDeep = depth > MAX_INLINE_DEPTH && this.shape.nodes.get(id)!.type !== "end";
    if (!this.shape.shared.has(id) && !tooDeep) return this.sequence(id, before, depth);
    const statement: GotoStatement = { kind: "goto", block: "", blockSpan: NO_SPAN, span: NO_SPAN };
    this.gotos.set(id, [...(this.gotos.get(id) ?? []), statement]);
    return [statement];
  }

  private switchStatement(node: ExecSwitch, depth: number): Statement {
    const inner = depth + (node.mode === "all" ? 2 : 1);
    const cases: SwitchCase[] = node.rules.map((rule, i) => ({
      ...(rule.output === defaultOutputName(i + 1) ? {} : { output: rule.output, outputSpan: NO_SPAN }),
      condition: toExpr(rule.condition),
      body: this.after(node, rule.output, undefined, inner),
      span: NO_SPAN,
    }));
    const fallback = targetsOf(node, "default");
    const onlyEnd = fallback.length === 1 && fallback[0] === this.shape.implicitEnd;
    return {
      kind: "switch",
      mode: node.mode,
      explicit: node.mode === "all",
      cases,
      ...(onlyEnd ? {} : { otherwise: { body: this.after(node, "default", undefined, inner), span: NO_SPAN } }),
      span: NO_SPAN,
    };
  }
}
