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
    if (this.resolving.has(name)) {
      this.diagnostics.push({ code: "rule/goto-cycle", severity: "error", message: `'goto ${name}' leads back into block '${name}': a rule cannot loop`, span: unit.span });
      return [];
    }
    this.resolving.add(name);
    const heads = this.headsOf(block.units, this.end);
    this.resolving.delete(name);
    this.blockHeads.set(name, heads);
    return heads;
  }
}
