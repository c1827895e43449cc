// The decompiler: a checked topology (nodes_json) and its rule's metadata back to a rule AST and
// DSL text that lowers to the same topology, up to node ids. Deterministic from the structure
// alone, so DSL -> topology -> DSL is a fixed point after the first pass.
import type { NodesTopology } from "../../generated/types.js";
import type { RuleDecl } from "../../grammar/rule/ast.js";
import { NO_SPAN } from "../../grammar/rule/ast.js";
import type { RuleMetadata } from "../lower/compiled-rule.js";
import { analyseTopology } from "./decompile-graph.js";
import { writeSequences } from "./decompile-sequence.js";
import { decompileSettings } from "./decompile-settings.js";
import { printRule } from "./print-rule.js";
import { nameSitePoints } from "./name-points.js";
import type { SiteIndex } from "../site/site-index.js";

export interface DecompileOptions {
  /** The site whose names points are written with (`ahu1.cooling_stage`); without one, numbers. */
  site?: SiteIndex | undefined;
}

/**
 * The rule AST of a valid topology (as compileFlow emits it). `labels` are the editor document's
 * node labels by id, which name blocks (see writeSequences).
 */
export function decompileToAst(nodes: NodesTopology, metadata: RuleMetadata, labels?: ReadonlyMap<string, string>, options: DecompileOptions = {}): RuleDecl {
  const shape = analyseTopology(nodes);
  const { main, blocks } = writeSequences(shape, labels);
  const rule: RuleDecl = {
    kind: "rule",
    name: metadata.name,
    nameSpan: NO_SPAN,
    settings: decompileSettings(metadata, shape.nodes.values()),
    items: [...main, ...blocks],
    span: NO_SPAN,
  };
  return options.site === undefined ? rule : nameSitePoints(rule, options.site);
}

/** The DSL text of a valid topology: printRule of decompileToAst. */
export function decompileRule(nodes: NodesTopology, metadata: RuleMetadata, labels?: ReadonlyMap<string, string>, options: DecompileOptions = {}): string {
  return printRule(decompileToAst(nodes, metadata, labels, options));
}
