// Processing outcomes and derived data in `processing_outcomes` and `derived_data`
// (migrations/006-processing.ts). Append-only; an outcome and its derived data in one transaction.
import type { Knex } from "knex";
import type { DerivedData } from "../../generated/types.js";
import { parseJsonText, parseNullableJsonText, StoreCorruptionError, toInteger, toJsonText, toNullableJsonText, toText } from "./columns.js";
import type { Transact } from "./knex-audit-store.js";
import { checkProcessingRecord, type ProcessingOutcome, type ProcessingOutcomeKind, type ProcessingStore } from "./processing-records.js";

type Row = Record<string, unknown>;

const OUTCOME_COLUMNS = ["id", "request_id", "task_id", "task_revision", "binding_id", "binding_revision", "outcome", "code", "at", "result_id", "input_digest", "details"];

export function knexProcessingStore(db: () => Knex, transact: Transact): ProcessingStore {
  return {
    async recordOutcome(outcome, derived) {
      const times = checkProcessingRecord(outcome, derived);
      const resultId = derived?.result_id ?? null;
      const inputDigest = outcome.input_digest ?? derived?.input_digest ?? null;
      const details = outcome.details ?? null;
      return transact(async (trx) => {
        const [row] = await trx("processing_outcomes")
          .insert({
            request_id: outcome.request_id,
            task_id: outcome.task.id,
            task_revision: outcome.task.revision,
            binding_id: outcome.binding.id,
            binding_revision: outcome.binding.revision,
            outcome: outcome.outcome,
            code: outcome.code,
            at: outcome.at,
            result_id: resultId,
            input_digest: inputDigest,
            details: toNullableJsonText(details, "processing_outcomes.details"),
          })
          .returning("id");
        if (derived !== undefined && times !== undefined) {
          await trx("derived_data").insert({
            result_id: derived.result_id,
            request_id: derived.request_id,
            task_id: derived.task.id,
            task_revision: derived.task.revision,
            binding_id: derived.binding.id,
            binding_revision: derived.binding.revision,
            accepted_at: times.acceptedAt,
            expires_at: times.expiresAt,
            processing_status: derived.processing_status,
            input_digest: derived.input_digest,
            document: toJsonText(derived, "derived_data.document"),
          });
        }
        return {
          id: toInteger(row?.id, "processing_outcomes.id"),
          request_id: outcome.request_id,
          task: { id: outcome.task.id, revision: outcome.task.revision },
          binding: { id: outcome.binding.id, revision: outcome.binding.revision },
          outcome: outcome.outcome,
          code: outcome.code,
          at: outcome.at,
          result_id: resultId,
          input_digest: inputDigest,
          details,
        };
      });
    },

    async listOutcomes(query) {
      checkLimit(query.limit);
      const select = db()("processing_outcomes").select(OUTCOME_COLUMNS);
      if (query.taskId !== undefined) select.where({ task_id: query.taskId });
      if (query.requestId !== undefined) select.where({ request_id: query.requestId });
      if (query.after !== undefined) select.where("id", ">", query.after);
      const rows: Row[] = await select.orderBy("id").limit(query.limit);
      return rows.map(toOutcome);
    },

    async listDerived(taskId, query) {
      checkLimit(query.limit);
      const select = db()("derived_data").select("sequence", "result_id", "document").where({ task_id: taskId });
      if (query.bindingId !== undefined) select.where({ binding_id: query.bindingId });
      if (query.validAt !== undefined) select.where("accepted_at", "<=", query.validAt).where("expires_at", ">", query.validAt);
      if (query.before !== undefined) select.where("sequence", "<", query.before);
      // One more than asked tells whether another page follows.
      const rows: Row[] = await select.orderBy("sequence", "desc").limit(query.limit + 1);
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      return {
        items: page.map(toDerived),
        nextCursor: rows.length > query.limit && last !== undefined ? toInteger(last.sequence, "derived_data.sequence") : null,
      };
    },

    async getDerived(resultId) {
      const row: Row | undefined = await db()("derived_data").select("result_id", "document").where({ result_id: resultId }).first();
      return row === undefined ? undefined : toDerived(row);
    },
  };
}

function checkLimit(limit: number): void {
  if (!(Number.isSafeInteger(limit) && limit >= 1)) throw new RangeError(`limit must be a positive integer, got ${String(limit)}`);
}

function toOutcome(row: Row): ProcessingOutcome {
  const id = toInteger(row.id, "processing_outcomes.id");
  const column = (name: string) => `processing_outcomes.${name} (id ${id})`;
  const nullableText = (name: string) => (row[name] === null ? null : toText(row[name], column(name)));
  const details = parseNullableJsonText(row.details, column("details"));
  if (details !== null && (typeof details !== "object" || Array.isArray(details))) throw new StoreCorruptionError(`${column("details")}: not a JSON object`);
  return {
    id,
    request_id: toText(row.request_id, column("request_id")),
    task: { id: toText(row.task_id, column("task_id")), revision: toInteger(row.task_revision, column("task_revision")) },
    binding: { id: toText(row.binding_id, column("binding_id")), revision: toInteger(row.binding_revision, column("binding_revision")) },
    outcome: toText(row.outcome, column("outcome")) as ProcessingOutcomeKind,
    code: nullableText("code"),
    at: toInteger(row.at, column("at")),
    result_id: nullableText("result_id"),
    input_digest: nullableText("input_digest"),
    details: details as Record<string, unknown> | null,
  };
}

function toDerived(row: Row): DerivedData {
  const resultId = toText(row.result_id, "derived_data.result_id");
  const column = `derived_data.document (result_id ${resultId})`;
  const document = parseJsonText(row.document, column);
  if (typeof document !== "object" || document === null || (document as { result_id?: unknown }).result_id !== resultId) {
    throw new StoreCorruptionError(`${column}: not the document of this result`);
  }
  return document as DerivedData;
}
