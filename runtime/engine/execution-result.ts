// The execution result record of the spec: success flag, executed actions, path, matched
// conditions, variable snapshot and per-node details. Plain data, JSON-serialisable, so the same
// object goes to rule_history, the per-rule log, the API and WebSocket readers.
import type { PointType, Value } from "./compiled-types.js";

export interface ExecutionResult {
  /** True when the evaluation ran to its ends and every action was accepted. */
  success: boolean;
  /** The actions the rule fired, in execution order, each with its own success flag. */
  actions: ActionResult[];
  /** Ids of the visited nodes, in visiting order (a node reached twice appears twice). */
  path: string[];
  /** Every switch rule that was true and whose output was taken. */
  matched: MatchedCondition[];
  /** Variable values at the end of the evaluation; NaN (null in JSON) for a variable not assigned on the path taken. */
  variables: Record<string, Value>;
  /** What each visited node did, in visiting order. */
  nodes: NodeDetail[];
  /** Set when an unavailable input stopped the evaluation (spec item 8). */
  short_circuit: ShortCircuit | null;
}

export interface ActionResult {
  /** The change node that fired the action. */
  node: string;
  /** The target instance (device) of the site model. */
  target: number;
  point_type: "action";
  point: number;
  /** The computed value; NaN and infinities are kept as they were computed (JSON shows null). */
  value: number;
  /** Accepted by the local command plane (not: the device reached the value). */
  success: boolean;
  /** Why the action failed; absent when it succeeded. */
  reason?: string;
}

export interface MatchedCondition {
  node: string;
  output: string;
  /** The condition text as stored in nodes_json. */
  condition: string;
}

export interface NodeDetail {
  node: string;
  type: string;
  /** The outputs the node took; empty for `end` and for a node that stopped the evaluation. */
  outputs: readonly string[];
}

export interface ShortCircuit {
  node: string;
  variable: string;
  instance: number;
  point_type: PointType;
  point: number;
  reason: string;
}
