// Wires between units. A sequence is wired back to front: each unit learns the heads (the node
// ids the wire into it must target) of what follows it. What follows a switch or fork is shared
// by all its branches, so branches join there; `goto` leads to a block's heads, computed once.
import type { Diagnostic } from "../../generated/types.js";
import type { BlockDecl } from "../../grammar/rule/ast.js";
import { defaultOutputName } from "../../grammar/rule/ast.js";
import { closestName } from "../../generated/index.js";
import type { Unit } from "./units.js";

/** Wires per node id, in output order. */
export type Wiring = Map<string, Record<string, string[]>>;

export class UnitWiring {
  readonly wires: Wiring = new Map();
  /** The heads of each block reached so far. */
  private readonly blockHeads = new Map<string, string[]>();
  private readonly resolving = new Set<string>();
  /** The gotos that close a cycle, found and reported by prepare. */
  private readonly cycleClosers = new Set<GotoUnit>();
  /** A `goto` named no block: an unused block may be the one it meant, so it is not reported too. */
  unresolvedGoto = false;

  constructor(
    private readonly blocks: Map<string, { decl: BlockDecl; units: Unit[] }>,
    private readonly end: string[],
    private readonly diagnostics: Diagnostic[],
  ) {}

  /** The heads of a sequence followed by `next`, wiring every unit in it. */
  headsOf(units: Unit[], next: string[]): string[] {
    let heads = next;
    for (let i = units.length - 1; i >= 0; i--) heads = this.unitHeads(units[i]!, heads);
    return heads;
  }

  /**
   * Wires the blocks the main sequence reaches, each before the blocks that `goto` it: a `goto`
   * then finds its block's heads known, so a chain of a thousand blocks costs no recursion (it
   * overflowed the stack). A `goto` that closes a cycle is found here and reported as wiring
   * would (the same goto: gotos are visited in wiring's order), and wiring then skips it.
   */
  prepare(main: Unit[]): void {
    const order: string[] = [];
    const state = new Map<string, "open" | "done">();
    const stack: Array<{ name: string; gotos: GotoUnit[]; next: number }> = [];
    const follow = (unit: GotoUnit): void => {
      const name = unit.statement.block;
      const block = this.blocks.get(name);
      if (block === undefined || state.get(name) === "done") return;
      if (state.get(name) === "open") {
        this.cycleClosers.add(unit);
        this.diagnostics.push(cycleDiagnostic(unit));
        return;
      }
      state.set(name, "open");
      stack.push({ name, gotos: gotosOf(block.units), next: 0 });
    };
    for (const root of gotosOf(main)) {
      follow(root);
      while (stack.length > 0) {
        const top = stack.at(-1)!;
        if (top.next < top.gotos.length) {
          follow(top.gotos[top.next++]!);
          continue;
        }
        stack.pop();
        state.set(top.name, "done");
        order.push(top.name);
      }
    }
    for (const name of order) this.resolveBlock(name);
  }

  /** Blocks that some wired path leads to. */
  usedBlocks(): Set<string> {
    return new Set(this.blockHeads.keys());
  }

  private unitHeads(unit: Unit, next: string[]): string[] {
    switch (unit.kind) {
      case "fork":
        return this.forkHeads(unit, next);
      case "goto":
        return this.gotoHeads(unit);
      case "end":
        this.wires.set(unit.id, {});
        return [unit.id];
      case "switch": {
        const wires: Record<string, string[]> = {};
        unit.statement.cases.forEach((c, i) => {
          wires[c.output ?? defaultOutputName(i + 1)] = [...this.headsOf(unit.cases[i]!, next)];
        });
        wires.default = [...(unit.otherwise === undefined ? next : this.headsOf(unit.otherwise, next))];
        this.wires.set(unit.id, wires);
        return [unit.id];
      }
      default:
        this.wires.set(unit.id, { default: [...next] });
        return [unit.id];
    }
  }

  // Each branch leads to its first node; a wire cannot lead to one node twice, so two branches
  // may not begin at the same node (an empty branch and what follows the fork, or one goto twice).
  private forkHeads(unit: Extract<Unit, { kind: "fork" }>, next: string[]): string[] {
    const heads = unit.branches.flatMap((branch) => this.headsOf(branch, next));
    if (new Set(heads).size < heads.length) {
      this.diagnostics.push({
        code: "rule/fork-same-target",
        severity: "error",
        message: "two branches of this fork continue at the same node (an empty branch, or the same goto), which one wire cannot lead to twice",
        span: unit.span,
        suggestion: "remove the branch that adds nothing",
      });
    }
    return heads;
  }

  private gotoHeads(unit: Extract<Unit, { kind: "goto" }>): string[] {
    const name = unit.statement.block;
    const known = this.blockHeads.get(name);
    if (known !== undefined) return known;
    const block = this.blocks.get(name);
    if (block === undefined) {
      this.unresolvedGoto = true;
      const near = closestName(name, this.blocks.keys());
      this.diagnostics.push({
        code: "rule/unknown-block",
        severity: "error",
        message: `there is no block named '${name}' in this rule`,
        span: unit.statement.blockSpan,
        ...(near !== undefined ? { suggestion: `did you mean '${near}'?` } : {}),
      });
      return [];
    }
    if (this.cycleClosers.has(unit)) return []; // reported by prepare
    if (this.resolving.has(name)) {
      this.diagnostics.push(cycleDiagnostic(unit));
      return [];
    }
    return this.resolveBlock(name);
  }

  private resolveBlock(name: string): string[] {
    const known = this.blockHeads.get(name);
    if (known !== undefined) return known;
    this.resolving.add(name);
    const heads = this.headsOf(this.blocks.get(name)!.units, this.end);
    this.resolving.delete(name);
    this.blockHeads.set(name, heads);
    return heads;
  }
}

type GotoUnit = Extract<Unit, { kind: "goto" }>;

function cycleDiagnostic(unit: GotoUnit): Diagnostic {
  const name = unit.statement.block;
  return { code: "rule/goto-cycle", severity: "error", message: `'goto ${name}' leads back into block '${name}': a rule cannot loop`, span: unit.span };
}

/**
 * A sequence's gotos, nested ones included, in the order wiring meets them: a sequence back to
 * front, a switch's cases then its else, a fork's branches in order (braces nest at most 100 deep).
 */
function gotosOf(units: Unit[]): GotoUnit[] {
  const gotos: GotoUnit[] = [];
  const visit = (sequence: Unit[]): void => {
    for (let i = sequence.length - 1; i >= 0; i--) {
      const unit = sequence[i]!;
      if (unit.kind === "goto") gotos.push(unit);
      else if (unit.kind === "switch") {
        unit.cases.forEach(visit);
        if (unit.otherwise !== undefined) visit(unit.otherwise);
      } else if (unit.kind === "fork") unit.branches.forEach(visit);
    }
  };
  visit(units);
  return gotos;
}
