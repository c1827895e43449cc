// The records of data processing (spec: States and transitions): one outcome per processing call
// (produced, fallback, unavailable, rejected, or a typed error before any result), and the
// accepted output of a produced or fallback call as svc.derived-data.v1. Append-only: an outcome
// and its derived data are written together in one transaction, and nothing is updated. A
// rejected, unavailable or failed call has an outcome and no derived data.
import { validateDerivedData } from "../../generated/index.js";
import type { DerivedData, Diagnostic } from "../../generated/types.js";
import { parseUtcTime } from "../../compiler/contracts/utc-time.js";

/** produced/fallback: accepted with derived data; unavailable: the processor said so; rejected: a check failed; error: a typed error. */
export type ProcessingOutcomeKind = "produced" | "fallback" | "unavailable" | "rejected" | "error";

export const PROCESSING_OUTCOMES: readonly ProcessingOutcomeKind[] = ["produced", "fallback", "unavailable", "rejected", "error"];

export interface ProcessingOutcomeInput {
  request_id: string;
  task: { id: string; revision: number };
  binding: { id: string; revision: number };
  outcome: ProcessingOutcomeKind;
  /**
   * A stable code: the unavailable reason_code, the first failed check's code (rejected), the
   * typed error's code (error); for fallback its reason_code, for produced null. Required unless
   * the outcome is produced or fallback.
   */
  code: string | null;
  /** Epoch milliseconds: when the outcome was decided. */
  at: number;
  /** The processor request's input_digest, when one was built. */
  input_digest?: string | null;
  /** Small JSON for operators (diagnostic codes, retry_after_seconds, ...): never credentials, paths or SQL. */
  details?: Record<string, unknown> | null;
}

export interface ProcessingOutcome extends Required<ProcessingOutcomeInput> {
  /** Ascending in write order. */
  id: number;
  /** The derived data's result_id: set exactly for produced and fallback. */
  result_id: string | null;
}

export interface OutcomeQuery {
  taskId?: string;
  requestId?: string;
  /** Outcomes with a larger id (ascending order). */
  after?: number;
  limit: number;
}

export interface DerivedQuery {
  bindingId?: string;
  /** Only data accepted at or before this instant and still valid after it (epoch ms). */
  validAt?: number;
  /** The cursor of the previous page (its nextCursor): continues with older data. */
  before?: number;
  limit: number;
}

export interface DerivedPage {
  /** Newest accepted first. */
  items: DerivedData[];
  /** Pass as `before` for the next page; null when there is none. */
  nextCursor: number | null;
}

export interface ProcessingStore {
  /**
   * Appends the outcome of one processing call and, for produced and fallback, its derived data,
   * in one transaction (the enclosing one inside a Store transaction). Throws
   * InvalidProcessingRecordError when they do not belong together (see checkProcessingRecord).
   */
  recordOutcome(outcome: ProcessingOutcomeInput, derived?: DerivedData): Promise<ProcessingOutcome>;
  /** Outcomes by id ascending. */
  listOutcomes(query: OutcomeQuery): Promise<ProcessingOutcome[]>;
  /** Derived data of one task, newest accepted first. */
  listDerived(taskId: string, query: DerivedQuery): Promise<DerivedPage>;
  getDerived(resultId: string): Promise<DerivedData | undefined>;
}

/** An outcome and derived data that cannot be stored together: a bug of the caller. */
export class InvalidProcessingRecordError extends TypeError {
  override name = "InvalidProcessingRecordError";
}

/** The derived data's accepted_at and expires_at in epoch ms; throws InvalidProcessingRecordError on any mismatch. */
export function checkProcessingRecord(outcome: ProcessingOutcomeInput, derived: DerivedData | undefined): { acceptedAt: number; expiresAt: number } | undefined {
  const fail = (message: string): never => {
    throw new InvalidProcessingRecordError(`processing outcome of request ${String(outcome.request_id)}: ${message}`);
  };
  if (!PROCESSING_OUTCOMES.includes(outcome.outcome)) fail(`unknown outcome ${String(outcome.outcome)}`);
  if (!nonEmpty(outcome.request_id)) fail("request_id is empty");
  for (const [name, ref] of [["task", outcome.task], ["binding", outcome.binding]] as const) {
    if (!nonEmpty(ref?.id) || !(Number.isSafeInteger(ref.revision) && ref.revision > 0)) fail(`${name} needs an id and a positive integer revision`);
  }
  if (!(Number.isSafeInteger(outcome.at) && outcome.at >= 0)) fail(`at ${String(outcome.at)} is not epoch milliseconds`);
  if (outcome.code !== null && !nonEmpty(outcome.code)) fail("code is neither null nor a non-empty string");
  const accepted = outcome.outcome === "produced" || outcome.outcome === "fallback";
  if (!accepted && outcome.code === null) fail(`an outcome ${outcome.outcome} needs a code`);
  if (!accepted) {
    if (derived !== undefined) fail(`an outcome ${outcome.outcome} creates no derived data`);
    return undefined;
  }
  if (derived === undefined) return fail(`an outcome ${outcome.outcome} needs its derived data`);
  const diagnostics: Diagnostic[] = [];
  if (!validateDerivedData(derived, diagnostics)) fail(`the derived data is not svc.derived-data.v1: ${diagnostics.map((d) => `${d.path ?? ""} ${d.code}`).join("; ")}`);
  if (derived.processing_status !== outcome.outcome) fail(`the derived data's processing_status is ${derived.processing_status}, the outcome ${outcome.outcome}`);
  if (derived.request_id !== outcome.request_id) fail(`the derived data is of request ${derived.request_id}`);
  if (derived.task.id !== outcome.task.id || derived.task.revision !== outcome.task.revision) fail("the derived data is of another task revision");
  if (derived.binding.id !== outcome.binding.id || derived.binding.revision !== outcome.binding.revision) fail("the derived data is of another binding revision");
  if (outcome.input_digest != null && derived.input_digest !== outcome.input_digest) fail("the derived data has another input_digest");
  const acceptedAt = parseUtcTime(derived.accepted_at);
  const expiresAt = parseUtcTime(derived.expires_at);
  if (acceptedAt === undefined || expiresAt === undefined) return fail("accepted_at or expires_at is not a UTC instant");
  return { acceptedAt, expiresAt };
}

function nonEmpty(value: unknown): value is string {
  return typeof value === "string" && value !== "";
}
