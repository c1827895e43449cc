// The mutable state of one execution. Created per execution, owned by it, returned as the record.
import type { ExecutionIo } from "./execution-io.js";
import type { ActionResult, MatchedCondition, NodeDetail, ShortCircuit } from "./execution-result.js";
import type { Value } from "./compiled-types.js";

export class RunState {
  /** Variable values by slot; NaN until assigned. */
  readonly slots: Value[];
  readonly actions: ActionResult[] = [];
  readonly path: string[];
  readonly nodes: NodeDetail[];
  readonly matched: MatchedCondition[];
  /** Set when an unavailable input stops the evaluation; every step returns at once after it. */
  stop: ShortCircuit | null = null;
  allAccepted = true;

  /** `record` false: a rule compiled without recording never touches path, nodes or matched. */
  constructor(
    readonly io: ExecutionIo,
    slots: Value[],
    record = true,
  ) {
    this.slots = slots;
    this.path = record ? [] : NOT_RECORDED;
    this.nodes = record ? [] : NOT_RECORDED;
    this.matched = record ? [] : NOT_RECORDED;
  }
}

const NOT_RECORDED: never[] = Object.freeze([]) as unknown as never[];

/** A compiled rule's entry: runs the start node and everything it leads to. */
export type Step = (state: RunState) => void;
