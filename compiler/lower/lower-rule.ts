// Lowering: a rule's AST to an editor document (flow_json) with stable ids, a layered layout and
// editor edges, plus its metadata and a source map. The document is then compiled by the one
// compile function like any editor's; lowering itself checks only what the flow cannot express
// (blocks, goto, statements after goto/end, trigger sources, settings).
import type { Diagnostic } from "../../generated/types.js";
import type * as A from "../../grammar/rule/ast.js";
import type { RuleMetadata } from "./compiled-rule.js";
import { emitNode, type NodeUnit } from "./emit-nodes.js";
import { layeredLayout } from "./layout.js";
import { lowerSettings } from "./lower-settings.js";
import { SourceMap } from "./source-map.js";
import { UnitBuilder, type Unit } from "./units.js";
import { UnitWiring } from "./wire-units.js";
import { collectInputs, checkStatements } from "./check-statements.js";
import { resolveSitePoints, type SuggestionBudget } from "./resolve-points.js";
import type { SiteIndex } from "../site/site-index.js";

export const START_ID = "start";
export const END_ID = "end";

export interface LoweredRule {
  metadata: RuleMetadata;
  /** False when a setting has an error: the flow is still checked, but the rule is not output. */
  settingsValid: boolean;
  /** The editor document, to be compiled by compileFlow. */
  flow_json: { nodes: unknown[]; edges: unknown[]; viewport: { x: number; y: number; zoom: number } };
  sourceMap: SourceMap;
}

/** What lowering needs besides the rule. */
export interface LowerOptions {
  /** The site that named points (`ahu1.cooling_stage`) resolve with; without one they are errors. */
  site?: SiteIndex | undefined;
  /** How many more "did you mean" searches over the site the file may cost (shared by its rules). */
  suggestions?: SuggestionBudget | undefined;
}

/**
 * The lowered rule, or undefined when its statements cannot make a flow; the reasons go to
 * `diagnostics`. A mistake in the settings does not stop the flow from being lowered and
 * checked, so that it is reported with the flow's own mistakes. Named points are resolved
 * first: a name that does not resolve stops the rule there.
 */
export function lowerRule(written: A.RuleDecl, diagnostics: Diagnostic[], options: LowerOptions = {}): LoweredRule | undefined {
  const rule = resolveSitePoints(written, options.site, diagnostics, options.suggestions);
  if (rule === undefined) return undefined;
  const settingsProblems: Diagnostic[] = [];
  const metadata = lowerSettings(rule, collectInputs(rule), settingsProblems);
  diagnostics.push(...settingsProblems);
  const found: Diagnostic[] = [];
  checkStatements(rule, found);
  const builder = new UnitBuilder(found);
  const main = builder.sequence(rule.items.filter((item): item is A.Statement => item.kind !== "block"));
  const blocks = new Map<string, { decl: A.BlockDecl; units: Unit[] }>();
  for (const item of rule.items) {
    if (item.kind !== "block") continue;
    if (blocks.has(item.name)) {
      found.push({ code: "rule/duplicate-block", severity: "error", message: `a block named '${item.name}' is already declared in this rule`, span: item.nameSpan });
      continue;
    }
    blocks.set(item.name, { decl: item, units: builder.sequence(item.body) });
  }
  builder.numberInSourceOrder();
  const wiring = new UnitWiring(blocks, [END_ID], found);
  wiring.prepare(main);
  const first = wiring.headsOf(main, [END_ID]);
  const used = wiring.usedBlocks();
  for (const [name, { decl }] of blocks) {
    if (!used.has(name) && !wiring.unresolvedGoto) found.push({ code: "rule/unused-block", severity: "error", message: `block '${name}' is never used: no 'goto ${name}' reaches it`, span: decl.nameSpan });
  }
  diagnostics.push(...found);
  if (found.length > 0) return undefined;
  wiring.wires.set(START_ID, { default: [...first] });
  return { metadata, settingsValid: settingsProblems.length === 0, ...assemble(rule, builder.nodes, wiring.wires, blockLabels(blocks)) };
}

/**
 * The label of each block's first node: the block's name, so that the name survives in flow_json
 * and the decompiler can write the block back under it (issue 16.22). A block that opens with a
 * fork has no first node of its own and keeps no name.
 */
function blockLabels(blocks: ReadonlyMap<string, { units: Unit[] }>): Map<string, string> {
  const labels = new Map<string, string>();
  for (const [name, { units }] of blocks) {
    const head = units[0];
    if (head !== undefined && head.kind !== "fork" && head.kind !== "goto") labels.set(head.id, name);
  }
  return labels;
}

// The document: start, the wired units in id order, and the shared end when a path reaches it.
function assemble(
  rule: A.RuleDecl,
  units: NodeUnit[],
  wires: Map<string, Record<string, string[]>>,
  labels: ReadonlyMap<string, string>,
): Pick<LoweredRule, "flow_json" | "sourceMap"> {
  const sourceMap = new SourceMap(rule.nameSpan);
  const reachesEnd = [...wires.values()].some((w) => Object.values(w).some((targets) => targets.includes(END_ID)));
  const wired = units.filter((u) => wires.has(u.id));
  const all: NodeUnit[] = [...wired, ...(reachesEnd ? [{ kind: "end" as const, id: END_ID, span: rule.span }] : [])];
  const ids = [START_ID, ...all.map((u) => u.id)];
  const positions = layeredLayout(ids, wires, START_ID);
  sourceMap.set("/nodes/0", rule.nameSpan);
  const emitted = [
    { id: START_ID, type: "start", label: "Start", config: { wires: wires.get(START_ID)! } },
    ...all.map((u, i) => emitNode(u, wires.get(u.id) ?? {}, `/nodes/${i + 1}`, sourceMap)),
  ];
  const nodes = emitted.map((n) => ({ id: n.id, type: n.type, position: positions.get(n.id)!, data: { label: labels.get(n.id) ?? n.label, config: n.config } }));
  const edges = emitted.flatMap((n) =>
    Object.entries((n.config.wires ?? {}) as Record<string, string[]>).flatMap(([output, targets]) =>
      targets.map((target, i) => ({ id: `${n.id}:${output}:${i}->${target}`, source: n.id, sourceHandle: output, target })),
    ),
  );
  return { flow_json: { nodes, edges, viewport: { x: 0, y: 0, zoom: 1 } }, sourceMap };
}
