// The Store over one knex instance, and the Store bound to one of its transactions.
import { AsyncLocalStorage } from "node:async_hooks";
import type { Knex } from "knex";
import { knexAuditStore, type AuditTail, type Transact } from "./knex-audit-store.js";
import { knexCooldownStore } from "./knex-cooldown-store.js";
import { knexCovariateStore } from "./knex-covariate-store.js";
import { knexDecisionStore } from "./knex-decision-store.js";
import { knexHistoryStore } from "./knex-history-store.js";
import { knexPointHistoryStore } from "./knex-point-history-store.js";
import { knexProcessingStore } from "./knex-processing-store.js";
import { knexRuleStore } from "./knex-rule-store.js";
import type { Dialect, PoolUse, Store } from "./store.js";

export class OuterStoreInTransactionError extends Error {
  override name = "OuterStoreInTransactionError";
}

/** One consistent view for a frame's reads (PostgreSQL; see Store.readSnapshot). */
const SNAPSHOT: Knex.TransactionConfig = { isolationLevel: "repeatable read", readOnly: true };

export function createKnexStore(db: Knex, dialect: Dialect): Store {
  // Using the outer store inside a transaction is a bug on either database (the write escapes the
  // transaction); on SQLite's single connection it also waits for the connection the transaction
  // holds until knex's 60 s acquire timeout. Fail at once, naming the mistake, instead.
  const transactions = new AsyncLocalStorage<{ open: boolean }>();
  const outer = (): Knex => {
    if (transactions.getStore()?.open) {
      throw new OuterStoreInTransactionError("the store was used inside one of its transactions: use the store the transaction callback receives");
    }
    return db;
  };
  // The callback's store is the transaction's; the outer store refuses work until it ends.
  // The audit chain's end as last appended or read here, for the store and its transactions.
  const tail: AuditTail = {};
  const inTransaction = async <T>(fn: (store: Store) => Promise<T>, config?: Knex.TransactionConfig): Promise<T> => {
    const state = { open: true };
    try {
      return await outer().transaction((trx) => transactions.run(state, () => fn(transactionStore(trx, dialect, tail))), config);
    } finally {
      state.open = false;
    }
  };
  return {
    // An append outside a transaction gets one of its own: reading the chain's end and adding to
    // it must be one unit.
    ...parts(outer, (fn) => outer().transaction(fn), dialect, tail),
    dialect,
    transaction: (fn) => inTransaction(fn),
    // SQLite ignores the options: its transactions are serializable (and begin IMMEDIATE here).
    readSnapshot: (fn) => inTransaction(fn, SNAPSHOT),
    close: () => db.destroy(),
    poolUse: () => poolUseOf(db),
  };
}

/** The part of knex's pool (tarn) the metrics read; undefined before the first query and after close. */
interface TarnPool {
  max: number;
  numUsed(): number;
  numFree(): number;
  numPendingAcquires(): number;
}

function poolUseOf(db: Knex): PoolUse {
  const pool = (db.client as { pool?: TarnPool }).pool;
  if (pool === undefined || pool === null) return { used: 0, free: 0, pendingAcquires: 0, max: 0 };
  return { used: pool.numUsed(), free: pool.numFree(), pendingAcquires: pool.numPendingAcquires(), max: pool.max };
}

function transactionStore(trx: Knex.Transaction, dialect: Dialect, tail: AuditTail): Store {
  const store: Store = {
    ...parts(() => trx, (fn) => fn(trx), dialect, tail),
    dialect,
    // A savepoint: rolled back alone when `fn` rejects.
    transaction: (fn) => trx.transaction((inner) => fn(transactionStore(inner, dialect, tail))),
    // Already one transaction: its reads are the snapshot it has.
    readSnapshot: (fn) => fn(store),
    close: () => Promise.reject(new Error("close the store, not one of its transactions")),
  };
  return store;
}

/** `transact` runs its callback in the transaction of the store: its own, or a new one for the outer store. */
function parts(db: () => Knex, transact: Transact, dialect: Dialect, tail: AuditTail): Pick<Store, "rules" | "history" | "points" | "cooldowns" | "decisions" | "audit" | "covariates" | "processing"> {
  return {
    rules: knexRuleStore(db, dialect),
    history: knexHistoryStore(db, transact, dialect),
    points: knexPointHistoryStore(db),
    cooldowns: knexCooldownStore(db),
    decisions: knexDecisionStore(db, transact),
    audit: knexAuditStore(db, transact, dialect, tail),
    covariates: knexCovariateStore(db, transact),
    processing: knexProcessingStore(db, transact),
  };
}
