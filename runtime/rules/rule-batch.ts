// A change set of rule mutations (issue 19.1: svc sync and svc import): every operation in one
// store transaction, each audited as its single route audits it (the `before` hook, inside the
// transaction, before the change), and one reload of every rule changed after the commit. Any
// refusal stores nothing: the error names the operation (`details.operation`, diagnostics under
// `/operations/<index>`). The checks are PUT's own (rule-service.ts), passed in.
import type { Diagnostic, FlowJson, ReloadSummary, Rule, TriggerConfig } from "../../generated/types.js";
import { duplicateName, notFound, ServiceError, type ErrorDetails } from "../errors.js";
import { RuleNameTakenError, type RulePatch, type Store } from "../store/store.js";
import type { BeforeChange, RuleAction, RuleUpdate } from "./rule-service.js";

/** The most operations one batch may hold (schemas/rule-batch-request.schema.json says the same). */
export const MAX_BATCH_OPERATIONS = 5000;

/** A whole rule to create: no stub, its flow compiled with the site as a PUT's is. */
export interface NewRule {
  name: string;
  description: string;
  priority: number;
  cooldown_ms: number;
  trigger_config: TriggerConfig | null;
  flow_json: FlowJson;
  enabled: boolean;
}

export type BatchOperation =
  | { op: "create"; rule: NewRule }
  | { op: "update"; id: number; update: RuleUpdate }
  | { op: "enable" | "disable" | "delete"; id: number };

export interface BatchOperationResult {
  op: BatchOperation["op"];
  id: number;
  /** A create's or update's warnings, as PUT answers them; never blocking. */
  warnings: Diagnostic[];
}

export interface BatchResult {
  results: BatchOperationResult[];
  /** The one reload after the commit, of every rule the batch changed. */
  reload: ReloadSummary;
}

export interface BatchDeps {
  store: Store;
  now: () => Date;
  reload: (ruleIds: readonly number[]) => Promise<ReloadSummary>;
  /** Drops the read cache's copies of these rules. */
  forget: (ruleIds: readonly number[]) => void;
  /** PUT's checks of an update's settings and trigger shape (throws invalid-input). */
  toPatch: (update: RuleUpdate) => RulePatch;
  /** PUT's compile with the site: sets the patch's flow, returns the warnings (throws invalid-input). */
  check: (update: RuleUpdate, patch: RulePatch, stored: Pick<Rule, "flow_json" | "trigger_config">) => Diagnostic[];
}

/** What a create is checked against: a stub, as POST /api/rules leaves it before its PUT. */
const STUB = { flow_json: null, trigger_config: null };

/** Applies `operations` in order in one transaction, or nothing; then reloads their rules once. */
export async function applyBatch(deps: BatchDeps, operations: readonly BatchOperation[], before?: BeforeChange): Promise<BatchResult> {
  const { store, now } = deps;
  if (operations.length > MAX_BATCH_OPERATIONS) throw tooManyOperations(operations.length);
  // Refused flows and triggers are collected, not thrown at once: one answer lists every refused
  // operation (as svc sync reports every rule the site refuses); the transaction then rolls back.
  const refused: Array<{ index: number; error: ServiceError }> = [];
  const refuse = (index: number, error: unknown): undefined => {
    if (!(error instanceof ServiceError && error.code === "invalid-input")) throw error;
    refused.push({ index, error });
    return undefined;
  };
  // Creates need no stored row: their flows compile before the transaction takes the write lock.
  const creates = operations.map((operation, index) => (operation.op === "create" ? prepareCreate(deps, operation.rule, index, refuse) : undefined));
  let current = -1;
  let results: BatchOperationResult[];
  try {
    results = await store.transaction(async (tx) => {
      const done: BatchOperationResult[] = [];
      for (const [index, operation] of operations.entries()) {
        current = index;
        const audit = async (action: RuleAction, ruleId: number) => before?.(tx, { action, ruleId });
        if (operation.op === "create") {
          const prepared = creates[index];
          if (prepared === undefined) continue;
          const id = await tx.rules.nextId();
          await audit("rule.create", id);
          // Enabling is its own (high-risk) action: it is recorded as the enable route records it.
          if (operation.rule.enabled) await audit("rule.enable", id);
          await tx.rules.importRule(prepared.row, now(), id);
          done.push({ op: "create", id, warnings: prepared.warnings });
        } else if (operation.op === "update") {
          const { id, update } = operation;
          const stored = await tx.rules.get(id);
          if (stored === undefined) throw missing(index, operation);
          let patch: RulePatch;
          let warnings: Diagnostic[];
          try {
            patch = deps.toPatch(update);
            warnings = deps.check(update, patch, stored);
          } catch (error) {
            refuse(index, error);
            continue;
          }
          await audit("rule.update", id);
          await tx.rules.update(id, patch, now());
          done.push({ op: "update", id, warnings });
        } else {
          const { id } = operation;
          await audit(`rule.${operation.op}`, id);
          const changed = operation.op === "delete" ? await tx.rules.remove(id) : (await tx.rules.setEnabled(id, operation.op === "enable", now())) !== undefined;
          if (!changed) throw missing(index, operation);
          done.push({ op: operation.op, id, warnings: [] });
        }
      }
      if (refused.length > 0) throw refusedFlows(refused, operations);
      return done;
    });
  } catch (error) {
    // The flows refused come first: a later refusal may be a consequence of an earlier one.
    if (refused.length > 0) throw refusedFlows(refused, operations);
    if (error instanceof RuleNameTakenError) {
      // Rolled back by now: a name held by no stored rule was taken by an earlier operation of the batch.
      const holder = (await store.rules.findByName(error.ruleName))?.id;
      throw at(current, operations[current]!, duplicateName(error.ruleName, holder), "/name");
    }
    throw error;
  }
  const ids = [...new Set(results.map((r) => r.id))];
  deps.forget(ids);
  return { results, reload: await deps.reload(ids) };
}

function prepareCreate(deps: BatchDeps, rule: NewRule, index: number, refuse: (index: number, error: unknown) => undefined) {
  const { name, description, priority, cooldown_ms, trigger_config, flow_json, enabled } = rule;
  const update: RuleUpdate = { description, priority, cooldown_ms, trigger_config, flow_json };
  try {
    const patch = deps.toPatch(update);
    const warnings = deps.check(update, patch, STUB);
    const { flow_json: compiled, nodes_json } = patch.flow!;
    return { row: { name, description, enabled, priority, cooldown_ms, trigger_config, flow_json: compiled, nodes_json }, warnings };
  } catch (error) {
    return refuse(index, error);
  }
}

/** `create "Boiler"`, `update of rule 7`. */
function describe(operation: BatchOperation): string {
  return operation.op === "create" ? `create ${JSON.stringify(operation.rule.name)}` : `${operation.op} of rule ${operation.id}`;
}

/** The error of one operation: its message led by the operation, its diagnostics under /operations/<index>. */
function at(index: number, operation: BatchOperation, error: ServiceError, field = ""): ServiceError {
  const diagnostics = error.details?.diagnostics ?? [{ code: `batch/${error.code}`, severity: "error" as const, message: error.message, path: field }];
  const details: ErrorDetails = { ...error.details, diagnostics: under(index, diagnostics), operation: index };
  return new ServiceError(error.code, `operation ${index} (${describe(operation)}): ${error.message}; nothing was stored`, details);
}

function missing(index: number, operation: BatchOperation & { id: number }): ServiceError {
  return at(index, operation, notFound(`rule ${operation.id}`), "/id");
}

/** One invalid-input naming the first refused operation, with every refused one's diagnostics. */
function refusedFlows(refused: Array<{ index: number; error: ServiceError }>, operations: readonly BatchOperation[]): ServiceError {
  const [first] = refused.sort((a, b) => a.index - b.index);
  const others = refused.length > 1 ? ` (and ${refused.length - 1} more operation${refused.length > 2 ? "s" : ""}: ${refused.slice(1, 6).map((r) => r.index).join(", ")}${refused.length > 6 ? ", ..." : ""})` : "";
  const message = `operation ${first!.index} (${describe(operations[first!.index]!)}): ${first!.error.message.replace(/; nothing was stored$/, "")}${others}; nothing was stored`;
  const diagnostics = refused.flatMap(({ index, error }) => under(index, error.details?.diagnostics ?? []));
  return new ServiceError("invalid-input", message, { diagnostics, operation: first!.index });
}

function under(index: number, diagnostics: readonly Diagnostic[]): Diagnostic[] {
  return diagnostics.map((d) => ({ ...d, path: `/operations/${index}${d.path ?? ""}` }));
}

/** The refusal of a batch of more than MAX_BATCH_OPERATIONS operations (also POST /api/rules/batch before its schema check). */
export function tooManyOperations(count: number): ServiceError {
  return new ServiceError("invalid-input", `a batch holds at most ${MAX_BATCH_OPERATIONS} operations, not ${count}; nothing was stored`, {
    diagnostics: [{ code: "batch/too-many-operations", severity: "error", message: `at most ${MAX_BATCH_OPERATIONS} operations`, path: "/operations" }],
    hint: "split the change into batches (each is its own transaction)",
  });
}
