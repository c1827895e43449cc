// Processing outcomes and derived data in the store, on every database of backends.ts. Spec:
// States and transitions (accepted produced/fallback results become derived data; unavailable is
// recorded without output; any failed check records the outcome rejected and creates no derived
// data), Derived data; issue 7 item 4.
import { expect } from "chai";
import { readFileSync } from "node:fs";
import type { DerivedData } from "../../generated/types.js";
import { InvalidProcessingRecordError, type ProcessingOutcomeInput } from "../../runtime/store/processing-records.js";
import type { Store } from "../../runtime/store/store.js";
import { fromRoot } from "../helpers/paths.js";
import { databaseBackends } from "./backends.js";

const SAMPLE: DerivedData = JSON.parse(readFileSync(fromRoot("test/fixtures/contracts/derived-data.json"), "utf8"));
const AT = Date.parse("2026-03-01T12:00:06.500Z");
const H = 3_600_000;

/** The sample, as result `id` of `request`, accepted `minutes` after the sample. */
function derived(id: string, options: { request?: string; minutes?: number; status?: "produced" | "fallback"; task?: string; binding?: string } = {}): DerivedData {
  const doc = structuredClone(SAMPLE);
  doc.result_id = id;
  doc.request_id = options.request ?? `req-${id}`;
  const accepted = AT + (options.minutes ?? 0) * 60_000;
  doc.accepted_at = new Date(accepted).toISOString();
  doc.expires_at = new Date(accepted + H).toISOString();
  if (options.task !== undefined) doc.task.id = options.task;
  if (options.binding !== undefined) doc.binding.id = options.binding;
  if (options.status === "fallback") {
    doc.processing_status = "fallback";
    doc.quality.fallback_used = true;
  }
  return doc;
}

function outcomeOf(doc: DerivedData, at = AT): ProcessingOutcomeInput {
  return {
    request_id: doc.request_id,
    task: { id: doc.task.id, revision: doc.task.revision },
    binding: { id: doc.binding.id, revision: doc.binding.revision },
    outcome: doc.processing_status,
    code: doc.processing_status === "fallback" ? "MODEL_UNAVAILABLE" : null,
    at,
    input_digest: doc.input_digest,
  };
}

function failed(request: string, outcome: "unavailable" | "rejected" | "error", code: string, details?: Record<string, unknown>): ProcessingOutcomeInput {
  return { request_id: request, task: { id: SAMPLE.task.id, revision: 1 }, binding: { id: SAMPLE.binding.id, revision: 2 }, outcome, code, at: AT, ...(details === undefined ? {} : { details }) };
}

async function refusal(promise: Promise<unknown>): Promise<Error> {
  let seen: unknown;
  await promise.catch((error: unknown) => (seen = error));
  expect(seen, "the call did not fail").to.be.instanceOf(Error);
  return seen as Error;
}

for (const [name, backend] of databaseBackends()) {
  describe(`processing outcomes and derived data on ${name}`, () => {
    let count = 0;
    let key: string;
    let store: Store;
    beforeEach(async () => {
      key = `processing${++count}`;
      store = await backend.open(key);
    });
    afterEach(() => store.close());
    after(() => backend.cleanup());

    const outcomes = () => store.processing.listOutcomes({ limit: 100 });
    const derivedOf = async (task = SAMPLE.task.id) => (await store.processing.listDerived(task, { limit: 100 })).items;

    it("spec: an accepted produced result is recorded with its outcome, and reads back exactly as stamped", async () => {
      const doc = derived("res-1");
      const recorded = await store.processing.recordOutcome(outcomeOf(doc), doc);
      expect(recorded).to.deep.equal({ ...outcomeOf(doc), id: recorded.id, result_id: "res-1", details: null });
      expect(await outcomes()).to.deep.equal([recorded]);
      expect(await store.processing.getDerived("res-1")).to.deep.equal(doc);
      expect(await store.processing.getDerived("res-unknown")).to.equal(undefined);
      // The document is kept as written: a time with one fractional digit stays so.
      const sample = structuredClone(SAMPLE);
      await store.processing.recordOutcome(outcomeOf(sample), sample);
      expect((await store.processing.getDerived(SAMPLE.result_id))?.accepted_at).to.equal("2026-03-01T12:00:06.5Z");
    });

    it("spec: an accepted fallback is derived data with processing_status fallback and its reason code on the outcome", async () => {
      const doc = derived("res-f", { status: "fallback" });
      const recorded = await store.processing.recordOutcome(outcomeOf(doc), doc);
      expect(recorded).to.deep.include({ outcome: "fallback", code: "MODEL_UNAVAILABLE", result_id: "res-f" });
      expect((await store.processing.getDerived("res-f"))?.quality.fallback_used).to.equal(true);
    });

    it("spec: unavailable is recorded without output; rejected and typed errors record their outcome and create no derived data", async () => {
      await store.processing.recordOutcome(failed("req-u", "unavailable", "MODEL_UNAVAILABLE", { retryable: true, retry_after_seconds: 30 }));
      await store.processing.recordOutcome(failed("req-r", "rejected", "forecast/point-count", { diagnostics: ["forecast/point-count"] }));
      await store.processing.recordOutcome(failed("req-e", "error", "DEADLINE_EXCEEDED"));
      const list = await outcomes();
      expect(list.map((o) => [o.request_id, o.outcome, o.code, o.result_id])).to.deep.equal([
        ["req-u", "unavailable", "MODEL_UNAVAILABLE", null],
        ["req-r", "rejected", "forecast/point-count", null],
        ["req-e", "error", "DEADLINE_EXCEEDED", null],
      ]);
      expect(list[0]!.details).to.deep.equal({ retryable: true, retry_after_seconds: 30 });
      expect(list[2]!.details).to.equal(null);
      expect(await derivedOf()).to.deep.equal([]);
    });

    it("issue 16.4: an outcome records any revision a caller may expect (up to 2^53 - 1), on PostgreSQL too", async () => {
      const big = Number.MAX_SAFE_INTEGER;
      await store.processing.recordOutcome({ ...failed("req-big", "error", "TASK_REVISION_MISMATCH"), task: { id: SAMPLE.task.id, revision: 2 ** 31 }, binding: { id: SAMPLE.binding.id, revision: big } });
      const [recorded] = await outcomes();
      expect([recorded!.task.revision, recorded!.binding.revision]).to.deep.equal([2 ** 31, big]);
    });

    it("an outcome and derived data that do not belong together are refused (InvalidProcessingRecordError) and nothing is written", async () => {
      const doc = derived("res-1");
      const otherStatus = { ...outcomeOf(doc), outcome: "fallback" as const, code: "MODEL_UNAVAILABLE" };
      const cases: Array<[string, ProcessingOutcomeInput, DerivedData | undefined]> = [
        ["derived data for a rejected outcome", failed("req-res-1", "rejected", "x"), doc],
        ["produced without derived data", outcomeOf(doc), undefined],
        ["processing_status differs from the outcome", otherStatus, doc],
        ["another request", { ...outcomeOf(doc), request_id: "req-other" }, doc],
        ["another task revision", { ...outcomeOf(doc), task: { id: doc.task.id, revision: 9 } }, doc],
        ["another binding", { ...outcomeOf(doc), binding: { id: "b", revision: 2 } }, doc],
        ["another input digest", { ...outcomeOf(doc), input_digest: `sha256:${"0".repeat(64)}` }, doc],
        ["a document that is not svc.derived-data.v1", outcomeOf(doc), { ...doc, schema: "svc.derived-data.v2" } as unknown as DerivedData],
        ["unavailable without a code", { ...failed("req-u", "unavailable", "x"), code: null }, undefined],
        ["an unknown outcome", { ...failed("req-u", "rejected", "x"), outcome: "accepted" as never }, undefined],
        ["a revision that is not a positive integer", { ...failed("req-u", "rejected", "x"), task: { id: "t", revision: 0 } }, undefined],
      ];
      for (const [what, outcome, document] of cases) {
        expect(await refusal(store.processing.recordOutcome(outcome, document)), what).to.be.instanceOf(InvalidProcessingRecordError);
      }
      expect(await outcomes()).to.deep.equal([]);
      expect(await derivedOf()).to.deep.equal([]);
    });

    it("the outcome and its derived data are one transaction: when the derived row cannot be written, the outcome is not either", async () => {
      const doc = derived("res-1");
      await store.processing.recordOutcome(outcomeOf(doc), doc);
      // A second call with the same result_id: its outcome row is refused by the unique result_id.
      await refusal(store.processing.recordOutcome({ ...outcomeOf(doc), request_id: doc.request_id }, doc));
      // A derived row written behind the store's back: the outcome insert succeeds, the derived one fails.
      const orphan = derived("res-2");
      await backend.connect(key)("derived_data").insert({
        result_id: "res-2", request_id: "x", task_id: "t", task_revision: 1, binding_id: "b", binding_revision: 1, accepted_at: AT, expires_at: AT + H, processing_status: "produced", input_digest: orphan.input_digest, document: JSON.stringify(orphan),
      });
      await refusal(store.processing.recordOutcome(outcomeOf(orphan), orphan));
      expect((await outcomes()).map((o) => o.result_id)).to.deep.equal(["res-1"]);
    });

    it("inside a Store transaction (with the audit record) both are rolled back when the transaction fails", async () => {
      const doc = derived("res-1");
      await store
        .transaction(async (tx) => {
          await tx.processing.recordOutcome(outcomeOf(doc), doc);
          expect(await tx.processing.getDerived("res-1")).to.deep.equal(doc);
          throw new Error("audit failed");
        })
        .catch(() => undefined);
      expect(await outcomes()).to.deep.equal([]);
      expect(await store.processing.getDerived("res-1")).to.equal(undefined);
    });

    it("listDerived: newest accepted first, in pages; by task, binding, and what is valid at an instant", async () => {
      for (let i = 1; i <= 5; i++) {
        const doc = derived(`res-${i}`, { minutes: i * 10, ...(i === 4 ? { binding: "other-binding" } : {}) });
        await store.processing.recordOutcome(outcomeOf(doc), doc);
      }
      const elsewhere = derived("res-x", { task: "pv-forecast" });
      await store.processing.recordOutcome(outcomeOf(elsewhere), elsewhere);

      const first = await store.processing.listDerived(SAMPLE.task.id, { limit: 2 });
      expect(first.items.map((d) => d.result_id)).to.deep.equal(["res-5", "res-4"]);
      expect(first.nextCursor).to.be.a("number");
      const second = await store.processing.listDerived(SAMPLE.task.id, { limit: 2, before: first.nextCursor! });
      expect(second.items.map((d) => d.result_id)).to.deep.equal(["res-3", "res-2"]);
      const last = await store.processing.listDerived(SAMPLE.task.id, { limit: 2, before: second.nextCursor! });
      expect(last).to.deep.equal({ items: [derived("res-1", { minutes: 10 })], nextCursor: null });

      expect((await store.processing.listDerived(SAMPLE.task.id, { limit: 10, bindingId: "other-binding" })).items.map((d) => d.result_id)).to.deep.equal(["res-4"]);
      expect((await derivedOf("pv-forecast")).map((d) => d.result_id)).to.deep.equal(["res-x"]);
      // Accepted at +10 ... +50 min, each valid for an hour: at +75 min the one of +10 min has expired.
      const at = AT + 75 * 60_000;
      expect((await store.processing.listDerived(SAMPLE.task.id, { limit: 10, validAt: at })).items.map((d) => d.result_id)).to.deep.equal(["res-5", "res-4", "res-3", "res-2"]);
      expect((await store.processing.listDerived(SAMPLE.task.id, { limit: 10, validAt: AT + 15 * 60_000 })).items.map((d) => d.result_id)).to.deep.equal(["res-1"]);
      expect(await refusal(store.processing.listDerived(SAMPLE.task.id, { limit: 0 }))).to.be.instanceOf(RangeError);
    });

    it("listOutcomes: ascending by id, by task or request, after a cursor", async () => {
      await store.processing.recordOutcome(failed("req-1", "rejected", "a"));
      await store.processing.recordOutcome({ ...failed("req-2", "error", "b"), task: { id: "pv-forecast", revision: 1 } });
      await store.processing.recordOutcome(failed("req-1", "error", "c"));
      const all = await outcomes();
      expect(all.map((o) => o.code)).to.deep.equal(["a", "b", "c"]);
      expect((await store.processing.listOutcomes({ limit: 10, taskId: "pv-forecast" })).map((o) => o.code)).to.deep.equal(["b"]);
      expect((await store.processing.listOutcomes({ limit: 10, requestId: "req-1" })).map((o) => o.code)).to.deep.equal(["a", "c"]);
      expect((await store.processing.listOutcomes({ limit: 1, after: all[0]!.id })).map((o) => o.code)).to.deep.equal(["b"]);
    });
  });
}
