// Stored rules checked against the loaded site (issue 17): a rule stored before the site changed,
// or by a version without the site checks, may read or write points the site no longer declares.
// Each check is the one compile function with the site and the rule's trigger (rule-warnings.ts),
// kept per rule with the version of the flow it checked (the row's updated_at and the flow's
// length, store.ts FlowVersion): a reload reads and compiles only the flows whose version moved,
// and nothing keeps the flow itself (issue 19.4). Legacy rules without an editor document
// (flow_json null) are not checked here; their undeclared points still show in GET /api/site/points.
import type { Diagnostic, Rule } from "../../generated/types.js";
import type { SiteIndex } from "../../compiler/index.js";
import type { FlowVersion } from "../store/store.js";
import { checkWithSite, inRule } from "./rule-warnings.js";

export interface StoredRuleChecks {
  /** Whether the kept check is of this version of the rule's flow (always, without a site; a rule without a flow has nothing to check). */
  isCurrent(ruleId: number, version: FlowVersion): boolean;
  /** Checks the flow of this version and keeps the result; returns its diagnostics (paths into the rule). */
  check(rule: Pick<Rule, "id" | "flow_json" | "trigger_config">, version: FlowVersion): Diagnostic[];
  /**
   * Keeps a check of this version made elsewhere: the diagnostics `check` would give, from the
   * compile of the change that stored the flow (issue 19.5: not compiled a second time).
   */
  keep(ruleId: number, version: FlowVersion, diagnostics: Diagnostic[]): void;
  /** The diagnostics of the rule's last check; none when it was not checked (yet). */
  diagnostics(ruleId: number): Diagnostic[];
  forget(ruleId: number): void;
  /** Forgets every rule that `stored` does not have. */
  retain(stored: { has(ruleId: number): boolean }): void;
}

const NONE: Diagnostic[] = [];

export function createStoredRuleChecks(site: SiteIndex | undefined): StoredRuleChecks {
  const kept = new Map<number, { version: string; diagnostics: Diagnostic[] }>();
  return {
    isCurrent(ruleId, version) {
      if (site === undefined) return true;
      const entry = kept.get(ruleId);
      return version === null ? entry === undefined : entry?.version === version;
    },
    check(rule, version) {
      if (site === undefined) return NONE;
      if (version === null || rule.flow_json === null) {
        kept.delete(rule.id);
        return NONE;
      }
      const found = inRule(checkWithSite(rule.flow_json, rule.trigger_config, site).diagnostics);
      const diagnostics = found.length === 0 ? NONE : found;
      kept.set(rule.id, { version, diagnostics });
      return diagnostics;
    },
    keep(ruleId, version, diagnostics) {
      if (site === undefined) return;
      if (version === null) kept.delete(ruleId);
      else kept.set(ruleId, { version, diagnostics: diagnostics.length === 0 ? NONE : diagnostics });
    },
    diagnostics: (ruleId) => kept.get(ruleId)?.diagnostics ?? NONE,
    forget: (ruleId) => void kept.delete(ruleId),
    retain(stored) {
      for (const ruleId of kept.keys()) if (!stored.has(ruleId)) kept.delete(ruleId);
    },
  };
}
