// What a committed change hands the reload that follows it (issue 19.5): the rule as the change
// wrote it, so the reload neither reads it back from the store (on SQLite a query on the one
// connection every request waits for) nor compiles its flow against the site again. A reload must
// still see exactly what was committed last: each change takes its place in commit order inside
// its transaction, after its write (a later change of the same rule waits for the row, so it takes
// a later place), and a rule handed by a change is used only while no later change of that rule
// has been noted. A change that hands nothing (enable, delete, a batch) makes the reload read the
// store, as every reload did before.
import type { Diagnostic } from "../../generated/types.js";
import type { VersionedRule } from "../store/store.js";

export interface CommittedRule {
  /** The rule as the change committed it, with its flow's version. */
  rule: VersionedRule;
  /**
   * The site check of its stored flow as the reload would make it (paths into the rule), when the
   * change knows it; undefined: the reload checks the flow it is handed.
   */
  siteDiagnostics?: Diagnostic[];
}

export interface CommittedChange {
  /** The change's place in commit order, taken inside its transaction after its write (the rule service counts them). */
  place: number;
  /** The rules as it wrote them; the other rules of the reload are read from the store. */
  rules: readonly CommittedRule[];
}

export interface CommittedRules {
  /** Notes what a committed change hands over, before its reload is queued; no change (a caller without places): read them from the store. */
  note(ruleIds: readonly number[], change: CommittedChange | undefined): void;
  /** What the last change of the rule handed over, once; undefined: read it from the store. */
  take(ruleId: number): CommittedRule | undefined;
  /** Forgets every rule handed over (a full reload reads them all). */
  clear(): void;
}

export function createCommittedRules(): CommittedRules {
  // The place of the last change noted per rule, kept after its rule is taken: a change noted
  // late (its commit was earlier) must not hand over an older rule.
  const latest = new Map<number, number>();
  const handed = new Map<number, CommittedRule>();
  return {
    note(ruleIds, change) {
      for (const id of ruleIds) {
        if (change === undefined) {
          handed.delete(id);
          continue;
        }
        if ((latest.get(id) ?? 0) > change.place) continue;
        latest.set(id, change.place);
        const rule = change.rules.find((r) => r.rule.id === id);
        if (rule === undefined) handed.delete(id);
        else handed.set(id, rule);
      }
    },
    take(ruleId) {
      const rule = handed.get(ruleId);
      handed.delete(ruleId);
      return rule;
    },
    clear: () => handed.clear(),
  };
}
