// Store wrappers for the HTTP tests: one records the order of writes inside transactions, one
// makes the audit log fail, to prove "audit before the change" and "fail closed".
import type { AuditStore } from "../../runtime/audit/audit-event.js";
import type { RuleStore, Store } from "../../runtime/store/store.js";

export function recordingStore(store: Store, log: string[]): Store {
  return wrap(store, (tx) => ({
    ...tx,
    audit: { ...tx.audit, append: (event) => (log.push(`audit.append ${event.action}`), tx.audit.append(event)) } satisfies AuditStore,
    rules: spyRules(tx.rules, log),
  }));
}

export function failingAuditStore(store: Store, failing: { on: boolean }): Store {
  const audit = (inner: AuditStore): AuditStore => ({
    ...inner,
    append: (event) => (failing.on ? Promise.reject(new Error("disk full (test)")) : inner.append(event)),
  });
  return { ...wrap(store, (tx) => ({ ...tx, audit: audit(tx.audit) })), audit: audit(store.audit) };
}

function spyRules(rules: RuleStore, log: string[]): RuleStore {
  const spied = { ...rules };
  for (const name of ["create", "update", "setEnabled", "remove"] as const) {
    const original = rules[name] as (...args: unknown[]) => Promise<unknown>;
    (spied as Record<string, unknown>)[name] = (...args: unknown[]) => (log.push(`rules.${name}`), original(...args));
  }
  return spied;
}

/** The store with `change` applied to the store of every transaction (nested ones too). */
function wrap(store: Store, change: (tx: Store) => Store): Store {
  return {
    ...store,
    rules: store.rules,
    transaction: (fn) => store.transaction((tx) => fn(wrap(change(tx), change))),
    close: () => store.close(),
  };
}
