// Stored rules checked against the loaded site at each reload (issue 17): a rule stored before the
// site changed, or by a version without the site checks, may read or write points the site no
// longer declares. Each check is the one compile function with the site and the rule's trigger
// (rule-warnings.ts), kept per rule by the content it checked: a reload after one PUT compiles one
// flow, not every stored one. Legacy rules without an editor document (flow_json null) are not
// checked here; their undeclared points still show in GET /api/site/points.
import type { Diagnostic, Rule } from "../../generated/types.js";
import type { SiteIndex } from "../../compiler/index.js";
import { checkWithSite, inRule } from "./rule-warnings.js";

export interface StoredRuleChecks {
  /** The site diagnostics of each rule with any (paths into the rule); forgets rules no longer stored. */
  checkAll(rules: readonly Rule[]): Map<number, Diagnostic[]>;
}

export function createStoredRuleChecks(site: SiteIndex | undefined): StoredRuleChecks {
  let kept = new Map<number, { key: string; diagnostics: Diagnostic[] }>();
  return {
    checkAll(rules) {
      const next = new Map<number, { key: string; diagnostics: Diagnostic[] }>();
      const found = new Map<number, Diagnostic[]>();
      for (const rule of rules) {
        if (site === undefined || rule.flow_json === null) continue;
        const key = JSON.stringify([rule.flow_json, rule.trigger_config]);
        const previous = kept.get(rule.id);
        const entry = previous?.key === key ? previous : { key, diagnostics: inRule(checkWithSite(rule.flow_json, rule.trigger_config, site).diagnostics) };
        next.set(rule.id, entry);
        if (entry.diagnostics.length > 0) found.set(rule.id, entry.diagnostics);
      }
      kept = next;
      return found;
    },
  };
}
