// The per-rule statistics monitoring reads (issue 19.4): one rule, or a page of rules by id, each a
// copy (the scheduler goes on counting into its own). A page costs one pass over the slots.
import { IdPageSelection } from "./id-page.js";
import type { RuleSlot } from "./rule-slot.js";
import type { RuleStatus, RuleStatusPage, ScheduledRule } from "./types.js";

export function ruleStatusOf<R extends ScheduledRule>(slot: RuleSlot<R> | undefined): RuleStatus | undefined {
  return slot?.listed ? copyStats(slot.stats) : undefined;
}

export function ruleStatusPage<R extends ScheduledRule>(slots: ReadonlyMap<number, RuleSlot<R>>, { afterId = 0, limit }: { afterId?: number; limit: number }): RuleStatusPage {
  const selection = new IdPageSelection(afterId, limit);
  for (const slot of slots.values()) if (slot.listed) selection.offer(slot.id);
  const { ids, more } = selection.take();
  const rules = ids.map((id) => ({ id, ...copyStats(slots.get(id)!.stats) }));
  return { rules, nextAfterId: more && ids.length > 0 ? ids[ids.length - 1]! : null };
}

function copyStats(stats: RuleStatus): RuleStatus {
  return { ...stats, suppressed: { ...stats.suppressed }, lastOutcome: stats.lastOutcome && { ...stats.lastOutcome } };
}
