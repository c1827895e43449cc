// Covariate datasets in the store (covariate_rows), on every database of backends.ts. Spec: What
// the service does 1 (covariate sources), Grid rule 6 (one consistent read snapshot); issue 7
// item 1 (covariate datasets with issued_at, a table).
import { expect } from "chai";
import { CovariateConflictError, type CovariateRow } from "../../runtime/store/covariates.js";
import { OuterStoreInTransactionError } from "../../runtime/store/knex-store.js";
import type { Store } from "../../runtime/store/store.js";
import { databaseBackends } from "./backends.js";

const H = 3_600_000;
const Q = 900_000;
// 2026-03-01T00:00:00Z: beyond 2^31, so bigint columns must round-trip as numbers.
const DAY = Date.UTC(2026, 2, 1);
const LOADED = DAY + 5 * H;

function row(field: string, target: number, issued: number, value: number, dataset = "weather-forecast"): CovariateRow {
  return { dataset, field, target_time: target, issued_at: issued, value };
}

async function refusal(promise: Promise<unknown>): Promise<Error> {
  let seen: unknown;
  await promise.catch((error: unknown) => (seen = error));
  expect(seen, "the call did not fail").to.be.instanceOf(Error);
  return seen as Error;
}

for (const [name, backend] of databaseBackends()) {
  describe(`covariate rows on ${name}`, () => {
    let count = 0;
    let key: string;
    let store: Store;
    beforeEach(async () => {
      key = `covariates${++count}`;
      store = await backend.open(key);
    });
    afterEach(() => store.close());
    after(() => backend.cleanup());

    const all = (field = "air_temperature") => store.covariates.range("weather-forecast", field, 0, Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER);

    it("range returns every issue at or before issuedNotAfter, ascending by target_time then issued_at (frame assembly picks the newest itself)", async () => {
      const result = await store.covariates.append(
        [row("air_temperature", DAY + 2 * Q, DAY + 6 * H, 7.5), row("air_temperature", DAY + Q, DAY, 5.25), row("air_temperature", DAY + 2 * Q, DAY, 6), row("air_temperature", DAY + Q, DAY + 6 * H, -1.5), row("air_temperature", DAY + Q, DAY + 12 * H, 9)],
        LOADED,
      );
      expect(result).to.deep.equal({ inserted: 5, unchanged: 0 });
      expect(await store.covariates.range("weather-forecast", "air_temperature", DAY + Q, DAY + 2 * Q, DAY + 6 * H)).to.deep.equal([
        { target_time: DAY + Q, value: 5.25, issued_at: DAY },
        { target_time: DAY + Q, value: -1.5, issued_at: DAY + 6 * H },
        { target_time: DAY + 2 * Q, value: 6, issued_at: DAY },
        { target_time: DAY + 2 * Q, value: 7.5, issued_at: DAY + 6 * H },
      ]);
    });

    it("range reads from and to inclusive, and only the dataset and field asked", async () => {
      await store.covariates.append(
        [row("air_temperature", DAY, DAY - H, 1), row("air_temperature", DAY + Q, DAY - H, 2), row("air_temperature", DAY + 2 * Q, DAY - H, 3), row("global_horizontal_irradiance", DAY + Q, DAY - H, 400), row("air_temperature", DAY + Q, DAY - H, 99, "other")],
        LOADED,
      );
      const read = await store.covariates.range("weather-forecast", "air_temperature", DAY, DAY + Q, DAY - H);
      expect(read.map((r) => r.value)).to.deep.equal([1, 2]);
      expect((await store.covariates.range("other", "air_temperature", DAY, DAY + Q, DAY)).map((r) => r.value)).to.deep.equal([99]);
      expect(await store.covariates.range("weather-forecast", "air_temperature", DAY, DAY + Q, DAY - H - 1)).to.deep.equal([]);
    });

    it("loading the same issue again (a restart's seed) stores nothing new and counts the rows unchanged", async () => {
      const rows = [row("air_temperature", DAY + Q, DAY, 5), row("air_temperature", DAY + 2 * Q, DAY, 6)];
      await store.covariates.append(rows, LOADED);
      expect(await store.covariates.append([...rows, row("air_temperature", DAY + 3 * Q, DAY, 7)], LOADED + H)).to.deep.equal({ inserted: 1, unchanged: 2 });
      expect((await all()).map((r) => r.value)).to.deep.equal([5, 6, 7]);
    });

    it("an issue never changes: a batch that would change a stored value is refused whole (CovariateConflictError), nothing of it stored", async () => {
      await store.covariates.append([row("air_temperature", DAY + Q, DAY, 5)], LOADED);
      const error = await refusal(store.covariates.append([row("air_temperature", DAY + 2 * Q, DAY, 6), row("air_temperature", DAY + Q, DAY, 5.5)], LOADED));
      expect(error).to.be.instanceOf(CovariateConflictError);
      expect((error as CovariateConflictError).conflicts).to.deep.equal([{ dataset: "weather-forecast", field: "air_temperature", target_time: DAY + Q, issued_at: DAY, stored: 5, given: 5.5 }]);
      expect(await all()).to.deep.equal([{ target_time: DAY + Q, value: 5, issued_at: DAY }]);
      // A correction is a new issue.
      expect(await store.covariates.append([row("air_temperature", DAY + Q, DAY + 1, 5.5)], LOADED)).to.deep.equal({ inserted: 1, unchanged: 0 });
    });

    it("one key twice in a batch counts once when the values agree, and is a conflict when they do not", async () => {
      expect(await store.covariates.append([row("air_temperature", DAY + Q, DAY, 5), row("air_temperature", DAY + Q, DAY, 5)], LOADED)).to.deep.equal({ inserted: 1, unchanged: 0 });
      const error = await refusal(store.covariates.append([row("air_temperature", DAY + 2 * Q, DAY, 1), row("air_temperature", DAY + 2 * Q, DAY, 2)], LOADED));
      expect(error).to.be.instanceOf(CovariateConflictError);
      expect(await all()).to.have.length(1);
    });

    it("rows that cannot be stored are refused before anything is written: NaN, infinities, fractional or negative times, empty names", async () => {
      const bad: CovariateRow[] = [
        row("air_temperature", DAY, DAY, Number.NaN),
        row("air_temperature", DAY, DAY, Number.POSITIVE_INFINITY),
        row("air_temperature", DAY + 0.5, DAY, 1),
        row("air_temperature", DAY, -1, 1),
        row("", DAY, DAY, 1),
        row("air_temperature", DAY, DAY, 1, ""),
      ];
      for (const wrong of bad) {
        expect(await refusal(store.covariates.append([row("air_temperature", DAY + Q, DAY, 1), wrong], LOADED)), JSON.stringify(wrong)).to.be.instanceOf(RangeError);
      }
      expect(await all()).to.deep.equal([]);
    });

    it("many rows go in chunks, and an empty batch is no write", async () => {
      const rows = Array.from({ length: 1500 }, (_, i) => row("air_temperature", DAY + i * Q, DAY - H, i / 4));
      expect(await store.covariates.append(rows, LOADED)).to.deep.equal({ inserted: 1500, unchanged: 0 });
      expect(await store.covariates.append([], LOADED)).to.deep.equal({ inserted: 0, unchanged: 0 });
      const read = await all();
      expect(read).to.have.length(1500);
      expect(read[1499]).to.deep.equal({ target_time: DAY + 1499 * Q, value: 1499 / 4, issued_at: DAY - H });
    });

    it("inside a Store transaction an append is rolled back with it, and the outer store refuses to work", async () => {
      await store
        .transaction(async (tx) => {
          await tx.covariates.append([row("air_temperature", DAY + Q, DAY, 5)], LOADED);
          expect(await tx.covariates.range("weather-forecast", "air_temperature", DAY, DAY + Q, DAY)).to.have.length(1);
          expect(await refusal(store.covariates.range("weather-forecast", "air_temperature", DAY, DAY + Q, DAY))).to.be.instanceOf(OuterStoreInTransactionError);
          throw new Error("rolled back");
        })
        .catch(() => undefined);
      expect(await all()).to.deep.equal([]);
    });

    it("spec (grid rule 6): reads inside readSnapshot see one state, whatever is committed meanwhile", async () => {
      await store.covariates.append([row("air_temperature", DAY + Q, DAY, 5)], LOADED);
      await store.points.append([{ instance: 30, point_type: "measurement", point: 11, at: DAY, value: 300 }]);
      const other = backend.connect(key);
      let pending: Promise<unknown> | undefined;
      const seen = await store.readSnapshot(async (snapshot) => {
        const before = await snapshot.covariates.range("weather-forecast", "air_temperature", DAY, DAY + 2 * Q, DAY + H);
        const write = other.transaction(async (trx) => {
          await trx("covariate_rows").insert({ dataset: "weather-forecast", field: "air_temperature", target_time: DAY + 2 * Q, issued_at: DAY, value: 6, loaded_at: LOADED });
          await trx("point_history").insert({ instance: 30, point_type: "measurement", point: 11, at: DAY + Q, value: 310 });
        });
        // PostgreSQL lets the writer commit meanwhile; SQLite's writer waits for the snapshot to end.
        if (store.dialect === "postgres") await write;
        else pending = write;
        const after = await snapshot.covariates.range("weather-forecast", "air_temperature", DAY, DAY + 2 * Q, DAY + H);
        const points = await snapshot.points.range({ instance: 30, point_type: "measurement", point: 11 }, DAY, DAY + Q);
        return { before, after, points };
      });
      await pending;
      expect(seen.after).to.deep.equal(seen.before);
      expect(seen.points.map((p) => p.value)).to.deep.equal([300]);
      expect(await all()).to.have.length(2);
    });

    it("readSnapshot is for reads: PostgreSQL refuses a write inside it (read only); inside a transaction it is that transaction", async () => {
      if (store.dialect === "postgres") {
        expect((await refusal(store.readSnapshot((s) => s.covariates.append([row("air_temperature", DAY, DAY, 1)], LOADED)))).message).to.match(/read-only/);
      }
      const inner = await store.transaction(async (tx) => {
        await tx.covariates.append([row("air_temperature", DAY + Q, DAY, 5)], LOADED);
        return tx.readSnapshot((s) => s.covariates.range("weather-forecast", "air_temperature", DAY, DAY + Q, DAY));
      });
      expect(inner).to.have.length(1);
    });
  });
}
