// The scheduler's rule set and its two changes (spec item 12, issue 19.1): `replaceRules` (a full
// reload: every slot rebuilt, the due heap re-keyed) and `changeRules` (a change set: only the
// rules named are touched, the due heap gets those slots pushed or taken out). Both give each
// slot the same treatment (`place`), and both build the dispatcher index and the subscription
// bitmap first and swap them in together; the change set rebuilds them only when an on_change
// rule's subscription changed, and edits the on_change lists by merging in the slots it moved
// (issue 19: never a pass over every slot).
import { heldRun } from "./disabled-rules.js";
import { buildSubscriptions, type Dispatcher } from "./dispatcher.js";
import { heldDue, intervalDue } from "./due-heap.js";
import type { BinaryHeap } from "./binary-heap.js";
import { phaseDue, type IntervalPhase } from "./interval-phase.js";
import { RuleSlot } from "./rule-slot.js";
import { sameTrigger } from "./scheduled-trigger.js";
import { mergeById } from "./sorted-by-id.js";
import type { PointWatch, ScheduledRule, ScheduledTrigger, SuppressionReason } from "./types.js";

export interface RuleSet<R extends ScheduledRule> {
  /** Every rule of the set, plus removed rules whose execution is still running. */
  slots: Map<number, RuleSlot<R>>;
  onChangeRules: RuleSlot<R>[];
  /** Disabled on_change rules: sampled each tick only to report `disabled` (never subscribed). */
  disabledOnChange: RuleSlot<R>[];
  dispatcher: Dispatcher<RuleSlot<R>>;
  /** Listed rules (enabled or not) and active ones (enabled). */
  totalRules: number;
  enabledRules: number;
}

/** What a change needs of the scheduler around the set. */
export interface RuleSetContext<R extends ScheduledRule> {
  now: number;
  pointCount: number;
  phase: IntervalPhase;
  watch: PointWatch;
  due: BinaryHeap<RuleSlot<R>>;
  ready: BinaryHeap<RuleSlot<R>>;
  unqueue(slot: RuleSlot<R>, reason: SuppressionReason | null): void;
}

export function emptyRuleSet<R extends ScheduledRule>(pointCount: number): RuleSet<R> {
  return { slots: new Map(), onChangeRules: [], disabledOnChange: [], dispatcher: buildSubscriptions<RuleSlot<R>>(pointCount, []).dispatcher, totalRules: 0, enabledRules: 0 };
}

/** The whole set replaced by `rules` (all rules, or only the enabled ones). */
export function replaceRules<R extends ScheduledRule>(set: RuleSet<R>, rules: readonly R[], context: RuleSetContext<R>): void {
  const slots = new Map<number, RuleSlot<R>>();
  for (const rule of rules) {
    const slot = set.slots.get(rule.id) ?? slots.get(rule.id) ?? new RuleSlot<R>(rule.id);
    place(slot, rule, context);
    slots.set(rule.id, slot);
  }
  set.totalRules = slots.size;
  for (const [id, slot] of set.slots) {
    if (slots.has(id)) continue;
    unlist(slot, context);
    // Kept until its execution finishes, so that the id stays exclusive.
    if (slot.running) slots.set(id, slot);
  }
  const interval: RuleSlot<R>[] = [];
  for (const slot of slots.values()) if (slot.listed && slot.kind === "interval") interval.push(slot);
  const { onChangeRules, disabledOnChange } = onChangeLists(slots.values());
  const { dispatcher, bitmap } = buildSubscriptions(context.pointCount, onChangeRules);
  // Everything is built; swap it in as a unit.
  set.slots = slots;
  set.enabledRules = onChangeRules.length + interval.filter((slot) => slot.active).length;
  set.onChangeRules = onChangeRules;
  set.disabledOnChange = disabledOnChange;
  set.dispatcher = dispatcher;
  for (const slot of interval) rekey(slot);
  context.due.reset(interval);
  context.ready.reset(context.ready.values().filter((slot) => slot.queued));
  context.watch.setSubscriptions(bitmap);
}

/**
 * The rules of `upserts` placed (added, or replacing the rule of their id) and the ids of
 * `removedIds` taken out; every other rule keeps its slot, its due heap entry and its place in
 * the ready queue. An id in both is placed.
 */
export function changeRules<R extends ScheduledRule>(set: RuleSet<R>, upserts: readonly R[], removedIds: readonly number[], context: RuleSetContext<R>): void {
  const touched: RuleSlot<R>[] = [];
  let subscriptionsChanged = false;
  let readyChanged = false;
  // Each touched slot's on_change list before the change (its first touch, should an id come twice).
  const listedIn = new Map<RuleSlot<R>, OnChangeList>();
  const before = (slot: RuleSlot<R>) => {
    touched.push(slot);
    readyChanged ||= slot.queued;
    if (!listedIn.has(slot)) listedIn.set(slot, onChangeListOf(slot));
    if (slot.listed) set.totalRules--;
    if (slot.active) set.enabledRules--;
    return { subscribed: slot.active && slot.kind === "on_change" };
  };
  const after = (slot: RuleSlot<R>, was: { subscribed: boolean }, kept: boolean) => {
    if (slot.listed) set.totalRules++;
    if (slot.active) set.enabledRules++;
    const subscribed = slot.active && slot.kind === "on_change";
    subscriptionsChanged ||= was.subscribed !== subscribed || (subscribed && !kept);
  };
  const placed = new Set<number>();
  for (const rule of upserts) {
    const slot = set.slots.get(rule.id) ?? new RuleSlot<R>(rule.id);
    const was = before(slot);
    after(slot, was, place(slot, rule, context));
    set.slots.set(rule.id, slot);
    placed.add(rule.id);
  }
  for (const id of removedIds) {
    const slot = set.slots.get(id);
    if (slot === undefined || placed.has(id) || !slot.listed) continue;
    const was = before(slot);
    unlist(slot, context);
    after(slot, was, false);
    // Kept until its execution finishes, so that the id stays exclusive.
    if (!slot.running) set.slots.delete(id);
  }
  // The lists change only by the slots that moved between them; each is merged in by id.
  const { onChangeRules, disabledOnChange } = movedOnChange(set, listedIn);
  if (subscriptionsChanged) {
    const { dispatcher, bitmap } = buildSubscriptions(context.pointCount, onChangeRules);
    // Built; swapped in as a unit.
    set.dispatcher = dispatcher;
    set.onChangeRules = onChangeRules;
    context.watch.setSubscriptions(bitmap);
  } else set.onChangeRules = onChangeRules;
  set.disabledOnChange = disabledOnChange;
  for (const slot of touched) {
    if (slot.heapAt >= 0) context.due.removeAt(slot.heapAt);
    if (!slot.listed || slot.kind !== "interval") continue;
    rekey(slot);
    context.due.push(slot);
  }
  if (readyChanged) context.ready.reset(context.ready.values().filter((slot) => slot.queued));
}

/**
 * One rule into its slot. With an equal trigger the trigger state is kept unless a disabled rule
 * is enabled (it then starts afresh, as a new rule): a rule disabled, or kept disabled, goes on
 * from where it was, so that it is reported `disabled` only where it would have run. Whether the
 * trigger state was kept.
 */
function place<R extends ScheduledRule>(slot: RuleSlot<R>, rule: R, context: RuleSetContext<R>): boolean {
  const keep = slot.listed && slot.rule !== null && (slot.active || !rule.enabled) && sameTrigger(slot.rule.trigger, rule.trigger);
  if (slot.queued && !rule.enabled) {
    // A queued run of a rule the change disabled is reported `disabled`, as what that run would have done.
    heldRun(slot);
    context.unqueue(slot, "disabled");
  }
  if (!keep) {
    if (slot.queued) context.unqueue(slot, null);
    slot.resetTrigger(rule.trigger, context.pointCount, firstDue(slot.id, rule.trigger, context));
  }
  slot.assign(rule);
  return keep;
}

function firstDue<R extends ScheduledRule>(id: number, trigger: ScheduledTrigger, context: RuleSetContext<R>): number {
  if (trigger.kind !== "interval" || context.phase === "first_tick") return -Infinity;
  return phaseDue(id, trigger.intervalMs, context.now);
}

function unlist<R extends ScheduledRule>(slot: RuleSlot<R>, context: RuleSetContext<R>): void {
  slot.listed = slot.active = false;
  if (slot.queued) context.unqueue(slot, null);
}

/** An interval rule's due heap key after a change (a cooldown restored from the store may hold it longer). */
function rekey<R extends ScheduledRule>(slot: RuleSlot<R>): void {
  slot.parked = false;
  slot.nextDue = slot.active ? intervalDue(slot) : heldDue(slot);
}

/** Which on_change list holds a slot: the enabled ones (subscribed), the disabled ones, or neither. */
type OnChangeList = "enabled" | "disabled" | null;

function onChangeListOf<R extends ScheduledRule>(slot: RuleSlot<R>): OnChangeList {
  if (!slot.listed || slot.kind !== "on_change") return null;
  return slot.active ? "enabled" : "disabled";
}

/**
 * The on_change lists after a change set: a list no slot left or entered is kept as it is; one
 * that changed is a new array (the old one stays whole until the swap), with the slots that left
 * dropped and those that entered merged in by id, the order a full reload builds.
 */
function movedOnChange<R extends ScheduledRule>(set: RuleSet<R>, listedIn: ReadonlyMap<RuleSlot<R>, OnChangeList>): { onChangeRules: RuleSlot<R>[]; disabledOnChange: RuleSlot<R>[] } {
  const left = { enabled: new Set<RuleSlot<R>>(), disabled: new Set<RuleSlot<R>>() };
  const entered = { enabled: [] as RuleSlot<R>[], disabled: [] as RuleSlot<R>[] };
  for (const [slot, was] of listedIn) {
    const now = onChangeListOf(slot);
    if (now === was) continue;
    if (was !== null) left[was].add(slot);
    if (now !== null) entered[now].push(slot);
  }
  const edited = (list: RuleSlot<R>[], which: "enabled" | "disabled") =>
    left[which].size === 0 && entered[which].length === 0 ? list : mergeById(list, left[which], entered[which]);
  return { onChangeRules: edited(set.onChangeRules, "enabled"), disabledOnChange: edited(set.disabledOnChange, "disabled") };
}

function onChangeLists<R extends ScheduledRule>(slots: Iterable<RuleSlot<R>>): { onChangeRules: RuleSlot<R>[]; disabledOnChange: RuleSlot<R>[] } {
  const onChangeRules: RuleSlot<R>[] = [];
  const disabledOnChange: RuleSlot<R>[] = [];
  for (const slot of slots) {
    if (!slot.listed || slot.kind !== "on_change") continue;
    (slot.active ? onChangeRules : disabledOnChange).push(slot);
  }
  // In id order whatever order the reload gave the rules in: the order change sets keep (mergeById).
  const byId = (a: RuleSlot<R>, b: RuleSlot<R>) => a.id - b.id;
  return { onChangeRules: onChangeRules.sort(byId), disabledOnChange: disabledOnChange.sort(byId) };
}
